/**
 * Databases for integration tests: the embedded PGlite (in memory) always, and a real
 * PostgreSQL server when TEST_DATABASE_URL is set. Each test file gets its own fresh
 * database, migrated, and drops it afterwards.
 */
import crypto from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle, type DriverName } from "#app/db/db.server.ts";
import { migrate } from "#app/db/migrate.server.ts";

export interface TestDatabase {
  name: DriverName;
  /** A fresh, migrated database. */
  open(): Promise<DatabaseHandle>;
}

export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: "pglite", open: () => openMigrated(() => openDatabase({ dataDir: null })) }];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) list.push({ name: "postgres", open: () => openFreshPostgres(serverUrl) });
  return list;
}

async function openMigrated(open: () => DatabaseHandle): Promise<DatabaseHandle> {
  const handle = open();
  await migrate(handle.db);
  return handle;
}

/** Creates a throwaway database on the test server; close() drops it again. */
export async function openFreshPostgres(serverUrl: string, options: { migrated?: boolean } = {}): Promise<DatabaseHandle> {
  const name = `hg_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), poolMax: 4 });
  if (options.migrated !== false) await migrate(handle.db);
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
