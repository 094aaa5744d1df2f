import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import { shownDescription } from "#app/hotels/description-sql.server.ts";
import { escapeLike, stripTrailingPeriod, withoutControlChars } from "#app/utils/fold-text.ts";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { CARD_LIMITS, HOTEL_DEFAULTS, normalizeHotel, type Hotel } from "#app/hotels/hotel-record.ts";
import { cachedRead } from "#app/utils/catalogue-cache.server.ts";
import { type SortKey } from "#app/hotels/search-params.ts";
import { placeKey, withPlaceNames, type NamedPlace, type PlaceNames } from "./place-names.ts";
import { getPlaceNames } from "#app/hotels/place-name-rows.server.ts";
import { withCurrentOfferSummaries } from "#app/offers/offer-summaries.server.ts";
import { hasDates, nightsOf, type DatedStay, type Stay } from "#app/utils/stay.ts";
import { ANY_CONDITIONS } from "#app/prices/conditions.ts";
import type { ListPrice } from "#app/prices/price-offer.ts";
import { leadPricesFor, listStayPrices } from "#app/prices/stay-prices.server.ts";
import { usualPrices } from "#app/prices/price-history.server.ts";
import { comparableStay, type UsualPrice } from "#app/prices/deal.ts";
import { placesCloseTo, placesNamedBy, TYPO_MIN_LENGTH, type NamedCountry, type NamedLocation } from "./places.server.ts";
import { toAmenity } from "./amenities.ts";
import type { MapArea } from "./map-area.ts";
import { truncate } from "#app/utils/format.ts";
import { haversineLimit, radiusBoxes, type Coordinates, type Radius } from "#app/location/distance.ts";

type DB = Kysely<Database>;
type HotelsEb = ExpressionBuilder<Database, "hotels">;
/** An ORDER BY added to a query on hotels, whatever it selects. */
type Ordering = <Row>(query: SelectQueryBuilder<Database, "hotels", Row>) => SelectQueryBuilder<Database, "hotels", Row>;

/**
 * Hotels per list page (/hotels, country and place pages). 24 fills whole rows of 2, 3 or 4
 * and keeps a list page light on a phone: 100 cards made a 688 kB document, 62,000 px tall
 * at 390 px, with 100 cards to hydrate before the page answered a tap (decision 026).
 */
export const HOTEL_PAGE_SIZE = 24;
/**
 * A search, or a list narrowed by stars, prices, guest rating or amenities, counts and lists at
 * most this many hotels; past it the count says "över 1 000". At a million hotels "stockholm"
 * matched 56,828 and "spa" 307,454: finding, ranking and counting every match took 4–8 s
 * (decision 037). Each way a search finds hotels reads at most one more than this from its
 * index, so a page costs the same at any catalogue size. Every list pages through this many at
 * most, a whole country's or the catalogue's too (decision 038): page 10,000 of /hotels read
 * the 239,976 rows before it (4 s at a million hotels).
 */
export const LIST_MATCH_LIMIT = 1000;
const SUGGESTION_MIN_LENGTH = 2;
const SUGGESTION_LIMIT = 10;

export type HotelSort = SortKey;

