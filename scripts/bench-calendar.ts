/**
 * `npm run bench:calendar`: the month view of stay prices at scale (issue 38 point 6, decision
 * 074). A fresh PostgreSQL database gets `--hotels` hotels × `--partners` partners × `--nights`
 * nightly rates (scripts/bench/stay-rates.ts, as `bench:scale:stays`), then, warm, the median and
 * p95 of `--runs` reads of a whole month's calendar (next month: every check-in bookable) for one
 * hotel and for the biggest place, for a 2-night and a 7-night stay, as the pages read it
 * (monthStayPrices: one statement). Before timing, each calendar is checked against the hotel
 * page's own rule (listStayPrices per check-in): the same totals, the same dates without.
 *
 *   npm run bench:calendar -- [--hotels 100000] [--partners 3] [--nights 120] [--places 100] [--runs 50]
 */
import { parseArgs } from "node:util";
import { sql, type Kysely } from "kysely";
import { openDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { addDays, todayInSweden } from "#app/utils/stay.ts";
import { listStayPrices } from "#app/prices/stay-prices.server.ts";
import { monthStayPrices, type CalendarTarget } from "#app/prices/calendar-prices.server.ts";
import { addMonths, bookableRange, monthOf } from "#app/prices/calendar-month.ts";
import { benchReport } from "./bench/report.ts";
import { freshDatabase, insertBenchRates } from "./bench/stay-rates.ts";

const { values } = parseArgs({
  options: {
    hotels: { type: "string", default: "100000" },
    partners: { type: "string", default: "3" },
    nights: { type: "string", default: "120" },
    places: { type: "string", default: "100" },
    runs: { type: "string", default: "50" },
  },
});
const HOTELS = Number(values.hotels);
const PARTNERS = Math.min(Math.max(Number(values.partners), 1), 5);
const NIGHTS = Number(values.nights);
const PLACES = Number(values.places);
const RUNS = Number(values.runs);
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error("Run `npm run bench:calendar`: it starts a throwaway PostgreSQL (scripts/with-postgres.sh).");
  process.exit(1);
}
const { progress, emit, write } = benchReport("calendar");
const int = (value: number) => Math.round(value).toLocaleString("en");

/** Median and p95 of RUNS warm runs (one unmeasured first). */
async function timings(work: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  await work();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const begun = performance.now();
    await work();
    times.push(performance.now() - begun);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, p95: times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]! };
}

/** The calendar against the hotel page's rule, check-in by check-in; throws on any difference. */
async function check(
  db: Kysely<Database>,
  label: string,
  hotelIds: string[],
  target: CalendarTarget,
  { nights, wanted }: { nights: number; wanted: number },
  { first, days }: { first: string; days: number },
) {
  const calendar = await monthStayPrices(target, { first, days }, { nights, adults: 2, rooms: 1 }, wanted, db);
  for (let day = 0; day < days; day++) {
    const checkIn = addDays(first, day);
    const prices = await listStayPrices(hotelIds, { checkIn, checkOut: addDays(checkIn, nights), adults: 2, rooms: 1 }, wanted, db);
    const cheapest = Math.min(...[...prices.values()].map((price) => price.totalSek));
    const expected = Number.isFinite(cheapest) ? cheapest : undefined;
    if (calendar.get(checkIn) !== expected) throw new Error(`${label} ${checkIn}: calendar ${calendar.get(checkIn)}, page ${expected}`);
  }
  progress(`${label}, ${nights} nights, conditions ${wanted}: the same totals as the page's rule for all ${days} check-ins`);
}

const databaseUrl = await freshDatabase(serverUrl, "hg_bench_calendar");
const handle = openDatabase({ databaseUrl, statementTimeoutMs: 3_600_000 });
try {
  const db = handle.db;
  progress("migrations");
  await migrate(undefined, db);
  const { nightMs } = await insertBenchRates(db, { hotels: HOTELS, partners: PARTNERS, nights: NIGHTS, places: PLACES }, progress);
  await sql`analyze`.execute(db);
  emit(
    `## ${int(HOTELS)} hotels × ${PARTNERS} partners × ${NIGHTS} nights (${int(HOTELS * PARTNERS * NIGHTS)} nightly rates, written in ${(nightMs / 1000).toFixed(1)} s)`,
  );

  const hotel = await db.selectFrom("hotels").select("id").where("hotel_id", "=", "BENCH-5").executeTakeFirstOrThrow();
  const biggest = await db
    .selectFrom("hotels")
    .select(["country", "location", sql<string>`count(*)`.as("hotels")])
    .groupBy(["country", "location"])
    .orderBy(sql`count(*)`, "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  const placeIds = (
    await db.selectFrom("hotels").select("id").where("country", "=", biggest.country).where("location", "=", biggest.location).execute()
  ).map((row) => row.id);
  const today = todayInSweden();
  // Next month: every check-in of it can be booked (this month's past days are not read).
  const month = addMonths(monthOf(today), 1);
  const range = bookableRange(month, today)!;
  const rows: string[] = [];
  const place = { country: biggest.country ?? "", location: biggest.location ?? "" };
  const placeLabel = `the biggest place (${biggest.location}, ${int(Number(biggest.hotels))} hotels)`;
  // villkor=frukost (1): the floors do not know conditions, so more hotels are priced exactly.
  for (const [nights, wanted] of [
    [2, 0],
    [7, 0],
    [2, 1],
  ] as const) {
    await check(db, "hotel", [hotel.id], { hotelId: hotel.id }, { nights, wanted }, range);
    await check(db, "place", placeIds, place, { nights, wanted }, range);
    for (const [label, target] of [
      ["one hotel", { hotelId: hotel.id }],
      [placeLabel, place],
    ] as const) {
      progress(`${label}, ${nights} nights, conditions ${wanted}`);
      const { median, p95 } = await timings(() => monthStayPrices(target, range, { nights, adults: 2, rooms: 1 }, wanted, db));
      rows.push(`| ${label} | ${nights} | ${wanted ? "frukost" : ""} | ${median.toFixed(1)} | ${p95.toFixed(1)} |`);
    }
  }
  emit(
    [
      `## A month's calendar (${month}, ${range.days} check-ins), ${RUNS} warm reads`,
      "",
      "| whose | nights | villkor | median ms | p95 ms |",
      "|---|---:|---|---:|---:|",
      ...rows,
    ].join("\n"),
  );
} finally {
  await handle.close();
}
write("calendar.md", `Price calendar at ${int(HOTELS)} hotels × ${PARTNERS} partners × ${NIGHTS} nights`);
