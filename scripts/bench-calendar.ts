/**
 * `npm run bench:calendar`: the month view of stay prices at scale (issue 38 point 6, decision
 * 074). A fresh PostgreSQL database gets `--hotels` hotels × `--partners` partners × `--nights`
 * nightly rates (scripts/bench/stay-rates.ts, as `bench:scale:stays`), then, warm, the median and
 * p95 of `--runs` reads of a whole month's calendar (next month: every check-in bookable) for one
 * hotel and for the biggest place, for a 2-night and a 7-night stay, as the pages read it
 * (monthStayPrices), and the place's calendar as decision 074 first read it (scripts/bench/
 * calendar-before.ts) in turn with it, on the same data in the same run. Before timing, each
 * calendar is checked against the hotel page's own rule (listStayPrices per check-in): the same
 * totals, the same dates without. The load average is printed beside each figure.
 *
 *   npm run bench:calendar -- [--hotels 100000] [--partners 3] [--nights 120] [--places 100] [--runs 50]
 *
 * The 100,000-hotel catalogue takes about 40 minutes to write. To keep it, run against a server
 * of your own (TEST_DATABASE_URL=… node scripts/bench-calendar.ts): `--load-only` writes it and
 * stops, `--reuse` times the database `--database` (default hg_bench_calendar) as it is when it
 * holds a catalogue (new migrations are applied to it first).
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { sql, type Kysely } from "kysely";
import { openDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { addDays, todayInSweden } from "#app/utils/stay.ts";
import { listStayPrices } from "#app/prices/stay-prices.server.ts";
import { monthStayPrices, type CalendarTarget } from "#app/prices/calendar-prices.server.ts";
import { addMonths, bookableRange, monthOf } from "#app/prices/calendar-month.ts";
import { placeMonthPricesBefore } from "./bench/calendar-before.ts";
import { benchReport } from "./bench/report.ts";
import { existingDatabase, freshDatabase, insertBenchRates } from "./bench/stay-rates.ts";

const { values } = parseArgs({
  options: {
    hotels: { type: "string", default: "100000" },
    partners: { type: "string", default: "3" },
    nights: { type: "string", default: "120" },
    places: { type: "string", default: "100" },
    runs: { type: "string", default: "50" },
    // Keep the 40-minute catalogue between runs: use the database as it is when it holds one.
    reuse: { type: "boolean", default: false },
    database: { type: "string", default: "hg_bench_calendar" },
    "load-only": { type: "boolean", default: false },
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
const MAX_AGE = getEnv().OFFER_MAX_AGE_HOURS;
const int = (value: number) => Math.round(value).toLocaleString("en");

const quantiles = (times: number[]) => {
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, p95: times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]! };
};

/**
 * Median and p95 of RUNS warm runs (one unmeasured first) of each way of reading the same thing,
 * taken in turn (and in alternating order) so that the machine's load falls on both alike.
 */
async function timings(...ways: Array<() => Promise<unknown>>): Promise<Array<{ median: number; p95: number }>> {
  for (const work of ways) await work();
  const times = ways.map(() => [] as number[]);
  for (let run = 0; run < RUNS; run++) {
    for (const index of run % 2 ? [...ways.keys()].reverse() : ways.keys()) {
      const begun = performance.now();
      await ways[index]!();
      times[index]!.push(performance.now() - begun);
    }
  }
  return times.map(quantiles);
}

/** The load average over the last minute, as `uptime` prints it. */
const load = () => os.loadavg()[0]!.toFixed(1);

