import type { Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { cachedRead, clearCatalogueCache } from "./catalogue-cache.server.ts";
import { hasNewYork } from "./hotel-queries.server.ts";

type DB = Kysely<Database>;

export interface PopularDestination {
  id: string;
  name: string;
  description: string;
  image: string;
  priceText: string;
  link: string;
}

/** The curated destinations (back office), in the order the editors set. */
export function listPopularDestinations(db: DB = getAppDatabase().db): Promise<PopularDestination[]> {
  // Read on every home page, changed only in the back office (which empties the cache).
  return cachedRead(db, "popular-destinations", async () => {
    const rows = await db
      .selectFrom("popular_destinations")
      .select(["id", "name", "description", "image", "price_text", "link"])
      .orderBy("position")
      .orderBy("created_at")
      .execute();
    return rows.map(({ price_text, ...row }) => ({ ...row, priceText: price_text }));
  });
}

export interface PopularPlace {
  location: string;
  country: string | null;
}

/**
 * The home page chips: the places an administrator chose, else the default list —
 * Tokyo, London, Paris, plus New York when a hotel exists there, else Stockholm.
 */
export function listPopularPlaces(db: DB = getAppDatabase().db): Promise<PopularPlace[]> {
  return cachedRead(db, "popular-places", async () => {
    const chosen = await listChosenPlaces(db);
    if (chosen.length) return chosen;
    const fourth = (await hasNewYork(db)) ? "New York" : "Stockholm";
    return ["Tokyo", "London", "Paris", fourth].map((location) => ({ location, country: null }));
  });
}

/** The places an administrator chose for the home page, in their order (none: the default list). */
export function listChosenPlaces(db: DB = getAppDatabase().db): Promise<Array<{ location: string; country: string }>> {
  return db.selectFrom("popular_locations").select(["location", "country"]).orderBy("position").orderBy("created_at").execute();
}

/** Replaces the chosen places with these, in this order, and empties the caches that show them. */
export async function saveChosenPlaces(places: ReadonlyArray<{ country: string; location: string }>, db: DB = getAppDatabase().db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("popular_locations").execute();
    if (places.length) {
      await trx
        .insertInto("popular_locations")
        .values(places.map((place, position) => ({ country: place.country, location: place.location, position })))
        .execute();
    }
  });
  clearCatalogueCache();
}
