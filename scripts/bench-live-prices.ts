/**
 * `npm run bench:live-prices`: hotel-page and place-page latency (median, p95) for a visitor with
 * dates and JavaScript off (document requests, which wait for partners up to LIVE_PRICE_BUDGET_MS),
 * with no partner configured, and with a partner that answers in 200 ms, in 3 s, and fails (500).
 * Each request asks for a stay of its own, so every one goes to the partner (no shared answer).
 *
 * The app runs in this process from a fresh build of the sources (as the integration tests run
 * it: tests/app-build.ts) on the seeded demo catalogue; the partner is Booking.com's Demand API
 * stand-in over real HTTP on this machine (tests/booking-demand-stand-in.ts), asked by the real
 * connector (createBookingDemandConnector) put in place of the configured ones (replaceConnectors):
 * the figures include the request and answer mapping of docs/decisions/068.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Server } from "node:http";
import type express from "express";
import type { Kysely } from "kysely";
import type { Database } from "../app/db/schema.ts";
import { APP_BUILD_ENV, buildAppForTests, builtModule } from "../tests/app-build.ts";
import { startBookingDemandStandIn } from "../tests/booking-demand-stand-in.ts";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const BUDGET_MS = process.env.LIVE_PRICE_BUDGET_MS ?? "800";

console.log("building the app…");
const buildDir = await buildAppForTests();
process.env[APP_BUILD_ENV] = buildDir;
// A production build inlines its stylesheet, read beside the server module that reads it; in
// this build of every module that one is at server/app/http/, so the browser's files are linked there.
fs.symlinkSync(path.join(buildDir, "client"), path.join(buildDir, "server", "app", "client"), "dir");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-bench-live-"));
Object.assign(process.env, {
  DATA_DIR: dataDir,
  SITE_URL: "http://hotellguiden.test",
  SEED_DEMO: "always",
  SEED_DEMO_PRICES: "near",
  LOG_REQUESTS: "0",
  // Every page rendered, never a cached copy.
  PAGE_CACHE_TTL_MS: "0",
  LIVE_PRICE_BUDGET_MS: BUDGET_MS,
});

const importApp = <T>(file: string) => import(pathToFileURL(builtModule(file)).href) as Promise<T>;

// Booking.com's stand-in: answers as set per scenario (a delay before every answer, or a 500).
const standIn = await startBookingDemandStandIn({ behaviour: "ok", delayMs: 200 });

const { app, boot, shutdown } = await importApp<{ app: express.Express; boot(): Promise<void>; shutdown(): Promise<void> }>(
  "server/app.ts",
);
console.log("booting (seeding the demo catalogue)…");
await boot();
const server: Server = await new Promise((resolve) => {
  const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
});
const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

const { createBookingDemandConnector } = await importApp<typeof import("../app/live-prices/booking-demand.server.ts")>(
  "app/live-prices/booking-demand.server.ts",
);
const { replaceConnectors } = await importApp<typeof import("../app/live-prices/connectors.server.ts")>(
  "app/live-prices/connectors.server.ts",
);
const { ensureConnectorPartners } = await importApp<typeof import("../app/live-prices/live-prices.server.ts")>(
  "app/live-prices/live-prices.server.ts",
);
const { getAppDatabase } = await importApp<typeof import("../app/db/db.server.ts")>("app/db/db.server.ts");
const { hotelPath, placePath } = await importApp<typeof import("../app/utils/paths.ts")>("app/utils/paths.ts");
const db = getAppDatabase().db as Kysely<Database>;

// The real connector, asking the stand-in (which checks that both credentials are sent, not their values).
const connector = createBookingDemandConnector({ baseUrl: standIn.url, token: "bench-token", affiliateId: "1234567" });

// The place with the most hotels, every hotel of it with an id at Booking.com (an accommodation id:
// a number); the partner's row is made as the boot makes it for a configured connector.
const place = await db
  .selectFrom("hotels")
  .select(["country", "location", (eb) => eb.fn.countAll<number>().as("hotels")])
  .groupBy(["country", "location"])
  .orderBy("hotels", "desc")
  .executeTakeFirstOrThrow();
const hotels = await db
  .selectFrom("hotels")
  .selectAll()
  .where("country", "=", place.country)
  .where("location", "=", place.location)
  .execute();
await ensureConnectorPartners([connector], db);
await db
  .insertInto("hotel_partner_ids")
  .values(hotels.map((hotel, index) => ({ hotel_id: hotel.id, partner_id: "booking", partner_hotel_id: String(1000 + index) })))
  .onConflict((conflict) => conflict.doNothing())
  .execute();
const pages = { hotel: hotelPath(hotels[0]!)!, place: placePath(place.country!, place.location!)! };

let day = 20;
/** The stay's address: a new check-in each time, so no answer is shared. */
const withStay = (pathname: string) => {
  const start = new Date(Date.now() + day++ * 86_400_000).toISOString().slice(0, 10);
  const end = new Date(Date.parse(start) + 2 * 86_400_000).toISOString().slice(0, 10);
  return `${pathname}?incheckning=${start}&utcheckning=${end}`;
};

async function measure(pathname: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(`${origin}${withStay(pathname)}`);
    await response.text();
    if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const scenarios: { name: string; setup: () => void }[] = [
  { name: "no partner configured", setup: () => replaceConnectors([]) },
  { name: "partner answers in 200 ms", setup: () => standIn.set({ behaviour: "ok", delayMs: 200 }) },
  { name: "partner answers in 3 s", setup: () => standIn.set({ behaviour: "ok", delayMs: 3000 }) },
  { name: "partner fails (500)", setup: () => standIn.set({ behaviour: "server-error", delayMs: 20 }) },
];

try {
  // Warm up: the first renders load modules and fill the catalogue caches.
  replaceConnectors([]);
  for (const pathname of Object.values(pages)) for (let i = 0; i < 3; i++) await (await fetch(`${origin}${withStay(pathname)}`)).text();
  console.log(
    `budget ${BUDGET_MS} ms, ${REQUESTS} document requests per page, each a stay of its own; ${hotels.length} hotels at the place`,
  );
  console.log("scenario                      | hotel page median / p95 | place page median / p95 | partner calls");
  for (const scenario of scenarios) {
    // The previous scenario's calls still under way (a 3 s partner) end first: they count there.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    replaceConnectors([connector]);
    scenario.setup();
    // Each scenario starts with the breaker closed (a failing partner opens it after 5 calls).
    await db.deleteFrom("connector_breakers").execute();
    const before = Number(
      (
        await db
          .selectFrom("connector_calls")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const hotel = await measure(pages.hotel);
    const placeTimes = await measure(pages.place);
    const after = Number(
      (
        await db
          .selectFrom("connector_calls")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`;
    console.log(
      `${scenario.name.padEnd(29)} | ${ms(percentile(hotel, 50))} / ${ms(percentile(hotel, 95))}   | ${ms(percentile(placeTimes, 50))} / ${ms(percentile(placeTimes, 95))}   | ${after - before}`,
    );
  }
} finally {
  replaceConnectors(null);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await standIn.close();
  await shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(buildDir, { recursive: true, force: true });
}
// Calls still under way (a 3 s partner) would keep the process up for nothing.
process.exit(0);