export interface HotelFilters {
  hotelId?: string;
  country?: string;
  location?: string;
  /** A neighbourhood of the place: hotels whose district has this slug (hotels.district_slug). */
  district?: string;
  /** Minimum star rating; hotels without one are left out. */
  minStars?: number;
  /** Lowest current offer per night within this range, in kronor; hotels without offers are left out. */
  priceMin?: number;
  priceMax?: number;
  /** Minimum guest rating (1–10). */
  minGuestRating?: number;
  /** Amenity keys every hotel must have. */
  amenities?: readonly string[];
  search?: string;
  sort?: HotelSort;
  page?: number;
  limit?: number;
  /** The visitor's stay: with dates, prices (and the price filter and sort) are the stay's totals. */
  stay?: Stay;
  /** Bits of app/prices/conditions.ts the shown offer must meet; a hotel without such an offer is not listed. */
  conditions?: number;
  /** The map's area (`omrade`): hotels whose coordinates lie in it, edges included. */
  area?: MapArea;
  /** The point `avstand` sorts by distance to (the place's centre or chosen landmark); without it, that sort is the recommended one. */
  near?: Coordinates;
  /** A landmark's page: hotels within the radius of it (great-circle), wherever the catalogue files them. */
  within?: Radius;
  /**
   * Every page of the list at once (up to LIST_MATCH_LIMIT) rather than `page`, without the cards'
   * descriptions and deal badges: the map's markers (listMarkerHotels, decision 082).
   */
  wholeList?: boolean;
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
  | "slug"
  | "latitude"
  | "longitude"
  | "address"
  | "district"
> &
  NamedPlace & {
    images: string[];
    /** The lead price without dates (null without offers) and how many partners sell the hotel. */
    offer_price: number | null;
    offer_count: number;
    /** What the card and the marker show: the stay's total with dates, else the lead price per night. */
    price: ListPrice | null;
    /** Dates are chosen and no partner can sell the stay (the card says so; such hotels come last). */
    soldOut: boolean;
    /** What comparable stays usually cost (a priced list's page only): the card's deal badge (app/prices/deal.ts). */
    usual?: UsualPrice | null;
    /** "1,2 km till centrum" (a list page only, app/location/distance.ts); null without coordinates or a centre. */
    distance?: string | null;
  };

const clean = (value: string | undefined) => {
  const trimmed = value === undefined ? "" : stripTrailingPeriod(withoutControlChars(value));
  return trimmed || undefined;
};

const samePlace = (column: "country" | "location", value: string) => sql<SqlBool>`${sql.ref(`${column}_key`)} = place_key(${value})`;

const ilike = (column: "name" | "description" | "location" | "country", pattern: string) =>
  sql<SqlBool>`${sql.ref(column)} ilike ${pattern} escape '\\'`;

/**
 * A visitor's search text as the list matches it: the countries and places it names (any
 * spelling, one typo forgiven), and its key for matching hotel names (case and accents ignored).
 */
export interface SearchTerms {
  text: string;
  key: string;
  countries: NamedCountry[];
  places: NamedLocation[];
  /**
   * Places the text names only with a typo while it names others outright ('malmo': Málaga
   * beside Malmö): their hotels come after every other match, while those leave room.
   */
  nearPlaces: NamedLocation[];
  /** The words beside a place the text names ('stockholm spa': 'spa'), as keys; empty without such a place. */
  wish: string[];
}

/** Words that say nothing of what a visitor wants of a hotel ("hotell nära stranden i nice"). */
const FILLER_WORDS = new Set([
  "hotell",
  "hotel",
  "hotels",
  "hotellet",
  "med",
  "i",
  "pa",
  "vid",
  "nara",
  "och",
  "for",
  "till",
  "ett",
  "en",
  "in",
  "with",
  "near",
  "the",
  "and",
]);

/** How many of a named place's hotels, in its list order, a wish is looked for among. */
const WISH_SCAN_ROWS = 5 * LIST_MATCH_LIMIT;

/** The most words (less filler) a text is split into to find a place among them: 15 runs of words to look up at most. */
const MAX_SPLIT_WORDS = 5;

export async function searchTerms(search: string | undefined, db: DB = getAppDatabase().db): Promise<SearchTerms | null> {
  const text = clean(search);
  if (!text) return null;
  const key = placeKey(text);
  const named = await placesNamedBy(text, { prefix: false }, db);
  const outright = { countries: named.countries.filter((row) => row.exact), places: named.places.filter((row) => row.exact) };
  if (outright.countries.length || outright.places.length)
    return { text, key, ...outright, nearPlaces: named.places.filter((row) => !row.exact), wish: [] };
  return (await placeWithWish(text, key, db)) ?? { text, key, ...named, nearPlaces: [], wish: [] };
}

/**
 * A place named outright by some of the text's words, and the words beside it that are not
 * filler ('spa stockholm', 'göteborg med frukost'): the longest run of words that names a
 * place wins. Null when no run does, or the text is one word.
 */
export async function placeWithWish(text: string, key: string = placeKey(text), db: DB = getAppDatabase().db): Promise<SearchTerms | null> {
  const typed = key.split(" ").filter(Boolean);
  // Filler goes first, so "hotell nära stranden i nice med frukost" is three words to split.
  const words = typed.filter((word) => !FILLER_WORDS.has(word));
  if (typed.length < 2 || words.length === 0 || words.length > MAX_SPLIT_WORDS) return null;
  for (let length = words.length; length >= 1; length--) {
    for (let start = 0; start + length <= words.length; start++) {
      const named = await placesNamedBy(words.slice(start, start + length).join(" "), { prefix: false, typos: false }, db);
      const countries = named.countries.filter((row) => row.exact);
      const places = named.places.filter((row) => row.exact);
      if (!countries.length && !places.length) continue;
      const wish = [...words.slice(0, start), ...words.slice(start + length)];
      return { text, key, countries, places, nearPlaces: [], wish: [...new Set(wish)] };
    }
  }
  return null;
}

/**
 * Whether a hotel has what a wished word asks for: the amenity it names ('spa', 'frukost',
 * 'stranden' → strand) or the word in its name or description.
 */
function wishMet(word: string): Expression<SqlBool> {
  const amenity = wishedAmenity(word);
  const inText = insidePattern(word);
  const conditions = [
    ...(amenity ? [sql<SqlBool>`amenity_keys @> ${sql.val([amenity])}::text[]`] : []),
    ...(inText ? [sql<SqlBool>`name_key like ${inText}`, ilike("description", inText)] : []),
  ];
  return conditions.length ? sql<SqlBool>`(${sql.join(conditions, sql` or `)})` : sql<SqlBool>`false`;
}

/** The amenity a word names, also in its definite form ('stranden', 'poolen', 'frukosten'). */
function wishedAmenity(word: string): string | null {
  for (const form of [word, word.replace(/(en|et|n|t)$/, "")]) {
    const { key } = toAmenity(form);
    if (key) return key;
  }
  return null;
}

/** How many of the wished words a hotel meets (0 without a wish). */
const wishScore = (terms: SearchTerms) =>
  terms.wish.length
    ? sql<number>`(${sql.join(
        terms.wish.map((word) => sql`(case when ${wishMet(word)} then 1 else 0 end)`),
        sql` + `,
      )})`
    : sql<number>`0`;

/** Each country and place the text names, as a condition on the stored keys: plain SQL, for the hotels or the search's candidate rows alike. */
const namedPlaces = (terms: SearchTerms) => [
  ...terms.countries.map((country) => sql<SqlBool>`country_key = ${country.country_key}`),
  ...terms.places.map((place) => sql<SqlBool>`(country_key = ${place.country_key} and location_key = ${place.location_key})`),
];

/** Hotels in a country or place the text names. */
function inNamedPlace(terms: SearchTerms): Expression<SqlBool> {
  const named = namedPlaces(terms);
  return named.length ? sql<SqlBool>`(${sql.join(named, sql` or `)})` : sql<SqlBool>`false`;
}

/** Hotels in a place the text names only with a typo. */
function inNearPlace(terms: SearchTerms): Expression<SqlBool> {
  const near = namedPlaces({ ...terms, countries: [], places: terms.nearPlaces });
  return near.length ? sql<SqlBool>`(${sql.join(near, sql` or `)})` : sql<SqlBool>`false`;
}

const nameStarts = (terms: SearchTerms) => (terms.key ? sql<SqlBool>`name_key like ${`${escapeLike(terms.key)}%`}` : sql<SqlBool>`false`);

/**
 * The pattern for text inside a name or description, or null when an index could not look it
 * up. The trigram indexes need a trigram: a run of three letters or digits finds the text
 * anywhere; one or two characters match the start of a word (' st', as the search box does;
 * '%st%' read every row). Anything else ('%', 'd_k', 'a b') is looked for at the start of names
 * only: '%' read every row (8.7 s at a million hotels), 'd_k' 2.8 s.
 */
function insidePattern(text: string): string | null {
  if (/[\p{L}\p{N}]{3}/u.test(text)) return `%${escapeLike(text)}%`;
  if (text.length <= 2 && /^[\p{L}\p{N}]+$/u.test(text)) return `% ${escapeLike(text)}%`;
  return null;
}

/** The list's filters other than the search text. */
function whereFilters(eb: HotelsEb, filters: HotelFilters): Expression<SqlBool> {
  return eb.and([whereScope(eb, filters), whereNarrowed(eb, filters)]);
}

/** The hotel, country or place a list is of. */
function whereScope(eb: HotelsEb, filters: HotelFilters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  const hotelId = clean(filters.hotelId);
  const country = clean(filters.country);
  const location = clean(filters.location);
  if (hotelId) conditions.push(eb("hotel_id", "=", hotelId));
  if (country) conditions.push(samePlace("country", country));
  if (location) conditions.push(samePlace("location", location));
  if (filters.area) conditions.push(inMapArea(filters.area));
  if (filters.district) conditions.push(eb("district_slug", "=", filters.district));
  if (filters.within) conditions.push(withinRadius(filters.within));
  return eb.and(conditions);
}

/**
 * The haversine's inner term between a row's coordinates and a point, which grows with their
 * great-circle distance (app/location/distance.ts): sorts and radii compare it, without asin and sqrt.
 */
export function haversineTerm(
  point: { latitude: number | RawBuilder<unknown>; longitude: number | RawBuilder<unknown> },
  lat: RawBuilder<unknown> = sql.ref("latitude"),
  lng: RawBuilder<unknown> = sql.ref("longitude"),
) {
  return sql<number>`power(sin(radians(${lat} - ${point.latitude}::float8) / 2), 2) + cos(radians(${point.latitude}::float8)) * cos(radians(${lat})) * power(sin(radians(${lng} - ${point.longitude}::float8) / 2), 2)`;
}

/**
 * Hotels within the radius: the boxes round it on the position index first (one, two across the
 * antimeridian), then the exact great-circle distance.
 */
export function withinRadius(radius: Radius): Expression<SqlBool> {
  const boxes = radiusBoxes(radius).map((one) => inMapArea(one));
  return sql<SqlBool>`((${sql.join(boxes, sql` or `)}) and ${haversineTerm(radius.centre)} <= ${haversineLimit(radius.metres)}::float8)`;
}

/** A box of the hotels' positions (longitude, latitude), as hotels_position_idx holds them. */
const box = (west: number, south: number, east: number, north: number) =>
  sql`box(point(${west}::float8, ${south}::float8), point(${east}::float8, ${north}::float8))`;

/**
 * Hotels in the area, on the GiST index of point(longitude, latitude) (migration
 * 20261206200000_hotel_positions, decision 078). An area across the antimeridian is two boxes.
 */
export function inMapArea({ south, west, north, east }: MapArea): Expression<SqlBool> {
  const position = sql`point(longitude, latitude)`;
  if (west <= east) return sql<SqlBool>`${position} <@ ${box(west, south, east, north)}`;
  return sql<SqlBool>`(${position} <@ ${box(west, south, 180, north)} or ${position} <@ ${box(-180, south, east, north)})`;
}

/** Stars, prices, guest rating and amenities. */
function whereNarrowed(eb: HotelsEb, filters: HotelFilters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filters.minStars !== undefined) conditions.push(eb("star_rating", ">=", filters.minStars));
  const wanted = filters.conditions ?? ANY_CONDITIONS;
  if (wanted !== ANY_CONDITIONS) {
    // An offer meeting the conditions, its lead price in the range (hotel_lead_prices' key, per hotel).
    const range = [
      ...(filters.priceMin === undefined ? [] : [sql` and lead.price >= ${filters.priceMin}`]),
      ...(filters.priceMax === undefined ? [] : [sql` and lead.price <= ${filters.priceMax}`]),
    ];
    conditions.push(
      sql<SqlBool>`exists (select 1 from hotel_lead_prices lead where lead.hotel_id = hotels.id and lead.conditions = ${wanted}${sql.join(range, sql``)})`,
    );
  } else {
    // Offers only; where there is one, shown_price is the lowest offer, and a range of its index is read.
    if (filters.priceMin !== undefined || filters.priceMax !== undefined) conditions.push(eb("offer_price", "is not", null));
    if (filters.priceMin !== undefined) conditions.push(eb("shown_price", ">=", filters.priceMin));
    if (filters.priceMax !== undefined) conditions.push(eb("shown_price", "<=", filters.priceMax));
  }
  if (filters.minGuestRating !== undefined) conditions.push(eb("rating", ">=", filters.minGuestRating));
  // Containment on the amenity_keys GIN index.
  if (filters.amenities?.length) conditions.push(sql<SqlBool>`amenity_keys @> ${sql.val([...filters.amenities])}::text[]`);
  return eb.and(conditions);
}

