/**
 * The HTTP app: bundled by Vite together with the routes (vite.config.ts), so the database
 * and the React Router handler share one module graph. server/main.ts runs it.
 */
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import zlib from "node:zlib";
import { RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import { clientAddressContext } from "#app/auth/request-auth.server.ts";
import { startJobs } from "#app/operations/job-registry.server.ts";
import type { JobRunner } from "#app/jobs/job-queue.server.ts";
import { ensureConnectorPartners } from "#app/live-prices/live-prices.server.ts";
import { blogImageStorage, LOCAL_UPLOADS_PATH } from "#app/blog/image-storage.server.ts";
import { FOREIGN_ORIGIN_MESSAGE, isForeignOriginWrite } from "#app/http/same-origin.server.ts";
import { listenForChanges, type ChangeListener } from "#app/db/change-notices.server.ts";
import { closeAppDatabase, getAppDatabase } from "#app/db/db.server.ts";
import { dropKeptCopies } from "#app/utils/catalogue-cache.server.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { isCatalogueEmpty, keepDemoPricesCurrent, seedDemoCatalogue } from "#app/operations/seed.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { ensureBootstrapAdmin } from "#app/auth/users.server.ts";
import { log } from "#app/utils/log.server.ts";
import { closeMail, logMailDelivery } from "#app/mail/mailer.server.ts";
import { cspNonceContext, securityHeaders } from "#app/http/security-headers.server.ts";
import { requestLog, routeMatcher } from "#app/http/request-log.server.ts";
import { refuseMalformedRequests } from "#app/http/malformed-requests.server.ts";
import { liveness, readiness } from "#app/http/health-check.server.ts";
import { dropUnreadParams } from "#app/hotels/read-params.server.ts";
import { createPageCache, setAppPageCache } from "#app/http/page-cache.server.ts";
import * as build from "virtual:react-router/server-build";

export { refuseConnect } from "#app/http/malformed-requests.server.ts";

const env = getEnv();
export const app = express();
app.disable("x-powered-by");
// Behind a proxy (Fly), the client address and https come from X-Forwarded-* headers.
app.set("trust proxy", env.TRUST_PROXY);

app.use(securityHeaders(env));
// Text responses gzip- or brotli-compressed (compression skips images and small bodies). Brotli's
// window is 256 kB, not 4 MB: our largest page (260 kB) compresses to the same bytes, and fifty
// responses at once no longer hold 4 MB each (decision 036).
app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } }));
const routeIdFor = routeMatcher(build.routes);
app.use(
  requestLog({
    routeIdFor,
    enabled: env.LOG_REQUESTS,
    timingForAll: env.SERVER_TIMING === "all" || env.NODE_ENV === "development",
  }),
);

// Malformed requests and methods the site does not serve end here, and the health checks are
// answered before anything does user work (decision 046).
app.use(refuseMalformedRequests());
app.get("/healthz", liveness);
app.get("/readyz", readiness);

if (env.NODE_ENV === "production") {
  // The browser bundle. Hashed file names: safe to cache for a year.
  const markStatic = (res: express.Response) => void (res.locals.staticFile = true);
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false, setHeaders: markStatic }));
  // An asset of another version (a rolling deploy) is simply gone: a short 404, never cached.
  app.use("/assets", (_req, res) => void res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found"));
  // Only paths that name a file (favicon.svg, images/…): a page's path would cost a failed stat.
  const publicFiles = express.static("build/client", { maxAge: "1h", index: false, setHeaders: markStatic });
  app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) && !req.path.endsWith(".data") ? publicFiles(req, res, next) : next()));
}

const siteOrigin = new URL(env.SITE_URL).origin;
app.use((req, res, next) => {
  const foreign = isForeignOriginWrite({
    method: req.method,
    origin: req.get("origin"),
    secFetchSite: req.get("sec-fetch-site"),
    ownOrigins: [siteOrigin, `${req.protocol}://${req.get("host")}`],
  });
  if (!foreign) return next();
  log.warn("cross-site post refused", { method: req.method, path: req.path, origin: req.get("origin") ?? null });
  res.status(403).type("text/plain; charset=utf-8").send(FOREIGN_ORIGIN_MESSAGE);
});

// Blog images uploaded to the embedded default's folder: random names, so cached for good.
{
  const storage = blogImageStorage();
  if (storage.kind === "local") {
    app.use(
      LOCAL_UPLOADS_PATH,
      express.static(storage.dir, {
        immutable: true,
        maxAge: "1y",
        index: false,
        dotfiles: "deny",
        setHeaders: (res) => void (res.locals.staticFile = true),
      }),
    );
  }
}

