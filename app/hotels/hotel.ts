/**
 * The hotel rules: normalisation defaults, id fallback, image lists,
 * amenities, slugs and the display of ratings, stars and prices. Pure functions with no
 * I/O, shared by loaders, the importer, the seed and the browser.
 */

import { foldText } from "#app/utils/fold-text.ts";

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
  affiliate_url: string | null;
  has_affiliate_url: boolean;
  is_description_rewritten: boolean;
}

/** Anything a feed, the database or a test may hand us; every field optional. */
export type RawHotel = { [K in keyof Hotel]?: unknown };

export const HOTEL_DEFAULTS = {
  name: "Namnlöst hotell",
  image_path: "/placeholder.svg",
  price_amount: "0",
  price_currency: "SEK",
} as const;

export const PLACEHOLDER_IMAGE = HOTEL_DEFAULTS.image_path;

// Stand-ins for a missing name: the current one and the English one it replaced, which rows
// written before may still hold. Shown as the Swedish one, never part of a slug.
const NAME_STAND_INS = new Set<string>([HOTEL_DEFAULTS.name, "Unnamed Hotel"]);

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
    name: name && !NAME_STAND_INS.has(name) ? name : HOTEL_DEFAULTS.name,
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
    affiliate_url: text(raw.affiliate_url) || null,
    has_affiliate_url: raw.has_affiliate_url === true,
    is_description_rewritten: raw.is_description_rewritten === true,
  };
}

/** The text a visitor reads: the Swedish rewrite when there is one. */
export function displayDescription(hotel: Pick<Hotel, "description" | "rewritten_text">): string {
  return hotel.rewritten_text || hotel.description;
}

/**
 * Lowercase, hyphenated and ASCII: 'Hotel Åre Fjällby' → 'hotel-are-fjallby'. Swedish
 * letters lose their dots and rings (å, ä → a; ö → o), as Swedish URLs conventionally do.
 */
export function slugify(value: string): string {
  return foldText(value)
    .replace(/&/g, " och ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const MAX_SLUG_LENGTH = 200;

/**
 * The slug a new hotel starts from: from the name, or from hotel_id when the name is missing,
 * at most 200 characters, 'hotell' when neither has a letter or digit. The database's twin,
 * hotel_slug_base, gives a new hotel this or, when another hotel of its place has it, this
 * with -2, -3…: links use the stored slug (hotels.slug), never this.
 */
export function hotelSlug(hotel: { name?: string | null; hotel_id: string }): string {
  const name = hotel.name?.trim();
  const fromName = name && !NAME_STAND_INS.has(name) ? slugify(name) : "";
  return (fromName || slugify(hotel.hotel_id) || "hotell").slice(0, MAX_SLUG_LENGTH).replace(/-+$/, "");
}

/** Removes trailing periods (and surrounding space) from a query or id before use. */
export function stripTrailingPeriod(value: string): string {
  return value.trim().replace(/\.+$/, "").trimEnd();
}

/** The rating on the 0–10 scale with one decimal, Swedish style: 8.64 → '8,6'. */
export function formatRating(rating: number): string {
  const clamped = Math.min(10, Math.max(0, Number.isFinite(rating) ? rating : 0));
  return oneDecimal.format(Math.round(clamped * 10) / 10);
}

// Formatters are costly to make and a list page formats hundreds of numbers: make each once.
const oneDecimal = new Intl.NumberFormat("sv-SE", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const wholeNumber = new Intl.NumberFormat("sv-SE", { maximumFractionDigits: 0 });
/** A whole number the Swedish way: 1234567 → '1 234 567'. */
export function formatCount(value: number): string {
  return wholeNumber.format(value);
}

/** Whole stars to draw: none unless the rating is above 0, never more than 5. */
export function wholeStars(starRating: number): number {
  if (!Number.isFinite(starRating) || starRating <= 0) return 0;
  return Math.min(5, Math.floor(starRating));
}

/** Cuts text at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function truncate(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max - 1);
  const endsOnWord = /\s/.test(value.charAt(max - 1));
  const lastSpace = cut.lastIndexOf(" ");
  const atWord = endsOnWord || lastSpace < max * 0.6 ? cut : cut.slice(0, lastSpace);
  return `${atWord.trimEnd().replace(/[,.;:]$/, "")}…`;
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

/**
 * Finds the hotel a URL slug means among a place's hotels: the stored slug first, then the
 * same slug in another spelling (case, accents), then the slug of the hotel's current name
 * (a hotel keeps its slug when renamed), then a hotel whose slug contains it or is contained
 * in it (an old or shortened name). `exact` is false when the URL should be redirected.
 */
export function matchHotelSlug<T extends { name?: string | null; hotel_id: string; slug: string | null }>(
  candidates: readonly T[],
  slug: string,
): { hotel: T; exact: boolean } | null {
  const exact = candidates.find((hotel) => hotel.slug === slug);
  if (exact) return { hotel: exact, exact: true };
  const wanted = slugify(safeDecode(slug));
  if (!wanted) return null;
  const same = candidates.find((hotel) => hotel.slug === wanted) ?? candidates.find((hotel) => hotelSlug(hotel) === wanted);
  if (same) return { hotel: same, exact: false };
  const containing = candidates
    .filter((hotel) => {
      const candidate = hotel.slug ?? "";
      return candidate.includes(wanted) || (wanted.includes(candidate) && candidate.length >= 4);
    })
    // The closest in length is the likeliest meaning.
    .sort((a, b) => Math.abs((a.slug ?? "").length - wanted.length) - Math.abs((b.slug ?? "").length - wanted.length));
  return containing[0] ? { hotel: containing[0], exact: false } : null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
