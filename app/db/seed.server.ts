import { sql, type Kysely } from "kysely";
import { readingTimeMinutes } from "#app/blog/content-blocks.ts";
import { DEMO_HOTEL_COUNT, DEMO_PARTNERS, demoOffers, generateDemoHotels, type DemoHotel } from "./demo-catalogue.ts";
import { DEMO_POPULAR_DESTINATIONS, DEMO_POPULAR_LOCATIONS, DEMO_POSTS } from "./demo-content.ts";
import { upsertHotels } from "#app/hotels/hotel-rows.server.ts";
import type { Database } from "./schema.ts";

export interface SeedOptions {
  hotels?: number;
  batchSize?: number;
  /** Called after each batch with hotels written so far. */
  onProgress?: (done: number, total: number) => void;
  now?: Date;
}

export interface SeedResult {
  hotels: number;
  posts: number;
  popularLocations: number;
  popularDestinations: number;
}

/**
 * Loads the demo catalogue: `hotels` generated hotels (upserted by hotel_id, so a rerun
 * changes nothing and a bigger run adds to it), plus the demo posts, popular places and
 * destinations when those tables are empty.
 */
export async function seedDemoCatalogue(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedResult> {
  const total = options.hotels ?? DEMO_HOTEL_COUNT;
  const batchSize = options.batchSize ?? 1000;
  const now = options.now ?? new Date();

  let done = 0;
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
      await upsertHotels(target, rows);
      await upsertDemoOffers(target, rows);
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
    await db.transaction().execute((trx) => withGinIndexesRebuilt(trx, "hotels", () => load(trx)));
  } else {
    await load(db);
  }

  const result: SeedResult = { hotels: done, posts: 0, popularLocations: 0, popularDestinations: 0 };

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

/** The demo hotels' offers, as a partner's feed would load them (upserted by hotel and partner). */
async function upsertDemoOffers(db: Kysely<Database>, hotels: DemoHotel[]): Promise<void> {
  const offers = hotels.flatMap(demoOffers);
  if (!offers.length) return;
  const ids = await db
    .selectFrom("hotels")
    .select(["id", "hotel_id"])
    .where(
      "hotel_id",
      "in",
      offers.map((offer) => offer.hotel_id),
    )
    .execute();
  const idOf = new Map(ids.map((row) => [row.hotel_id, row.id]));
  await db
    .insertInto("hotel_offers")
    .values(offers.map(({ hotel_id, ...offer }) => ({ ...offer, hotel_id: idOf.get(hotel_id)!, updated_at: sql`now()`, gone_at: null })))
    .onConflict((oc) =>
      oc.columns(["hotel_id", "partner_id"]).doUpdateSet((eb) => ({
        price_per_night: eb.ref("excluded.price_per_night"),
        landing_url: eb.ref("excluded.landing_url"),
        breakfast_included: eb.ref("excluded.breakfast_included"),
        free_cancellation: eb.ref("excluded.free_cancellation"),
        updated_at: eb.ref("excluded.updated_at"),
        gone_at: null,
      })),
    )
    .execute();
}

/**
 * The demo's partners send no feed: on each start of a demo its offers are marked current
 * again, as a daily feed would, so a demo left running for weeks still compares prices.
 */
export async function keepDemoOffersCurrent(db: Kysely<Database>): Promise<number> {
  const result = await db
    .updateTable("hotel_offers")
    .set({ updated_at: sql`now()`, gone_at: null })
    .where(
      "partner_id",
      "in",
      DEMO_PARTNERS.map((partner) => partner.id),
    )
    .where((eb) =>
      eb.exists(
        eb.selectFrom("partners").whereRef("partners.id", "=", "hotel_offers.partner_id").where("partners.host", "like", "%.example"),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** From this many hotels on, a load rebuilds the trigram indexes once instead of row by row. */
const BULK_LOAD_THRESHOLD = 20_000;

/**
 * Runs `load` with the table's GIN indexes dropped and rebuilds them afterwards from their
 * own definitions (read from pg_indexes, so the migrations stay their only source). Building
 * a trigram index once is several times faster than updating it for every inserted row.
 * Call inside a transaction: if anything fails, the indexes are back as they were.
 */
async function withGinIndexesRebuilt(trx: Kysely<Database>, table: string, load: () => Promise<void>) {
  const { rows: indexes } = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename = ${table} and indexdef ilike '% using gin %'
  `.execute(trx);
  for (const index of indexes) await sql`drop index ${sql.table(`public.${index.indexname}`)}`.execute(trx);
  await load();
  for (const index of indexes) await sql.raw(index.indexdef).execute(trx);
}

/** True when the catalogue has no hotels yet (a fresh embedded database). */
export async function isCatalogueEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("hotels").select("id").limit(1).executeTakeFirst();
  return row === undefined;
}
