/**
 * The place's pages of their own beside its list (decisions 079, 080): a neighbourhood,
 * /{country}/{place}/omrade/{district}, a place with one amenity, /{country}/{place}/med/{amenity},
 * and the hotels near one of its landmarks, /{country}/{place}/nara/{landmark}.
 * Their addresses, when search engines may index them, and the introduction a landing page opens
 * with, written from the data. Pure: server and browser.
 */
import { href } from "react-router";
import { slugify } from "#app/utils/slug.ts";
import { isPlaceName, placeSegment } from "#app/utils/paths.ts";
import { formatSek, type PriceDisplay } from "#app/utils/money.ts";
import { formatCount } from "#app/utils/format.ts";
import { formatDistance } from "#app/location/distance.ts";
import type { AmenityKey } from "./amenities.ts";
import type { ListParams } from "./search-params.ts";
import type { ConditionKey } from "#app/prices/conditions.ts";
import { isChosenStay, type Stay } from "#app/utils/stay.ts";

/**
 * A neighbourhood or landing page is indexed, and in the sitemap, from this many hotels: a page
 * of three hotels says little a search engine should send anyone to, and many such pages would
 * look like thin content.
 */
export const INDEXABLE_MIN_HOTELS = 5;

export const isIndexable = (hotels: number) => hotels >= INDEXABLE_MIN_HOTELS;

/**
 * The amenities with a landing page, and how Swedish says "hotels … with it" ('Hotell i Stockholm
 * med pool'). A chosen few: what travellers search for with a place's name; the rest of the
 * vocabulary stays a filter of the list (bekvamlighet=…), and /med/{other} is not found.
 */
export const LANDING_AMENITIES: Partial<Record<AmenityKey, string>> = {
  pool: "pool",
  frukost: "frukost",
  spa: "spa",
  parkering: "parkering",
  gym: "gym",
  bastu: "bastu",
  bubbelpool: "bubbelpool",
  restaurang: "restaurang",
  laddstation: "laddstation för elbil",
  familjerum: "familjerum",
  havsutsikt: "havsutsikt",
  takterrass: "takterrass",
  flygplatstransfer: "flygplatstransfer",
  balkong: "balkong",
};

export const LANDING_AMENITY_KEYS = Object.keys(LANDING_AMENITIES) as AmenityKey[];

/** The words after "med" for a landing amenity; undefined for one without a page. */
export const landingAmenityPhrase = (key: string): string | undefined => LANDING_AMENITIES[key as AmenityKey];

/**
 * Whether a list page is its plain self, the page search engines may index: no filter, no search,
 * no stay, no offer conditions, prices in kronor (sorting and paging only reorder it). Anything
 * else is `noindex` with the canonical pointing to the plain page (decision 079).
 */
export function isPlainList(
  page: {
    params: Pick<ListParams, "search" | "rating" | "guestRating" | "priceMin" | "priceMax" | "amenities" | "area" | "near">;
    stay: Stay;
    conditions: readonly ConditionKey[];
    display: Pick<PriceDisplay, "currency">;
  },
  /** What the page itself is of (a landing page's amenity or landmark): not a choice of the visitor's. */
  own: { amenity?: string; landmark?: string } = {},
): boolean {
  const { params } = page;
  return (
    !params.search &&
    params.rating === undefined &&
    params.guestRating === undefined &&
    params.priceMin === undefined &&
    params.priceMax === undefined &&
    params.amenities.every((key) => key === own.amenity) &&
    // The map's area and a chosen landmark are the visitor's own view of the place.
    params.area === undefined &&
    (!params.near || params.near === own.landmark) &&
    !isChosenStay(page.stay) &&
    page.conditions.length === 0 &&
    page.display.currency === "SEK"
  );
}

/** A district's address segment: the site's slug ('Södermalm' → 'sodermalm'); '' when it has no letter or digit. */
export const districtSlug = (district: string): string => slugify(district);

/** The slug a typed segment means ('Södermalm', 'SODERMALM', 's%C3%B6dermalm' → 'sodermalm'). */
export function readDistrictSegment(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // Kept as typed: a stray % is not a reason for an error page.
  }
  return districtSlug(text);
}

/** A neighbourhood's page; null when the place names nothing or the slug is empty. */
export function neighbourhoodPath(country: string, location: string, slug: string): string | null {
  return isPlaceName(country) && isPlaceName(location) && slug
    ? href("/:country/:location/omrade/:district", { country: placeSegment(country), location: placeSegment(location), district: slug })
    : null;
}

/** A place's page for one amenity; null when the place names nothing or the amenity has no page. */
export function amenityLandingPath(country: string, location: string, amenity: string): string | null {
  return isPlaceName(country) && isPlaceName(location) && landingAmenityPhrase(amenity)
    ? href("/:country/:location/med/:amenity", { country: placeSegment(country), location: placeSegment(location), amenity })
    : null;
}

/**
 * A landmark page lists the hotels within this great-circle distance of the landmark ("inom en
 * kilometer från Centralstationen"): a walk of a quarter of an hour, what "nära" promises in a
 * city; the station's own district and the next one (decision 080).
 */
export const LANDMARK_RADIUS_METRES = 1000;

