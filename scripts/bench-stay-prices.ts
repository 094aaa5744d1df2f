/**
 * `npm run bench:scale:stays`: prices per stay at scale (issue 34 point 8, decision 050). A fresh
 * PostgreSQL database gets the demo catalogue, then `--hotels` more hotels in `--places` places of
 * five countries, `--partners` partners each with a plan for every hotel (the first without
 * breakfast, the second with breakfast and free cancellation, the third paid at the hotel) and
 * `--nights` nightly rates per plan from today, written in SQL (generate_series: the importer's
 * own rate is measured by `npm run bench:rates`). Lead prices are refreshed for every hotel in
 * batches as the daily refresh does. Then, warm, the median of `--runs` loads of each page's data
 * as its loader reads it (a place page and a country page without and with a 3-night stay, a
 * country page with villkor=frukost, a hotel page's offers without and with a stay), and of the
 * pages over HTTP from the production build (`npm run build` first; no page cache). Also the
 * database's size per table. Figures only; the report goes to bench-results/stay-prices.md.
 *
 *   npm run bench:scale:stays -- [--hotels 100000] [--partners 3] [--nights 120] [--places 100] [--runs 20]
 */
import { parseArgs } from "node:util";
import { sql, type Kysely } from "kysely";
import { openDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { seedDemoCatalogue } from "#app/operations/seed.server.ts";
import { loadHotelListPage } from "#app/hotels/list-page.server.ts";
import { addDays, todayInSweden, type DatedStay } from "#app/utils/stay.ts";
import { leadOffers, refreshLeadPrices, stayOffers } from "#app/prices/stay-prices.server.ts";
import { benchReport } from "./bench/report.ts";
import { freshDatabase, insertBenchRates } from "./bench/stay-rates.ts";
import { requireBuild, startServer } from "./bench/server.ts";
import { randomBytes } from "node:crypto";

const { values } = parseArgs({
  options: {
    hotels: { type: "string", default: "100000" },
    partners: { type: "string", default: "3" },
    nights: { type: "string", default: "120" },
    places: { type: "string", default: "100" },
    runs: { type: "string", default: "20" },
    // At a million hotels the daily refresh of every hotel takes long: measure it on this many.
    "lead-sample": { type: "string" },
  },
});
const HOTELS = Number(values.hotels);
const PARTNERS = Math.min(Math.max(Number(values.partners), 1), 5);
const NIGHTS = Number(values.nights);
const PLACES = Number(values.places);
const RUNS = Number(values.runs);
const LEAD_SAMPLE = values["lead-sample"] === undefined ? Number.POSITIVE_INFINITY : Number(values["lead-sample"]);
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error("Run `npm run bench:scale:stays`: it starts a throwaway PostgreSQL (scripts/with-postgres.sh).");
  process.exit(1);
}

const { progress, emit, write } = benchReport("stays");
const int = (value: number) => Math.round(value).toLocaleString("en");

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const begun = performance.now();
  const result = await work();
  return [result, performance.now() - begun];
}

/** The median of RUNS warm loads (one unmeasured first). */
async function median(work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) times.push((await timed(work))[1]);
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function load(db: Kysely<Database>) {
  const { hotelMs, planMs, nightMs } = await insertBenchRates(
    db,
    { hotels: HOTELS, partners: PARTNERS, nights: NIGHTS, places: PLACES },
    progress,
  );
  const today = todayInSweden();
  progress("lead prices, a thousand hotels a batch");
  let refreshed = 0;
  const [, leadMs] = await timed(async () => {
    let after = "00000000-0000-0000-0000-000000000000";
    while (refreshed < LEAD_SAMPLE) {
      const ids = (await db.selectFrom("hotels").select("id").where("id", ">", after).orderBy("id").limit(1000).execute()).map(
        (row) => row.id,
      );
      if (!ids.length) break;
      await refreshLeadPrices(ids, today, db);
      refreshed += ids.length;
      after = ids.at(-1)!;
    }
  });
  await sql`analyze`.execute(db);
  emit(
    [
      `## Loading ${int(HOTELS)} hotels × ${PARTNERS} partners × ${NIGHTS} nights (SQL, not the importer)`,
      "",
      `- hotels: ${(hotelMs / 1000).toFixed(1)} s; plans: ${(planMs / 1000).toFixed(1)} s; nightly rates (${int(HOTELS * PARTNERS * NIGHTS)}): ${(nightMs / 1000).toFixed(1)} s (${int((HOTELS * PARTNERS * NIGHTS) / (nightMs / 1000))}/s)`,
      `- lead prices of ${refreshed < LEAD_SAMPLE ? "every hotel" : `${int(refreshed)} hotels (a sample)`}, in batches of 1,000 (the daily refresh): ${(leadMs / 1000).toFixed(1)} s (${int(refreshed / (leadMs / 1000))} hotels/s)`,
    ].join("\n"),
  );
}

async function sizes(db: Kysely<Database>) {
  const { rows } = await sql<{ name: string; rows: string; total: string; heap: string; indexes: string }>`
    select c.relname as name, c.reltuples::bigint as rows, pg_size_pretty(pg_total_relation_size(c.oid)) as total,
      pg_size_pretty(pg_relation_size(c.oid)) as heap, pg_size_pretty(pg_indexes_size(c.oid)) as indexes
    from pg_class c join pg_namespace s on s.oid = c.relnamespace
    where s.nspname = 'public' and c.relkind = 'r' and c.relname in ('hotels', 'rate_plans', 'nightly_rates', 'itinerary_prices', 'hotel_lead_prices')
    order by pg_total_relation_size(c.oid) desc
  `.execute(db);
  const [{ size }] = (await sql<{ size: string }>`select pg_size_pretty(pg_database_size(current_database())) as size`.execute(db))
    .rows as [{ size: string }];
  emit(
    [
      `## Database size: ${size}`,
      "",
      "| table | rows (estimate) | total | table | indexes |",
      "|---|---:|---:|---:|---:|",
      ...rows.map((row) => `| ${row.name} | ${int(Number(row.rows))} | ${row.total} | ${row.heap} | ${row.indexes} |`),
    ].join("\n"),
  );
}

