/**
 * Reads a visitor's hotel wish in Swedish or English: which of our places and countries it
 * names (accent-insensitive, by the Swedish names the database holds too), star ratings ('4 stjärnor',
 * 'fyrstjärnigt', 'five-star'), amenities ('pool', 'frukost', 'parkering' …), budget words
 * ('billigt', 'lyx') and a price ceiling ('under 1500 kr'). Pure: the place names come from
 * the catalogue, passed in, so it never invents a place.
 */
import type { AmenityKey as CatalogueAmenityKey } from "#app/hotels/amenities.ts";
import { foldText } from "#app/utils/fold-text.ts";

/** A place of the catalogue: its stored spelling (retrieval, addresses) and the Swedish names answers write. */
export interface KnownPlace {
  location: string;
  country: string;
  /** 'Göteborg' for Gothenburg; the stored spelling when the place has no Swedish name. Also read as a spelling. */
  name: string;
  countryName: string;
}

/** A country of the catalogue: its stored spelling and its Swedish name ('Sweden', 'Sverige'). */
export interface KnownCountry {
  country: string;
  name: string;
}

export type AmenityKey =
  | "pool"
  | "breakfast"
  | "parking"
  | "gym"
  | "spa"
  | "sauna"
  | "wifi"
  | "pets"
  | "restaurant"
  | "bar"
  | "family"
  | "airport"
  | "seaview"
  | "accessible"
  | "ev"
  | "kitchenette"
  | "meeting"
  | "aircon"
  | "rooftop";

export interface Understanding {
  places: KnownPlace[];
  /** Countries named on their own (not only as the country of a named place). */
  countries: KnownCountry[];
  /** A minimum star rating, 1–5. */
  minStars: number | null;
  amenities: AmenityKey[];
  budget: "low" | "high" | null;
  /** A ceiling on the nightly price, in SEK. */
  maxPrice: number | null;
}

/**
 * Everyday names the database does not hold as a place's or country's name (the Swedish names
 * come with the vocabulary): short forms, parts of a country, and English names of places the
 * catalogue stores in another spelling.
 */
const ALIASES: Record<string, string[]> = {
  "United Kingdom": ["uk", "england", "skottland", "scotland", "great britain", "britain"],
  "United States": ["usa", "us", "amerika", "america", "forenta staterna"],
  Netherlands: ["holland"],
  "Czech Republic": ["czechia"],
  "New York": ["nyc", "new york city"],
  "Los Angeles": ["la"],
};

/**
 * Names that are also ordinary words ('are', 'nice', 'rom', 'la', 'us', 'island') count
 * only when written as a name: with their accent ('Åre') or capitalised ('Nice', 'LA', 'USA').
 */
const ORDINARY_WORDS = new Set(["are", "nice", "rom", "la", "us", "island", "abo", "prag", "aten", "bergen", "porto"]);

function namePattern(folded: string): RegExp {
  const escaped = folded.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "u");
}