const CARD_DESCRIPTION_CHARS = 240;

const CARD_COLUMNS = [
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
  "district",
  "slug",
  "offer_price",
  "offer_count",
] as const;

// Only the start of the text is shown on a card; don't ship the rest.
const cardDescription = sql<string>`left(${shownDescription}, ${CARD_DESCRIPTION_CHARS})`.as("description");
/** A marker shows no description: the whole list's rows are read without it. */
const listDescription = (filters: HotelFilters) => (filters.wholeList ? sql<string>`''`.as("description") : cardDescription);

/**
 * Each list order as ORDER BY terms before the final id, on `table`'s columns. Each has an index
 * of the same shape (migrations 20261121130000_list_sort_indexes, 20261129110000_place_list_indexes).
 */
function sortTerms(sort: HotelSort, table?: "relevant", wanted: number = ANY_CONDITIONS, near?: Coordinates) {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  switch (sort) {
    case "avstand":
      if (near) {
        // The haversine's inner term, which grows with the great-circle distance (app/location/distance.ts):
        // the same order without asin and sqrt. Hotels without coordinates have none, so come last.
        return [sql`${haversineTerm(near, column("latitude"), column("longitude"))} asc nulls last`];
      }
      return sortTerms("rekommenderat", table);
    case "pris":
      // The price the card shows: the lead price (hotels_shown_price_idx), or the one for the conditions asked for.
      if (wanted !== ANY_CONDITIONS)
        return [
          sql`(select lead.price from hotel_lead_prices lead where lead.hotel_id = ${column("id")} and lead.conditions = ${wanted}) asc nulls last`,
        ];
      return [sql`${column("shown_price")} asc nulls last`];
    case "betyg":
      return [sql`${column("rating")} desc nulls last`, sql`${column("review_count")} desc nulls last`];
    case "stjarnor":
      return [sql`${column("star_rating")} desc nulls last`, sql`${column("rating")} desc nulls last`];
    default:
      // Hotels a visitor can book through a partner first, then the best rated.
      return [
        sql`${column("has_affiliate_url")} desc`,
        sql`${column("rating")} desc nulls last`,
        sql`${column("review_count")} desc nulls last`,
      ];
  }
}

/**
 * One page of the hotel list, sorted; exported so the benchmark can EXPLAIN it. A search is
 * searchPageQuery; without one, the list is read in the index of its order.
 */
export function hotelListQuery(filters: HotelFilters = {}, terms: SearchTerms | null = null, db: DB = getAppDatabase().db) {
  const { limit, offset } = pageWindow(filters);
  if (terms) return searchPageQuery(filters, terms, { limit, offset }, db);
  let query = db
    .selectFrom("hotels")
    .where((eb) => whereFilters(eb, filters))
    .select([...CARD_COLUMNS, listDescription(filters)]);
  for (const term of sortTerms(filters.sort ?? "rekommenderat", undefined, filters.conditions, filters.near)) query = query.orderBy(term);
  return query.orderBy("id").limit(limit).offset(offset);
}

/** What any list order (sortTerms) reads of a hotel: an area's hotels are read with these alone. */
const ORDER_COLUMNS = ["id", "has_affiliate_url", "rating", "review_count", "shown_price", "star_rating", "latitude", "longitude"] as const;

/**
 * Up to this many hotels, a map area's page is sorted from the area's hotels, read once with
 * their count (areaPageRows); past it the page walks its order's index (decision 081). At a
 * million hotels the two cost the same at about 5,000: reading an area's hotels costs per hotel
 * in it, the walk per hotel of the catalogue before the page's last (24 in a million / the area's).
 */
export const AREA_SORTED_ROWS = 5000;

/**
 * A walk reads at most this many hotels of the catalogue before it gives up for the plain query:
 * at a million hotels, enough for the first two pages of any area past AREA_SORTED_ROWS.
 */
export const AREA_WALK_ROWS = 8000;

/** The list orders an index on hotels serves (sortTerms): a dense area's page can walk it. */
function walkableOrder(filters: HotelFilters): boolean {
  switch (filters.sort ?? "rekommenderat") {
    case "avstand":
      // The distance to a point has no index of its order; without a point the order is the recommended one.
      return !filters.near;
    case "pris":
      // The lead price for conditions is read per hotel from hotel_lead_prices: no index on hotels.
      return (filters.conditions ?? ANY_CONDITIONS) === ANY_CONDITIONS;
    default:
      return true;
  }
}

/**
 * The ids of the hotels at `offset` … `offset + limit` of a list with a map area, read in its
 * order's index: the first `walkRows` hotels of the catalogue in that order (a walk of the index,
 * whatever the area: the planner has nothing else to choose), of which those in the area that
 * meet the list's filters. Since the order is total, the page's hotels are all among them when
 * they hold it whole; otherwise null (the area is not dense enough for the walk), and the caller
 * reads the page the plain way. Only for a walkable order (an index of it on hotels).
 */
export async function walkedAreaIds(
  filters: HotelFilters,
  { limit, offset }: { limit: number; offset: number },
  db: DB = getAppDatabase().db,
  walkRows: number = AREA_WALK_ROWS,
): Promise<string[] | null> {
  const terms = sortTerms(filters.sort ?? "rekommenderat", undefined, filters.conditions, filters.near);
  // Every column, so the filters and the order read the walked rows as they would hotels' (PostgreSQL reads only those used).
  const walked = terms
    .reduce((query, term) => query.orderBy(term), db.selectFrom("hotels").selectAll())
    .orderBy("id")
    .limit(walkRows);
  let query = db
    .selectFrom(walked.as("hotels"))
    .select("id")
    .where((eb) => whereFilters(eb, filters));
  for (const term of terms) query = query.orderBy(term);
  const rows = await query.orderBy("id").limit(limit).offset(offset).execute();
  return rows.length === limit ? rows.map((row) => row.id) : null;
}

/**
 * Whether a dense area's page of this window is worth walking for: the first two pages (and the
 * priced list's first read); further in, the walk would need a denser area than most are.
 */
const walkFor = (filters: HotelFilters, { limit, offset }: { limit: number; offset: number }) =>
  walkableOrder(filters) && offset + limit <= 2 * HOTEL_PAGE_SIZE;

/**
 * One page of a list with a map area and no search text, as card rows in order, and how many
 * hotels the list holds up to one past LIST_MATCH_LIMIT (null for a page past its end: count
 * apart). PostgreSQL estimates a box on hotels_position_idx at a fixed 0.1 % of the rows, so on
 * its own it reads every hotel in the area and sorts them, which a dense city centre makes slow
 * (decision 081). So the area's hotels are read first, up to AREA_SORTED_ROWS, only the columns
 * the orders need, counted and sorted: when that is all of them, the page is their first rows
 * (one read of the area for the count and the page). Past it, the page walks its order's index
 * with the area as a filter (walkedAreaIds), or, when the walk does not hold it, reads the
 * area's ids in order the plain way. An order without an index reads the whole area at once.
 * Only the page's rows are read again for their cards. The limits can be lowered for a test.
 */
