/**
 * Starts Hotellguiden: validates the configuration, prepares the database, then serves
 * the app (with Vite's dev middleware in development, the built bundle in production).
 */
import type http from "node:http";
import net from "node:net";
import express from "express";
import { EnvError, parseEnv } from "#app/utils/env.server.ts";

interface AppModule {
  app: express.Express;
  boot: () => Promise<void>;
  shutdown: () => Promise<void>;
  refuseConnect: (server: http.Server) => void;
}

let env;
try {
  env = parseEnv();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const production = env.NODE_ENV === "production";
const server = express();
server.disable("x-powered-by");

// While stopping, every response asks its client to close the connection, so keep-alive clients
// (Fly's proxy pools its connections) leave after their request in flight instead of holding
// the server open with new ones.
let stopping = false;
const openResponses = new Set<express.Response>();
server.use((_req, res, next) => {
  if (stopping) res.setHeader("Connection", "close");
  openResponses.add(res);
  res.on("close", () => openResponses.delete(res));
  next();
});

let appModule: AppModule;
if (production) {
  // The app serves the browser bundle itself (after its security headers and request log).
  const buildPath = "../build/server/index.js";
  appModule = (await import(buildPath)) as AppModule;
  server.use(appModule.app);
} else {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(viteServer.middlewares);
  const load = () => viteServer.ssrLoadModule("./server/app.ts") as Promise<AppModule>;
  appModule = await load();
  server.use(async (req, res, next) => {
    try {
      (await load()).app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteServer.ssrFixStacktrace(error);
      next(error);
    }
  });
}

try {
  await appModule.boot();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const listener = server.listen(env.PORT, env.HOST, () => {
  const where = env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${env.DATA_DIR}`;
  console.log(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "info",
      msg: `Hotellguiden listening on http://localhost:${env.PORT}`,
      mode: env.NODE_ENV,
      // The origin in canonical links, the sitemap, robots.txt and the origin check of form posts.
      siteUrl: env.SITE_URL,
      siteUrlFrom: env.SITE_URL_FROM_PORT ? "PORT (SITE_URL unset)" : "SITE_URL",
      database: where,
    }),
  );
});

// CONNECT never reaches Express: answered on the server (app/http/malformed-requests.server.ts).
appModule.refuseConnect(listener);

async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: "shutting down", signal }));
  for (const res of openResponses) if (!res.headersSent) res.setHeader("Connection", "close");
  // Stop accepting, let in-flight requests finish, then close the database cleanly. The plain
  // net.Server close: http's own also drops every idle connection at once, including one whose
  // request has arrived but not been read yet (its client would get a reset).
  net.Server.prototype.close.call(listener, async () => {
    await appModule.shutdown().catch(() => {});
    process.exit(0);
  });
  // After a moment for such requests to be read, idle keep-alive connections are closed (those
  // busy now are asked to close with their response, and go idle later).
  setTimeout(() => setInterval(() => listener.closeIdleConnections(), 250).unref(), 500).unref();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
