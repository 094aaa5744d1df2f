import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { cachedRead } from "./catalogue-cache.server.ts";

export interface PopularDestination {
  id: string;
  name: string;
  description: string;
  image: string;
  priceText: string;
  link: string;
}

/** The curated destinations (back office), in the order the editors set. */
export function listPopularDestinations(db: Kysely<Database>): Promise<PopularDestination[]> {
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
 * The home page chips: the places an administrator chose, else the spec's default list —
 * Tokyo, London, Paris, plus New York when a hotel exists there, else Stockholm.
 */
export function listPopularPlaces(db: Kysely<Database>, hasNewYork: () => Promise<boolean>): Promise<PopularPlace[]> {
  return cachedRead(db, "popular-places", async () => {
    const chosen = await db.selectFrom("popular_locations").select(["location", "country"]).orderBy("position").orderBy("created_at").execute();
    if (chosen.length) return chosen;
    const fourth = (await hasNewYork()) ? "New York" : "Stockholm";
    return ["Tokyo", "London", "Paris", fourth].map((location) => ({ location, country: null }));
  });
}
