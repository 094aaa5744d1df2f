/**
 * The query parameters of the hotel lists (/hotels, country and place pages), read leniently:
 * a repeated parameter counts once, absurd lengths are cut, unknown values are ignored. A
 * visitor's typo never turns into an error page.
 */
import { readPage } from "#app/utils/read-page.ts";
import { withoutControlChars } from "#app/utils/fold-text.ts";
import { CONDITIONS_PARAM, readConditions, type ConditionKey } from "#app/prices/conditions.ts";
import { CURRENCY_PARAM, HOME_CURRENCY, readDisplayCurrency, type DisplayCurrency } from "#app/utils/money.ts";
import { isDefaultStayField } from "#app/utils/stay.ts";
import { AMENITY_VOCABULARY, type AmenityKey } from "./amenities.ts";
import { AREA_PARAM, formatArea, readArea, type MapArea } from "./map-area.ts";

export const RATING_OPTIONS = [
  { value: "", label: "Alla stjärnor" },
  { value: "3", label: "3+ stjärnor" },
  { value: "4", label: "4+ stjärnor" },
  { value: "5", label: "5 stjärnor" },
] as const;

/** Guest rating (1–10) from which a hotel is shown: `gastbetyg`. */
export const GUEST_RATING_OPTIONS = [
  { value: "", label: "Alla gästbetyg" },
  { value: "7", label: "7+ Bra" },
  { value: "8", label: "8+ Mycket bra" },
  { value: "9", label: "9+ Fantastiskt" },
] as const;

/** The amenities the filter bar offers as boxes (any key of the vocabulary works in the address). */
export const FILTER_AMENITY_KEYS: readonly AmenityKey[] = [
  "wifi",
  "frukost",
  "parkering",
  "pool",
  "spa",
  "gym",
  "restaurang",
  "husdjur",
  "luftkonditionering",
  "tillganglighet",
  "familjerum",
  "laddstation",
];

/** A price in whole kronor (per night without dates, for the stay with them), as the price filter takes it. */
export const MAX_PRICE_FILTER = 100_000;
const MAX_AMENITY_FILTERS = 10;

export const SORT_LABELS = {
  rekommenderat: "Rekommenderat",
  pris: "Lägsta pris",
  betyg: "Högsta betyg",
  stjarnor: "Flest stjärnor",
  // Offered within one place only; the label names the chosen landmark (app/location/distance.ts).
  avstand: "Närmast centrum",
} as const;

export type SortKey = keyof typeof SORT_LABELS;

/** One of the list's orders (its own keys only: `in` would take "toString" from the prototype). */
export const isSortKey = (value: string): value is SortKey => Object.hasOwn(SORT_LABELS, value);

/**
 * The parameters that choose a list's hotels and order (the page cache keeps one copy per
 * combination of these). readListParams also reads the price choices (villkor, valuta), which
 * every page that shows prices reads, the list pages among them.
 */
export const LIST_PARAM_NAMES: readonly string[] = [
  "search",
  "country",
  "location",
  "rating",
  "sortera",
  "sida",
  "destination",
  "prismin",
  "prismax",
  "gastbetyg",
  "bekvamlighet",
  AREA_PARAM,
  "nara",
];

const MAX_TEXT = 200;
const AMENITY_KEYS: ReadonlySet<string> = new Set(AMENITY_VOCABULARY.map((entry) => entry.key));
const MAX_PAGE = 10_000;

export interface ListParams {
  search: string;
  country: string;
  location: string;
  /** 3, 4 or 5; undefined for all. */
  rating: number | undefined;
  sort: SortKey;
  page: number;
  /** The spec's /hotels?destination= links (from popular destinations). */
  destination: string;
  /** The shown price (per night without dates, the stay's total with them), in kronor: `prismin`, `prismax`. */
  priceMin: number | undefined;
  priceMax: number | undefined;
  /** 7, 8 or 9: `gastbetyg`. */
  guestRating: number | undefined;
  /** Amenity keys every hotel must have: `bekvamlighet`, repeatable. */
  amenities: AmenityKey[];
  /** The offer's conditions the shown price must meet: `villkor`, repeatable. */
  conditions: ConditionKey[];
  /** The currency prices are shown in: `valuta` (SEK unless another is chosen). */
  currency: DisplayCurrency;
  /** The map's area the list is of (`omrade`, decision 078): it replaces the page's place. */
  area: MapArea | undefined;
  /** The slug of the place's landmark distances are measured to (`nara`); '' for the centre. */
  near: string;
}

/** What a list keeps in its links besides the stay: the offer's conditions and the display currency. */
export type PriceChoices = Pick<ListParams, "conditions" | "currency">;

export const NO_PRICE_CHOICES: PriceChoices = { conditions: [], currency: HOME_CURRENCY };

/** The address with the price choices in place of any it had (`valuta` only when not SEK). */
export function withPriceChoices(href: string, choices: PriceChoices): string {
  const [withoutHash, hash = ""] = href.split("#", 2) as [string, string?];
  const [path, query = ""] = withoutHash.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.delete(CONDITIONS_PARAM);
  params.delete(CURRENCY_PARAM);
  for (const key of choices.conditions) params.append(CONDITIONS_PARAM, key);
  if (choices.currency !== HOME_CURRENCY) params.set(CURRENCY_PARAM, choices.currency);
  const search = params.toString();
  return `${path}${search ? `?${search}` : ""}${hash ? `#${hash}` : ""}`;
}

