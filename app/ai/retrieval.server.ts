/**
 * Retrieval for every AI answer: the hotels of our catalogue that fit a request, ranked, each
 * with the price its list card shows: the lead price without dates (hotels.offer_price, or the
 * lead price for the chosen conditions), the stay's shown price when the visitor's stay is known.
 * The filters the visitor named (place, country, stars, price ceiling) are kept when any
 * hotel meets them and relaxed, in that order of importance, when none does; the price ceiling
 * is per night and applies to that same price (a stay's per-night average).
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import { listCountries, listLocationsWithCountry } from "#app/hotels/places.server.ts";
import type { Database } from "#app/db/schema.ts";
import { parseAmenities, type AmenityKey as CatalogueAmenityKey } from "#app/hotels/hotel-record.ts";
import { AMENITY_VOCABULARY } from "#app/hotels/amenities.ts";
import type { PlaceNames } from "#app/hotels/place-names.ts";
import { getPlaceNames } from "#app/hotels/place-name-rows.server.ts";
import { hotelPath } from "#app/utils/paths.ts";
import { hasDates, nightsOf, NO_STAY, type Stay } from "#app/utils/stay.ts";
import { ANY_CONDITIONS } from "#app/prices/conditions.ts";
import type { ListPrice } from "#app/prices/price-offer.ts";
import { listStayPrices } from "#app/prices/stay-prices.server.ts";
import { AMENITY_WISH_KEYS, type AmenityKey, type KnownCountry, type KnownPlace, type Understanding } from "./understand.ts";

type DB = Kysely<Database>;

export interface Candidate {
  hotelId: string;
  name: string;
  location: string;
  country: string;
  /** The Swedish names, which every text the AI writes uses ('Göteborg', 'Sverige'). */
  locationName: string;
  countryName: string;
  stars: number | null;
  rating: number | null;
  /** What the hotel's list card shows (null without one); never the hotel feed's own price. */
  price: ListPrice | null;
  /** The visitor's dates are known and no partner can sell the stay (with the chosen conditions). */
  soldOut: boolean;
  /** The hotel's amenities as the site shows them (Swedish labels). */
  amenities: string[];
  /** The vocabulary keys of the hotel (its amenity_keys): what it is known to have. */
  amenityKeys: CatalogueAmenityKey[];
  /** The requested amenities this hotel has. */
  matched: AmenityKey[];
  path: string;
}

export interface RetrievalResult {
  hotels: Candidate[];
  /** Wishes that no hotel met, so they were set aside: 'stars', 'price', 'amenities'. */
  relaxed: ("stars" | "price" | "amenities")[];
  /** Amenities asked for that no hotel of the place (or of the whole catalogue) lists. */
  unmet: AmenityKey[];
}

/**
 * The places and countries requests are read against, with their Swedish names (cached with
 * the catalogue lists): 'hotell i Göteborg' finds Gothenburg, and answers say Göteborg.
 */
export async function catalogueVocabulary(db: DB = getAppDatabase().db): Promise<{ places: KnownPlace[]; countries: KnownCountry[] }> {
  const [places, countries] = await Promise.all([listLocationsWithCountry(db), listCountries(db)]);
  return {
    places: places.map((place) => ({
      location: place.location,
      country: place.country,
      name: place.location_name,
      countryName: place.country_name,
    })),
    countries: countries.map((country) => ({ country: country.value, name: country.label })),
  };
}

/** What prices are read for: the visitor's stay (dates and party) and the offer's conditions (bits). */
export interface Pricing {
  stay: Stay;
  conditions: number;
}

export const LEAD_PRICING: Pricing = { stay: NO_STAY, conditions: ANY_CONDITIONS };

interface Filters {
  places: KnownPlace[];
  countries: KnownCountry[];
  minStars: number | null;
  /** A ceiling on the shown price per night, in SEK. */
  maxPrice: number | null;
}

/** Enough rows to rank from; the best-rated first, so a broad request still gets good hotels. */
const POOL = 400;

const KNOWN_KEYS = new Set<string>(AMENITY_VOCABULARY.map((entry) => entry.key));

/** Hotels with one of the keys that meet a wish (amenity_keys overlaps them: the GIN index). */
const hasWish = (wish: AmenityKey) => sql<boolean>`amenity_keys && ${sql.val([...AMENITY_WISH_KEYS[wish]])}::text[]`;

function inPlaces(eb: ExpressionBuilder<Database, "hotels">, { places, countries }: Pick<Filters, "places" | "countries">) {
  return eb.or([
    ...places.map((place) => eb.and([eb("country", "=", place.country), eb("location", "=", place.location)])),
    ...(countries.length
      ? [
          eb(
            "country",
            "in",
            countries.map((country) => country.country),
          ),
        ]
      : []),
  ]);
}

