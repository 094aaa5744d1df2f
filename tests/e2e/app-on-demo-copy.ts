/**
 * An app server of the browser tests (playwright.config.ts): `node server/main.ts` on a copy of
 * the run's demo database. The first server to start seeds it once, as the app's first start
 * would (migrated, then the demo with SEED_DEMO_PRICES), into E2E_DEMO_TEMPLATE_DIR; each server
 * copies it into its own DATA_DIR, then boots, finds the catalogue seeded and its prices current.
 * Playwright starts its web servers one after the other and no test runs before all are up: two
 * servers each seeding for themselves put two seeds (about 35 CPU-seconds each, on one core) on
 * the path of every run (decision 083).
 */
import fs from "node:fs";
import path from "node:path";
import { parseEnv } from "#app/utils/env.server.ts";
import { seedDemoDatabase } from "#tests/demo-database.ts";
import { E2E_DEMO_TEMPLATE_DIR } from "./run-dirs.ts";

const env = parseEnv();
if (!fs.existsSync(E2E_DEMO_TEMPLATE_DIR)) {
  // Seeded beside it and renamed into place, so a server never copies a half-seeded database.
  const scratch = `${E2E_DEMO_TEMPLATE_DIR}-${process.pid}`;
  await seedDemoDatabase(scratch, env.SEED_DEMO_PRICES);
  try {
    fs.renameSync(scratch, E2E_DEMO_TEMPLATE_DIR);
  } catch {
    // Another server's seed got there first: its copy is as good.
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
fs.cpSync(path.join(E2E_DEMO_TEMPLATE_DIR, "pglite"), path.join(env.DATA_DIR, "pglite"), { recursive: true });
await import("../../server/main.ts");
