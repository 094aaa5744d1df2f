/**
 * A hotel's Swedish description written from its catalogue facts alone (kind of place, place
 * and address, stars, guest rating, amenities, price level): what the local engine offers for
 * "Translate with AI" and the bulk rewrite when no provider is configured. Pure and
 * deterministic: the wording is chosen from the hotel's id, so a rerun writes the same text.
 */
import { AMENITY_VOCABULARY, type AmenityKey } from "#app/hotels/amenities.ts";
import { wholeStars } from "#app/hotels/hotel-record.ts";
import { formatRating, formatCount } from "#app/utils/format.ts";

/** What the description is written from. Places are given by their Swedish names. */
export interface HotelFacts {
  hotelId: string;
  name: string;
  /** The catalogue's spelling of the place (to recognise it at the end of an address). */
  location: string;
  locationName: string;
  countryName: string;
  address: string | null;
  stars: number | null;
  rating: number | null;
  reviewCount: number | null;
  price: number | null;
  currency: string | null;
  amenityKeys: readonly string[];
}

/** Swedish nouns come as en-words, ett-words or plurals; adjectives and pronouns follow. */
type Gender = "en" | "ett" | "plural";

interface Kind {
  noun: string;
  definite: string;
  gender: Gender;
}

// Tested against the name without accents, in lower case; the first that matches wins.
const KINDS: { test: RegExp; kind: Kind }[] = [
  { test: /\b(hostel|vandrarhem)/, kind: { noun: "vandrarhem", definite: "vandrarhemmet", gender: "ett" } },
  {
    test: /\b(aparthotel|apartment hotel|lagenhetshotell)\b/,
    kind: { noun: "lägenhetshotell", definite: "lägenhetshotellet", gender: "ett" },
  },
  {
    test: /\b(apartments?|apartamentos?|lagenhet(er)?|flats|suites|residences?)\b/,
    kind: { noun: "lägenheter", definite: "lägenheterna", gender: "plural" },
  },
  {
    test: /\b(b ?& ?b|bed and breakfast|bed & breakfast|guest ?house|gasthus|pensionat)\b/,
    kind: { noun: "pensionat", definite: "pensionatet", gender: "ett" },
  },
  { test: /\b(motel|motell)\b/, kind: { noun: "motell", definite: "motellet", gender: "ett" } },
  { test: /\bresort\b/, kind: { noun: "resort", definite: "resorten", gender: "en" } },
  { test: /\b(inn|vardshus|gastgiveri)\b/, kind: { noun: "värdshus", definite: "värdshuset", gender: "ett" } },
  { test: /\b(capsule|kapsel)/, kind: { noun: "kapselhotell", definite: "kapselhotellet", gender: "ett" } },
  { test: /\bboutique\b/, kind: { noun: "boutiquehotell", definite: "boutiquehotellet", gender: "ett" } },
  { test: /\b(spa hotel|spahotell)\b/, kind: { noun: "spahotell", definite: "spahotellet", gender: "ett" } },
  { test: /\b(lodge|stugby)\b/, kind: { noun: "lodge", definite: "lodgen", gender: "en" } },
];

const HOTEL: Kind = { noun: "hotell", definite: "hotellet", gender: "ett" };

/** What kind of place a hotel is, from its name: 'Möllan Hostel' is a vandrarhem; most are hotell. */
export function kindOf(name: string): Kind {
  const folded = name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
  return KINDS.find((entry) => entry.test.test(folded))?.kind ?? HOTEL;
}

/** An adjective's forms: en-word, ett-word, plural ('prisvärd', 'prisvärt', 'prisvärda'). */
type Adjective = Record<Gender, string>;

const adjective = (en: string, ett: string, plural: string): Adjective => ({ en, ett, plural });

const STAR_ADJECTIVES: Record<number, Adjective> = {
  1: adjective("enstjärnig", "enstjärnigt", "enstjärniga"),
  2: adjective("tvåstjärnig", "tvåstjärnigt", "tvåstjärniga"),
  3: adjective("trestjärnig", "trestjärnigt", "trestjärniga"),
  4: adjective("fyrstjärnig", "fyrstjärnigt", "fyrstjärniga"),
  5: adjective("femstjärnig", "femstjärnigt", "femstjärniga"),
};

