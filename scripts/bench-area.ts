/**
 * `npm run bench:area`: the map's area as a list's scope at scale (issue 39 point 2, decision
 * 078). A fresh PostgreSQL database gets `--hotels` hotels in `--towns` towns and cities round
 * the world, written set-based in SQL: a few big cities hold most hotels (a town's share falls
 * with its rank, as in a real catalogue), each town's hotels spread round its centre over a
 * radius that grows with its size. Then, warm, the median and p95 of `--runs` reads of
 * region-, city- and neighbourhood-sized boxes round the biggest towns' centres: the bare
 * bounding box (its hotels counted up to one past LIST_MATCH_LIMIT, as the list counts, on
 * hotels_position_idx), the list page's first page in each order as the page reads it
 * (areaPageRows, decision 081), and searchHotels without and with a stay (a partner sells stays
 * at two in three of the boxes' hotels). Each box's bare read and each order's page are checked
 * against a sequential scan first (the same hotels, the same order), and the plain page query's
 * plans for the dense boxes are printed; the load average is printed beside each figure.
 *
 *   npm run bench:area -- [--hotels 1000000] [--towns 3000] [--runs 50]
 *
 * The catalogue takes about half an hour to write. To keep it, run against a server of your own
 * (TEST_DATABASE_URL=… node scripts/bench-area.ts): `--load-only` writes it and stops, `--reuse`
 * times the database `--database` (default hg_bench_area) as it is when it holds a catalogue (new
 * migrations are applied to it first).
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { sql, type Kysely } from "kysely";
import { openDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import {
  areaPageRows,
  hotelListQuery,
  inMapArea,
  LIST_MATCH_LIMIT,
  searchHotels,
  type HotelFilters,
} from "#app/hotels/hotel-queries.server.ts";
import type { Coordinates } from "#app/location/distance.ts";
import { addDays, todayInSweden, type DatedStay } from "#app/utils/stay.ts";
import { areaAround, type MapArea } from "#app/hotels/map-area.ts";
import { benchReport } from "./bench/report.ts";
import { existingDatabase, freshDatabase } from "./bench/stay-rates.ts";

const { values } = parseArgs({
  options: {
    hotels: { type: "string", default: "1000000" },
    towns: { type: "string", default: "3000" },
    runs: { type: "string", default: "50" },
    reuse: { type: "boolean", default: false },
    database: { type: "string", default: "hg_bench_area" },
    "load-only": { type: "boolean", default: false },
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

/**
 * A partner selling stays at two in three of the boxes' hotels (a plan each, a rate for each of
 * the next 40 nights), written once (a kept catalogue keeps them); the stay the bench asks for.
 */
async function priceTheBoxes(db: Kysely<Database>, areas: MapArea[]): Promise<DatedStay> {
  const today = todayInSweden();
  const partner = await db.selectFrom("partners").select("id").where("id", "=", "area-1").executeTakeFirst();
  if (!partner) {
    progress("rates for the boxes' hotels");
    await db.insertInto("partners").values({ id: "area-1", name: "Områdespartnern", host: "area-1.example" }).execute();
    const inAnyBox = sql.join(
      areas.map((area) => inMapArea(area)),
      sql` or `,
    );
    await sql`
      insert into rate_plans (hotel_id, partner_id, adults, rooms, breakfast_included, refundable, pay_at_hotel, currency, landing_url)
      select hotel.id, 'area-1', 2, 1, false, true, false, 'SEK', 'https://area-1.example/h/' || hotel.hotel_id
      from hotels hotel where (${inAnyBox}) and abs(hashtext(hotel.hotel_id)) % 3 <> 0
    `.execute(db);
    await sql`
      insert into nightly_rates (plan_id, night, base, tax, fees, confirmed_at)
      select plan.id, ${today}::date + d, 700 + (plan.id % 900), round((700 + (plan.id % 900)) * 0.12, 2), 0, now()
      from rate_plans plan cross join generate_series(0, 39) d
      where plan.partner_id = 'area-1'
    `.execute(db);
  }
  const checkIn = addDays(today, 10);
  return { checkIn, checkOut: addDays(checkIn, 2), adults: 2, rooms: 1 };
}

