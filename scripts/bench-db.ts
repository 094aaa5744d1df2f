/**
 * `npm run bench:db`: the search bar's suggestion query, the filtered hotel list (text, place,
 * price, guest rating, amenities) and a hotel's offers at
 * 100,000 hotels, on PGlite and (when TEST_DATABASE_URL is set, as `npm run bench:db`
 * does through scripts/with-postgres.sh) on PostgreSQL. Prints medians and query plans.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import {
  closeNameHotelsQuery,
  hotelListQuery,
  hotelSuggestionQueries,
  searchTerms,
  searchHotels,
  suggest,
  type HotelFilters,
} from "#app/hotels/hotel-queries.server.ts";
import { openDatabase, type DatabaseHandle } from "#app/db/db.server.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { seedDemoCatalogue } from "#app/operations/seed.server.ts";
import { leadOffers } from "#app/prices/stay-prices.server.ts";
import { loadHotelListPage } from "#app/hotels/list-page.server.ts";

const { values } = parseArgs({
  options: {
    hotels: { type: "string", default: "100000" },
    runs: { type: "string", default: "30" },
    // --only postgres skips the embedded database (its 100,000-hotel load takes minutes).
    only: { type: "string" },
  },
});
const HOTELS = Number(values.hotels);
const RUNS = Number(values.runs);

const FILTERED: HotelFilters = { country: "Sweden", minStars: 4, search: "spa", sort: "pris" };
// A rarer text: here the planner should go through the trigram index rather than a sorted scan.
const SELECTIVE: HotelFilters = { search: "Gamla stan", sort: "pris" };
const CASES: Array<{ name: string; run: (handle: DatabaseHandle) => Promise<unknown> }> = [
  { name: 'suggestions "sto" (hotels + places)', run: (h) => suggest("sto", h.db) },
  { name: 'suggestions "malmö"', run: (h) => suggest("malmö", h.db) },
  { name: 'suggestions "gion" (rare)', run: (h) => suggest("gion", h.db) },
  { name: 'suggestions "göteborg" (Swedish name of a place)', run: (h) => suggest("göteborg", h.db) },
  { name: 'suggestions "kopenhamn" (Swedish, no accents)', run: (h) => suggest("kopenhamn", h.db) },
  { name: 'suggestions "stokholm" (a typo)', run: (h) => suggest("stokholm", h.db) },
  { name: 'suggestions "kö" (a place by its å, ä, ö)', run: (h) => suggest("kö", h.db) },
  { name: 'suggestions "stockholm spa" (a place with a wish)', run: (h) => suggest("stockholm spa", h.db) },
  { name: "list: search 'Sverige' (a country)", run: (h) => searchHotels({ search: "Sverige" }, h.db) },
  { name: "list: search 'malmo' (a place, and Málaga a typo away)", run: (h) => searchHotels({ search: "malmo" }, h.db) },
  { name: "list: search 'københavn' (a native spelling)", run: (h) => searchHotels({ search: "københavn" }, h.db) },
  { name: "list: search 'stockholm spa' (a place with a wish)", run: (h) => searchHotels({ search: "stockholm spa" }, h.db) },
  { name: "list: search 'hotell nära stranden i nice'", run: (h) => searchHotels({ search: "hotell nära stranden i nice" }, h.db) },
  {
    name: "list: no hits, then the closest names",
    run: (h) => loadHotelListPage(new URL("http://localhost/hotels?search=qwzxvbnm+stokholmm"), {}, h.db),
  },
  { name: "list: search 'stokholm' (a typo)", run: (h) => searchHotels({ search: "stokholm" }, h.db) },
  { name: "list: Sweden, 4+ stars, text 'spa', by price", run: (h) => searchHotels(FILTERED, h.db) },
  { name: "list: text 'Gamla stan' (rare), by price", run: (h) => searchHotels(SELECTIVE, h.db) },
  { name: "list: all hotels, recommended, page 1", run: (h) => searchHotels({}, h.db) },
  { name: "list: all hotels, by price, page 1", run: (h) => searchHotels({ sort: "pris" }, h.db) },
  {
    name: "list: Stockholm, by rating, page 3",
    run: (h) => searchHotels({ country: "Sweden", location: "Stockholm", sort: "betyg", page: 3 }, h.db),
  },
  { name: "list: price 800–1,500 kr a night, by price", run: (h) => searchHotels(PRICE_RANGE, h.db) },
  { name: "list: guest rating 9+, recommended", run: (h) => searchHotels({ minGuestRating: 9 }, h.db) },
  { name: "list: amenities pool + spa, recommended", run: (h) => searchHotels(AMENITIES, h.db) },
  { name: "list: Sweden, ≤ 1,200 kr, 8+, wifi, by price", run: (h) => searchHotels(COMBINED, h.db) },
  {
    name: "list: Stockholm, 9+, by price",
    run: (h) => searchHotels({ country: "Sweden", location: "Stockholm", minGuestRating: 9, sort: "pris" }, h.db),
  },
  {
    name: "hotel page: one hotel's offers without dates",
    run: async (h) => leadOffers([await anyHotelId(h)], 0, undefined, h.db),
  },
];

const PRICE_RANGE: HotelFilters = { priceMin: 800, priceMax: 1500, sort: "pris" };
const AMENITIES: HotelFilters = { amenities: ["pool", "spa"] };
const COMBINED: HotelFilters = { country: "Sweden", priceMax: 1200, minGuestRating: 8, amenities: ["wifi"], sort: "pris" };

const hotelIds = new WeakMap<DatabaseHandle, string>();
async function anyHotelId(handle: DatabaseHandle): Promise<string> {
  const known = hotelIds.get(handle);
  if (known) return known;
  // The seed may write no offers (SEED_DEMO_PRICES); then any hotel, whose page asks all the same.
  const { hotel_id } =
    (await handle.db.selectFrom("hotel_offers").select("hotel_id").limit(1).offset(5000).executeTakeFirst()) ??
    (await handle.db.selectFrom("hotels").select("id as hotel_id").orderBy("id").limit(1).offset(5000).executeTakeFirstOrThrow());
  hotelIds.set(handle, hotel_id);
  return hotel_id;
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The plan of each of the search box's hotel queries for one text (see hotelSuggestionQueries). */
async function suggestionPlans(
  handle: DatabaseHandle,
  text: string,
  what: string,
): Promise<Array<[string, Array<Record<string, unknown>>]>> {
  const { starting, inPlaces, containing } = hotelSuggestionQueries((await searchTerms(text, handle.db))!, undefined, handle.db);
  const label = (group: string) => `suggestion hotels "${text}" (${what}): ${group}`;
  return [
    [label("names starting"), await starting.explain()],
    ...(await Promise.all(
      inPlaces.map(async (query, i) => [label(`named place ${i + 1}`), await query.explain()] as [string, Array<Record<string, unknown>>]),
    )),
    [label("names containing"), await containing.explain()],
  ];
}