export type PriceLevel = "low" | "mid" | "high";

// Rough rates to SEK: enough to tell a cheap night from an expensive one, no more.
const SEK_PER_UNIT: Record<string, number> = { SEK: 1, NOK: 1, DKK: 1.5, EUR: 11.5, USD: 10.5, GBP: 13.5, CHF: 12 };

/** Below this a night is 'prisvärt', from the next 'exklusivt', in SEK. */
export const PRICE_THRESHOLDS = { low: 1000, high: 2500 } as const;

/** The price level of a nightly price; null when the price or its currency is unknown. */
export function priceLevel(price: number | null, currency: string | null): PriceLevel | null {
  const rate = SEK_PER_UNIT[(currency || "SEK").toUpperCase()];
  if (price === null || !Number.isFinite(price) || price <= 0 || rate === undefined) return null;
  const sek = price * rate;
  return sek < PRICE_THRESHOLDS.low ? "low" : sek >= PRICE_THRESHOLDS.high ? "high" : "mid";
}

const PRICE_ADJECTIVES: Record<Exclude<PriceLevel, "mid">, Adjective> = {
  low: adjective("prisvärd", "prisvärt", "prisvärda"),
  high: adjective("exklusiv", "exklusivt", "exklusiva"),
};

const ARTICLE: Record<Gender, string> = { en: "en ", ett: "ett ", plural: "" };
const IT: Record<Gender, string> = { en: "den", ett: "det", plural: "dem" };

/** 'ett prisvärt trestjärnigt hotell', 'fyrstjärniga lägenheter', 'ett hotell' (the middle price level has a sentence of its own). */
function kindPhrase(kind: Kind, stars: number, level: PriceLevel | null): string {
  const adjectives: string[] = [];
  if (level === "low" || level === "high") adjectives.push(PRICE_ADJECTIVES[level][kind.gender]);
  if (stars) adjectives.push(STAR_ADJECTIVES[stars]![kind.gender]);
  return `${ARTICLE[kind.gender]}${[...adjectives, kind.noun].join(" ")}`;
}