export async function areaPageRows(
  filters: HotelFilters,
  db: DB = getAppDatabase().db,
  { sortedRows = AREA_SORTED_ROWS, walkRows = AREA_WALK_ROWS }: { sortedRows?: number; walkRows?: number } = {},
) {
  const window = pageWindow(filters);
  const walkable = walkableOrder(filters);
  let boxed = db
    .selectFrom("hotels")
    .select(ORDER_COLUMNS)
    .where((eb) => whereFilters(eb, filters));
  // Never fewer than the list counts.
  if (walkable) boxed = boxed.limit(Math.max(sortedRows, LIST_MATCH_LIMIT) + 1);
  const order = sortTerms(filters.sort ?? "rekommenderat", "relevant", filters.conditions, filters.near);
  const inOrder = <Query extends { orderBy: (term: RawBuilder<unknown>) => Query }>(query: Query) =>
    order.reduce((ordered, term) => ordered.orderBy(term), query);
  const page = inOrder(
    db
      .selectFrom(boxed.as("relevant"))
      .selectAll()
      .select(sql<number>`count(*) over ()`.as("counted")),
  )
    .orderBy("relevant.id")
    .limit(window.limit)
    .offset(window.offset);
  // The page's cards in the same query: a sparse area's page costs one round trip.
  const found = await inOrder(
    db
      .selectFrom(page.as("relevant"))
      .innerJoin("hotels", "hotels.id", "relevant.id")
      .select([...CARD_COLUMNS.map((column) => `hotels.${column}` as const), listDescription(filters), "relevant.counted"]),
  )
    .orderBy("relevant.id")
    .execute();
  const counted = found.length ? Math.min(Number(found[0]!.counted), LIST_MATCH_LIMIT + 1) : null;
  if (!walkable || found.length === 0 || Number(found[0]!.counted) <= sortedRows) return { rows: found, counted };
  const ids =
    (walkFor(filters, window) ? await walkedAreaIds(filters, window, db, walkRows) : null) ?? (await plainIds(filters, window, db));
  return { rows: await rowsInOrder(ids, db), counted };
}

/** The ids of one page of a list without a search text, in order, on whatever plan the planner picks. */
async function plainIds(filters: HotelFilters, { limit, offset }: { limit: number; offset: number }, db: DB) {
  let query = db
    .selectFrom("hotels")
    .select("id")
    .where((eb) => whereFilters(eb, filters));
  for (const term of sortTerms(filters.sort ?? "rekommenderat", undefined, filters.conditions, filters.near)) query = query.orderBy(term);
  return (await query.orderBy("id").limit(limit).offset(offset).execute()).map((row) => row.id);
}