const reused = values.reuse ? await existingDatabase(serverUrl, values.database, "AREA-") : undefined;
const databaseUrl = reused ?? (await freshDatabase(serverUrl, values.database));
const handle = openDatabase({ databaseUrl, statementTimeoutMs: 3_600_000 });
try {
  const db = handle.db;
  progress("migrations");
  await migrate(undefined, db);
  let written = "the kept catalogue";
  if (reused) progress("the kept catalogue (--reuse)");
  else {
    progress(`${int(HOTELS)} hotels in ${int(TOWNS)} towns`);
    const begun = performance.now();
    await insertCatalogue(db);
    written = `written in ${((performance.now() - begun) / 1000).toFixed(1)} s`;
  }
  await sql`analyze`.execute(db);
  if (values["load-only"]) process.exit(0);
  const [{ hotels, towns: townCount }] = (
    await sql<{
      hotels: string;
      towns: string;
    }>`select (select count(*) from hotels) as hotels, (select count(*) from bench_towns) as towns`.execute(db)
  ).rows as [{ hotels: string; towns: string }];
  emit(`## ${int(Number(hotels))} hotels in ${int(Number(townCount))} towns and cities (${written})`);

  const towns = (
    await sql<{ town: number; lat: number; lng: number; hotels: string }>`
      select town.town, town.lat, town.lng, (select count(*) from hotels where location = 'Stad ' || town.town) as hotels
      from bench_towns town where town.town in (0, 1, 10, 100) order by town.town
    `.execute(db)
  ).rows;
  const boxes: { label: string; area: MapArea; centre: Coordinates }[] = towns.flatMap((town) => [
    // A region's map (zoom 8–9, about 200 km) round the biggest city: far more hotels than any city box.
    ...(town.town === 0
      ? [{ label: `region box, town 0`, area: areaAround(town.lat, town.lng, 200), centre: { latitude: town.lat, longitude: town.lng } }]
      : []),
    // A city's map at zoom 12–13 (about 15 × 10 km), and a neighbourhood's at 15 (about 2 × 1.5 km).
    {
      label: `city box, town ${town.town} (${int(Number(town.hotels))} hotels in town)`,
      area: areaAround(town.lat, town.lng, 12),
      centre: { latitude: town.lat, longitude: town.lng },
    },
    {
      label: `neighbourhood box, town ${town.town}`,
      area: areaAround(town.lat, town.lng, 1.5),
      centre: { latitude: town.lat, longitude: town.lng },
    },
  ]);
  const stay = await priceTheBoxes(
    db,
    boxes.map((one) => one.area),
  );

  const inBox = (area: MapArea, on: Kysely<Database> = db) =>
    on
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
  /** The list page's rows for these filters, as the page reads them (decision 081). */
  const pageRows = async (filters: HotelFilters) => (await areaPageRows(filters, db)).rows;
  /** Runs `work` on one connection with no index or bitmap scans: the planner reads the table. */
  const sequentially = <T>(work: (conn: Kysely<Database>) => Promise<T>) =>
    db.connection().execute(async (conn) => {
      await sql`set enable_indexscan = off`.execute(conn);
      await sql`set enable_bitmapscan = off`.execute(conn);
      try {
        return await work(conn);
      } finally {
        await sql`reset enable_indexscan`.execute(conn);
        await sql`reset enable_bitmapscan`.execute(conn);
      }
    });
  const orders: { name: string; filters: (centre: Coordinates) => HotelFilters }[] = [
    { name: "recommended", filters: () => ({}) },
    { name: "rating", filters: () => ({ sort: "betyg" }) },
    { name: "stars", filters: () => ({ sort: "stjarnor" }) },
    { name: "price", filters: () => ({ sort: "pris" }) },
    { name: "distance", filters: (centre) => ({ sort: "avstand", near: centre }) },
  ];
  const rows: string[] = [];
  const plans: string[] = [];
  const load = () => os.loadavg()[0]!.toFixed(1);
  const row = (label: string, hotels: number, query: string, { median, p95 }: { median: number; p95: number }) =>
    rows.push(`| ${label} | ${int(hotels)} | ${query} | ${median.toFixed(1)} | ${p95.toFixed(1)} | ${load()} |`);
  for (const { label, area, centre } of boxes) {
    const ids = (await inBox(area).execute()).map((one) => one.id).sort();
    const scanned = (await sequentially((conn) => inBox(area, conn).execute())).map((one) => one.id).sort();
    if (ids.join() !== scanned.join())
      throw new Error(`${label}: the index found ${ids.length} hotels, a sequential scan ${scanned.length}`);
    // Each order's first page, as the page reads it, against the plain query on a sequential scan.
    for (const order of orders) {
      const filters = { area, ...order.filters(centre) };
      const page = (await pageRows(filters)).map((one) => one.id);
      const expected = (await sequentially((conn) => hotelListQuery(filters, null, conn).execute())).map((one) => one.id);
      if (page.join() !== expected.join()) throw new Error(`${label}, ${order.name}: the page differs from a sequential scan's`);
    }
    progress(`${label}: ${ids.length} hotels, the same as a sequential scan; each order's page the same as a sequential scan's`);
    row(label, ids.length, "box count (≤ 1,001)", await timings(() => bare(area)));
    for (const order of orders)
      row(label, ids.length, `page, ${order.name}`, await timings(() => pageRows({ area, ...order.filters(centre) })));
    // The same page as decision 078 read it, in the same minute: one query, every hotel in the box sorted.
    row(label, ids.length, "page, recommended, as 078 read it", await timings(() => hotelListQuery({ area }, null, db).execute()));
    row(label, ids.length, "searchHotels (page + count + offers)", await timings(() => searchHotels({ area }, db)));
    row(label, ids.length, "searchHotels with a stay", await timings(() => searchHotels({ area, stay }, db)));
    row(label, ids.length, "searchHotels with a stay, by price", await timings(() => searchHotels({ area, stay, sort: "pris" }, db)));
    if (plans.length < 4 && ids.length > LIST_MATCH_LIMIT) {
      const compiled = hotelListQuery({ area }, null, db).compile();
      const explained = await db.executeQuery<{ "QUERY PLAN": string }>({
        ...compiled,
        sql: `explain (analyze, buffers, costs off) ${compiled.sql}`,
      });
      plans.push(`### The plain page query, ${label}\n\n\`\`\`\n${explained.rows.map((one) => one["QUERY PLAN"]).join("\n")}\n\`\`\``);
    }
  }
  emit(
    [
      `## Bounding boxes, ${RUNS} warm reads each (ms; load average over the last minute beside each)`,
      "",
      "A page is the first 24 hotels in the order within the box, as the list page reads them (`areaPageRows`). The stay is",
      `${stay.checkIn} to ${stay.checkOut}, 2 adults; a partner sells it at two hotels in three of the boxes'.`,
      "",
      "| box | hotels in it | query | median | p95 | load |",
      "|---|---:|---|---:|---:|---:|",
      ...rows,
    ].join("\n"),
  );
  emit(plans.join("\n\n"));
  emit(
    `Load average at the end: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(", ")}.`,
  );
} finally {
  await handle.close();
}
write("area.md", `Map area search at ${int(HOTELS)} hotels`);
