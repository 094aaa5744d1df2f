import { sql, type Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { readListParams } from "#app/hotels/search-params.ts";
import { cachedRead } from "#app/utils/catalogue-cache.server.ts";
import { DEFAULT_DESTINATION_PRICE, destinationLink, type DestinationInput } from "./destination-form.ts";
import { findHotel } from "./hotel-detail.server.ts";
import { loadHotelListPage } from "./list-page.server.ts";
import { getPlaceNames } from "#app/hotels/place-name-rows.server.ts";
import { findPlace, hasNewYork, resolveCountry } from "./places.server.ts";

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

const LINK_BASE = "http://site.invalid";

/**
 * How many hotels a destination's link shows a visitor, read the way its page reads them:
 * /hotels?… through the list page's own search, /{country} and /{country}/{place} as those
 * pages find them, /{country}/{place}/{hotel} as one or none. Any other path of the site shows
 * no hotels (0); a link to another site (http, https) is not ours to count (null).
 */
export async function countHotelsForLink(link: string, db: DB = getAppDatabase().db): Promise<number | null> {
  const url = new URL(link, LINK_BASE);
  if (url.origin !== LINK_BASE) return null;
  let segments: string[];
  try {
    segments = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return 0; // A malformed escape: the router answers it with an error, not hotels.
  }
  const [first, second, third] = segments;
  if (segments.length === 1 && first!.toLowerCase() === "hotels") return listTotal(url, {}, db);
  if (segments.length === 1) {
    const country = await resolveCountry(first!, db);
    return country ? listTotal(url, { country }, db) : 0;
  }
  if (segments.length === 2) {
    const place = await findPlace(first!, second!, db);
    return place ? listTotal(url, place, db) : 0;
  }
  if (segments.length === 3) return (await findHotel(first!, second!, third!, db)) ? 1 : 0;
  return 0;
}

/** The hotels of a list page in all; 0 when the page it asks for is past the last (a 404). */
async function listTotal(url: URL, fixed: { country?: string; location?: string }, db: DB): Promise<number> {
  const wantedPage = readListParams(url.searchParams).page;
  const first = new URL(url);
  first.searchParams.delete("sida");
  const page = await loadHotelListPage(first, fixed, db);
  // The list page shows an error text when its query fails: that is no answer, not "no hotels".
  if (page.failed) throw new Error("hotel list query failed");
  return wantedPage > Math.max(1, page.pageCount) ? 0 : page.total;
}

/** Adds a destination after the others (an empty price or link gets the default). */
export async function addPopularDestination(value: DestinationInput, db: DB = getAppDatabase().db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom("popular_destinations")
      .select(sql<number>`coalesce(max(position), -1)::int`.as("max"))
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("popular_destinations")
      .values({
        name: value.name,
        description: value.description,
        image: value.image,
        price_text: value.price || DEFAULT_DESTINATION_PRICE,
        link: destinationLink(value),
        position: last.max + 1,
      })
      .execute();
  });
}

/** Changes a destination in place (an empty price or link gets the default); its new name, or null when there is none with that id. */
export async function updatePopularDestination(id: string, value: DestinationInput, db: DB = getAppDatabase().db): Promise<string | null> {
  const updated = await db
    .updateTable("popular_destinations")
    .set({
      name: value.name,
      description: value.description,
      image: value.image,
      price_text: value.price || DEFAULT_DESTINATION_PRICE,
      link: destinationLink(value),
    })
    .where("id", "=", id)
    .returning("name")
    .executeTakeFirst();
  return updated?.name ?? null;
}

/** Removes a destination; its name, or null when there was none with that id. */
export async function removePopularDestination(id: string, db: DB = getAppDatabase().db): Promise<string | null> {
  const removed = await db.deleteFrom("popular_destinations").where("id", "=", id).returning("name").executeTakeFirst();
  return removed?.name ?? null;
}

/** Swaps a destination with its neighbour above or below; the first cannot go up, nor the last down. */
export async function movePopularDestination(id: string, direction: "up" | "down", db: DB = getAppDatabase().db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom("popular_destinations").select("id").orderBy("position").orderBy("created_at").forUpdate().execute();
    const index = rows.findIndex((row) => row.id === id);
    const target = direction === "up" ? index - 1 : index + 1;
    if (index === -1 || target < 0 || target >= rows.length) return;
    [rows[index], rows[target]] = [rows[target]!, rows[index]!];
    // Positions are rewritten 0..n-1, which also repairs any gaps or ties.
    for (const [position, row] of rows.entries())
      await trx.updateTable("popular_destinations").set({ position }).where("id", "=", row.id).execute();
  });
}

export interface PopularPlace {
  location: string;
  country: string | null;
  /** The Swedish name the chip shows. */
  location_name: string;
}

/**
 * The home page chips: the places an administrator chose, else Tokyo, London, Paris, plus
 * New York when a hotel exists there, else Stockholm.
 */
export function listPopularPlaces(db: DB = getAppDatabase().db): Promise<PopularPlace[]> {
  return cachedRead(db, "popular-places", async () => {
    const [chosen, names] = await Promise.all([listChosenPlaces(db), getPlaceNames(db)]);
    if (chosen.length) return chosen.map((place) => ({ ...place, location_name: names.place(place.country, place.location) }));
    const fourth = (await hasNewYork(db)) ? "New York" : "Stockholm";
    return ["Tokyo", "London", "Paris", fourth].map((location) => ({ location, country: null, location_name: location }));
  });
}

/** The places an administrator chose for the home page, in their order (none: the default list). */
export function listChosenPlaces(db: DB = getAppDatabase().db): Promise<Array<{ location: string; country: string }>> {
  return db.selectFrom("popular_locations").select(["location", "country"]).orderBy("position").orderBy("created_at").execute();
}

/** Replaces the chosen places with these, in this order, and empties the caches that show them. */
export async function saveChosenPlaces(
  places: ReadonlyArray<{ country: string; location: string }>,
  db: DB = getAppDatabase().db,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("popular_locations").execute();
    if (places.length) {
      await trx
        .insertInto("popular_locations")
        .values(places.map((place, position) => ({ country: place.country, location: place.location, position })))
        .execute();
    }
  });
}
