/**
 * Where the databases migrated once per run (tests/global-setup.ts) are found: environment
 * variables set by tests/setup.ts in every test file, which app servers started as child
 * processes (tests/app-process.ts) inherit. No app code here, so tests/app-server.ts can use
 * it before the app is loaded.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const TEMPLATE_ENV = {
  pglite: "HG_TEST_PGLITE_TEMPLATE",
  /** The migrated database with the demo catalogue seeded and its next month of prices (SEED_DEMO_PRICES=near). */
  pgliteDemo: "HG_TEST_PGLITE_DEMO_TEMPLATE",
  /** The same without prices (SEED_DEMO_PRICES=none). */
  pgliteDemoNoPrices: "HG_TEST_PGLITE_DEMO_NO_PRICES_TEMPLATE",
  postgres: "HG_TEST_POSTGRES_TEMPLATE",
} as const;

/** Which copy: migrated and empty, or with the demo catalogue seeded as a first start seeds it. */
export type PgliteTemplate = "migrated" | "demo" | "demo-no-prices";

const TEMPLATE_VARIABLE: Record<PgliteTemplate, string> = {
  migrated: TEMPLATE_ENV.pglite,
  demo: TEMPLATE_ENV.pgliteDemo,
  "demo-no-prices": TEMPLATE_ENV.pgliteDemoNoPrices,
};

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
 * Fills `dataDir` (an app's DATA_DIR) with a copy of one of the run's PGlite databases: migrated,
 * or with the demo catalogue seeded as well. Returns false when there is none (a run without
 * tests/global-setup.ts): the app or the caller then migrates (and seeds) from nothing.
 */
export function copyPgliteTemplate(dataDir: string, which: PgliteTemplate = "migrated"): boolean {
  const template = process.env[TEMPLATE_VARIABLE[which]];
  if (!template) return false;
  fs.cpSync(path.join(template, "pglite"), path.join(dataDir, "pglite"), { recursive: true });
  return true;
}