/** The calendar against the hotel page's rule, check-in by check-in; throws on any difference. */
async function check(
  db: Kysely<Database>,
  label: string,
  hotelIds: string[],
  target: CalendarTarget,
  { nights, wanted }: { nights: number; wanted: number },
  { first, days }: { first: string; days: number },
) {
  const calendars = [await monthStayPrices(target, { first, days }, { nights, adults: 2, rooms: 1 }, wanted, db)];
  if (!("hotelId" in target))
    calendars.push(await placeMonthPricesBefore(target, { first, days }, { nights, adults: 2, rooms: 1 }, wanted, MAX_AGE, db));
  for (let day = 0; day < days; day++) {
    const checkIn = addDays(first, day);
    const prices = await listStayPrices(hotelIds, { checkIn, checkOut: addDays(checkIn, nights), adults: 2, rooms: 1 }, wanted, db);
    const cheapest = Math.min(...[...prices.values()].map((price) => price.totalSek));
    const expected = Number.isFinite(cheapest) ? cheapest : undefined;
    for (const calendar of calendars)
      if (calendar.get(checkIn) !== expected) throw new Error(`${label} ${checkIn}: calendar ${calendar.get(checkIn)}, page ${expected}`);
  }
  progress(`${label}, ${nights} nights, conditions ${wanted}: the same totals as the page's rule for all ${days} check-ins`);
}

const reused = values.reuse ? await existingDatabase(serverUrl, values.database) : undefined;
const databaseUrl = reused ?? (await freshDatabase(serverUrl, values.database));
const handle = openDatabase({ databaseUrl, statementTimeoutMs: 3_600_000 });
try {
  const db = handle.db;
  progress("migrations");
  await migrate(undefined, db);
  let nightMs = Number.NaN;
  if (reused) progress("the kept catalogue (--reuse)");
  else ({ nightMs } = await insertBenchRates(db, { hotels: HOTELS, partners: PARTNERS, nights: NIGHTS, places: PLACES }, progress));
  await sql`analyze`.execute(db);
  // As autovacuum would after a load this size: a place's floors are read index-only (decision 075).
  await sql`vacuum hotel_price_floors`.execute(db);
  if (values["load-only"]) process.exit(0);
  const written = reused ? "the kept catalogue" : `written in ${(nightMs / 1000).toFixed(1)} s`;
  emit(`## ${int(HOTELS)} hotels × ${PARTNERS} partners × ${NIGHTS} nights (${int(HOTELS * PARTNERS * NIGHTS)} nightly rates, ${written})`);

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
  for (const [nights, wanted] of [
    [2, 0],
    [7, 0],
    [2, 1],
  ] as const) {
    await check(db, "hotel", [hotel.id], { hotelId: hotel.id }, { nights, wanted }, range);
    await check(db, "place", placeIds, place, { nights, wanted }, range);
    progress(`one hotel, ${nights} nights, conditions ${wanted}`);
    const stay = { nights, adults: 2, rooms: 1 };
    const [one] = await timings(() => monthStayPrices({ hotelId: hotel.id }, range, stay, wanted, db));
    rows.push(`| one hotel | ${nights} | ${wanted ? "frukost" : ""} | ${one!.median.toFixed(1)} | ${one!.p95.toFixed(1)} | ${load()} |`);
    progress(`${placeLabel}, ${nights} nights, conditions ${wanted}: before and after in turn`);
    const [before, after] = await timings(
      () => placeMonthPricesBefore(place, range, stay, wanted, MAX_AGE, db),
      () => monthStayPrices(place, range, stay, wanted, db),
    );
    rows.push(
      `| ${placeLabel}, before (decision 074's first version) | ${nights} | ${wanted ? "frukost" : ""} | ${before!.median.toFixed(1)} | ${before!.p95.toFixed(1)} | ${load()} |`,
      `| ${placeLabel}, now | ${nights} | ${wanted ? "frukost" : ""} | ${after!.median.toFixed(1)} | ${after!.p95.toFixed(1)} | ${load()} |`,
    );
  }
  emit(
    [
      `## A month's calendar (${month}, ${range.days} check-ins), ${RUNS} warm reads`,
      "",
      "| whose | nights | villkor | median ms | p95 ms | load average |",
      "|---|---:|---|---:|---:|---:|",
      ...rows,
    ].join("\n"),
  );
} finally {
  await handle.close();
}
write("calendar.md", `Price calendar at ${int(HOTELS)} hotels × ${PARTNERS} partners × ${NIGHTS} nights`);
