/**
 * `npm run bench:area`: the map's area as a list's scope at scale (issue 39 point 2, decision
 * 078). A fresh PostgreSQL database gets `--hotels` hotels in `--towns` towns and cities round
 * the world, written set-based in SQL: a few big cities hold most hotels (a town's share falls
 * with its rank, as in a real catalogue), each town's hotels spread round its centre over a
 * radius that grows with its size. Then, warm, the median and p95 of `--runs` reads of
 * city-sized and neighbourhood-sized boxes round the biggest towns' centres: the bare bounding
 * box (its hotels counted up to one past LIST_MATCH_LIMIT, as the list counts, on hotels_position_idx) and the list page's own queries (one page of cards
 * in the recommended order and the bounded count, as searchHotels reads them). Each box's bare
 * read is checked against a sequential scan first (the same hotels), and the plans are printed.
 *
 *   npm run bench:area -- [--hotels 1000000] [--towns 3000] [--runs 50]
 */
import { parseArgs } from "node:util";
import { sql, type Kysely } from "kysely";
import { openDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { hotelListQuery, inMapArea, LIST_MATCH_LIMIT, searchHotels } from "#app/hotels/hotel-queries.server.ts";
import { areaAround, type MapArea } from "#app/hotels/map-area.ts";
import { benchReport } from "./bench/report.ts";
import { freshDatabase } from "./bench/stay-rates.ts";

const { values } = parseArgs({
  options: {
    hotels: { type: "string", default: "1000000" },
    towns: { type: "string", default: "3000" },
    runs: { type: "string", default: "50" },
  },
});
const HOTELS = Number(values.hotels);
const TOWNS = Number(values.towns);
const RUNS = Number(values.runs);
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error("Run `npm run bench:area`: it starts a throwaway PostgreSQL (scripts/with-postgres.sh).");
  process.exit(1);
}
const { progress, emit, write } = benchReport("area");
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

/**
 * Towns at random points of the inhabited latitudes; hotel n goes to town floor(TOWNS · u³) for
 * a uniform u, so the first towns are the big cities (town 0 gets about 7 % of all hotels, the
 * median town a few dozen), and lies round its centre at a distance of about 0.01°–0.15° (1–15 km)
 * by the town's size: the sum of three uniforms, a rough bell.
 */
async function insertCatalogue(db: Kysely<Database>) {
  await sql`select setseed(0.39)`.execute(db);
  await sql`
    create table bench_towns as
    select t as town, -45 + random() * 110 as lat, -180 + random() * 360 as lng,
      0.01 + 0.14 * power(1 - t::float8 / ${TOWNS}, 6) as spread
    from generate_series(0, ${TOWNS - 1}) t
  `.execute(db);
  await sql`
    insert into hotels (hotel_id, name, country, location, latitude, longitude, rating, review_count, star_rating, amenities, amenity_keys, has_affiliate_url)
    select 'AREA-' || h.n, 'Områdeshotell ' || h.n, 'Benchland ' || (town.town % 40), 'Stad ' || town.town,
      greatest(-89.9, least(89.9, town.lat + (random() + random() + random() - 1.5) * town.spread)),
      greatest(-179.9, least(179.9, town.lng + (random() + random() + random() - 1.5) * town.spread / greatest(cos(radians(town.lat)), 0.2))),
      5 + (h.n % 50) / 10.0, h.n % 500, 1 + h.n % 5, '["Wifi"]'::jsonb, array['wifi'], h.n % 3 = 0
    from (select n, floor(${TOWNS} * power(random(), 3))::int as town from generate_series(1, ${HOTELS}) n) h
    join bench_towns town on town.town = h.town
  `.execute(db);
}

