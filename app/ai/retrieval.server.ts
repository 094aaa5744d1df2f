/**
 * Retrieval for every AI answer: the hotels of our catalogue that fit a request, ranked.
 * The filters the visitor named (place, country, stars, price ceiling) are kept when any
 * hotel meets them and relaxed, in that order of importance, when none does.
 */
import type { Kysely } from "kysely";
import { listCountries, listLocationsWithCountry } from "#app/hotels/places.server.ts";
import type { Database } from "#app/db/schema.ts";
import { parseAmenities, type AmenityKey as CatalogueAmenityKey } from "#app/hotels/hotel.ts";
import { hotelPath } from "#app/utils/paths.ts";
import { AMENITY_WISH_KEYS, type AmenityKey, type KnownPlace, type Understanding } from "./understand.ts";

type DB = Kysely<Database>;

export interface Candidate {
  hotelId: string;
  name: string;
  location: string;
  country: string;
  stars: number | null;
  rating: number | null;
  price: number | null;
  currency: string;
  /** The hotel's amenities as the site shows them (Swedish labels). */
  amenities: string[];
  /** The vocabulary keys of those amenities. */
  amenityKeys: CatalogueAmenityKey[];
  /** The requested amenities this hotel has. */
  matched: AmenityKey[];
  path: string;
}

export interface RetrievalResult {
  hotels: Candidate[];
  /** Wishes that no hotel met, so they were set aside: 'stars', 'price', 'amenities'. */
  relaxed: ("stars" | "price" | "amenities")[];
}

/** The place and country names requests are read against (cached with the catalogue lists). */
export async function catalogueVocabulary(db: DB): Promise<{ places: KnownPlace[]; countries: string[] }> {
  const [places, countries] = await Promise.all([listLocationsWithCountry(db), listCountries(db)]);
  return { places: places.map(({ location, country }) => ({ location, country })), countries: countries.map((country) => country.value) };
}

interface Filters {
  places: KnownPlace[];
  countries: string[];
  minStars: number | null;
  maxPrice: number | null;
}

/** Enough rows to rank from; the best-rated first, so a broad request still gets good hotels. */
const POOL = 400;

async function fetchPool(db: DB, filters: Filters) {
  let query = db
    .selectFrom("hotels")
    .select(["hotel_id", "name", "location", "country", "star_rating", "rating", "price_amount", "price_currency", "amenities"])
    .where("location", "is not", null)
    .where("country", "is not", null)
    .where("name", "is not", null);
  const { places, countries } = filters;
  if (places.length || countries.length) {
    query = query.where((eb) =>
      eb.or([
        ...places.map((place) => eb.and([eb("country", "=", place.country), eb("location", "=", place.location)])),
        ...(countries.length ? [eb("country", "in", countries)] : []),
      ]),
    );
  }
  if (filters.minStars !== null) query = query.where("star_rating", ">=", filters.minStars);
  if (filters.maxPrice !== null) query = query.where("price_amount", "<=", filters.maxPrice);
  return query
    .orderBy("rating", (ob) => ob.desc().nullsLast())
    .orderBy("hotel_id")
    .limit(POOL)
    .execute();
}

function toCandidate(row: Awaited<ReturnType<typeof fetchPool>>[number], wanted: AmenityKey[]): Candidate {
  const amenities = parseAmenities(row.amenities);
  const keys = amenities.flatMap((amenity) => (amenity.key ? [amenity.key] : []));
  return {
    hotelId: row.hotel_id,
    name: row.name!.trim(),
    location: row.location!,
    country: row.country!,
    stars: row.star_rating,
    rating: row.rating,
    price: row.price_amount,
    currency: row.price_currency ?? "SEK",
    amenities: amenities.map((amenity) => amenity.label),
    amenityKeys: keys,
    matched: wanted.filter((wish) => AMENITY_WISH_KEYS[wish].some((key) => keys.includes(key))),
    path: hotelPath({ country: row.country!, location: row.location!, name: row.name, hotel_id: row.hotel_id }),
  };
}

function score(hotel: Candidate, u: Understanding, cheapest: number, dearest: number): number {
  let value = hotel.matched.length * 3 + (hotel.rating ?? 6) * 0.6;
  const spread = Math.max(1, dearest - cheapest);
  if (u.budget === "low") value += hotel.price === null ? -3 : (1 - (hotel.price - cheapest) / spread) * 5;
  if (u.budget === "high") value += (hotel.stars ?? 2) * 1.2 + (hotel.price === null ? 0 : ((hotel.price - cheapest) / spread) * 2);
  if (u.minStars !== null && hotel.stars !== null) value += (hotel.stars - u.minStars) * 0.3;
  return value;
}

/** The best `limit` hotels for the request, with what had to be set aside to find any. */
export async function findCandidates(db: DB, u: Understanding, limit = 5): Promise<RetrievalResult> {
  const relaxed: RetrievalResult["relaxed"] = [];
  const filters: Filters = { places: u.places, countries: u.countries, minStars: u.minStars, maxPrice: u.maxPrice };
  let rows = await fetchPool(db, filters);
  if (rows.length === 0 && filters.maxPrice !== null) {
    filters.maxPrice = null;
    relaxed.push("price");
    rows = await fetchPool(db, filters);
  }
  if (rows.length === 0 && filters.minStars !== null) {
    filters.minStars = null;
    relaxed.push("stars");
    rows = await fetchPool(db, filters);
  }
  const hotels = rows.map((row) => toCandidate(row, u.amenities));
  const prices = hotels.map((hotel) => hotel.price).filter((price): price is number => price !== null);
  const cheapest = prices.length ? Math.min(...prices) : 0;
  const dearest = prices.length ? Math.max(...prices) : 0;
  const ranked = hotels
    .map((hotel) => ({ hotel, value: score(hotel, u, cheapest, dearest), complete: hotel.matched.length === u.amenities.length }))
    .sort((a, b) => Number(b.complete) - Number(a.complete) || b.value - a.value || a.hotel.hotelId.localeCompare(b.hotel.hotelId));
  // Three or more hotels with everything asked for: show only those. Fewer: fill up with the
  // nearest, and say so.
  const complete = ranked.filter((entry) => entry.complete);
  const top = complete.length >= 3 ? complete.slice(0, limit) : ranked.slice(0, limit);
  if (u.amenities.length && top.some((entry) => !entry.complete)) relaxed.push("amenities");
  return { hotels: top.map((entry) => entry.hotel), relaxed };
}
