import { getAppDatabase } from "#app/db/db.server.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { readingTimeMinutes } from "#app/blog/content-blocks.ts";
import { importEcbRates } from "#app/feed/ecb-import.server.ts";
import { importPriceFeed } from "#app/feed/price-import.server.ts";
import { DEMO_HOTEL_COUNT, DEMO_PARTNERS, generateDemoHotels, type DemoHotel } from "#app/operations/demo-catalogue.ts";
import { generateDemoHistory, generateDemoPriceFiles, type DemoPriceHotel } from "#app/operations/demo-prices.ts";
import { appendObservations } from "#app/prices/price-history.server.ts";
import { hotelIdsByFeedId } from "#app/offers/offer-rows.server.ts";
import { addDays, todayInSweden } from "#app/utils/stay.ts";
import { DEMO_POPULAR_DESTINATIONS, DEMO_POPULAR_LOCATIONS, DEMO_POSTS } from "#app/operations/demo-content.ts";
import { upsertHotels } from "#app/hotels/hotel-rows.server.ts";
import { demoLandmarks } from "#app/location/demo-landmarks.ts";
import { createLandmark, placeKeyOf, placesWithLandmarks } from "#app/location/landmarks.server.ts";
import type { Database } from "#app/db/schema.ts";

export interface SeedOptions {
  hotels?: number;
  batchSize?: number;
  /** Called after each batch with hotels written so far. */
  onProgress?: (done: number, total: number) => void;
  now?: Date;
  /**
   * Which of the demo partners' prices to import (SEED_DEMO_PRICES): "all" (the default), "near"
   * (only the next DEMO_NEAR_DAYS nights, the lead-in prices and the itineraries) or "none".
   */
  prices?: DemoPrices;
  /**
   * Import the demo's prices for nights after the first DEMO_NEAR_DAYS in the background: the
   * promise `later` of the result settles when they are in (the first start of `npm start`).
   */
  laterPricesInBackground?: boolean;
}

/** How much of the demo's prices a seed imports (see SeedOptions.prices). */
export type DemoPrices = "all" | "near" | "none";

export interface SeedResult {
  hotels: number;
  /** Prices the demo's partners' files brought in (nights, itineraries, sold-out itineraries). */
  prices: number;
  /** With laterPricesInBackground: settles with how many later prices were taken once they are in. */
  later?: Promise<number>;
  posts: number;
  popularLocations: number;
  popularDestinations: number;
  /** Landmarks written (a place that has any, an editor's or an earlier seed's, is left alone). */
  landmarks: number;
}

/**
 * Loads the demo catalogue: `hotels` generated hotels (upserted by hotel_id, so a rerun
 * changes nothing and a bigger run adds to it), plus the demo posts, popular places and
 * destinations when those tables are empty.
 */
export async function seedDemoCatalogue(options: SeedOptions = {}, db: Kysely<Database> = getAppDatabase().db): Promise<SeedResult> {
  const total = options.hotels ?? DEMO_HOTEL_COUNT;
  const batchSize = options.batchSize ?? 1000;
  const now = options.now ?? new Date();

  let done = 0;
  const priced: DemoPriceHotel[] = [];
  await db
    .insertInto("partners")
    .values(DEMO_PARTNERS.map((partner) => ({ ...partner })))
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  const load = async (target: Kysely<Database>) => {
    let batch: DemoHotel[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const rows = batch;
      batch = [];
      await upsertHotels(rows, undefined, target);
      // The demo's own 600 are priced; a benchmark's bigger catalogue brings its own prices.
      for (const hotel of rows) if (priced.length < DEMO_HOTEL_COUNT) priced.push(hotel);
      done += rows.length;
      options.onProgress?.(done, total);
    };
    for (const hotel of generateDemoHotels(total)) {
      batch.push(hotel);
      if (batch.length >= batchSize) await flush();
    }
    await flush();
  };

  if (total >= BULK_LOAD_THRESHOLD) {
    await db.transaction().execute((trx) => withGinIndexesRebuilt("hotels", () => load(trx), trx));
  } else {
    await load(db);
  }

  // A run again the same day changes nothing: the prices are current.
  const which = options.prices ?? "all";
  const prices =
    which === "none" || (await demoPricesAreCurrent(now, db))
      ? { taken: 0 }
      : await importDemoPrices(priced, now, { which, laterInBackground: options.laterPricesInBackground ?? false }, db);
  if (which !== "none") await seedDemoHistory(priced, now, db);
  const result: SeedResult = {
    hotels: done,
    prices: prices.taken,
    ...(prices.later ? { later: prices.later } : {}),
    posts: 0,
    popularLocations: 0,
    popularDestinations: 0,
    landmarks: await seedDemoLandmarks(db),
  };

  await db.transaction().execute(async (trx) => {
    const [posts, locations, destinations] = await Promise.all([
      trx
        .selectFrom("hotels_blog_posts")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow(),
      trx
        .selectFrom("popular_locations")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow(),
      trx
        .selectFrom("popular_destinations")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow(),
    ]);
    if (Number(posts.count) === 0) {
      await trx
        .insertInto("hotels_blog_posts")
        .values(
          DEMO_POSTS.map((post) => {
            const created = new Date(now.getTime() - post.daysAgo * 86_400_000);
            return {
              slug: post.slug,
              title: post.title,
              excerpt: post.excerpt,
              content: JSON.stringify(post.content),
              cover_image: post.cover_image,
              author: post.author,
              published: post.published,
              reading_time: String(readingTimeMinutes(post.content)),
              created_at: created,
              updated_at: created,
              published_at: post.published ? created : null,
            };
          }),
        )
        .execute();
      result.posts = DEMO_POSTS.length;
    }
    if (Number(locations.count) === 0) {
      await trx
        .insertInto("popular_locations")
        .values(DEMO_POPULAR_LOCATIONS.map((place, position) => ({ ...place, position })))
        .execute();
      result.popularLocations = DEMO_POPULAR_LOCATIONS.length;
    }
    if (Number(destinations.count) === 0) {
      await trx
        .insertInto("popular_destinations")
        .values(DEMO_POPULAR_DESTINATIONS.map((destination, position) => ({ ...destination, position })))
        .execute();
      result.popularDestinations = DEMO_POPULAR_DESTINATIONS.length;
    }
  });
  return result;
}