const databaseUrl = await freshDatabase(serverUrl, "hg_bench_area");
const handle = openDatabase({ databaseUrl, statementTimeoutMs: 3_600_000 });
try {
  const db = handle.db;
  progress("migrations");
  await migrate(undefined, db);
  progress(`${int(HOTELS)} hotels in ${int(TOWNS)} towns`);
  const begun = performance.now();
  await insertCatalogue(db);
  const insertMs = performance.now() - begun;
  await sql`analyze`.execute(db);
  emit(`## ${int(HOTELS)} hotels in ${int(TOWNS)} towns and cities (written in ${(insertMs / 1000).toFixed(1)} s)`);

  const towns = (
    await sql<{ town: number; lat: number; lng: number; hotels: string }>`
      select town.town, town.lat, town.lng, (select count(*) from hotels where location = 'Stad ' || town.town) as hotels
      from bench_towns town where town.town in (0, 1, 10, 100) order by town.town
    `.execute(db)
  ).rows;
  const boxes: { label: string; area: MapArea }[] = towns.flatMap((town) => [
    // A city's map at zoom 12–13 (about 15 × 10 km), and a neighbourhood's at 15 (about 2 × 1.5 km).
    { label: `city box, town ${town.town} (${int(Number(town.hotels))} hotels in town)`, area: areaAround(town.lat, town.lng, 12) },
    { label: `neighbourhood box, town ${town.town}`, area: areaAround(town.lat, town.lng, 1.5) },
  ]);

  const inBox = (area: MapArea) =>
    db
      .selectFrom("hotels")
      .select("id")
      .where(() => inMapArea(area));
  // What a list with an area counts: up to one past LIST_MATCH_LIMIT.
  const bare = (area: MapArea) =>
    db
      .selectFrom(
        inBox(area)
          .limit(LIST_MATCH_LIMIT + 1)
          .as("found"),
      )
      .select((eb) => eb.fn.countAll().as("hotels"))
      .executeTakeFirstOrThrow();
  const rows: string[] = [];
  const plans: string[] = [];
  for (const { label, area } of boxes) {
    const ids = (await inBox(area).execute()).map((row) => row.id).sort();
    await sql`set enable_indexscan = off`.execute(db);
    await sql`set enable_bitmapscan = off`.execute(db);
    const scanned = (await inBox(area).execute()).map((row) => row.id).sort();
    await sql`reset enable_indexscan`.execute(db);
    await sql`reset enable_bitmapscan`.execute(db);
    if (ids.join() !== scanned.join())
      throw new Error(`${label}: the index found ${ids.length} hotels, a sequential scan ${scanned.length}`);
    progress(`${label}: ${ids.length} hotels, the same as a sequential scan`);
    const box = await timings(() => bare(area));
    const page = await timings(() => hotelListQuery({ area }, null, db).execute());
    const list = await timings(() => searchHotels({ area }, db));
    rows.push(
      `| ${label} | ${int(ids.length)} | ${box.median.toFixed(1)} | ${box.p95.toFixed(1)} | ${page.median.toFixed(1)} | ${page.p95.toFixed(1)} | ${list.median.toFixed(1)} | ${list.p95.toFixed(1)} |`,
    );
    if (plans.length < 4) {
      const compiled = hotelListQuery({ area }, null, db).compile();
      const explained = await db.executeQuery<{ "QUERY PLAN": string }>({
        ...compiled,
        sql: `explain (analyze, buffers, costs off) ${compiled.sql}`,
      });
      plans.push(`### The list page's query, ${label}\n\n\`\`\`\n${explained.rows.map((row) => row["QUERY PLAN"]).join("\n")}\n\`\`\``);
    }
  }
  emit(
    [
      `## Bounding boxes, ${RUNS} warm reads each (ms)`,
      "",
      "| box | hotels in it | box count (≤ 1,001) median | p95 | list page query median | p95 | searchHotels (page + count + offers) median | p95 |",
      "|---|---:|---:|---:|---:|---:|---:|---:|",
      ...rows,
    ].join("\n"),
  );
  emit(plans.join("\n\n"));
  const load = (await import("node:os")).loadavg().map((value) => value.toFixed(2));
  emit(`Load average at the end: ${load.join(", ")}.`);
} finally {
  await handle.close();
}
write("area.md", `Map area search at ${int(HOTELS)} hotels`);
