/**
 * Databases for integration tests: the embedded PGlite always, and a real PostgreSQL server
 * when TEST_DATABASE_URL is set. Each test file gets its own fresh, migrated database and
 * drops it afterwards. Both are copies of databases migrated once per run by
 * tests/global-setup.ts (a PGlite data directory; a PostgreSQL template database), so a test
 * file does not pay for the migrations again.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle, type DriverName } from "#app/db/db.server.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { copyPgliteTemplate, postgresTemplate, scratchRoot } from "#tests/db-template.ts";

export interface TestDatabase {
  name: DriverName;
  /** A fresh, migrated database. */
  open(): Promise<DatabaseHandle>;
}

/**
 * The databases a test file runs on: PGlite, and the PostgreSQL server of TEST_DATABASE_URL
 * when set. PGlite is PostgreSQL too (one connection, in-process, a newer major version), so
 * the server is for files whose subject is where the two differ: concurrent connections,
 * locks and pools, timeouts, the server's version of the SQL. A file whose subject is not the
 * database (it only reads and writes through it) passes `postgres: false` and says why.
 */
export function testDatabases(options: { postgres?: boolean } = {}): TestDatabase[] {
  const list: TestDatabase[] = [{ name: "pglite", open: openFreshPglite }];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl && options.postgres !== false) list.push({ name: "postgres", open: () => openFreshPostgres(serverUrl) });
  return list;
}

/** A fresh PGlite database on a copy of the template; close() removes it again. */
async function openFreshPglite(): Promise<DatabaseHandle> {
  const dataDir = fs.mkdtempSync(path.join(scratchRoot(), "hg-db-"));
  const copied = copyPgliteTemplate(dataDir);
  const handle = openDatabase({ dataDir });
  if (!copied) await migrate(undefined, handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Creates a throwaway database on the test server; close() drops it again. Migrated means a
 * copy of the run's template database (or, without one, migrated here); `migrated: false`
 * gives an empty database.
 */
export async function openFreshPostgres(serverUrl: string, options: { migrated?: boolean } = {}): Promise<DatabaseHandle> {
  const name = `hg_test_${crypto.randomBytes(6).toString("hex")}`;
  const migrated = options.migrated !== false;
  const template = migrated ? postgresTemplate() : undefined;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), poolMax: 4 });
  if (migrated && !template) await migrate(undefined, handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