/**
 * The lead price a card shows without dates: hotels.offer_price, or with conditions the lead
 * price of an offer that meets them (hotel_lead_prices).
 */
const leadPrice = (conditions: number) =>
  conditions === ANY_CONDITIONS
    ? sql<number | string | null>`hotels.offer_price`
    : sql<
        number | string | null
      >`(select lead.price from hotel_lead_prices lead where lead.hotel_id = hotels.id and lead.conditions = ${conditions})`;

/**
 * The best-rated hotels that meet the filters and, when given, every amenity wish. Without dates
 * the price ceiling applies here, to the lead price; with conditions a hotel without an offer
 * that meets them is left out (as the lists leave it out).
 */
async function fetchPool(filters: Filters, pricing: Pricing, wishes: readonly AmenityKey[] = [], db: DB = getAppDatabase().db) {
  const lead = leadPrice(pricing.conditions);
  let query = db
    .selectFrom("hotels")
    .select([
      "id",
      "hotel_id",
      "name",
      "location",
      "country",
      "slug",
      "star_rating",
      "rating",
      "offer_count",
      lead.as("lead_price"),
      "amenities",
      "amenity_keys",
    ])
    .where("location", "is not", null)
    .where("country", "is not", null)
    .where("name", "is not", null);
  if (filters.places.length || filters.countries.length) query = query.where((eb) => inPlaces(eb, filters));
  if (filters.minStars !== null) query = query.where("star_rating", ">=", filters.minStars);
  if (!hasDates(pricing.stay)) {
    if (filters.maxPrice !== null) query = query.where(sql<boolean>`${lead} <= ${filters.maxPrice}`);
    else if (pricing.conditions !== ANY_CONDITIONS) query = query.where(sql<boolean>`${lead} is not null`);
  }
  for (const wish of wishes) query = query.where(hasWish(wish));
  return query
    .orderBy("rating", (ob) => ob.desc().nullsLast())
    .orderBy("hotel_id")
    .limit(POOL)
    .execute();
}

/**
 * The wishes no hotel of the place lists at all. Counted over the place alone (not its stars or
 * price), so 'no hotel has breakfast' is only said when it is true of every hotel there.
 */
async function unmetWishes(filters: Filters, wishes: readonly AmenityKey[], db: DB = getAppDatabase().db): Promise<AmenityKey[]> {
  // One indexed look-up per wish (a request names a few), not a scan of the catalogue.
  const found = await Promise.all(
    wishes.map((wish) => {
      let query = db.selectFrom("hotels").select("hotel_id").where("name", "is not", null).where(hasWish(wish));
      if (filters.places.length || filters.countries.length) query = query.where((eb) => inPlaces(eb, filters));
      return query.limit(1).executeTakeFirst();
    }),
  );
  return wishes.filter((_wish, index) => found[index] === undefined);
}

type PoolRow = Awaited<ReturnType<typeof fetchPool>>[number];
type PricedRow = PoolRow & { price: ListPrice | null; soldOut: boolean };

/** A stay's shown price per night (the card's per-night average), or the lead price. */
export const perNight = (price: ListPrice) => (price.kind === "stay" && price.nights ? price.amountSek / price.nights : price.amountSek);

/**
 * The pool with the prices the cards show: the lead price, or for a dated stay its shown price
 * (listStayPrices, the lists' own read). With dates the price ceiling applies here, to the
 * stay's per-night average; a hotel no partner can sell the stay at is kept, marked sold out.
 */
async function pricePool(rows: PoolRow[], filters: Filters, pricing: Pricing, db: DB = getAppDatabase().db): Promise<PricedRow[]> {
  const { stay } = pricing;
  if (!hasDates(stay)) {
    return rows.map((row) => ({
      ...row,
      price: row.lead_price === null ? null : { kind: "lead", amountSek: Number(row.lead_price), nights: null, partners: row.offer_count },
      soldOut: false,
    }));
  }
  const prices = await listStayPrices(
    rows.map((row) => row.id),
    stay,
    pricing.conditions,
    db,
  );
  const nights = nightsOf(stay)!;
  return rows.flatMap((row) => {
    const found = prices.get(row.id);
    const price: ListPrice | null = found ? { kind: "stay", amountSek: found.totalSek, nights, partners: found.partners } : null;
    if (filters.maxPrice !== null && !(price && perNight(price) <= filters.maxPrice)) return [];
    return [{ ...row, price, soldOut: !price }];
  });
}