/** The card rows of these hotels, in this order. */
async function rowsInOrder(ids: readonly string[], db: DB) {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom("hotels")
    .select([...CARD_COLUMNS, cardDescription])
    .where("id", "in", ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The rows of one page, cut at LIST_MATCH_LIMIT: a page past it holds none and reads none. */
function pageWindow(filters: HotelFilters) {
  if (filters.wholeList) return { limit: LIST_MATCH_LIMIT, offset: 0 };
  const size = Math.min(Math.max(filters.limit ?? HOTEL_PAGE_SIZE, 1), HOTEL_PAGE_SIZE);
  const page = Math.max(1, Math.floor(filters.page ?? 1));
  const offset = (page - 1) * size;
  return { limit: Math.max(0, Math.min(size, LIST_MATCH_LIMIT - offset)), offset };
}

/** What ranking and sorting a search's candidates needs of each, read with them so only the page's rows are read again. */
const CANDIDATE_COLUMNS = [
  "id",
  "name_key",
  "country_key",
  "location_key",
  "has_affiliate_url",
  "rating",
  "review_count",
  "shown_price",
  "star_rating",
  "latitude",
  "longitude",
] as const;

/**
 * The ways a search finds hotels, most relevant first, as the CTEs searchCandidates names them:
 * the hotels of each place or country the text names, in that place's list order (its list
 * index, so the first read are the first the list shows); names that start with the text (the
 * prefix index, in name order); names that hold it and descriptions that hold it (the trigram
 * indexes, in no order); names with a typo in a word (word similarity on the name trigrams).
 * Each applies the list's other filters and stops one past LIST_MATCH_LIMIT, and each is asked
 * only while the ones before it found no more than that: past it the list is theirs, since
 * every hotel a later way finds ranks after them. That also keeps the typo search, whose index
 * offers every name sharing a few trigrams with the text ('stokholm': 42,000 names read for
 * none), for texts that find little.
 */
function searchWays(filters: HotelFilters, terms: SearchTerms, db: DB = getAppDatabase().db) {
  /**
   * The hotels one way finds, in its index's order where it has one, with the list's filters
   * checked on each row as it is read. Stars, prices, rating and amenities go in as one
   * expression the planner cannot split into index conditions: it would otherwise AND the way's
   * index with a filter's ('sto%' with prices 800–1,500: the price index gave 215,000 rows to
   * intersect, 65 ms), or sort every name the prefix index holds, where reading the way's own
   * index until enough rows pass stops early. A country or place the list is of stays one: the
   * place indexes find its hotels (a place page's search for "hotel" read 17,000 names for the
   * thousand of its place).
   */
  // Only the wish's own way scores it: the other ways' rows of a named place (the rest) meet none.
  const found = (condition: Expression<SqlBool>, order: Ordering = (query) => query, score = sql<number>`0`) =>
    order(
      db
        .selectFrom("hotels")
        .select(CANDIDATE_COLUMNS)
        .select(score.as("wish_score"))
        .where(condition)
        .where((eb) => whereScope(eb, filters))
        .where((eb) => sql<SqlBool>`coalesce(${whereNarrowed(eb, filters)}, false)`),
    ).limit(LIST_MATCH_LIMIT + 1);
  const inPlaceOrder: Ordering = (query) => inRecommendedOrder(query).orderBy("id");
  // A union's branches with their own order and limit must be subqueries.
  const union = (queries: Array<ReturnType<typeof found> | (typeof places)[number]>) =>
    (queries.length ? queries : [found(sql<SqlBool>`false`)])
      .map((query, index) => db.selectFrom(query.as(`place_${index}`)).selectAll())
      .reduce((all, query) => all.unionAll(query));
  // With a wish, the hotels that meet it among a place's first WISH_SCAN_ROWS in its index
  // order: ranking every hotel of a big place by the wish would read them all (Stockholm holds
  // 56,828 of a million), and so would reading on until enough meet a wish that few meet.
  const places = namedPlaces(terms).map((inPlace) =>
    terms.wish.length
      ? db
          .selectFrom(found(inPlace, inPlaceOrder, wishScore(terms)).limit(WISH_SCAN_ROWS).as("scanned"))
          .selectAll()
          .where("wish_score", ">", 0)
          .limit(LIST_MATCH_LIMIT + 1)
      : found(inPlace, inPlaceOrder),
  );
  const rest = terms.wish.length ? namedPlaces(terms).map((inPlace) => found(inPlace, inPlaceOrder)) : [];
  const near = namedPlaces({ ...terms, countries: [], places: terms.nearPlaces }).map((inPlace) => found(inPlace, inPlaceOrder));
  const inName = insidePattern(terms.key);
  const inText = insidePattern(terms.text);
  const typo = terms.key.length >= TYPO_MIN_LENGTH ? sql<SqlBool>`${terms.key} <% name_key` : sql<SqlBool>`false`;
  return {
    named: union(places),
    rest: union(rest),
    // The prefix index's own order (hotels_name_key_prefix_idx, text_pattern_ops): read, not sorted.
    starting: found(nameStarts(terms), (query) => query.orderBy(sql`name_key using ~<~`)),
    holding: found(inName ? sql<SqlBool>`name_key like ${inName}` : sql<SqlBool>`false`),
    describing: found(inText ? ilike("description", inText) : sql<SqlBool>`false`),
    typos: found(typo),
    near: union(near),
  };
}

/** True while the hotels the CTEs `before` found (a hotel can be found twice) leave room in the list. */
const roomAfter = (before: readonly string[]) =>
  sql<SqlBool>`(select count(distinct id) from (${sql.join(
    before.map((name) => sql`select id from ${sql.table(name)}`),
    sql` union all `,
  )}) as earlier) <= ${LIST_MATCH_LIMIT}`;

/**
 * A search's candidates ranked by relevance (`relevant`): the hotels of a place or country the
 * text names first (in that place's list order), then names that start with it, then the rest,
 * closest name first; the list's recommended order breaks ties. `matches` is how many were
 * found, at most a few thousand.
 */
function searchCandidates(filters: HotelFilters, terms: SearchTerms, db: DB = getAppDatabase().db) {
  const ways = searchWays(filters, terms, db);
  // A named place's hotels by how much of the wish they meet (0 to -n), then names that start
  // with the text, the other matches by closeness, and last a place named only with a typo.
  const relevance = sql`case when ${inNamedPlace(terms)} then -wish_score when ${nameStarts(terms)} then 1 when ${inNearPlace(terms)} then 4 else 3 - word_similarity(${terms.key}, name_key) end`;
  return db
    .with("named", () => ways.named)
    .with("rest", () => ways.rest.where(roomAfter(["named"])))
    .with("starting", () => ways.starting.where(roomAfter(["named", "rest"])))
    .with("holding", () => ways.holding.where(roomAfter(["named", "rest", "starting"])))
    .with("describing", () => ways.describing.where(roomAfter(["named", "rest", "starting", "holding"])))
    .with("typos", () => ways.typos.where(roomAfter(["named", "rest", "starting", "holding", "describing"])))
    .with("near", () => ways.near.where(roomAfter(["named", "rest", "starting", "holding", "describing", "typos"])))
    .with("found", (qc) =>
      qc
        .selectFrom(
          qc
            .selectFrom("named")
            .selectAll()
            .unionAll(qc.selectFrom("rest").selectAll())
            .unionAll(qc.selectFrom("starting").selectAll())
            .unionAll(qc.selectFrom("holding").selectAll())
            .unionAll(qc.selectFrom("describing").selectAll())
            .unionAll(qc.selectFrom("typos").selectAll())
            .unionAll(qc.selectFrom("near").selectAll())
            .as("matched"),
        )
        .selectAll()
        // Several ways can find one hotel: the same row each time, but for its wish score (the wish's way has it).
        .distinctOn("id")
        .orderBy("id")
        .orderBy("wish_score", "desc"),
    )
    .with("relevant", (qc) =>
      qc
        .selectFrom("found")
        .selectAll()
        .select([
          sql<number>`count(*) over ()`.as("matches"),
          sql<number>`row_number() over (order by ${relevance}, ${sql.join(sortTerms("rekommenderat"))}, id)`.as("relevance_rank"),
        ]),
    );
}

/**
 * One page of a search: the LIST_MATCH_LIMIT most relevant candidates in the order asked for,
 * each row with how many were found (`matches`). The page is cut before the hotels are read
 * again for their cards: 24 rows, not a thousand.
 */
function searchPageQuery(
  filters: HotelFilters,
  terms: SearchTerms,
  { limit, offset }: { limit: number; offset: number },
  db: DB = getAppDatabase().db,
) {
  const sort = filters.sort ?? "rekommenderat";
  const order = sort === "rekommenderat" ? [sql`relevant.relevance_rank`] : sortTerms(sort, "relevant", filters.conditions, filters.near);
  return searchCandidates(filters, terms, db)
    .with("listed", (qc) => {
      let query = qc.selectFrom("relevant").selectAll().where("relevance_rank", "<=", LIST_MATCH_LIMIT);
      for (const term of order) query = query.orderBy(term);
      return query.orderBy("id").limit(limit).offset(offset);
    })
    .selectFrom("listed as relevant")
    .innerJoin("hotels", "hotels.id", "relevant.id")
    .select([...CARD_COLUMNS.map((column) => `hotels.${column}` as const), listDescription(filters), "relevant.matches"])
    .$call((query) => order.reduce((ordered, term) => ordered.orderBy(term), query))
    .orderBy("relevant.id");
}

/**
 * The list's total: exact up to LIST_MATCH_LIMIT; past it `more` is set and the total is that
 * limit, which is as many as the list lists (a search shows its most relevant, a narrowed list
 * the first in its order).
 */
export interface ListTotal {
  total: number;
  more: boolean;
}

const boundedTotal = (counted: number): ListTotal =>
  counted > LIST_MATCH_LIMIT ? { total: LIST_MATCH_LIMIT, more: true } : { total: counted, more: false };

/** The hotel list with paging and sorting: one page of cards and the total count. */
export async function searchHotels(
  filters: HotelFilters = {},
  db: DB = getAppDatabase().db,
): Promise<{ hotels: HotelSummary[] } & ListTotal> {
  const terms = await searchTerms(filters.search, db);
  if (isPriced(filters)) return pricedList(filters, terms, db);
  if (!terms && filters.area && pageWindow(filters).limit > 0) {
    // An area's page reads its count first (areaPageRows).
    const { hotels, counted } = await listPage(filters, null, db);
    return { hotels, ...(counted === null ? await countHotels(filters, db) : boundedTotal(counted)) };
  }
  if (!terms) {
    const [hotels, total] = await Promise.all([cards(filters, null, db), countHotels(filters, db)]);
    return { hotels, ...total };
  }
  // A search's page carries its count; only a page past the end needs it asked apart.
  const [rows, names] = await Promise.all([searchPageQuery(filters, terms, pageWindow(filters), db).execute(), getPlaceNames(db)]);
  const matches = rows.length
    ? Number(rows[0]!.matches)
    : Number(
        (
          await searchCandidates(filters, terms, db)
            .selectFrom("found")
            .select((eb) => eb.fn.countAll<number>().as("matches"))
            .executeTakeFirstOrThrow()
        ).matches,
      );
  return {
    hotels: await withLeadPrices(
      await withCurrentOfferSummaries(
        rows.map((row) => toHotelSummary(row, names)),
        db,
      ),
      filters.conditions,
      db,
    ),
    ...boundedTotal(matches),
  };
}

/**
 * The hotels of every page of the list (up to LIST_MATCH_LIMIT, as many as its pages hold), in
 * its order and priced as its cards are, with its count: what the map marks (decision 082).
 */
export function listMarkerHotels(filters: HotelFilters, db: DB = getAppDatabase().db): Promise<{ hotels: HotelSummary[] } & ListTotal> {
  return searchHotels({ ...filters, page: 1, wholeList: true }, db);
}

/** Lists priced for the visitor's dates (the stored lead prices do not say what a stay costs). */
const isPriced = (filters: HotelFilters) => filters.stay !== undefined && hasDates(filters.stay);

/**
 * Cards priced as lists without dates show them: the stored lead price ("från X kr / natt"), or
 * with conditions the lead price of the cheapest offer meeting them.
 */
async function withLeadPrices(
  hotels: HotelSummary[],
  wanted: number = ANY_CONDITIONS,
  db: DB = getAppDatabase().db,
): Promise<HotelSummary[]> {
  const forConditions =
    wanted === ANY_CONDITIONS
      ? null
      : await leadPricesFor(
          hotels.map((hotel) => hotel.id),
          wanted,
          db,
        );
  return hotels.map((hotel) => {
    const price: ListPrice | null = forConditions
      ? (forConditions.get(hotel.id) ?? null)
      : hotel.offer_price === null
        ? null
        : { kind: "lead", amountSek: hotel.offer_price, nights: null, partners: hotel.offer_count };
    return { ...hotel, price, soldOut: false };
  });
}

/**
 * A list priced for the visitor's stay (decision 050). Its hotels are the ones the list's other
 * filters find, in its order (a search's by relevance; "Lägsta pris" reads the recommended order),
 * each with its shown price for the stay (the cheapest offer meeting the conditions); hotels no
 * partner can sell the stay at come after the others, still listed.
 *
 * In the list's own order and without a price filter or conditions, the list holds every hotel
 * it would without dates: its count is theirs, and only as many hotels are priced as the page
 * needs (a page more than it shows, then more only while too many of them are sold out). Otherwise (sorted by
 * price, a price range, conditions that leave hotels out) the first LIST_MATCH_LIMIT hotels are
 * priced in one query, then filtered, counted and sorted. Only the page's rows are read again.
 */
async function pricedList(
  filters: HotelFilters,
  terms: SearchTerms | null,
  db: DB = getAppDatabase().db,
): Promise<{ hotels: HotelSummary[] } & ListTotal> {
  const conditions = filters.conditions ?? ANY_CONDITIONS;
  const stay = filters.stay as DatedStay;
  const nights = nightsOf(stay);
  const { limit, offset } = pageWindow(filters);
  const priceOf = async (ids: readonly string[]) =>
    new Map<string, ListPrice>(
      [...(await listStayPrices(ids, stay, conditions, db))].map(([id, price]) => [
        id,
        { kind: "stay", amountSek: price.totalSek, nights, partners: price.partners },
      ]),
    );
  const narrowing = conditions !== ANY_CONDITIONS || filters.priceMin !== undefined || filters.priceMax !== undefined;
  // A map area's count first: past AREA_SORTED_ROWS its candidates may walk their order's index (decision 081).
  const areaCount = !terms && filters.area ? await countUpTo(unpricedFilters(filters), AREA_SORTED_ROWS + 1, db) : null;
  const areaTotal = areaCount === null ? null : boundedTotal(areaCount);
  const dense = areaCount !== null && areaCount > AREA_SORTED_ROWS;
  let listed: string[];
  let prices: Map<string, ListPrice>;
  let total: ListTotal;
  if (!narrowing && filters.sort !== "pris") {
    const wanted = offset + limit;
    let size = wanted + HOTEL_PAGE_SIZE;
    let candidates: Candidates;
    prices = new Map();
    for (;;) {
      candidates = await candidateIds(filters, terms, size, db, dense);
      const unpriced = candidates.ids.filter((id) => !prices.has(id));
      for (const [id, price] of await priceOf(unpriced)) prices.set(id, price);
      const available = candidates.ids.filter((id) => prices.has(id)).length;
      if (available >= wanted || candidates.ids.length < size || size > LIST_MATCH_LIMIT) break;
      size = Math.min(size * 4, LIST_MATCH_LIMIT + 1);
    }
    const exhausted = candidates.ids.length < size || size > LIST_MATCH_LIMIT;
    listed = candidates.ids.filter((id) => prices.has(id));
    if (exhausted) listed.push(...candidates.ids.filter((id) => !prices.has(id)));
    total = terms ? boundedTotal(candidates.matches) : (areaTotal ?? (await countHotels(unpricedFilters(filters), db)));
  } else {
    const candidates = await candidateIds(filters, terms, LIST_MATCH_LIMIT + 1, db, dense);
    prices = await priceOf(candidates.ids);
    const inRange = (price: ListPrice | undefined) =>
      price !== undefined &&
      (filters.priceMin === undefined || price.amountSek >= filters.priceMin) &&
      (filters.priceMax === undefined || price.amountSek <= filters.priceMax);
    listed = narrowing ? candidates.ids.filter((id) => inRange(prices.get(id))) : [...candidates.ids];
    const rank = new Map(listed.map((id, index) => [id, index]));
    if (filters.sort === "pris") {
      listed.sort(
        (a, b) =>
          (prices.get(a)?.amountSek ?? Number.POSITIVE_INFINITY) - (prices.get(b)?.amountSek ?? Number.POSITIVE_INFINITY) ||
          rank.get(a)! - rank.get(b)!,
      );
    } else {
      listed = [...listed.filter((id) => prices.has(id)), ...listed.filter((id) => !prices.has(id))];
    }
    total = boundedTotal(listed.length);
  }
  const pageIds = listed.slice(offset, offset + limit);
  const comparable = comparableStay(stay);
  const [rows, names, usual] = await Promise.all([
    pageIds.length
      ? db
          .selectFrom("hotels")
          .select([...CARD_COLUMNS, listDescription(filters)])
          .where("id", "in", pageIds)
          .execute()
      : Promise.resolve([]),
    getPlaceNames(db),
    // The deal badges: one query for the page's hotels.
    comparable && pageIds.length && !filters.wholeList ? usualPrices(pageIds, comparable, undefined, db) : new Map<string, UsualPrice>(),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const hotels = pageIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const price = prices.get(id) ?? null;
    return [{ ...toHotelSummary(row, names), price, soldOut: price === null, usual: usual.get(id) ?? null }];
  });
  return { hotels, ...total };
}

/** The list's filters without what a stay's prices answer (the price range, the conditions). */
const unpricedFilters = (filters: HotelFilters): HotelFilters => ({
  ...filters,
  priceMin: undefined,
  priceMax: undefined,
  conditions: undefined,
  stay: undefined,
});

interface Candidates {
  ids: string[];
  /** How many a search found (its relevance ranking's count); for other lists, the ids read. */
  matches: number;
}

/**
 * The ids of the first `limit` hotels a list finds without its price filter and conditions, in
 * its order ("Lägsta pris" in the recommended one, to be sorted by the priced list). In a
 * `dense` map area (more than AREA_SORTED_ROWS hotels), they are first looked for in a walk of
 * the order's index (walkedAreaIds).
 */
async function candidateIds(
  filters: HotelFilters,
  terms: SearchTerms | null,
  limit: number,
  db: DB = getAppDatabase().db,
  dense = false,
): Promise<Candidates> {
  const unpriced = unpricedFilters(filters);
  const sort = filters.sort === "pris" || !filters.sort ? "rekommenderat" : filters.sort;
  const window = { limit, offset: 0 };
  const walked = dense && !terms && walkFor({ ...unpriced, sort }, window) ? await walkedAreaIds({ ...unpriced, sort }, window, db) : null;
  if (walked) return { ids: walked, matches: walked.length };
  if (terms) {
    const order = sort === "rekommenderat" ? [sql`relevance_rank`] : sortTerms(sort, undefined, undefined, filters.near);
    let query = searchCandidates(unpriced, terms, db)
      .selectFrom("relevant")
      .select(["id", "matches"])
      .where("relevance_rank", "<=", LIST_MATCH_LIMIT);
    for (const term of order) query = query.orderBy(term);
    const rows = await query.orderBy("id").limit(limit).execute();
    return { ids: rows.map((row) => row.id), matches: rows.length ? Number(rows[0]!.matches) : 0 };
  }
  let query = db
    .selectFrom("hotels")
    .select("id")
    .where((eb) => whereFilters(eb, unpriced));
  for (const term of sortTerms(sort, undefined, undefined, filters.near)) query = query.orderBy(term);
  const ids = (await query.orderBy("id").limit(limit).execute()).map((row) => row.id);
  return { ids, matches: ids.length };
}

/**
 * How many hotels the list's filters match, without a search. The whole catalogue, a country or
 * a place is read from catalogue_places' counts (kept by triggers on hotels), plus the hotels
 * without a country, which it does not hold: a few hundred rows at any catalogue size. Anything
 * narrower (stars, prices, amenities) is counted up to one past LIST_MATCH_LIMIT.
 */
async function countHotels(filters: HotelFilters, db: DB = getAppDatabase().db): Promise<ListTotal> {
  const country = clean(filters.country);
  const location = clean(filters.location);
  const narrowed =
    clean(filters.hotelId) ||
    (location && !country) ||
    filters.area ||
    filters.district ||
    filters.within ||
    filters.minStars !== undefined ||
    filters.priceMin !== undefined ||
    filters.priceMax !== undefined ||
    filters.minGuestRating !== undefined ||
    (filters.conditions ?? ANY_CONDITIONS) !== ANY_CONDITIONS ||
    filters.amenities?.length;
  if (narrowed) return boundedTotal(await countUpTo(filters, LIST_MATCH_LIMIT + 1, db));
  let places = db.selectFrom("catalogue_places").select(sql<number>`coalesce(sum(hotel_count), 0)::integer`.as("total"));
  if (country) places = places.where(sql<SqlBool>`country_key = place_key(${country})`);
  if (location) places = places.where(sql<SqlBool>`location_key = place_key(${location})`);
  const [inPlaces, withoutCountry] = await Promise.all([
    places.executeTakeFirstOrThrow(),
    country
      ? { total: 0 }
      : db
          .selectFrom("hotels")
          .where(sql<SqlBool>`country_key is null or country_key = ''`)
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(inPlaces.total) + Number(withoutCountry.total), more: false };
}

/** How many hotels the list's filters match (no search text), counted up to `bound`. */
async function countUpTo(filters: HotelFilters, bound: number, db: DB): Promise<number> {
  const { total } = await db
    .selectFrom(
      db
        .selectFrom("hotels")
        .select("id")
        .where((eb) => whereFilters(eb, filters))
        .limit(bound)
        .as("matched"),
    )
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** One page of the list as cards, without the count (for lists that show none). */
export async function hotelCards(filters: HotelFilters = {}, db: DB = getAppDatabase().db): Promise<HotelSummary[]> {
  return cards(filters, await searchTerms(filters.search, db), db);
}

async function cards(filters: HotelFilters, terms: SearchTerms | null, db: DB = getAppDatabase().db): Promise<HotelSummary[]> {
  if (isPriced(filters)) return (await pricedList(filters, terms, db)).hotels;
  // Past the listed hotels: nothing to read (the offset alone would read every row before it).
  if (pageWindow(filters).limit === 0) return [];
  return (await listPage(filters, terms, db)).hotels;
}

/** One page of an unpriced list as cards, and a map area's bounded count when its page read it (areaPageRows). */
async function listPage(
  filters: HotelFilters,
  terms: SearchTerms | null,
  db: DB,
): Promise<{ hotels: HotelSummary[]; counted: number | null }> {
  const [{ rows, counted }, names] = await Promise.all([
    !terms && filters.area
      ? areaPageRows(filters, db)
      : hotelListQuery(filters, terms, db)
          .execute()
          .then((rows) => ({ rows, counted: null })),
    getPlaceNames(db),
  ]);
  const hotels = await withLeadPrices(
    await withCurrentOfferSummaries(
      rows.map((row) => toHotelSummary(row, names)),
      db,
    ),
    filters.conditions,
    db,
  );
  return { hotels, counted };
}

/** A list row as a card shows it (no more than CARD_LIMITS), with Swedish place names. */
function toHotelSummary(row: Record<string, unknown>, names: PlaceNames): HotelSummary {
  const hotel = normalizeHotel(row);
  return withPlaceNames(names, {
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
    slug: hotel.slug,
    latitude: hotel.latitude,
    longitude: hotel.longitude,
    address: hotel.address,
    district: hotel.district,
    offer_price: row.offer_price === null || row.offer_price === undefined ? null : Number(row.offer_price),
    offer_count: Number(row.offer_count ?? 0),
    price: null,
    soldOut: false,
  });
}

export interface Suggestions {
  hotels: Array<{ id: string; hotel_id: string; name: string; slug: string | null } & NamedPlace>;
  countries: Array<{ country: string; country_name: string }>;
  places: Array<NamedPlace>;
}

/**
 * How many names one suggestion group ranks at most. A text typed so far can start or contain
 * tens of thousands of a million names ("sto": 46,532); ranking them all cost 240 ms a keystroke.
 * Each group reads at most this many of its index's entries, so a keystroke costs the same at
 * any catalogue size; up to this many matches the ranking is exact, past it the best of these.
 */
const SUGGESTION_CANDIDATES = 200;

/** How many of a place's hotels, in its list order, the search box looks for a wish among. */
const SUGGESTION_WISH_ROWS = 200;

const SUGGESTION_COLUMNS = ["id", "hotel_id", "name", "country", "location", "slug"] as const;

/** The list's recommended order, for a query on hotels (the place list indexes' order). */
function inRecommendedOrder<Row>(query: SelectQueryBuilder<Database, "hotels", Row>): SelectQueryBuilder<Database, "hotels", Row> {
  return sortTerms("rekommenderat").reduce((ordered, term) => ordered.orderBy(term), query);
}

/**
 * The search box's hotel queries, most relevant group first: names that start with the text;
 * hotels in each place or country it names, as that place's page lists them; then names with a
 * word that starts with it (two characters) or that contain it (three or more).
 * `exclude` leaves out hotels an earlier group found. Exported so the benchmark can EXPLAIN them.
 */
export function hotelSuggestionQueries(terms: SearchTerms, exclude: readonly string[] = [], db: DB = getAppDatabase().db) {
  const notFound = (eb: HotelsEb) => (exclude.length ? eb("id", "not in", exclude) : eb.lit(true));
  const key = escapeLike(terms.key);
  // Two characters hold no trigram the name index could look up inside a word ('%st%' reads every
  // row); the start of a word has one (' st'), and inside a word two letters find noise anyway.
  const inside = terms.key.length >= 3 ? `%${key}%` : `% ${key}%`;
  const starting = db
    .selectFrom(
      db
        .selectFrom("hotels")
        .select([...SUGGESTION_COLUMNS, "rating"])
        .where(nameStarts(terms))
        .where(notFound)
        // The prefix index's own order (hotels_name_key_prefix_idx, text_pattern_ops): read, not sorted.
        .orderBy(sql`name_key using ~<~`)
        .limit(SUGGESTION_CANDIDATES)
        .as("candidates"),
    )
    .select(SUGGESTION_COLUMNS)
    .orderBy(sql`rating desc nulls last`)
    .orderBy("id")
    .limit(SUGGESTION_LIMIT);
  const inPlaces = [
    ...terms.countries.map((country) => (eb: HotelsEb) => eb("country_key", "=", country.country_key)),
    ...terms.places.map(
      (place) => (eb: HotelsEb) => eb.and([eb("country_key", "=", place.country_key), eb("location_key", "=", place.location_key)]),
    ),
  ];
  const inPlaceHotels = inPlaces.map((inPlace) =>
    inRecommendedOrder(db.selectFrom("hotels").select(SUGGESTION_COLUMNS).where(inPlace).where(notFound))
      .orderBy("id")
      .limit(SUGGESTION_LIMIT),
  );
  // With a wish ('stockholm spa'), first the place's hotels that meet most of it, among the
  // place's first SUGGESTION_WISH_ROWS in its order, so a big place is not read whole.
  const wished = terms.wish.length
    ? inPlaces.map((inPlace) =>
        db
          .selectFrom(
            inRecommendedOrder(
              db
                .selectFrom("hotels")
                .select([...SUGGESTION_COLUMNS, wishScore(terms).as("wish_score"), "has_affiliate_url", "rating", "review_count"])
                .where(inPlace)
                .where(notFound),
            )
              .orderBy("id")
              .limit(SUGGESTION_WISH_ROWS)
              .as("candidates"),
          )
          .select(SUGGESTION_COLUMNS)
          .where("wish_score", ">", 0)
          .orderBy("wish_score", "desc")
          .$call((query) => sortTerms("rekommenderat").reduce((ordered, term) => ordered.orderBy(term), query))
          .orderBy("id")
          .limit(SUGGESTION_LIMIT),
      )
    : [];
  const containing = db
    .selectFrom(
      db
        .selectFrom("hotels")
        .select([...SUGGESTION_COLUMNS, "name_key", "rating"])
        .where(sql<SqlBool>`name_key like ${inside}`)
        .where(notFound)
        // Any of them: the trigram index answers in no order, and sorting every match is the cost avoided.
        .limit(SUGGESTION_CANDIDATES)
        .as("candidates"),
    )
    .select(SUGGESTION_COLUMNS)
    .orderBy(sql`word_similarity(${terms.key}, name_key) desc`)
    .orderBy(sql`rating desc nulls last`)
    .orderBy("id")
    .limit(SUGGESTION_LIMIT);
  return { starting, inPlaces: [...wished, ...inPlaceHotels], containing };
}

type SuggestedHotel = {
  id: string;
  hotel_id: string;
  name: string | null;
  country: string | null;
  location: string | null;
  slug: string | null;
};

/** Up to ten hotels for the search box: each group asked only while the ones before leave room. */
async function suggestHotels(terms: SearchTerms, db: DB = getAppDatabase().db): Promise<SuggestedHotel[]> {
  const found = new Map<string, SuggestedHotel>();
  for (const group of ["starting", "inPlaces", "containing"] as const) {
    if (found.size >= SUGGESTION_LIMIT) break;
    // The named places come biggest first (the terms are by hotel count); a hotel can be in two.
    const queries = [hotelSuggestionQueries(terms, [...found.keys()], db)[group]].flat();
    for (const rows of await Promise.all(queries.map((query) => query.execute())))
      for (const hotel of rows) if (found.size < SUGGESTION_LIMIT) found.set(hotel.id, hotel);
  }
  return [...found.values()];
}

/**
 * How well a name matches the text: the same name; its start as typed, å, ä and ö kept ("kö"
 * is Köpenhamn before Kolonaki); its start with accents aside; anything else found (a typo).
 */
function closeness(text: string, key: string, ...names: string[]): number {
  const keys = names.map(placeKey);
  if (keys.includes(key)) return 0;
  const typed = text.toLocaleLowerCase("sv");
  if (names.some((name) => name.toLocaleLowerCase("sv").startsWith(typed))) return 1;
  if (keys.some((name) => name.startsWith(key))) return 2;
  return 3;
}

/** Search-box suggestions: countries and places the text names (max 5 each), then hotels (max 10). */
export async function suggest(query: string, db: DB = getAppDatabase().db): Promise<Suggestions> {
  const text = stripTrailingPeriod(withoutControlChars(query));
  const key = placeKey(text);
  if (key.length < SUGGESTION_MIN_LENGTH) return { hotels: [], countries: [], places: [] };
  const [byText, names, withWish] = await Promise.all([
    placesNamedBy(text, { prefix: true }, db),
    getPlaceNames(db),
    placeWithWish(text, key, db),
  ]);
  const outrightByText = byText.countries.some((row) => row.exact) || byText.places.some((row) => row.exact);
  // "stockholm spa": the place, and its hotels by the wish (unless the whole text names a place).
  const wish = outrightByText ? null : withWish;
  const named = wish ?? byText;
  const closenessOf = (place: { country: string; location?: string }) =>
    place.location === undefined
      ? closeness(text, key, place.country, names.country(place.country))
      : closeness(text, key, place.location, names.place(place.country, place.location));
  const namedAs = (rank: number) => ({
    countries: named.countries.filter((country) => closenessOf(country) === rank),
    places: named.places.filter((place) => closenessOf(place) === rank),
  });
  const some = (group: { countries: unknown[]; places: unknown[] }) => group.countries.length > 0 || group.places.length > 0;
  // Hotels in the places the text names outright (or with a wish), not in every place that
  // starts with it; failing those, in a place it starts as typed with å, ä or ö ("kö":
  // Köpenhamn); failing those, in a place it names another way (a typo, "stokholm"). Hotel
  // names are not searched for typos here: at a million names that took 116 ms a keystroke.
  const outright = namedAs(0);
  const typedStart = key !== text.toLocaleLowerCase("sv") ? namedAs(1) : { countries: [], places: [] };
  const terms: SearchTerms = wish ?? {
    text,
    key,
    ...(some(outright) ? outright : some(typedStart) ? typedStart : namedAs(3)),
    nearPlaces: [],
    wish: [],
  };
  const found = await suggestHotels(terms, db);
  // A name that holds the text only with its å, ä or ö taken away comes after the place's hotels.
  const typed = text.toLocaleLowerCase("sv");
  const inTerms = (hotel: SuggestedHotel) =>
    [...terms.countries, ...terms.places].some(
      (place) =>
        placeKey(hotel.country ?? "") === place.country_key &&
        (!("location_key" in place) || placeKey(hotel.location ?? "") === place.location_key),
    );
  const asTyped = (hotel: SuggestedHotel) => inTerms(hotel) || (hotel.name ?? "").toLocaleLowerCase("sv").includes(typed);
  const hotels = typed === key ? found : [...found.filter(asTyped), ...found.filter((hotel) => !asTyped(hotel))];
  const countries = named.countries
    .map((row) => ({ country: row.country, country_name: names.country(row.country), hotel_count: row.hotel_count }))
    .sort(
      (a, b) =>
        closeness(text, key, a.country, a.country_name) - closeness(text, key, b.country, b.country_name) || b.hotel_count - a.hotel_count,
    )
    .slice(0, 5)
    .map(({ country, country_name }) => ({ country, country_name }));
  const places = named.places
    .map((row) => ({ ...withPlaceNames(names, { country: row.country, location: row.location }), hotel_count: row.hotel_count }))
    .sort(
      (a, b) =>
        closeness(text, key, a.location, a.location_name) - closeness(text, key, b.location, b.location_name) ||
        b.hotel_count - a.hotel_count,
    )
    .slice(0, 5)
    .map(({ hotel_count: _count, ...place }) => place);
  return {
    hotels: hotels.map((row) =>
      withPlaceNames(names, {
        id: row.id,
        hotel_id: row.hotel_id,
        name: row.name?.trim() || HOTEL_DEFAULTS.name,
        country: row.country?.trim() ?? "",
        location: row.location?.trim() ?? "",
        slug: row.slug,
      }),
    ),
    countries,
    places,
  };
}

/** Up to four hotels for a home-page chip: of that place (the same place, not a text search). */
export function popularHotels(location: string, country?: string, db: DB = getAppDatabase().db): Promise<HotelSummary[]> {
  // The home page's four cards: one of a handful of chosen places, so the cache stays small.
  return cachedRead(db, `popular-hotels:${country ?? ""}|${location}`, () => hotelCards({ location, country, limit: 4 }, db));
}

/** What "Menade du …?" offers for a search that found nothing: the closest places and hotel names. */
export interface CloseNames {
  places: NamedPlace[];
  hotels: Array<{ id: string; name: string; country: string; location: string; slug: string | null }>;
}

const CLOSE_NAME_LIMIT = 3;

/**
 * The hotels whose names are closest to a text (its key), through the name trigram index
 * (similarity, pg_trgm's % at its 0.3). Exported so the benchmark can EXPLAIN it.
 */
export function closeNameHotelsQuery(key: string, db: DB = getAppDatabase().db) {
  return db
    .selectFrom("hotels")
    .select(["id", "name", "country", "location", "slug"])
    .where(sql<SqlBool>`name_key % ${key}`)
    .orderBy(sql`similarity(name_key, ${key}) desc`)
    .orderBy("id")
    .limit(CLOSE_NAME_LIMIT);
}

/**
 * The places and hotels whose names are closest to a text that found nothing: asked only
 * when a search found none, so a text like no name reads a few index entries.
 */
export async function closeNames(search: string, db: DB = getAppDatabase().db): Promise<CloseNames> {
  const text = clean(search);
  const key = text ? placeKey(text) : "";
  if (key.length < 3) return { places: [], hotels: [] };
  const [places, hotels, names] = await Promise.all([
    placesCloseTo(text!, CLOSE_NAME_LIMIT, db),
    closeNameHotelsQuery(key, db).execute(),
    getPlaceNames(db),
  ]);
  return {
    places: places.map((place) => withPlaceNames(names, { country: place.country, location: place.location })),
    hotels: hotels.map((hotel) => ({
      id: hotel.id,
      name: hotel.name?.trim() || HOTEL_DEFAULTS.name,
      country: hotel.country?.trim() ?? "",
      location: hotel.location?.trim() ?? "",
      slug: hotel.slug,
    })),
  };
}