/**
 * The demo places' centres and landmarks, through the back office's own writes (createLandmark).
 * Only places without any landmark get them, so a restart adds nothing and an editor's changes
 * (a deleted landmark, another centre) stay. The number written.
 */
export async function seedDemoLandmarks(db: Kysely<Database> = getAppDatabase().db): Promise<number> {
  const taken = await placesWithLandmarks(db);
  let written = 0;
  for (const { place, landmarks } of demoLandmarks()) {
    if (taken.has(placeKeyOf(place))) continue;
    for (const landmark of landmarks) await createLandmark(place, landmark, db);
    written += landmarks.length;
  }
  return written;
}

/** The nights of the demo's price files imported before the first request; the rest may follow in the background. */
export const DEMO_NEAR_DAYS = 31;

interface WrittenFile {
  path: string;
  partnerId: string | null;
}

/**
 * The demo's prices, through the same importer as a partner's: the files its partners would send
 * (nightly rates as the CSV twin, a Transaction message, the ECB's rates; app/db/demo-prices.ts),
 * written to a temporary folder and imported one by one. Each CSV twin is cut in two by date, as a
 * partner sending its coming month often and the rest of the year daily would: the next
 * DEMO_NEAR_DAYS nights (all a price without dates needs) first, then the later ones, in the
 * background when asked (on PGlite the later 200,000 nights take longer than a first start may).
 */
async function importDemoPrices(
  hotels: readonly DemoPriceHotel[],
  now: Date,
  { which = "all", laterInBackground = false }: { which?: Exclude<DemoPrices, "none">; laterInBackground?: boolean } = {},
  db: Kysely<Database> = getAppDatabase().db,
): Promise<{ taken: number; later?: Promise<number> }> {
  if (!hotels.length) return { taken: 0 };
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "hg-demo-prices-"));
  const cutOff = addDays(todayInSweden(now), DEMO_NEAR_DAYS);
  const near: WrittenFile[] = [];
  const later: WrittenFile[] = [];
  const write = (name: string, text: string, partnerId: string | null, into: WrittenFile[]) => {
    const target = path.join(folder, name);
    fs.writeFileSync(target, text);
    into.push({ path: target, partnerId });
  };
  for (const file of generateDemoPriceFiles(hotels, now)) {
    if (!file.name.endsWith(".csv")) {
      write(file.name, file.text, file.partnerId, near);
      continue;
    }
    const [header = "", ...lines] = file.text.split("\n").filter(Boolean);
    const dateColumn = header.split(",").indexOf("date");
    const [soon, afterwards] = [[] as string[], [] as string[]];
    for (const line of lines) (line.split(",")[dateColumn]! < cutOff ? soon : afterwards).push(line);
    write(file.name, `${[header, ...soon].join("\n")}\n`, file.partnerId, near);
    if (afterwards.length) write(`later-${file.name}`, `${[header, ...afterwards].join("\n")}\n`, file.partnerId, later);
  }
  const importAll = async (files: readonly WrittenFile[]) => {
    let taken = 0;
    for (const file of files) {
      const rejectsPath = `${file.path}.rejects.ndjson`;
      if (file.partnerId === null) {
        await importEcbRates(file.path, { rejectsPath }, db);
        continue;
      }
      const report = await importPriceFeed(file.path, { partnerId: file.partnerId, now, rejectsPath }, db);
      taken += report.rows - report.rejected;
    }
    return taken;
  };
  const cleanUp = () => fs.rmSync(folder, { recursive: true, force: true });
  try {
    const taken = await importAll(near);
    if (which === "near") return { taken };
    if (!laterInBackground) return { taken: taken + (await importAll(later)) };
    return { taken, later: importAll(later).finally(cleanUp) };
  } finally {
    if (which === "near" || !laterInBackground) cleanUp();
  }
}

