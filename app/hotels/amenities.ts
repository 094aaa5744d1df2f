/**
 * The catalogue's one amenity vocabulary: a Swedish key, a Swedish label and an icon for each
 * amenity, and the feed spellings (English and Swedish) that mean it. Feeds write 'Free WiFi',
 * 'WIFI' or 'Gratis wifi'; the site shows 'Wifi' and filters on the key `wifi`. Pure: shared by
 * the loaders, the importer, the seed and the browser.
 */

/** The icons drawn in app/components/amenity-icon.tsx: one per amenity, and one for the rest. */
export const AMENITY_ICON_NAMES = [
  "wifi",
  "egg",
  "parking",
  "bolt",
  "pool-ladder",
  "hot-tub",
  "leaf",
  "steam",
  "dumbbell",
  "cutlery",
  "cocktail",
  "cloche",
  "cup",
  "fridge",
  "snowflake",
  "paw",
  "clock",
  "elevator",
  "wheelchair",
  "family",
  "balloon",
  "plane",
  "pot",
  "balcony",
  "waves",
  "umbrella",
  "table",
  "rooftop",
  "tree",
  "easel",
  "bicycle",
  "washer",
  "no-smoking",
  "mountain",
  "golf-flag",
  "racket",
  "suitcase",
  "safe",
  "tv",
  "bathtub",
  "check",
] as const;

export type AmenityIconName = (typeof AMENITY_ICON_NAMES)[number];

/** The icon of a value the vocabulary does not know. */
export const GENERIC_AMENITY_ICON: AmenityIconName = "check";

interface VocabularyEntry {
  key: string;
  label: string;
  icon: AmenityIconName;
  /** Feed spellings besides the label, in any case and with any accents or punctuation. */
  synonyms: readonly string[];
}