/** Whether `name` occurs in the text as a word (or words). */
function mentions(text: string, foldedText: string, name: string): boolean {
  const folded = foldText(name);
  if (!folded) return false;
  if (!namePattern(folded).test(foldedText)) return false;
  if (!ORDINARY_WORDS.has(folded)) return true;
  // Written as a name: the exact spelling with its accents, capitalised, or all capitals.
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const exact = new RegExp(`(?<![\\p{L}\\p{N}])(${escaped}|${escaped.toUpperCase()})(?![\\p{L}\\p{N}])`, "u");
  const hasAccent = foldText(name) !== name.toLowerCase();
  if (hasAccent) return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu").test(text);
  return exact.test(text);
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The stored spelling, the Swedish name and any everyday alias. */
function namesFor(stored: string, swedish: string): string[] {
  const extra = ALIASES[stored] ?? [];
  return [stored, swedish, ...extra.map((alias) => (ORDINARY_WORDS.has(alias) ? capitalised(alias) : alias))];
}

const NUMBER_WORDS: Record<string, number> = {
  en: 1,
  ett: 1,
  one: 1,
  tva: 2,
  two: 2,
  tre: 3,
  three: 3,
  fyra: 4,
  four: 4,
  fem: 5,
  five: 5,
};

function parseStars(folded: string): number | null {
  const found: number[] = [];
  const digit = /(?<!\d)([1-5])\s*(?:-|\s)?\s*(?:stjarn\w*|star\w*|\*)/gu;
  for (const match of folded.matchAll(digit)) found.push(Number(match[1]));
  const word = /(?<![\p{L}])(en|ett|one|tva|two|tre|three|fyra|four|fem|five)\s*(?:-|\s)?\s*(?:stjarn\w*|star\w*)/gu;
  for (const match of folded.matchAll(word)) found.push(NUMBER_WORDS[match[1]!]!);
  const compound = /(?<![\p{L}])(tva|tre|fyr|fem)stjarnig\w*/gu;
  const compoundValue: Record<string, number> = { tva: 2, tre: 3, fyr: 4, fem: 5 };
  for (const match of folded.matchAll(compound)) found.push(compoundValue[match[1]!]!);
  return found.length ? Math.max(...found) : null;
}

interface AmenityWords {
  /** Whole words (after folding). */
  words?: string[];
  /** Word beginnings, for Swedish endings ('frukosten', 'parkeringen'); at least four letters. */
  stems?: string[];
  /** Phrases of several words. */
  phrases?: string[];
}

export const AMENITY_WORDS: Record<AmenityKey, AmenityWords> = {
  pool: { words: ["pool", "pools", "poolen", "pooler"], stems: ["simbassang", "bassang", "swimming", "poolomrad"] },
  breakfast: { stems: ["frukost", "breakfast"] },
  parking: { stems: ["parkering", "parking", "garage"], words: ["parkera"] },
  gym: { words: ["gym", "gymmet", "gyms"], stems: ["fitness", "traningslokal", "traningsrum"] },
  spa: { words: ["spa", "spat", "spaet", "spabad"], stems: ["spaavdelning", "wellness"] },
  sauna: { stems: ["bastu", "sauna"] },
  wifi: { words: ["wifi", "wlan", "internet"], phrases: ["wi fi", "wi-fi"] },
  pets: {
    stems: ["husdjur", "hundvanlig", "djurvanlig", "pet-friendly"],
    words: ["hund", "hunden", "katt", "katten", "pet", "pets", "dog", "dogs"],
  },
  restaurant: { stems: ["restaurang", "restaurant"] },
  bar: { words: ["bar", "baren", "barer", "bars", "cocktailbar"] },
  family: { stems: ["familj", "family"], words: ["barn", "barnen", "kids", "children"] },
  airport: { stems: ["flygplatstransfer", "flygbuss", "shuttle"], phrases: ["airport transfer", "airport shuttle"] },
  seaview: { stems: ["havsutsikt", "sjoutsikt"], phrases: ["sea view", "ocean view", "utsikt over havet"] },
  accessible: { stems: ["rullstol", "tillganglighet", "tillganglig", "wheelchair", "accessible"] },
  ev: { stems: ["elbil", "laddstolp", "laddplats"], phrases: ["ev charging", "electric car"] },
  kitchenette: { stems: ["pentry", "kitchenette", "kokvra"], words: ["kok", "koket", "kitchen"] },
  meeting: { stems: ["konferens", "motesrum", "meeting", "affarsresa", "tjansteresa"], words: ["business"] },
  aircon: { stems: ["luftkonditionering", "air conditioning", "aircondition"], words: ["ac"] },
  rooftop: { stems: ["takterrass", "rooftop", "takbar"] },
};

/** The amenities of the catalogue's vocabulary (a hotel's amenity keys) that meet each wish. */
export const AMENITY_WISH_KEYS: Record<AmenityKey, readonly CatalogueAmenityKey[]> = {
  pool: ["pool"],
  breakfast: ["frukost"],
  parking: ["parkering"],
  gym: ["gym"],
  spa: ["spa"],
  sauna: ["bastu"],
  wifi: ["wifi"],
  pets: ["husdjur"],
  restaurant: ["restaurang"],
  bar: ["bar"],
  family: ["familjerum", "barnklubb"],
  airport: ["flygplatstransfer"],
  seaview: ["havsutsikt"],
  accessible: ["tillganglighet"],
  ev: ["laddstation"],
  kitchenette: ["pentry"],
  meeting: ["konferens"],
  aircon: ["luftkonditionering"],
  rooftop: ["takterrass"],
};

/** The Swedish words the answer uses for each amenity. */
export const AMENITY_SV: Record<AmenityKey, string> = {
  pool: "pool",
  breakfast: "frukost",
  parking: "parkering",
  gym: "gym",
  spa: "spa",
  sauna: "bastu",
  wifi: "wifi",
  pets: "husdjur tillåtna",
  restaurant: "restaurang",
  bar: "bar",
  family: "familjerum",
  airport: "flygplatstransfer",
  seaview: "havsutsikt",
  accessible: "tillgänglighetsanpassning",
  ev: "laddning för elbil",
  kitchenette: "pentry",
  meeting: "mötesrum",
  aircon: "luftkonditionering",
  rooftop: "takterrass",
};

/** The wishes whose Swedish word is an ett-word ('ett gym'): 'gym angivet', not 'angiven'. */
export const AMENITY_NEUTER: ReadonlySet<AmenityKey> = new Set<AmenityKey>(["gym", "spa", "wifi", "family", "kitchenette", "meeting"]);

function parseAmenities(folded: string): AmenityKey[] {
  const words = folded.split(/[^\p{L}\p{N}-]+/u).filter(Boolean);
  const found: AmenityKey[] = [];
  for (const [key, spec] of Object.entries(AMENITY_WORDS) as [AmenityKey, AmenityWords][]) {
    const hit =
      spec.words?.some((word) => words.includes(word)) ||
      spec.stems?.some((stem) => (stem.includes(" ") ? folded.includes(stem) : words.some((word) => word.startsWith(stem)))) ||
      spec.phrases?.some((phrase) => folded.includes(phrase));
    if (hit) found.push(key);
  }
  return found;
}

const CHEAP = ["billig", "budget", "prisvard", "lagpris", "cheap", "affordable", "inexpensive", "low-cost", "snal"];
const LUXURY = ["lyx", "exklusiv", "luxury", "luxurious", "upscale", "deluxe", "flott"];

function parseBudget(folded: string): Understanding["budget"] {
  const words = folded.split(/[^\p{L}-]+/u);
  if (words.some((word) => CHEAP.some((stem) => word.startsWith(stem)))) return "low";
  if (words.some((word) => LUXURY.some((stem) => word.startsWith(stem)))) return "high";
  return null;
}

function parseMaxPrice(folded: string): number | null {
  const match = /(?:under|max|maximalt|hogst|below|less than|up to|upp till|mindre an)\s*(\d[\d\s]*)\s*(?:kr|kronor|sek|:-)?/u.exec(folded);
  if (!match) return null;
  const value = Number(match[1]!.replace(/\s/g, ""));
  return Number.isFinite(value) && value >= 100 ? value : null;
}

/** Reads a request against the catalogue's own place names. */
export function understandRequest(
  text: string,
  known: { places: readonly KnownPlace[]; countries: readonly KnownCountry[] },
): Understanding {
  const folded = foldText(text);
  const places = known.places.filter((place) => namesFor(place.location, place.name).some((name) => mentions(text, folded, name)));
  // A place named inside a longer place name ('York' in 'New York') does not count twice.
  const distinct = places.filter(
    (place) =>
      !places.some(
        (other) =>
          other !== place && foldText(other.location).includes(foldText(place.location)) && other.location.length > place.location.length,
      ),
  );
  const countries = known.countries.filter(
    (country) =>
      namesFor(country.country, country.name).some((name) => mentions(text, folded, name)) &&
      // 'Stockholm, Sverige' asks for Stockholm, not for all of Sweden.
      !distinct.some((place) => place.country === country.country),
  );
  const stars = parseStars(folded);
  const budget = parseBudget(folded);
  return {
    places: distinct,
    countries,
    minStars: stars,
    amenities: parseAmenities(folded),
    budget,
    maxPrice: parseMaxPrice(folded),
  };
}