/** The demo's partners in this database, as the demo made them (hosts on .example). */
const demoPartnersHere = (db: Kysely<Database>) =>
  db
    .selectFrom("partners")
    .select("id")
    .where(
      "id",
      "in",
      DEMO_PARTNERS.map((partner) => partner.id),
    )
    .where("host", "like", "%.example")
    .execute();

/**
 * A year of the demo's price history (demo-prices.ts's generateDemoHistory), appended day by day
 * through the importers' own function with backdated days, once: not when the demo's partners
 * have any history yet (a restart keeps what imports have added since).
 */
async function seedDemoHistory(hotels: readonly DemoPriceHotel[], now: Date, db: Kysely<Database> = getAppDatabase().db): Promise<void> {
  if (!hotels.length) return;
  const partners = await demoPartnersHere(db);
  if (!partners.length) return;
  const seeded = await db
    .selectFrom("price_history")
    .select("hotel_id")
    .where(
      "partner_id",
      "in",
      partners.map((partner) => partner.id),
    )
    .where("observed_on", "<", todayInSweden(now))
    .limit(1)
    .executeTakeFirst();
  if (seeded) return;
  const known = new Set(partners.map((partner) => partner.id));
  const ids = await hotelIdsByFeedId(
    hotels.map((hotel) => hotel.hotel_id),
    db,
  );
  for (const day of generateDemoHistory(hotels, now)) {
    const observations = day.observations.flatMap((row) => {
      const hotelId = ids.get(row.hotelId);
      return hotelId && known.has(row.partnerId) ? [{ ...row, hotelId }] : [];
    });
    await appendObservations(observations, day.observedOn, db);
  }
}

/**
 * True when the demo's partners (hosts on .example) have no prices to keep current, or their
 * newest is younger than DEMO_PRICES_MAX_AGE_MS.
 */
async function demoPricesAreCurrent(now: Date, db: Kysely<Database> = getAppDatabase().db): Promise<boolean> {
  const partners = await demoPartnersHere(db);
  if (!partners.length) return true;
  const newest = await db
    .selectFrom("rate_plans as plan")
    .innerJoin("nightly_rates as night", "night.plan_id", "plan.id")
    .select((eb) => eb.fn.max("night.confirmed_at").as("at"))
    .where(
      "plan.partner_id",
      "in",
      partners.map((partner) => partner.id),
    )
    .executeTakeFirst();
  return Boolean(newest?.at) && now.getTime() - new Date(newest!.at!).getTime() < DEMO_PRICES_MAX_AGE_MS;
}

/** How old the demo's newest price may be before a start imports its partners' files again. */
const DEMO_PRICES_MAX_AGE_MS = 12 * 3_600_000;

/**
 * The demo's partners send no feed: a start of a demo whose prices are older than half a day
 * imports its partners' files again for today (newer prices win; nights now past are dropped by
 * housekeeping), so a demo left for weeks still compares prices for the coming months. Only the
 * demo's own partners (hosts on .example) and hotels; returns how many prices were taken.
 */
export async function keepDemoPricesCurrent(
  now: Date = new Date(),
  which: DemoPrices = "all",
  db: Kysely<Database> = getAppDatabase().db,
): Promise<number> {
  if (which === "none" || (await demoPricesAreCurrent(now, db))) return 0;
  const hotels = await db
    .selectFrom("hotels")
    .select(["hotel_id", "star_rating", "country", "price_amount"])
    .where("hotel_id", "like", "HG-%")
    .orderBy("hotel_id")
    .limit(DEMO_HOTEL_COUNT)
    .execute();
  const { taken } = await importDemoPrices(
    hotels.map((hotel) => ({
      ...hotel,
      country: hotel.country ?? "",
      price_amount: hotel.price_amount === null ? null : Number(hotel.price_amount),
    })),
    now,
    { which },
    db,
  );
  return taken;
}

/** From this many hotels on, a load rebuilds the trigram indexes once instead of row by row. */
const BULK_LOAD_THRESHOLD = 20_000;

/**
 * Runs `load` with the table's GIN indexes dropped and rebuilds them afterwards from their
 * own definitions (read from pg_indexes, so the migrations stay their only source). Building
 * a trigram index once is several times faster than updating it for every inserted row.
 * Call inside a transaction: if anything fails, the indexes are back as they were.
 */
async function withGinIndexesRebuilt(table: string, load: () => Promise<void>, trx: Kysely<Database> = getAppDatabase().db) {
  const { rows: indexes } = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename = ${table} and indexdef ilike '% using gin %'
  `.execute(trx);
  for (const index of indexes) await sql`drop index ${sql.table(`public.${index.indexname}`)}`.execute(trx);
  await load();
  for (const index of indexes) await sql.raw(index.indexdef).execute(trx);
}

/** True when the catalogue has no hotels yet (a fresh embedded database). */
export async function isCatalogueEmpty(db: Kysely<Database> = getAppDatabase().db): Promise<boolean> {
  const row = await db.selectFrom("hotels").select("id").limit(1).executeTakeFirst();
  return row === undefined;
}