export const AMENITY_VOCABULARY = [
  { key: "wifi", label: "Wifi", icon: "wifi", synonyms: ["wi-fi", "wlan", "internet", "wireless internet", "wifi internet", "wireless"] },
  {
    key: "frukost",
    label: "Frukost",
    icon: "egg",
    synonyms: ["breakfast", "breakfast buffet", "frukostbuffe", "continental breakfast", "breakfast available"],
  },
  {
    key: "parkering",
    label: "Parkering",
    icon: "parking",
    synonyms: ["parking", "car park", "garage", "garage parking", "parking garage", "garage parkering", "parkeringsplats", "valet parking"],
  },
  {
    key: "laddstation",
    label: "Laddstation för elbil",
    icon: "bolt",
    synonyms: [
      "ev charging",
      "ev charger",
      "electric vehicle charging",
      "electric car charging",
      "elbilsladdning",
      "laddstolpe",
      "laddplats",
    ],
  },
  {
    key: "pool",
    label: "Pool",
    icon: "pool-ladder",
    synonyms: ["swimming pool", "swimmingpool", "pools", "simbassang", "bassang", "inomhuspool", "utomhuspool", "infinity pool"],
  },
  {
    key: "bubbelpool",
    label: "Bubbelpool",
    icon: "hot-tub",
    synonyms: ["hot tub", "jacuzzi", "whirlpool", "spa bath", "badtunna", "spabad"],
  },
  {
    key: "spa",
    label: "Spa",
    icon: "leaf",
    synonyms: [
      "spa and wellness",
      "spa and wellness centre",
      "spa and wellness center",
      "wellness",
      "spa centre",
      "spa center",
      "spaavdelning",
    ],
  },
  { key: "bastu", label: "Bastu", icon: "steam", synonyms: ["sauna", "finnish sauna", "steam room", "angbastu"] },
  {
    key: "gym",
    label: "Gym",
    icon: "dumbbell",
    synonyms: ["fitness centre", "fitness center", "fitness room", "fitness", "traningslokal", "traningsrum", "gymnasium"],
  },
  { key: "restaurang", label: "Restaurang", icon: "cutlery", synonyms: ["restaurant", "on site restaurant", "dining", "restaurants"] },
  { key: "bar", label: "Bar", icon: "cocktail", synonyms: ["bar lounge", "lounge bar", "hotel bar", "cocktail bar", "pub"] },
  { key: "rumsservice", label: "Rumsservice", icon: "cloche", synonyms: ["room service", "24 hour room service"] },
  {
    key: "kaffe-te",
    label: "Kaffe och te på rummet",
    icon: "cup",
    synonyms: [
      "coffee and tea maker",
      "tea and coffee maker",
      "coffee maker",
      "tea and coffee",
      "coffee and tea",
      "kaffe och te",
      "kaffebryggare",
      "vattenkokare",
      "kettle",
    ],
  },
  { key: "minibar", label: "Minibar", icon: "fridge", synonyms: ["mini bar", "mini fridge", "minikyl"] },
  {
    key: "luftkonditionering",
    label: "Luftkonditionering",
    icon: "snowflake",
    synonyms: ["air conditioning", "air conditioned", "air con", "aircon", "ac"],
  },
  {
    key: "husdjur",
    label: "Husdjur tillåtna",
    icon: "paw",
    synonyms: [
      "pet friendly",
      "pets allowed",
      "pets welcome",
      "pets",
      "dog friendly",
      "dogs allowed",
      "husdjur",
      "hundvanligt",
      "djurvanligt",
    ],
  },
  {
    key: "reception-dygnet-runt",
    label: "Reception dygnet runt",
    icon: "clock",
    synonyms: [
      "24 hour front desk",
      "24h front desk",
      "24 hour reception",
      "24h reception",
      "front desk 24 7",
      "dygnet runt oppen reception",
    ],
  },
  { key: "hiss", label: "Hiss", icon: "elevator", synonyms: ["elevator", "lift"] },
  {
    key: "tillganglighet",
    label: "Tillgänglighetsanpassat",
    icon: "wheelchair",
    synonyms: [
      "wheelchair accessible",
      "accessible",
      "accessibility",
      "disabled access",
      "facilities for disabled guests",
      "handikappanpassat",
      "rullstolsanpassat",
    ],
  },
  { key: "familjerum", label: "Familjerum", icon: "family", synonyms: ["family rooms", "family room", "familjerum"] },
  {
    key: "barnklubb",
    label: "Barnklubb",
    icon: "balloon",
    synonyms: ["kids club", "kids' club", "childrens club", "children's club", "lekrum", "playroom", "kids corner"],
  },
  {
    key: "flygplatstransfer",
    label: "Flygplatstransfer",
    icon: "plane",
    synonyms: ["airport shuttle", "airport transfer", "airport transfers", "shuttle to the airport", "flygbuss", "airport pick up"],
  },
  {
    key: "pentry",
    label: "Kök eller pentry",
    icon: "pot",
    synonyms: ["kitchenette", "kitchen", "kok", "kokvra", "self catering", "kitchen facilities"],
  },
  { key: "balkong", label: "Balkong", icon: "balcony", synonyms: ["balcony", "private balcony", "fransk balkong", "french balcony"] },
  { key: "havsutsikt", label: "Havsutsikt", icon: "waves", synonyms: ["sea view", "ocean view", "sea views", "utsikt over havet"] },
  {
    key: "strand",
    label: "Nära stranden",
    icon: "umbrella",
    synonyms: [
      "beach",
      "beachfront",
      "beach front",
      "private beach",
      "beach access",
      "near the beach",
      "strand",
      "strandnara",
      "egen strand",
    ],
  },
  { key: "terrass", label: "Terrass", icon: "table", synonyms: ["terrace", "sun terrace", "patio", "uteservering"] },
  {
    key: "takterrass",
    label: "Takterrass",
    icon: "rooftop",
    synonyms: ["rooftop terrace", "roof terrace", "rooftop bar", "takbar", "rooftop"],
  },
  { key: "tradgard", label: "Trädgård", icon: "tree", synonyms: ["garden", "gardens"] },
  {
    key: "konferens",
    label: "Konferens och möten",
    icon: "easel",
    synonyms: [
      "meeting rooms",
      "meeting room",
      "meeting facilities",
      "conference",
      "conference rooms",
      "business centre",
      "business center",
      "motesrum",
      "konferensrum",
    ],
  },
  {
    key: "cykeluthyrning",
    label: "Cykeluthyrning",
    icon: "bicycle",
    synonyms: ["bicycle rental", "bike rental", "bikes", "bike hire", "cykel", "cyklar"],
  },
  {
    key: "tvatt",
    label: "Tvätt",
    icon: "washer",
    synonyms: ["laundry", "laundry service", "laundry facilities", "dry cleaning", "tvattstuga", "tvattservice"],
  },
  {
    key: "rokfritt",
    label: "Rökfritt",
    icon: "no-smoking",
    synonyms: ["non smoking", "non smoking rooms", "non smoking hotel", "smoke free", "no smoking", "rokfria rum", "rokfritt hotell"],
  },
  {
    key: "ski-in-ski-out",
    label: "Ski-in/ski-out",
    icon: "mountain",
    synonyms: ["ski in ski out", "ski in", "ski to door", "nara skidbacken"],
  },
  { key: "golf", label: "Golf", icon: "golf-flag", synonyms: ["golf course", "golfbana", "golfbanor"] },
  { key: "tennis", label: "Tennisbana", icon: "racket", synonyms: ["tennis", "tennis court", "tennis courts"] },
  { key: "bagageforvaring", label: "Bagageförvaring", icon: "suitcase", synonyms: ["luggage storage", "baggage storage", "left luggage"] },
  { key: "kassaskap", label: "Kassaskåp", icon: "safe", synonyms: ["safe", "in room safe", "safety deposit box", "safe deposit box"] },
  {
    key: "tv",
    label: "Tv",
    icon: "tv",
    synonyms: ["television", "flat screen tv", "flatscreen tv", "cable tv", "satellite tv", "platt tv"],
  },
  { key: "badkar", label: "Badkar", icon: "bathtub", synonyms: ["bathtub", "bath tub", "bath"] },
] as const satisfies readonly VocabularyEntry[];