async function pages(db: Kysely<Database>, databaseUrl: string) {
  const today = todayInSweden();
  const checkIn = addDays(today, 14);
  const stay: DatedStay = { checkIn, checkOut: addDays(checkIn, 3), adults: 2, rooms: 1 };
  const stayQuery = `incheckning=${stay.checkIn}&utcheckning=${stay.checkOut}`;
  const place = { country: "Sweden", location: "Ort 5" };
  const hotel = await db.selectFrom("hotels").select("id").where("hotel_id", "=", "BENCH-5").executeTakeFirstOrThrow();
  const url = (path: string) => new URL(`http://bench.local${path}`);
  const rows: [string, number][] = [];
  const measureLoad = async (label: string, work: () => Promise<unknown>) => {
    progress(label);
    rows.push([label, await median(work)]);
  };
  await measureLoad("place page, no dates", () => loadHotelListPage(url("/Sweden/Ort%205"), place, db));
  await measureLoad("place page, 3-night stay", () => loadHotelListPage(url(`/Sweden/Ort%205?${stayQuery}`), place, db));
  await measureLoad("place page, 3-night stay, Lägsta pris", () =>
    loadHotelListPage(url(`/Sweden/Ort%205?${stayQuery}&sortera=pris`), place, db),
  );
  await measureLoad("country page, no dates", () => loadHotelListPage(url("/Sweden"), { country: "Sweden" }, db));
  await measureLoad("country page, villkor=frukost", () => loadHotelListPage(url("/Sweden?villkor=frukost"), { country: "Sweden" }, db));
  await measureLoad("country page, 3-night stay", () => loadHotelListPage(url(`/Sweden?${stayQuery}`), { country: "Sweden" }, db));
  await measureLoad("hotel page offers, no dates", () => leadOffers([hotel.id], 0, today, db));
  await measureLoad("hotel page offers, 3-night stay", () => stayOffers([hotel.id], stay, 0, db));
  // The same pages over HTTP from the production build (no page cache): what a visitor waits.
  const server = await startServer({
    DATABASE_URL: databaseUrl,
    SEED_DEMO: "never",
    PAGE_CACHE_TTL_MS: "0",
    SESSION_SECRET: randomBytes(36).toString("base64url"),
  });
  const hotelPath = `/Sweden/Ort%205/${(await db.selectFrom("hotels").select("slug").where("id", "=", hotel.id).executeTakeFirstOrThrow()).slug}`;
  try {
    for (const [label, path] of [
      ["HTTP place page, no dates", "/Sweden/Ort%205"],
      ["HTTP place page, 3-night stay", `/Sweden/Ort%205?${stayQuery}`],
      ["HTTP country page, no dates", "/Sweden"],
      ["HTTP country page, villkor=frukost", "/Sweden?villkor=frukost"],
      ["HTTP hotel page, no dates", hotelPath],
      ["HTTP hotel page, 3-night stay", `${hotelPath}?${stayQuery}`],
    ] as const) {
      await measureLoad(label, async () => {
        const response = await fetch(`${server.origin}${path}`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      });
    }
  } finally {
    await server.stop();
  }
  const base = new Map(rows);
  const ratio = (label: string, against: string) => `${(base.get(label)! / base.get(against)!).toFixed(2)}×`;
  emit(
    [
      `## Page data, median of ${RUNS} warm loads (loader functions in-process on PostgreSQL)`,
      "",
      "| page | ms | against the same page without |",
      "|---|---:|---:|",
      ...rows.map(([label, ms]) => {
        const http = label.startsWith("HTTP ") ? "HTTP " : "";
        const page = label.slice(http.length);
        const against = page.startsWith("place")
          ? `${http}place page, no dates`
          : page.startsWith("country")
            ? `${http}country page, no dates`
            : http
              ? "HTTP hotel page, no dates"
              : "hotel page offers, no dates";
        return `| ${label} | ${ms.toFixed(1)} | ${label === against ? "" : ratio(label, against)} |`;
      }),
    ].join("\n"),
  );
}

requireBuild();
const databaseUrl = await freshDatabase(serverUrl, "hg_bench_stays");
const handle = openDatabase({ databaseUrl, statementTimeoutMs: 3_600_000 });
try {
  progress("the demo catalogue");
  await migrate(undefined, handle.db);
  await seedDemoCatalogue(undefined, handle.db);
  await load(handle.db);
  await sizes(handle.db);
  await pages(handle.db, databaseUrl);
  if (process.env.BENCH_EXPLAIN) {
    const ids = (await handle.db.selectFrom("hotels").select("id").where("country", "=", "Sweden").limit(1000).execute()).map(
      (row) => row.id,
    );
    const checkIn = addDays(todayInSweden(), 14);
    const { rows } = await sql<{ "QUERY PLAN": string }>`explain (analyze, buffers)
      select * from stay_prices(${ids}::uuid[], ${checkIn}::date, 3, 2, 1, 72)`.execute(handle.db);
    console.error(rows.map((row) => row["QUERY PLAN"]).join("\n"));
  }
} finally {
  await handle.close();
}
write("stay-prices.md", `Prices per stay at ${int(HOTELS)} hotels × ${PARTNERS} partners × ${NIGHTS} nights`);