function text(params: URLSearchParams, key: string): string {
  // Control characters go with the excess length.
  return withoutControlChars(params.get(key) ?? "")
    .trim()
    .slice(0, MAX_TEXT);
}

/** A whole number of kronor from 0 up to MAX_PRICE_FILTER ('1 500' and '1500 kr' too), else undefined. */
function kronor(params: URLSearchParams, key: string): number | undefined {
  const raw = (params.get(key) ?? "").replace(/\s|kr$/gi, "").replace(",", ".");
  if (!raw) return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? Math.min(Math.round(value), MAX_PRICE_FILTER) : undefined;
}

export function readListParams(params: URLSearchParams): ListParams {
  const rating = Number(params.get("rating"));
  const guestRating = Number(params.get("gastbetyg"));
  const sort = text(params, "sortera");
  let priceMin = kronor(params, "prismin");
  let priceMax = kronor(params, "prismax");
  // A range typed the wrong way round is meant the right way round.
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  const amenities = [...new Set(params.getAll("bekvamlighet").map((value) => value.trim()))]
    .filter((value): value is AmenityKey => AMENITY_KEYS.has(value))
    .slice(0, MAX_AMENITY_FILTERS);
  return {
    search: text(params, "search"),
    country: text(params, "country"),
    location: text(params, "location"),
    rating: rating === 3 || rating === 4 || rating === 5 ? rating : undefined,
    sort: isSortKey(sort) ? sort : "rekommenderat",
    page: readPage(params, { max: MAX_PAGE }),
    destination: text(params, "destination"),
    priceMin: priceMin || undefined,
    priceMax,
    guestRating: guestRating === 7 || guestRating === 8 || guestRating === 9 ? guestRating : undefined,
    amenities,
    conditions: readConditions(params).keys,
    currency: readDisplayCurrency(params),
    area: readArea(params).area,
    near: text(params, "nara").toLowerCase(),
  };
}

/** Parameters that may be repeated in a list's address (each value counts). */
const REPEATABLE = new Set(["bekvamlighet", CONDITIONS_PARAM]);

/**
 * The address query of a filter form's fields, as the filter bar submits it with JavaScript: only
 * what narrows the list or changes its prices (no empty fields, default guests or `valuta=SEK`),
 * every value of a repeated field (bekvamlighet, villkor) kept.
 */
export function filterFormQuery(fields: Iterable<[string, FormDataEntryValue]>): URLSearchParams {
  const kept = new URLSearchParams();
  for (const [key, value] of fields) {
    if (typeof value !== "string" || value === "" || isDefaultStayField(key, value)) continue;
    if (key === CURRENCY_PARAM && value.toUpperCase() === HOME_CURRENCY) continue;
    kept.append(key, value);
  }
  return kept;
}

/** The same list with some parameters changed; empty values and page 1 are left out. */
export function listHref(pathname: string, current: URLSearchParams, changes: Record<string, string | number | undefined>): string {
  const next = new URLSearchParams();
  for (const [key, value] of current) {
    if (REPEATABLE.has(key)) next.append(key, value);
    else if (!next.has(key)) next.set(key, value);
  }
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === "" || (key === "sida" && Number(value) === 1)) next.delete(key);
    else next.set(key, String(value));
  }
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** What the area replaces: the place and the search text (the area is the search, decision 078). */
const REPLACED_BY_AREA = ["search", "destination", "country", "location", "sida"];

/**
 * The list of the hotels in `area` with the list's other choices kept (stars, prices, amenities,
 * conditions, the stay, the order, the currency), on the same page: "Sök i det här området".
 */
export function areaHref(pathname: string, current: URLSearchParams, area: MapArea): string {
  return listHref(pathname, current, {
    ...Object.fromEntries(REPLACED_BY_AREA.map((key) => [key, undefined])),
    [AREA_PARAM]: formatArea(area),
  });
}

/**
 * The query of a list's canonical address: only parameters that change which hotels are listed
 * or in what order, each read as the list reads it and written once in a fixed order, so
 * `?sida=abc`, `?rating=9` or a repeated key never make a second address for the same list.
 * The stay and the display currency are left out (they only change prices); the offer's
 * conditions stay (a hotel without an offer that meets them is not listed). The map's area is
 * left out too: such pages are not indexed, and point at the list without it (decision 078).
 */
export function canonicalListQuery(current: URLSearchParams): string {
  const params = readListParams(current);
  const query = new URLSearchParams();
  const put = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== "") query.set(key, String(value));
  };
  put("search", params.search);
  put("destination", params.destination);
  put("country", params.country);
  put("location", params.location);
  put("rating", params.rating);
  put("gastbetyg", params.guestRating);
  put("prismin", params.priceMin);
  put("prismax", params.priceMax);
  for (const amenity of [...params.amenities].sort()) query.append("bekvamlighet", amenity);
  for (const condition of params.conditions) query.append(CONDITIONS_PARAM, condition);
  // Distances are the visitor's own view of a place (such pages are noindex): their canonical is the list.
  if (params.sort !== "rekommenderat" && params.sort !== "avstand") put("sortera", params.sort);
  if (params.page > 1) put("sida", params.page);
  const search = query.toString();
  return search ? `?${search}` : "";
}
