/**
 * Where the databases migrated once per run (tests/global-setup.ts) are found: environment
 * variables set by tests/setup.ts in every test file, which app servers started as child
 * processes (tests/app-process.ts) inherit. No app code here, so tests/app-server.ts can use
 * it before the app is loaded.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const TEMPLATE_ENV = { pglite: "HG_TEST_PGLITE_TEMPLATE", postgres: "HG_TEST_POSTGRES_TEMPLATE" } as const;

/** The name of the run's migrated template database on TEST_DATABASE_URL's server, if any. */
export const postgresTemplate = (): string | undefined => process.env[TEMPLATE_ENV.postgres] || undefined;

/**
 * Where throwaway copies of the PGlite template go: memory-backed /dev/shm when there is one,
 * else the temp directory.
 */
export function scratchRoot(): string {
  return fs.existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir();
}

/**
 * Fills `dataDir` (an app's DATA_DIR) with a copy of the run's migrated PGlite database.
 * Returns false when there is none (a run without tests/global-setup.ts): the app or the
 * caller then migrates from nothing.
 */
export function copyPgliteTemplate(dataDir: string): boolean {
  const template = process.env[TEMPLATE_ENV.pglite];
  if (!template) return false;
  fs.cpSync(path.join(template, "pglite"), path.join(dataDir, "pglite"), { recursive: true });
  return true;
}
