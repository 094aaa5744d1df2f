/**
 * The health checks, answered by Express before the page cache and React Router (decision 046):
 * no session lookup, no flash cookie, no root loader, no page cache, so a visitor's cookie or
 * a database outage cannot change their answer, and `/healthz.data` is not a second address
 * for them (it is an unknown page like any other).
 */
import type { RequestHandler } from "express";
import { getAppDatabase } from "#app/db/db.server.ts";

/**
 * Liveness, for Fly's proxy: 200 while this process serves requests, whatever the database
 * does. Were it to follow the database, an outage would take every machine out of rotation at
 * once and visitors would get the proxy's own error instead of our Swedish 503 page, which
 * the app answers by itself while the database is away. Readiness is /readyz.
 */
export const liveness: RequestHandler = (_req, res) => {
  res.locals.notRouted = true;
  res.set("Cache-Control", "no-store").json({ status: "ok" });
};

/** Readiness, for monitoring and deploy checks: 200 while the database answers, 503 when it does not. */
export const readiness: RequestHandler = async (_req, res) => {
  res.locals.notRouted = true;
  const ready = await getAppDatabase().ping();
  res
    .status(ready ? 200 : 503)
    .set("Cache-Control", "no-store")
    .json({ status: ready ? "ok" : "unavailable", database: ready ? "up" : "down" });
};
