import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { CARD_LIMITS, HOTEL_DEFAULTS, normalizeHotel, stripTrailingPeriod, truncate, type Hotel } from "#app/hotels/hotel.ts";
import { sortSwedish } from "#app/hotels/swedish-sort.ts";
import { cachedRead } from "./catalogue-cache.server.ts";
import { withoutControlChars, type SortKey } from "#app/hotels/search-params.ts";

type DB = Kysely<Database>;
type HotelsEb = ExpressionBuilder<Database, "hotels">;

export const HOTEL_PAGE_SIZE = 100;
const SUGGESTION_MIN_LENGTH = 2;
const SUGGESTION_LIMIT = 10;

export type HotelSort = SortKey;

export interface HotelFilters {
  hotelId?: string;
  country?: string;
  location?: string;
  /** Minimum star rating; hotels without one are left out. */
  minStars?: number;
  search?: string;
  sort?: HotelSort;
  page?: number;
  limit?: number;
}

/** What a hotel card shows: no more than that goes to the browser. */
export type HotelSummary = Pick<
  Hotel,
  | "id"
  | "hotel_id"
  | "name"
  | "description"
  | "rating"
  | "review_count"
  | "star_rating"
  | "price_amount"
  | "price_currency"
  | "image_path"
  | "amenities"
  | "location"
  | "country"
  | "latitude"
  | "longitude"
  | "address"
> & { images: string[] };

/**
 * Escapes LIKE metacharacters so the visitor's text is matched literally, and strips a
 * trailing period. Blank input gives undefined: no filter.
 */
