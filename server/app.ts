/**
 * The HTTP app: bundled by Vite together with the routes (vite.config.ts), so the database
 * and the React Router handler share one module graph. server/main.ts runs it.
 */
import { createRequestHandler } from "@react-router/express";
import express from "express";
import type { ServerBuild } from "react-router";
import { closeAppDatabase, getAppDatabase } from "#app/db/db.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { isCatalogueEmpty, seedDemoCatalogue } from "#app/db/seed.server.ts";
import { getEnv } from "#app/env.server.ts";
import { ensureBootstrapAdmin } from "#app/auth/users.server.ts";
import { log } from "#app/log.server.ts";

export const app = express();
app.disable("x-powered-by");

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build") as Promise<ServerBuild>,
  }),
);

/**
 * Brings the database up to date before the first request: migrations always; the demo
 * catalogue on the first start of the embedded database (or when SEED_DEMO=always).
 */
export async function boot(): Promise<void> {
  const env = getEnv();
  const { db, driver } = getAppDatabase();
  const applied = await migrate(db, { log: (msg) => log.info(msg) });
  if (applied.length) log.info("migrations applied", { count: applied.length });
  await ensureBootstrapAdmin(db, env);
  const wantSeed = env.SEED_DEMO === "always" || (env.SEED_DEMO === "auto" && driver === "pglite");
  if (wantSeed && (await isCatalogueEmpty(db))) {
    const started = performance.now();
    const result = await seedDemoCatalogue(db);
    log.info("demo catalogue seeded", { ...result, ms: Math.round(performance.now() - started) });
  }
}

export async function shutdown(): Promise<void> {
  await closeAppDatabase();
}