/** "en kilometer", "1,5 kilometer", "800 meter": the radius as the introduction says it. */
export function radiusPhrase(metres: number): string {
  if (metres === 1000) return "en kilometer";
  if (metres < 1000) return `${formatCount(metres)} meter`;
  return `${new Intl.NumberFormat("sv-SE", { maximumFractionDigits: 1 }).format(metres / 1000)} kilometer`;
}

/** A landmark's page; null when the place names nothing or the slug is empty (landmark slugs are lower-case already). */
export function landmarkLandingPath(country: string, location: string, slug: string): string | null {
  return isPlaceName(country) && isPlaceName(location) && slug
    ? href("/:country/:location/nara/:landmark", { country: placeSegment(country), location: placeSegment(location), landmark: slug })
    : null;
}

/** Lowest and highest price of a set of hotels, in SEK; null when none has one. */
export interface PriceRange {
  fromSek: number;
  toSek: number;
  /** Per night without dates ("från X kr / natt"); the stay's total with them. */
  per: "night" | "stay";
}

/** 'från 890 kr till 3 200 kr per natt', 'för 1 780 kr per natt', '… för hela vistelsen'. */
export function priceRangeText(range: PriceRange, display: PriceDisplay): string {
  const per = range.per === "night" ? "per natt" : "för hela vistelsen";
  const from = formatSek(range.fromSek, display);
  const to = formatSek(range.toSek, display);
  return from === to ? `${from} ${per}` : `från ${from} till ${to} ${per}`;
}

/** 'a, b och c': no comma before the last. */
export function joinSwedish(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} och ${items.at(-1)}`;
}

export interface IntroFacts {
  /** 'Stockholm' (the Swedish name). */
  place: string;
  /** What the page is of, after "hotell": 'med pool', 'på Södermalm'. */
  what: string;
  hotels: number;
  price: PriceRange | null;
  /** The neighbourhoods the hotels are in, most hotels first, with their counts. */
  neighbourhoods: ReadonlyArray<{ name: string; hotels: number }>;
  display: PriceDisplay;
  /** A landmark page's: how far the nearest hotel is, in metres. */
  nearestMetres?: number | null;
}

/**
 * "på Södermalm", "på Kungsholmen", "på Söder", but "i Gamla stan", "i Linnéstaden": Swedish says
 * "på" of districts named for an island, a hill or a field (-malm, -holmen, -ön, -vången…) and of
 * the points of the compass as town parts (Söder, Väster…); "i" of the rest. A name that is
 * itself a place phrase ("Inom Vallgraven") takes none: "inom Vallgraven".
 */
export function inDistrict(name: string): string {
  const phrase = /^(inom|vid|nära|innanför|utanför|mellan|kring|runt)\s/i.exec(name);
  if (phrase) return `${phrase[1]!.toLowerCase()}${name.slice(phrase[1]!.length)}`;
  const on =
    /(malm|holm|holmen|ön|vången|gärdet|udden|berget|höjden|näset|gården|hisingen)$/i.test(name) ||
    /^(norr|söder|öster|väster)$/i.test(name);
  return `${on ? "på" : "i"} ${name}`;
}

/**
 * A landing page's introduction from its data: how many hotels, what they cost, where they are.
 * 'Vi har 12 hotell med pool i Stockholm. Priserna ligger från 890 kr till 3 200 kr per natt.
 * Flest ligger i områdena Södermalm (5), Norrmalm (4) och Östermalm (3).' A landmark page's says
 * how far the nearest is: 'Vi har 9 hotell inom en kilometer från Centralstationen i Stockholm.
 * Det närmaste ligger 200 m bort. …'
 */
export function landingIntro(facts: IntroFacts): string {
  if (facts.hotels === 0) return `Vi har inga hotell ${facts.what} i ${facts.place} just nu.`;
  const sentences = [`Vi har ${formatCount(facts.hotels)} hotell ${facts.what} i ${facts.place}.`];
  const only = facts.neighbourhoods.length === 1 ? facts.neighbourhoods[0]! : null;
  // One hotel near a landmark: where it is, in one sentence ("Det ligger 950 m bort, i området Santa Monica.").
  const oneNear = facts.hotels === 1 && only !== null && facts.nearestMetres != null;
  if (facts.nearestMetres !== undefined && facts.nearestMetres !== null)
    sentences.push(
      facts.hotels === 1
        ? `Det ligger ${formatDistance(facts.nearestMetres)} bort${oneNear ? `, i området ${only.name}` : ""}.`
        : `Det närmaste ligger ${formatDistance(facts.nearestMetres)} bort.`,
    );
  if (facts.price) {
    const range = priceRangeText(facts.price, facts.display);
    sentences.push(facts.price.fromSek === facts.price.toSek ? `Priset är ${range}.` : `Priserna ligger ${range}.`);
  }
  const named = facts.neighbourhoods.slice(0, 3).map((one) => `${one.name} (${formatCount(one.hotels)})`);
  // One hotel near a landmark had its area said with its distance.
  if (only && !oneNear)
    sentences.push(
      only.hotels === facts.hotels
        ? `${facts.hotels === 1 ? "Det" : "Alla"} ligger i området ${only.name}.`
        : `${formatCount(only.hotels)} av dem ligger i området ${only.name}.`,
    );
  else if (named.length > 1)
    sentences.push(`${facts.neighbourhoods.length > 3 ? "Flest ligger" : "De ligger"} i områdena ${joinSwedish(named)}.`);
  return sentences.join(" ");
}