export function likePattern(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const cleaned = stripTrailingPeriod(withoutControlChars(value));
  if (!cleaned) return undefined;
  return `%${cleaned.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const clean = (value: string | undefined) => {
  const trimmed = value === undefined ? "" : stripTrailingPeriod(withoutControlChars(value));
  return trimmed || undefined;
};

const samePlace = (column: "country" | "location", value: string) => sql<SqlBool>`${sql.ref(`${column}_key`)} = place_key(${value})`;

const ilike = (column: "name" | "description" | "location" | "country", pattern: string) =>
  sql<SqlBool>`${sql.ref(column)} ilike ${pattern} escape '\\'`;

function whereFilters(eb: HotelsEb, filters: HotelFilters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  const hotelId = clean(filters.hotelId);
  const country = clean(filters.country);
  const location = clean(filters.location);
  const pattern = likePattern(filters.search);
  if (hotelId) conditions.push(eb("hotel_id", "=", hotelId));
  if (country) conditions.push(samePlace("country", country));
  if (location) conditions.push(samePlace("location", location));
  if (filters.minStars !== undefined) conditions.push(eb("star_rating", ">=", filters.minStars));
  if (pattern) conditions.push(eb.or([ilike("name", pattern), ilike("description", pattern), ilike("location", pattern)]));
  return eb.and(conditions);
}

const CARD_DESCRIPTION_CHARS = 240;

/** One page of the hotel list, sorted; exported so the benchmark can EXPLAIN it. */
export function hotelListQuery(db: DB, filters: HotelFilters = {}) {
  const limit = Math.min(Math.max(filters.limit ?? HOTEL_PAGE_SIZE, 1), HOTEL_PAGE_SIZE);
  const page = Math.max(1, Math.floor(filters.page ?? 1));
  let query = db
    .selectFrom("hotels")
    .where((eb) => whereFilters(eb, filters))
    .select([
      "id",
      "hotel_id",
      "name",
      "rating",
      "review_count",
      "star_rating",
      "price_amount",
      "price_currency",
      "image_path",
      "additional_image_paths",
      "amenities",
      "location",
      "country",
      "latitude",
      "longitude",
      "address",
    ])
    // Only the start of the text is shown on a card; don't ship the rest.
    .select(sql<string>`left(coalesce(nullif(rewritten_text, ''), description), ${CARD_DESCRIPTION_CHARS})`.as("description"));

  // Each order has an index of the same shape (migration 20261121130000_list_sort_indexes).
  switch (filters.sort ?? "rekommenderat") {
    case "pris":
      query = query.orderBy(sql`price_amount asc nulls last`);
      break;
    case "betyg":
      query = query.orderBy(sql`rating desc nulls last`).orderBy(sql`review_count desc nulls last`);
      break;
    case "stjarnor":
      query = query.orderBy(sql`star_rating desc nulls last`).orderBy(sql`rating desc nulls last`);
      break;
    default:
      // Recommended: hotels a visitor can book through a partner first, then the best rated.
      query = query
        .orderBy("has_affiliate_url", "desc")
        .orderBy(sql`rating desc nulls last`)
        .orderBy(sql`review_count desc nulls last`);
  }
  return query
    .orderBy("id")
    .limit(limit)
    .offset((page - 1) * limit);
}

/** The hotel list with paging and sorting: one page of cards and the total count. */
export async function searchHotels(db: DB, filters: HotelFilters = {}): Promise<{ hotels: HotelSummary[]; total: number }> {
  const [hotels, count] = await Promise.all([
    hotelCards(db, filters),
    db
      .selectFrom("hotels")
      .where((eb) => whereFilters(eb, filters))
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { hotels, total: Number(count.total) };
}

/** One page of the list as cards, without the count (for lists that show none). */
export async function hotelCards(db: DB, filters: HotelFilters = {}): Promise<HotelSummary[]> {
  return (await hotelListQuery(db, filters).execute()).map(toHotelSummary);
}

/** A list row as a card shows it (no more than CARD_LIMITS). */
function toHotelSummary(row: Record<string, unknown>): HotelSummary {
  const hotel = normalizeHotel(row);
  return {
    id: hotel.id,
    hotel_id: hotel.hotel_id,
    name: hotel.name,
    description: truncate(hotel.description, CARD_LIMITS.description),
    rating: hotel.rating,
    review_count: hotel.review_count,
    star_rating: hotel.star_rating,
    price_amount: hotel.price_amount,
    price_currency: hotel.price_currency,
    image_path: hotel.image_path,
    images: hotel.additional_image_paths.filter((image) => image !== hotel.image_path).slice(0, CARD_LIMITS.images - 1),
    amenities: hotel.amenities.slice(0, CARD_LIMITS.amenities),
    location: hotel.location,
    country: hotel.country,
    latitude: hotel.latitude,
    longitude: hotel.longitude,
    address: hotel.address,
  };
}

/** Places, optionally in one country, in Swedish order. */
export function listLocations(db: DB, country?: string): Promise<string[]> {
  const wanted = clean(country);
  return cachedRead(db, `locations:${wanted ?? ""}`, async () => {
    let query = db.selectFrom("hotels").select("location").distinct().where("location", "is not", null).where("location", "<>", "");
    if (wanted) query = query.where(samePlace("country", wanted));
    const rows = await query.execute();
    return sortSwedish(rows.map((row) => row.location));
  });
}

export interface PlaceOption {
  id: string;
  location: string;
  country: string;
}

/** Every place with its country, in Swedish order of place (then of country). */
export function listLocationsWithCountry(db: DB = getAppDatabase().db): Promise<PlaceOption[]> {
  return cachedRead(db, "places-with-country", async () => {
    const rows = await db
      .selectFrom("hotels")
      .select(["location", "country"])
      .distinct()
      .where("location", "is not", null)
      .where("location", "<>", "")
      .where("country", "is not", null)
      .where("country", "<>", "")
      .execute();
    const collator = new Intl.Collator("sv-SE");
    return rows
      .map((row) => ({ id: `${row.country}-${row.location}`, location: row.location!, country: row.country! }))
      .sort((a, b) => collator.compare(a.location, b.location) || collator.compare(a.country, b.country));
  });
}

/** The country as stored, for a URL segment in any case or spelling of accents; null if none. */
export async function findCountry(segment: string, db: DB = getAppDatabase().db): Promise<string | null> {
  const value = clean(segment);
  if (!value) return null;
  const row = await db.selectFrom("hotels").select("country").where(samePlace("country", value)).limit(1).executeTakeFirst();
  return row?.country ?? null;
}

/** The place and its country as stored; null when there is no such place in that country. */
export async function findPlace(
  countrySegment: string,
  locationSegment: string,
  db: DB = getAppDatabase().db,
): Promise<{ country: string; location: string } | null> {
  const country = clean(countrySegment);
  const location = clean(locationSegment);
  if (!country || !location) return null;
  const row = await db
    .selectFrom("hotels")
    .select(["country", "location"])
    .where(samePlace("country", country))
    .where(samePlace("location", location))
    .limit(1)
    .executeTakeFirst();
  return row?.country && row.location ? { country: row.country, location: row.location } : null;
}

export interface Suggestions {
  hotels: Array<{ id: string; hotel_id: string; name: string; country: string; location: string }>;
  countries: string[];
  places: Array<{ location: string; country: string }>;
}

/** Hotels whose name, country or place contains the pattern, by name; exported for the benchmark. */
export function hotelSuggestionQuery(db: DB, pattern: string) {
  return db
    .selectFrom("hotels")
    .select(["id", "hotel_id", "name", "country", "location"])
    .where((eb) => eb.or([ilike("name", pattern), ilike("country", pattern), ilike("location", pattern)]))
    .orderBy("name")
    .orderBy("id")
    .limit(SUGGESTION_LIMIT);
}

/** Search-bar suggestions: hotels by name, country or place (max 10), countries and places (max 5 each). */
export async function suggest(query: string, db: DB = getAppDatabase().db): Promise<Suggestions> {
  const cleaned = stripTrailingPeriod(query);
  const pattern = likePattern(cleaned);
  if (!pattern || cleaned.length < SUGGESTION_MIN_LENGTH) return { hotels: [], countries: [], places: [] };
  // Countries and places come from the cached place list: a few dozen rows, not a scan.
  const [hotels, places] = await Promise.all([hotelSuggestionQuery(db, pattern).execute(), listLocationsWithCountry(db)]);
  const needle = cleaned.toLocaleLowerCase("sv-SE");
  const contains = (value: string) => value.toLocaleLowerCase("sv-SE").includes(needle);
  const countries = sortSwedish(places.map((place) => place.country).filter(contains)).slice(0, 5);
  const matchingPlaces = places
    .filter((place) => contains(place.location))
    .map(({ location, country }) => ({ location, country }))
    .slice(0, 5);
  return {
    hotels: hotels.map((row) => ({
      id: row.id,
      hotel_id: row.hotel_id,
      name: row.name?.trim() || HOTEL_DEFAULTS.name,
      country: row.country?.trim() ?? "",
      location: row.location?.trim() ?? "",
    })),
    countries,
    places: matchingPlaces,
  };
}

/** Up to four hotels for a home-page chip: of that place (the same place, not a text search). */
export function popularHotels(location: string, country?: string, db: DB = getAppDatabase().db): Promise<HotelSummary[]> {
  // The home page's four cards: one of a handful of chosen places, so the cache stays small.
  return cachedRead(db, `popular-hotels:${country ?? ""}|${location}`, () => hotelCards(db, { location, country, limit: 4 }));
}

/** Whether any hotel is in New York: the default chips then show it, else Stockholm. */
export async function hasNewYork(db: DB = getAppDatabase().db): Promise<boolean> {
  const row = await db.selectFrom("hotels").select("hotel_id").where("location", "=", "New York").limit(1).executeTakeFirst();
  return row !== undefined;
}
