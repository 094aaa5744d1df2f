/**
 * The hotel record: its type, normalisation defaults, id fallback, image lists, amenities,
 * stars and count text (slugs live in utils/slug.ts, number formatting in utils/format.ts). Pure functions with no
 * I/O, shared by loaders, the importer, the seed and the browser.
 */

import { formatCount } from "#app/utils/format.ts";
import { isNameStandIn, UNNAMED_HOTEL } from "#app/utils/slug.ts";

import { toAmenities, type Amenity, type AmenityKey } from "#app/hotels/amenities.ts";

export type { Amenity, AmenityIconName, AmenityKey } from "#app/hotels/amenities.ts";

/** A hotel as every screen sees it: every field present, defaults applied. */
export interface Hotel {
  id: string;
  hotel_id: string;
  name: string;
  description: string;
  rewritten_text: string;
  rating: number;
  review_count: number;
  star_rating: number;
  price_amount: string;
  price_currency: string;
  image_path: string;
  additional_image_paths: string[];
  amenities: Amenity[];
  location: string;
  country: string;
  /** The hotel's address within its place (hotels.slug), given once by the database; null when not read. */
  slug: string | null;
  latitude: number | null;
  longitude: number | null;
  address: string;
  /** The neighbourhood within the place ('Södermalm'); null when the feed gives none. */
  district: string | null;
  affiliate_url: string | null;
  has_affiliate_url: boolean;
  is_description_rewritten: boolean;
}

/** Anything a feed, the database or a test may hand us; every field optional. */
export type RawHotel = { [K in keyof Hotel]?: unknown };

export const HOTEL_DEFAULTS = {
  name: UNNAMED_HOTEL,
  image_path: "/placeholder.svg",
  price_amount: "0",
  price_currency: "SEK",
} as const;

export const PLACEHOLDER_IMAGE = HOTEL_DEFAULTS.image_path;

/**
 * The amenity values of any of the three shapes feeds use: a list of strings, a list of
 * `{label, icon?}` objects or an object whose keys are the labels. Anything else gives none.
 */
function amenityValues(raw: unknown): string[] {
  const value = typeof raw === "string" ? tryParseJson(raw) : raw;
  let labels: unknown[] = [];
  if (Array.isArray(value)) {
    labels = value.map((item) => (item !== null && typeof item === "object" ? (item as { label?: unknown }).label : item));
  } else if (value !== null && typeof value === "object") {
    labels = Object.keys(value);
  }
  return labels.filter((label): label is string => typeof label === "string");
}

/**
 * Amenities as shown, in the vocabulary's Swedish (app/hotels/amenities.ts): empty values
 * dropped, each amenity once (the first spelling wins), unknown values in sentence case.
 * An `icon` given with a label is ignored: icons come from the vocabulary.
 */
export function parseAmenities(raw: unknown): Amenity[] {
  return toAmenities(amenityValues(raw)).map(({ amenity }) => amenity);
}

/** The feed's own amenity values, trimmed and each amenity once: what the importer stores. */
export function amenityFeedValues(raw: unknown): string[] {
  return toAmenities(amenityValues(raw)).map(({ value }) => value);
}

/** The vocabulary keys of a hotel's amenities, in order: what filters match on (`amenity_keys`). */
export function amenityKeys(raw: unknown): AmenityKey[] {
  return toAmenities(amenityValues(raw)).flatMap(({ amenity }) => (amenity.key ? [amenity.key] : []));
}

/** Extra images: a list, or an object whose values are the paths; only non-blank strings are kept. */
export function parseImagePaths(raw: unknown): string[] {
  const value = typeof raw === "string" ? tryParseJson(raw) : raw;
  const items = Array.isArray(value) ? value : value !== null && typeof value === "object" ? Object.values(value) : [];
  return items
    .filter((item): item is string => typeof item === "string")
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * An image address a page may show: http(s), or a path on this site. Rows written around the
 * importer (SQL, a dashboard) must not put `javascript:` or `data:` into an <img>.
 */
export function isImageAddress(value: string): boolean {
  return /^https?:\/\/[^\s/]/i.test(value) || /^\/(?![/\\])/.test(value);
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function text(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

function finiteNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const number = typeof value === "number" ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

/** Fills the defaults of a hotel with missing values (HOTEL_DEFAULTS). `generateId` is called only when both ids are missing. */
export function normalizeHotel(raw: RawHotel, generateId: () => string = () => crypto.randomUUID()): Hotel {
  const hotelId = text(raw.hotel_id);
  const id = text(raw.id) || hotelId || generateId();
  const name = text(raw.name);
  const price = finiteNumber(raw.price_amount);
  return {
    id,
    hotel_id: hotelId || id,
    name: name && !isNameStandIn(name) ? name : HOTEL_DEFAULTS.name,
    description: text(raw.description),
    rewritten_text: text(raw.rewritten_text),
    rating: finiteNumber(raw.rating) ?? 0,
    review_count: finiteNumber(raw.review_count) ?? 0,
    star_rating: finiteNumber(raw.star_rating) ?? 0,
    price_amount: price === null ? HOTEL_DEFAULTS.price_amount : String(price),
    price_currency: text(raw.price_currency).toUpperCase() || HOTEL_DEFAULTS.price_currency,
    image_path: isImageAddress(text(raw.image_path)) ? text(raw.image_path) : HOTEL_DEFAULTS.image_path,
    additional_image_paths: parseImagePaths(raw.additional_image_paths).filter(isImageAddress),
    amenities: parseAmenities(raw.amenities),
    location: text(raw.location),
    country: text(raw.country),
    slug: text(raw.slug) || null,
    latitude: finiteNumber(raw.latitude),
    longitude: finiteNumber(raw.longitude),
    address: text(raw.address),
    district: text(raw.district) || null,
    affiliate_url: text(raw.affiliate_url) || null,
    has_affiliate_url: raw.has_affiliate_url === true,
    is_description_rewritten: raw.is_description_rewritten === true,
  };
}

/** Whole stars to draw: none unless the rating is above 0, never more than 5. */
export function wholeStars(starRating: number): number {
  if (!Number.isFinite(starRating) || starRating <= 0) return 0;
  return Math.min(5, Math.floor(starRating));
}

/**
 * What a hotel card shows at most (large cards on list pages): the loaders send no more than
 * this, so a page of 100 cards does not carry 100 whole descriptions in its data.
 */
export const CARD_LIMITS = { description: 200, compactDescription: 100, images: 3, amenities: 6 } as const;

/**
 * Swedish count text: '1 hotell', '1 234 hotell'; with `more`, 'över 1 000 hotell' (a list that
 * stops counting there, decision 037), 'Över' at the start of a sentence.
 */
export function hotelCount(total: number, { more = false, atStart = false }: { more?: boolean; atStart?: boolean } = {}): string {
  return `${more ? (atStart ? "Över " : "över ") : ""}${formatCount(total)} hotell`;
}
