/**
 * The app's view of whether its database answers: a circuit breaker. The first query that
 * fails for want of a connection marks the database down; from then on pages answer 503 at
 * once instead of each waiting for a connection that will not come, while a probe pings
 * every second and marks it up again as soon as it answers: no restart needed.
 */
import { log } from "#app/utils/log.server.ts";

const PROBE_INTERVAL_MS = 1_000;

// Node's socket errors, and the SQLSTATE classes for a lost or refused connection.
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EPIPE", "EAI_AGAIN"]);
const SERVER_GONE = /^(08|57P0[1-3]|53300)/; // connection exception, admin/crash shutdown, cannot connect now, too many connections
const QUERY_CANCELED = "57014"; // statement_timeout

const CONNECTION_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|connection refused|server closed the connection|Client has encountered a connection error/i;

const state = { down: false, probe: undefined as ReturnType<typeof setInterval> | undefined };

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

/** The database could not be reached (or dropped us): the whole site is affected. */
export function isConnectionError(error: unknown): boolean {
  const code = codeOf(error);
  if (CONNECTION_CODES.has(code) || SERVER_GONE.test(code)) return true;
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause && cause !== error && isConnectionError(cause)) return true;
  return error instanceof Error && CONNECTION_MESSAGES.test(error.message);
}

/** The query hit the statement timeout: this request fails, the database is still there. */
export function isStatementTimeout(error: unknown): boolean {
  return codeOf(error) === QUERY_CANCELED;
}

export function isDatabaseDown(): boolean {
  return state.down;
}

/**
 * Called by the database layer for every failed query. A connection failure opens the
 * circuit and starts the probe; `ping` is the database's own trivial query.
 */
export function noteQueryError(error: unknown, ping: () => Promise<boolean>): void {
  if (state.down || !isConnectionError(error)) return;
  state.down = true;
  log.error("database unreachable; checking every second until it answers", error);
  let probing = false;
  state.probe = setInterval(async () => {
    if (probing) return;
    probing = true;
    try {
      if (await ping()) markDatabaseUp();
    } finally {
      probing = false;
    }
  }, PROBE_INTERVAL_MS);
  state.probe.unref();
}

export function markDatabaseUp(): void {
  if (state.probe) clearInterval(state.probe);
  state.probe = undefined;
  if (state.down) log.info("database reachable again");
  state.down = false;
}
