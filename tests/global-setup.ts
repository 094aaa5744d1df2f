/**
 * Vitest's globalSetup: migrates the databases every test file starts from once per run,
 * instead of once per test file (migrating took 5–10 s of each file's start):
 *
 * - an embedded PGlite data directory, which tests/app-server.ts and tests/db.ts copy;
 * - with TEST_DATABASE_URL, a template database on that server, which tests/db.ts clones
 *   with `create database … template …`.
 *
 * Both are migrated from nothing on every run, so the migrations themselves are still proven
 * on both drivers each time. Two copies of the PGlite one get the demo catalogue as a first start
 * seeds it (with its next month of prices, and without prices), for the test apps that start
 * with SEED_DEMO=always. Beside the migrations it builds the app from the current sources
 * (tests/app-build.ts), which tests/app-server.ts loads instead of starting Vite per file.
 * Their locations reach the test files through vitest's provide().
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#app/db/db.server.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { buildAppForTests } from "#tests/app-build.ts";
import { seedDemoDatabase } from "#tests/demo-database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (the folder that holds `pglite/`); copy, never open. */
    pgliteTemplateDir: string;
    /** The same with the demo catalogue seeded and its next month of prices, as a test app's first start seeds it. */
    pgliteDemoTemplateDir: string;
    /** The same with the demo catalogue seeded without prices (SEED_DEMO_PRICES=none). */
    pgliteDemoNoPricesTemplateDir: string;
    /** The name of a migrated template database on TEST_DATABASE_URL's server, or "". */
    postgresTemplate: string;
    /** The run's build of the app (tests/app-build.ts). */
    appBuildDir: string;
  }
}

export default async function setup(project: TestProject) {
  const started = performance.now();
  // Rolldown builds on its own threads while PGlite migrates on this one.
  const appBuild = buildAppForTests();
  // Never left unhandled while the migrations run; awaited below.
  appBuild.catch(() => {});
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-template-"));
  const pglite = openDatabase({ dataDir: dir });
  try {
    await migrate(undefined, pglite.db);
  } finally {
    await pglite.close();
  }
  project.provide("pgliteTemplateDir", dir);
  // The demo catalogue, seeded once for every test app that starts with SEED_DEMO=always
  // (tests/app-server.ts): its prices took about 20 CPU-seconds of each such file.
  const demoDirs: string[] = [];
  for (const [name, prices] of [
    ["pgliteDemoTemplateDir", "near"],
    ["pgliteDemoNoPricesTemplateDir", "none"],
  ] as const) {
    const demoDir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-template-demo-"));
    demoDirs.push(demoDir);
    // A copy of the migrated one: its migrations then find nothing to do.
    fs.cpSync(path.join(dir, "pglite"), path.join(demoDir, "pglite"), { recursive: true });
    await seedDemoDatabase(demoDir, prices);
    project.provide(name, demoDir);
    if (prices === "near") keepForBrowserTests(demoDir);
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  let template = "";
  if (serverUrl) {
    template = `hg_template_${crypto.randomBytes(6).toString("hex")}`;
    await adminQuery(serverUrl, `create database ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const postgres = openDatabase({ databaseUrl: url.toString(), poolMax: 1 });
    try {
      await migrate(undefined, postgres.db);
    } finally {
      // No session may stay connected to a template while it is copied.
      await postgres.close();
    }
  }
  project.provide("postgresTemplate", template);
  const buildDir = await appBuild;
  project.provide("appBuildDir", buildDir);
  console.log(
    `test databases migrated and the app built once in ${Math.round(performance.now() - started)} ms${template ? ` (PGlite and PostgreSQL ${template})` : " (PGlite)"}`,
  );

  return async () => {
    for (const folder of [dir, ...demoDirs]) fs.rmSync(folder, { recursive: true, force: true });
    fs.rmSync(buildDir, { recursive: true, force: true });
    if (serverUrl && template) await adminQuery(serverUrl, `drop database if exists ${template} with (force)`);
  };
}

/**
 * `npm test` (tests/run-all.ts) names a folder in E2E_DEMO_TEMPLATE_DIR for the browser tests'
 * servers, which run the same demo seed (tests/e2e/app-on-demo-copy.ts): a copy of this one,
 * made whole beside it and renamed into place, so a server never copies half of it.
 */
function keepForBrowserTests(demoDir: string) {
  const target = process.env.E2E_DEMO_TEMPLATE_DIR;
  if (!target || fs.existsSync(target)) return;
  const scratch = `${target}-${process.pid}`;
  fs.cpSync(path.join(demoDir, "pglite"), path.join(scratch, "pglite"), { recursive: true });
  fs.renameSync(scratch, target);
}

async function adminQuery(serverUrl: string, query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
