#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL 15 cluster on a loopback port, exported as
# TEST_DATABASE_URL, and stops the cluster by its pid whatever the command does.
# Used by .ci/run (tests) and npm run bench:db. Needs root (the cluster runs as "postgres").
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PG_PORT=${PG_PORT:-55432}
if [ ! -x "$PG_BIN/initdb" ]; then
  echo "PostgreSQL 15 is not installed ($PG_BIN/initdb); apt-get install -y postgresql-15" >&2
  exit 1
fi

PG_DIR=$(mktemp -d /tmp/hg-pg.XXXXXX)
chown postgres:postgres "$PG_DIR"
PG_PID=""
stop_postgres() {
  if [ -n "$PG_PID" ] && kill -0 "$PG_PID" 2>/dev/null; then
    kill -INT "$PG_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$PG_PID" 2>/dev/null || break; sleep 0.2; done
  fi
  rm -rf "$PG_DIR"
}
trap stop_postgres EXIT

su postgres -s /bin/sh -c "$PG_BIN/initdb -D '$PG_DIR/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null"
su postgres -s /bin/sh -c "$PG_BIN/postgres -D '$PG_DIR/data' -p $PG_PORT -k '$PG_DIR' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off >'$PG_DIR/server.log' 2>&1 & echo \$! > '$PG_DIR/pid'"
PG_PID=$(cat "$PG_DIR/pid")
for _ in $(seq 1 100); do
  "$PG_BIN/pg_isready" -h 127.0.0.1 -p "$PG_PORT" -q && break
  sleep 0.2
done
"$PG_BIN/pg_isready" -h 127.0.0.1 -p "$PG_PORT" >/dev/null || { cat "$PG_DIR/server.log" >&2; exit 1; }
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
# The server's log, which npm run bench:scale reads auto_explain's plans from.
export TEST_DATABASE_LOG="$PG_DIR/server.log"
echo "PostgreSQL 15 running on 127.0.0.1:$PG_PORT (pid $PG_PID)"

"$@"