/** The hotel as the AI may name and link it; null for a hotel without a page (a place that names nothing). */
function toCandidate(row: PricedRow, wanted: AmenityKey[], names: PlaceNames): Candidate | null {
  const path = hotelPath(row);
  if (!path) return null;
  const amenities = parseAmenities(row.amenities);
  // What the hotel has is its stored keys, the ones the site's filters match on.
  const keys = row.amenity_keys.filter((key): key is CatalogueAmenityKey => KNOWN_KEYS.has(key));
  return {
    hotelId: row.hotel_id,
    name: row.name!.trim(),
    location: row.location!,
    country: row.country!,
    locationName: names.place(row.country!, row.location!),
    countryName: names.country(row.country!),
    stars: row.star_rating,
    rating: row.rating,
    price: row.price,
    soldOut: row.soldOut,
    amenities: amenities.map((amenity) => amenity.label),
    amenityKeys: keys,
    matched: wanted.filter((wish) => AMENITY_WISH_KEYS[wish].some((key) => keys.includes(key))),
    path,
  };
}

function score(hotel: Candidate, u: Understanding, cheapest: number, dearest: number): number {
  let value = hotel.matched.length * 3 + (hotel.rating ?? 6) * 0.6;
  const spread = Math.max(1, dearest - cheapest);
  const price = hotel.price && perNight(hotel.price);
  if (u.budget === "low") value += price === null ? -3 : (1 - (price - cheapest) / spread) * 5;
  if (u.budget === "high") value += (hotel.stars ?? 2) * 1.2 + (price === null ? 0 : ((price - cheapest) / spread) * 2);
  if (u.minStars !== null && hotel.stars !== null) value += (hotel.stars - u.minStars) * 0.3;
  return value;
}

/**
 * The best `limit` hotels for the request, priced as the cards are for `pricing`, with what had to
 * be set aside to find any.
 */
export async function findCandidates(
  u: Understanding,
  limit = 5,
  pricing: Pricing = LEAD_PRICING,
  db: DB = getAppDatabase().db,
): Promise<RetrievalResult> {
  const relaxed: RetrievalResult["relaxed"] = [];
  const filters: Filters = { places: u.places, countries: u.countries, minStars: u.minStars, maxPrice: u.maxPrice };
  const [names, unmet] = await Promise.all([getPlaceNames(db), unmetWishes(filters, u.amenities, db)]);
  const pool = async (wishes: readonly AmenityKey[] = []) => pricePool(await fetchPool(filters, pricing, wishes, db), filters, pricing, db);
  let rows = await pool();
  if (rows.length === 0 && filters.maxPrice !== null) {
    filters.maxPrice = null;
    relaxed.push("price");
    rows = await pool();
  }
  if (rows.length === 0 && filters.minStars !== null) {
    filters.minStars = null;
    relaxed.push("stars");
    rows = await pool();
  }
  // A full pool (a big place) may have left out every hotel with what was asked for: those
  // are read on their own, so they are never missed.
  const wishes = u.amenities.filter((wish) => !unmet.includes(wish));
  if (wishes.length && rows.length === POOL) {
    const seen = new Set(rows.map((row) => row.hotel_id));
    rows = [...(await pool(wishes)).filter((row) => !seen.has(row.hotel_id)), ...rows];
  }
  const hotels = rows.flatMap((row) => toCandidate(row, u.amenities, names) ?? []);
  const prices = hotels.flatMap((hotel) => (hotel.price ? [perNight(hotel.price)] : []));
  const cheapest = prices.length ? Math.min(...prices) : 0;
  const dearest = prices.length ? Math.max(...prices) : 0;
  const ranked = hotels
    .map((hotel) => ({
      hotel,
      value: score(hotel, u, cheapest, dearest),
      // Complete: everything asked for that any hotel here has (the unmet wishes are said apart).
      complete: wishes.every((wish) => hotel.matched.includes(wish)),
    }))
    // As in the lists, a hotel no partner can sell the stay at comes after the others.
    .sort(
      (a, b) =>
        Number(a.hotel.soldOut) - Number(b.hotel.soldOut) ||
        Number(b.complete) - Number(a.complete) ||
        b.value - a.value ||
        a.hotel.hotelId.localeCompare(b.hotel.hotelId),
    );
  // Three or more hotels with everything asked for: show only those. Fewer: fill up with the
  // nearest, and say so.
  const complete = ranked.filter((entry) => entry.complete);
  const top = complete.length >= 3 ? complete.slice(0, limit) : ranked.slice(0, limit);
  if (wishes.length && top.some((entry) => !entry.complete)) relaxed.push("amenities");
  return { hotels: top.map((entry) => entry.hotel), relaxed, unmet };
}
