/**
 * `npm run bench:live-prices`: hotel-page and place-page latency (median, p95) for a visitor with
 * dates and JavaScript off (document requests, which wait for partners up to LIVE_PRICE_BUDGET_MS),
 * with no partner configured, and with a partner that answers in 200 ms, in 3 s, and fails (500).
 * Each request asks for a stay of its own, so every one goes to the partner (no shared answer).
 *
 * The app runs in this process from a fresh build of the sources (as the integration tests run
 * it: tests/app-build.ts) on the seeded demo catalogue; the partner is a local HTTP stand-in of a
 * few lines behind a minimal connector put in place of the configured ones (replaceConnectors).
 * TODO when merging: use tests/booking-demand-stand-in.ts and the Booking.com connector instead.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Server } from "node:http";
import type express from "express";
import type { Kysely } from "kysely";
import type { Database } from "../app/db/schema.ts";
import type { LiveSearchAnswer, PartnerConnector, PartnerHotel } from "../app/live-prices/connector.ts";
import { APP_BUILD_ENV, buildAppForTests, builtModule } from "../tests/app-build.ts";

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

// The partner's stand-in: answers every POST after `delayMs` with a price per hotel asked, or 500.
const partner = { delayMs: 200, fail: false };
const standIn = http.createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", () => {
    setTimeout(() => {
      if (partner.fail) return void response.writeHead(500, { "Content-Type": "application/json" }).end('{"errors":[]}');
      const hotels = JSON.parse(body) as PartnerHotel[];
      const quotes = hotels.map((hotel) => ({
        ...hotel,
        currency: "EUR",
        base: 180,
        tax: 20,
        fees: null,
        total: 200,
        payAtPropertyCharges: null,
      }));
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(quotes));
    }, partner.delayMs);
  });
});
await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
const standInUrl = `http://127.0.0.1:${(standIn.address() as { port: number }).port}`;

const { app, boot, shutdown } = await importApp<{ app: express.Express; boot(): Promise<void>; shutdown(): Promise<void> }>(
  "server/app.ts",
);
console.log("booting (seeding the demo catalogue)…");
await boot();
const server: Server = await new Promise((resolve) => {
  const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
});
const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

const { ConnectorError } = await importApp<typeof import("../app/live-prices/connector.ts")>("app/live-prices/connector.ts");
const { replaceConnectors } = await importApp<typeof import("../app/live-prices/connectors.server.ts")>(
  "app/live-prices/connectors.server.ts",
);
const { ensureConnectorPartners } = await importApp<typeof import("../app/live-prices/live-prices.server.ts")>(
  "app/live-prices/live-prices.server.ts",
);
const { getAppDatabase } = await importApp<typeof import("../app/db/db.server.ts")>("app/db/db.server.ts");
const { hotelPath, placePath } = await importApp<typeof import("../app/utils/paths.ts")>("app/utils/paths.ts");
const db = getAppDatabase().db as Kysely<Database>;

/** The minimal connector: one POST of the hotels asked, quotes back; anything but 200 is a ConnectorError. */
async function ask(hotels: readonly PartnerHotel[], signal: AbortSignal): Promise<LiveSearchAnswer> {
  const response = await fetch(standInUrl, { method: "POST", body: JSON.stringify(hotels), signal });
  if (!response.ok) throw new ConnectorError("server-error", `stand-in answered ${response.status}`, { status: response.status });
  const quotes = (await response.json()) as LiveSearchAnswer["quotes"];
  return {
    quotes: quotes.map((quote) => ({
      ...quote,
      breakfastIncluded: false,
      refundable: false,
      freeCancellationUntil: null,
      payAtHotel: false,
      roomName: "Standard",
      landingUrl: `https://www.booking.com/hotel/${quote.partnerHotelId}.html?aid=1`,
    })),
    unavailable: [],
  };
}
const connector: PartnerConnector = {
  partnerId: "booking",
  partnerName: "Booking.com",
  search: (_stay, hotels, { signal }) => ask(hotels, signal),
  availability: (_stay, hotel, { signal }) => ask([hotel], signal),
};

// The place with the most hotels, every hotel of it with an id at the partner.
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
  { name: "partner answers in 200 ms", setup: () => Object.assign(partner, { delayMs: 200, fail: false }) },
  { name: "partner answers in 3 s", setup: () => Object.assign(partner, { delayMs: 3000, fail: false }) },
  { name: "partner fails (500)", setup: () => Object.assign(partner, { delayMs: 20, fail: true }) },
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
  standIn.closeAllConnections();
  standIn.close();
  await shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(buildDir, { recursive: true, force: true });
}
// Calls still under way (a 3 s partner) would keep the process up for nothing.
process.exit(0);