const joinSv = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} och ${items[items.length - 1]}`;

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase("sv-SE") + text.slice(1);

const placeKeyOf = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();

/**
 * The street and district of an address written 'Street 12, District, Place' (the place is
 * left out: the text names it in Swedish). Anything else is left alone.
 */
export function addressParts(address: string | null, location: string): { street: string; district: string | null } | null {
  const parts = (address ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0 || !/\d/.test(parts[0]!)) return null;
  const rest = parts.slice(1).filter((part) => placeKeyOf(part) !== placeKeyOf(location) && !/\d/.test(part));
  return { street: parts[0]!, district: rest.length === 1 ? rest[0]! : null };
}

// Amenities that read as a sentence of their own, not as an item of a list.
const STATEMENTS: Partial<Record<AmenityKey, (definite: string, gender: Gender) => string>> = {
  strand: () => "Det är nära till stranden.",
  husdjur: () => "Husdjur är välkomna.",
  tillganglighet: (definite, gender) =>
    `${capitalised(definite)} är ${{ en: "tillgänglighetsanpassad", ett: "tillgänglighetsanpassat", plural: "tillgänglighetsanpassade" }[gender]}.`,
  rokfritt: (definite, gender) => `${capitalised(definite)} är ${{ en: "rökfri", ett: "rökfritt", plural: "rökfria" }[gender]}.`,
};

// Items whose label is not a noun that can stand in a list ('Konferens och möten'), or would
// blur the list's own 'och' ('Kaffe och te på rummet').
const LIST_WORDS: Partial<Record<AmenityKey, string>> = {
  konferens: "konferenslokaler",
  tvatt: "tvättmöjligheter",
  "kaffe-te": "te- och kaffefaciliteter på rummet",
};

const LABELS = new Map<string, string>(AMENITY_VOCABULARY.map((entry) => [entry.key, entry.label]));

/** How many amenities the list names: enough to inform, few enough to read. */
const MAX_LISTED = 6;

function amenitySentences(keys: readonly string[], kind: Kind, variant: number): string[] {
  const listed: string[] = [];
  const statements: string[] = [];
  for (const key of new Set(keys)) {
    const label = LABELS.get(key);
    if (!label) continue;
    const statement = STATEMENTS[key as AmenityKey];
    if (statement) statements.push(statement(kind.definite, kind.gender));
    else if (listed.length < MAX_LISTED) {
      const word = LIST_WORDS[key as AmenityKey] ?? label;
      // Labels are in sentence case; inside a sentence they are lower case ('Wifi' → 'wifi').
      listed.push(word.charAt(0).toLocaleLowerCase("sv-SE") + word.slice(1));
    }
  }
  const sentences: string[] = [];
  if (listed.length) {
    const list = joinSv(listed);
    sentences.push(
      [
        `Här finns bland annat ${list}.`,
        `Bland bekvämligheterna finns ${list}.`,
        `${capitalised(kind.definite)} erbjuder ${list}.`,
        `Gästerna har tillgång till ${list}.`,
      ][variant % 4]!,
    );
  }
  return [...sentences, ...statements];
}

function ratingSentence(rating: number | null, reviewCount: number | null, kind: Kind, variant: number): string | null {
  if (rating === null || !Number.isFinite(rating) || rating <= 0) return null;
  const score = `${formatRating(rating)} av 10`;
  const reviews = reviewCount && reviewCount > 0 ? ` (${formatCount(reviewCount)} ${reviewCount === 1 ? "omdöme" : "omdömen"})` : "";
  const praise = rating >= 9 ? "enastående" : rating >= 8.5 ? "mycket högt" : rating >= 8 ? "högt" : rating >= 7 ? "gott" : null;
  if (!praise || variant % 2 === 1) return `Gästbetyget är ${score}${reviews}.`;
  return `Gästerna ger ${IT[kind.gender]} ${praise} betyg: ${score}${reviews}.`;
}

const HOME_COUNTRY = "sverige";

/** FNV-1a: a stable number from the hotel's id, so the same hotel always gets the same wording. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** A few sentences of Swedish about the hotel, from its facts only (nothing is made up). */
export function composeSwedishDescription(facts: HotelFacts): string {
  const kind = kindOf(facts.name);
  const stars = facts.stars === null ? 0 : wholeStars(facts.stars);
  const level = priceLevel(facts.price, facts.currency);
  const phrase = kindPhrase(kind, stars, level);
  const seed = hash(facts.hotelId || facts.name);
  const name = facts.name.trim();
  const town = facts.locationName.trim();
  const country = facts.countryName.trim();
  // 'i Göteborg i Sverige' says too much to a Swedish reader, as does 'i Singapore i Singapore'.
  const sameName = placeKeyOf(town) === placeKeyOf(country) || !country || placeKeyOf(country) === HOME_COUNTRY;
  const where = town ? (sameName ? town : `${town} i ${country}`) : country;
  const worth = { en: "värd", ett: "värt", plural: "värda" }[kind.gender];

  let opening: string;
  if (!name) opening = where ? `Det här är ${phrase} i ${where}.` : `Det här är ${phrase}.`;
  else if (!where) opening = `${name} är ${phrase}.`;
  else {
    const openings = [
      `${name} är ${phrase} i ${where}.`,
      `I ${where} ligger ${name}, ${phrase}.`,
      sameName ? `${name} ligger i ${town} och är ${phrase}.` : `${name} i ${town} är ${phrase} i ${country}.`,
      `Söker du ${phrase} i ${where}? Då är ${name} ${worth} en titt.`,
    ];
    opening = openings[seed % openings.length]!;
  }

  const sentences = [opening];
  const address = addressParts(facts.address, facts.location);
  if (address) {
    const at = `på ${address.street}${address.district ? ` i ${address.district}` : ""}`;
    sentences.push((seed >>> 3) % 2 === 0 ? `${capitalised(kind.definite)} ligger ${at}.` : `Du hittar ${kind.definite} ${at}.`);
  }
  if (level === "mid") sentences.push((seed >>> 11) % 2 === 0 ? "Prisnivån är i mellanklassen." : "Priserna är i mellanklassen.");
  const rating = ratingSentence(facts.rating, facts.reviewCount, kind, seed >>> 5);
  if (rating) sentences.push(rating);
  sentences.push(...amenitySentences(facts.amenityKeys, kind, seed >>> 7));
  return sentences.join(" ");
}
