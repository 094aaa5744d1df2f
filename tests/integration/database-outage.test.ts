/**
 * The site without its database: pages answer 503 with the Swedish "Tillfälligt fel" page and
 * /readyz answers 503 while PostgreSQL cannot be reached (/healthz stays 200: the process is
 * alive and answering), and the same process serves
 * pages again once it can (no restart). A query that runs into the statement timeout fails
 * its own request with 503 and leaves the site up. The app reaches PostgreSQL through a
 * TCP relay in this test, which is how the outage is made.
 */
import crypto from "node:crypto";
import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Browser, signIn, startTestApp, TEST_ADMIN, visibleText, type TestApp } from "#tests/app-server.ts";
import { startPostgresCluster, type PostgresCluster } from "#tests/postgres-cluster.ts";

/** A loopback relay to PostgreSQL that can be cut (connections dropped, new ones refused) and restored. */
async function startRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    async restore() {
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    },
    close: () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())),
  };
}

let cluster: PostgresCluster | undefined;
let serverUrl: string;
let databaseName: string;
let relay: Awaited<ReturnType<typeof startRelay>>;
let app: TestApp;

beforeAll(async () => {
  serverUrl = process.env.TEST_DATABASE_URL ?? (cluster = await startPostgresCluster()).url;
  databaseName = `hg_outage_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const target = new URL(serverUrl);
  relay = await startRelay(target);
  const viaRelay = new URL(serverUrl);
  viaRelay.port = String(relay.port);
  viaRelay.pathname = `/${databaseName}`;
  app = await startTestApp({
    DATABASE_URL: viaRelay.toString(),
    DB_CONNECT_TIMEOUT_MS: "1000",
    DB_STATEMENT_TIMEOUT_MS: "1000",
    // Rendered pages are not kept here: this test is about what the database does to a page.
    PAGE_CACHE_TTL_MS: "0",
  });
  const { seedDemoCatalogue } = await app.importApp<typeof import("#app/operations/seed.server.ts")>("app/operations/seed.server.ts");
  // The next month of prices: no stay asked for here is later, and a year of them cost CPU (decision 083).
  await seedDemoCatalogue({ hotels: 30, prices: "near" }, await app.db());
});

afterAll(async () => {
  await app?.close();
  await relay?.close();
  if (databaseName) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
  await cluster?.stop();
});

describe("database outage", () => {
  it("answers 503 'Tillfälligt fel' while the database is gone, and recovers by itself", async () => {
    const visitor = new Browser(app.origin);
    expect((await visitor.get("/hotels")).status).toBe(200);
    expect((await visitor.get("/readyz")).status).toBe(200);

    await relay.cut();
    const page = await visitor.get("/hotels?sortera=betyg");
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("30");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const text = visibleText(await page.text());
    expect(text).toContain("Tillfälligt fel");
    expect(text).toContain("Försök igen om en stund");
    // Every page, at once now (the app knows the database is down and does not wait for it).
    expect((await visitor.get("/")).status).toBe(503);
    const readiness = await visitor.get("/readyz");
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toEqual({ status: "unavailable", database: "down" });
    // Liveness stays 200, so Fly's proxy keeps sending visitors here, to the page above.
    const liveness = await visitor.get("/healthz");
    expect(liveness.status).toBe(200);
    expect(await liveness.json()).toEqual({ status: "ok" });

    await relay.restore();
    await vi.waitFor(async () => expect((await visitor.get("/readyz")).status).toBe(200), { timeout: 15_000, interval: 200 });
    await vi.waitFor(async () => expect((await visitor.get("/hotels?sortera=betyg")).status).toBe(200), { timeout: 15_000, interval: 200 });
  });

  it("answers the health checks with a session cookie exactly as without one, database or not", async () => {
    // The checks do no visitor's work: no session lookup, which would fail with the database.
    const anonymous = new Browser(app.origin);
    const signedIn = new Browser(app.origin);
    await signIn(signedIn, TEST_ADMIN.email, TEST_ADMIN.password);
    const answers = async (browser: Browser) =>
      Promise.all(
        ["/healthz", "/readyz"].map(async (path) => {
          const response = await browser.get(path);
          return { path, status: response.status, cacheControl: response.headers.get("cache-control"), body: await response.text() };
        }),
      );
    expect(await answers(signedIn)).toEqual(await answers(anonymous));

    await relay.cut();
    try {
      const during = await answers(anonymous);
      expect(during.map(({ status }) => status)).toEqual([200, 503]);
      expect(await answers(signedIn)).toEqual(during);
    } finally {
      await relay.restore();
    }
    // Until the pages are back (the app's own probe, every second, closes the circuit).
    await vi.waitFor(async () => expect((await anonymous.get("/")).status).toBe(200), { timeout: 15_000, interval: 200 });
  });

  it("gives up on a query at the statement timeout with a 503 for that request only", async () => {
    const locker = new pg.Client({ connectionString: new URL(`/${databaseName}`, serverUrl).toString() });
    await locker.connect();
    try {
      await locker.query("begin");
      await locker.query("lock table hotels in access exclusive mode");
      const started = Date.now();
      const page = await new Browser(app.origin).get("/hotels?sortera=pris");
      expect(page.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(visibleText(await page.text())).toContain("Tillfälligt fel");
    } finally {
      await locker.query("rollback");
      await locker.end();
    }
    // The database itself was never down: the next request is served normally.
    expect((await new Browser(app.origin).get("/hotels?sortera=pris")).status).toBe(200);
  });
});