export type AmenityKey = (typeof AMENITY_VOCABULARY)[number]["key"];

/** An amenity as every screen shows it: `key` is null for a value the vocabulary does not know. */
export interface Amenity {
  key: AmenityKey | null;
  label: string;
  icon: AmenityIconName;
}

// Words that say nothing about which amenity it is ('Free WiFi' is wifi, 'Frukost ingår' is frukost).
const NOISE_WORDS = new Set([
  "free",
  "gratis",
  "fri",
  "fritt",
  "complimentary",
  "included",
  "ingar",
  "inkluderad",
  "inkluderat",
  "kostnadsfri",
  "kostnadsfritt",
]);

// Words that narrow an amenity without changing it: 'Outdoor swimming pool' is still a pool.
const QUALIFIER_WORDS = new Set([
  "indoor",
  "outdoor",
  "heated",
  "private",
  "shared",
  "on",
  "site",
  "onsite",
  "hotel",
  "in",
  "room",
  "rooms",
]);

/**
 * The text a value is matched by: lower case, no accents, punctuation as spaces, noise words
 * dropped. 'Frukost ingår!' → 'frukost'; 'Wi-Fi' → 'wi fi'; 'Kids’ club' → 'kids club'.
 */
export function amenityMatchText(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[’'`´]/g, "")
    .replace(/&|\+/g, " and ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !NOISE_WORDS.has(word))
    .join(" ");
}

const BY_TEXT = new Map<string, (typeof AMENITY_VOCABULARY)[number]>();
for (const entry of AMENITY_VOCABULARY) {
  for (const spelling of [entry.key, entry.label, ...entry.synonyms]) {
    const text = amenityMatchText(spelling);
    if (text && !BY_TEXT.has(text)) BY_TEXT.set(text, entry);
  }
}

function lookUp(text: string) {
  const exact = BY_TEXT.get(text);
  if (exact) return exact;
  // 'Outdoor swimming pool' → 'swimming pool'; 'Meeting rooms' → 'meeting'. Only whole
  // spellings count, so 'Pool table' stays unknown instead of becoming a pool.
  const words = text.split(" ");
  const core = words.filter((word) => !QUALIFIER_WORDS.has(word)).join(" ");
  if (core && core !== text && BY_TEXT.has(core)) return BY_TEXT.get(core);
  const last = words.length - 1;
  if (words[last]!.length > 3 && words[last]!.endsWith("s"))
    return BY_TEXT.get([...words.slice(0, last), words[last]!.slice(0, -1)].join(" "));
  return undefined;
}

/** The vocabulary key a feed value means, or null when the vocabulary does not know it. */
export function amenityKey(value: string): AmenityKey | null {
  const text = amenityMatchText(value);
  return text ? (lookUp(text)?.key ?? null) : null;
}

/**
 * A label as a sentence: the first letter capital, the rest as written, unless the value is
 * mostly capitals ('POOL TABLE', 'KARAOKE'), which are lowered first: cards never shout.
 */
export function sentenceCase(value: string): string {
  const text = value.trim().replace(/\s+/g, " ");
  const upper = text.match(/\p{Lu}/gu)?.length ?? 0;
  const lower = text.match(/\p{Ll}/gu)?.length ?? 0;
  const base = upper > lower ? text.toLocaleLowerCase("sv-SE") : text;
  return base.charAt(0).toLocaleUpperCase("sv-SE") + base.slice(1);
}

/** One feed value as shown: the vocabulary's label and icon, or the value in sentence case. */
export function toAmenity(value: string): Amenity {
  const text = amenityMatchText(value);
  const entry = text ? lookUp(text) : undefined;
  if (entry) return { key: entry.key, label: entry.label, icon: entry.icon };
  return { key: null, label: sentenceCase(value), icon: GENERIC_AMENITY_ICON };
}

/**
 * Feed values as amenities, in their order and each amenity once: the same amenity twice
 * ('Free WiFi' and 'WIFI', 'Pool' and ' pool ') by its key, an unknown value by its match
 * text. The first spelling wins; `value` is it, trimmed, for storing as the feed wrote it.
 */
export function toAmenities(values: Iterable<string>): Array<{ value: string; amenity: Amenity }> {
  const seen = new Set<string>();
  const out: Array<{ value: string; amenity: Amenity }> = [];
  for (const raw of values) {
    const value = raw.trim();
    const text = amenityMatchText(value);
    if (!text) continue;
    const amenity = toAmenity(value);
    const identity = amenity.key ? `key:${amenity.key}` : `text:${text}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    out.push({ value, amenity });
  }
  return out;
}

const BY_KEY = new Map<string, (typeof AMENITY_VOCABULARY)[number]>(AMENITY_VOCABULARY.map((entry) => [entry.key, entry]));

/** The Swedish label of a vocabulary key ('husdjur' → 'Husdjur tillåtna'). */
export function amenityLabel(key: AmenityKey): string {
  return BY_KEY.get(key)?.label ?? key;
}