// A request refused before its body was read (405, 413, a guard's redirect) would otherwise keep
// its unread body on a keep-alive connection and stall the client's next request on it: the
// React Router adapter listens for the body, so Node does not discard it by itself. A small
// rest is read and dropped so the connection can be kept. A big one (a 100 MB upload to a form
// that takes 16 kB) is not worth reading: the connection is ended after the answer, and still
// drained for a moment so that the client reads the answer before the socket is torn down
// (closing a socket with unread data resets it, and a reset can wipe the answer in flight).
const KEEP_ALIVE_DRAIN_BYTES = 256 * 1024;
const LINGER_MS = 1_000;
const LINGER_BYTES = 16 * 1024 * 1024;
app.use((req, res, next) => {
  res.on("finish", () => {
    if (req.complete) return;
    req.removeAllListeners("data");
    let discarded = 0;
    let lingering: NodeJS.Timeout | undefined;
    const socket = req.socket;
    socket.once("close", () => clearTimeout(lingering));
    req.on("data", (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > LINGER_BYTES) socket.destroy();
      else if (discarded > KEEP_ALIVE_DRAIN_BYTES && !lingering) {
        socket.end();
        lingering = setTimeout(() => socket.destroy(), LINGER_MS);
        lingering.unref();
      }
    });
    req.resume();
  });
  next();
});

// A page is answered, and kept, without the query parameters it does not read (decision 046).
app.use(dropUnreadParams(routeIdFor));

// Rendered pages for anonymous visitors, kept briefly (docs/decisions/014).
app.use(setAppPageCache(createPageCache({ ttlMs: env.PAGE_CACHE_TTL_MS, maxEntries: env.PAGE_CACHE_MAX_ENTRIES })).middleware);

app.use(
  createRequestHandler({
    build: build as unknown as ServerBuild,
    getLoadContext: (req, res) =>
      new RouterContextProvider(
        new Map<RouterContext<unknown>, unknown>([
          [clientAddressContext, req.ip ?? null],
          [cspNonceContext, res.locals.cspNonce as string],
        ]),
      ),
  }),
);

/**
 * Brings the database up to date before the first request: migrations always; the demo
 * catalogue on the first start of the embedded database (or when SEED_DEMO=always).
 */
let changeListener: ChangeListener | undefined;
let jobs: JobRunner | undefined;

export async function boot(): Promise<void> {
  const env = getEnv();
  const database = getAppDatabase();
  const { db, driver } = database;
  const applied = await migrate({ log: (msg) => log.info(msg) }, db);
  if (applied.length) log.info("migrations applied", { count: applied.length });
  await ensureBootstrapAdmin(env, db);
  logMailDelivery();
  // Live prices' partners are rows of `partners` (every live table's FK): made when missing.
  await ensureConnectorPartners(undefined, db);
  // Background work, on every server; each job runs on one of them (decision 071).
  jobs = await startJobs(database);
  // Another app server's write drops what this one kept (db/change-notices.server.ts).
  if (env.DATABASE_URL) changeListener = listenForChanges(env.DATABASE_URL, dropKeptCopies);
  const wantSeed = env.SEED_DEMO === "always" || (env.SEED_DEMO === "auto" && driver === "pglite");
  if (wantSeed && (await isCatalogueEmpty(db))) {
    const started = performance.now();
    const { later, ...result } = await seedDemoCatalogue({ prices: env.SEED_DEMO_PRICES, laterPricesInBackground: true }, db);
    log.info("demo catalogue seeded", { ...result, ms: Math.round(performance.now() - started) });
    void later
      ?.then((prices) => log.info("demo prices for later nights imported", { prices, ms: Math.round(performance.now() - started) }))
      .catch((error: unknown) => log.error("demo prices for later nights could not be imported", error));
  } else if (wantSeed) {
    // In the background: the site answers from the prices it has meanwhile.
    void keepDemoPricesCurrent(new Date(), env.SEED_DEMO_PRICES, db)
      .then((prices) => prices && log.info("demo prices imported again", { prices }))
      .catch((error: unknown) => log.error("demo prices could not be imported again", error));
  }
}

export async function shutdown(): Promise<void> {
  await changeListener?.stop();
  changeListener = undefined;
  // Lets running jobs finish while the database is still open.
  await jobs?.stop();
  jobs = undefined;
  closeMail();
  await closeAppDatabase();
}