async function bench(label: string, handle: DatabaseHandle) {
  let started = performance.now();
  await migrate(undefined, handle.db);
  await seedDemoCatalogue({ hotels: HOTELS }, handle.db);
  await sql`analyze hotels`.execute(handle.db);
  await sql`analyze hotel_offers`.execute(handle.db);
  const offers = await handle.db
    .selectFrom("hotel_offers")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  console.log(
    `\n## ${label}: ${HOTELS.toLocaleString("en")} hotels and ${Number(offers.n).toLocaleString("en")} offers loaded in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
  console.log("| query | median ms | p90 ms |\n|---|---:|---:|");
  for (const { name, run } of CASES) {
    for (let i = 0; i < 3; i++) await run(handle);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      started = performance.now();
      await run(handle);
      times.push(performance.now() - started);
    }
    const p90 = [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.9)]!;
    console.log(`| ${name} | ${median(times).toFixed(2)} | ${p90.toFixed(2)} |`);
  }
  const plans: Array<[string, Array<Record<string, unknown>>]> = [
    ...(await suggestionPlans(handle, "sto", "common")),
    ...(await suggestionPlans(handle, "gion", "rare")),
    ...(await suggestionPlans(handle, "stokholm", "a typo")),
    [
      "list, search 'Göteborg' (a place)",
      await hotelListQuery({ search: "Göteborg" }, await searchTerms("Göteborg", handle.db), handle.db).explain(),
    ],
    ...(await suggestionPlans(handle, "stockholm spa", "a place with a wish")),
    [
      "list, search 'stockholm spa' (a place with a wish)",
      await hotelListQuery({ search: "stockholm spa" }, await searchTerms("stockholm spa", handle.db), handle.db).explain(),
    ],
    [
      "list, search 'malmo' (a near place)",
      await hotelListQuery({ search: "malmo" }, await searchTerms("malmo", handle.db), handle.db).explain(),
    ],
    ["no hits: close hotel names", await closeNameHotelsQuery("qwzxvbnm stokholmm", handle.db).explain()],
    ["list, Sweden 4+ 'spa' (common)", await hotelListQuery(FILTERED, await searchTerms(FILTERED.search, handle.db), handle.db).explain()],
    ["list, 'Gamla stan' (rare)", await hotelListQuery(SELECTIVE, await searchTerms(SELECTIVE.search, handle.db), handle.db).explain()],
    ["list, price 800–1,500 by price", await hotelListQuery(PRICE_RANGE, undefined, handle.db).explain()],
    ["list, amenities pool + spa", await hotelListQuery(AMENITIES, undefined, handle.db).explain()],
    ["list, Sweden ≤ 1,200 8+ wifi by price", await hotelListQuery(COMBINED, undefined, handle.db).explain()],
  ];
  for (const [name, plan] of plans) {
    const lines = plan.map((row) => String(Object.values(row)[0]));
    const usesTrigram = lines.some((line) => /_trgm_idx/.test(line));
    console.log(
      `\nPlan of the ${name} query (trigram index in use: ${usesTrigram ? "yes" : "NO"}):\n${lines.map((l) => `    ${l}`).join("\n")}`,
    );
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-bench-"));
try {
  if (values.only !== "postgres") {
    const pglite = openDatabase({ dataDir: dir });
    try {
      await bench("PGlite (embedded, on disk)", pglite);
    } finally {
      await pglite.close();
    }
  }
  if (process.env.TEST_DATABASE_URL && values.only !== "pglite") {
    const postgres = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
    try {
      await bench("PostgreSQL", postgres);
    } finally {
      await postgres.close();
    }
  } else {
    console.log("\n(PostgreSQL skipped: set TEST_DATABASE_URL, or run `npm run bench:db`, which starts a throwaway server.)");
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
