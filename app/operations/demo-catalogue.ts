/**
 * The demo catalogue: a deterministic (fixed-seed) generator of realistic hotels, so a fresh
 * clone shows a full site and benchmarks can load any size. Pure: no I/O.
 */
import { toAmenity, type AmenityKey } from "#app/hotels/amenities.ts";
import { DEMO_DISTRICT_CENTRES, type DistrictCentre } from "./demo-districts.ts";

export interface DemoPlace {
  country: string;
  location: string;
  /** The Swedish names, for the Swedish texts (the database's place_names and countries say the same). */
  countrySv: string;
  nameSv: string;
  lat: number;
  lng: number;
  /** Relative share of the catalogue. */
  weight: number;
  /** Price level relative to Stockholm. */
  priceFactor: number;
  districts: readonly string[];
}

const COUNTRIES_SV: Record<string, string> = {
  Sweden: "Sverige",
  Norway: "Norge",
  Denmark: "Danmark",
  Finland: "Finland",
  Japan: "Japan",
  "United Kingdom": "Storbritannien",
  France: "Frankrike",
  "United States": "USA",
  Spain: "Spanien",
  Italy: "Italien",
  Germany: "Tyskland",
  Greece: "Grekland",
  Portugal: "Portugal",
  Thailand: "Thailand",
  Iceland: "Island",
  Netherlands: "Nederländerna",
  Austria: "Österrike",
  "Czech Republic": "Tjeckien",
};

// Only the places Swedish names differently; the rest keep their own name.
const PLACES_SV: Record<string, string> = {
  Gothenburg: "Göteborg",
  Copenhagen: "Köpenhamn",
  Helsinki: "Helsingfors",
  Turku: "Åbo",
  Tampere: "Tammerfors",
  Rome: "Rom",
  Milan: "Milano",
  Venice: "Venedig",
  Florence: "Florens",
  Munich: "München",
  Athens: "Aten",
  Lisbon: "Lissabon",
  Vienna: "Wien",
  Prague: "Prag",
  Tromsø: "Tromsö",
};

const P = (
  country: string,
  location: string,
  lat: number,
  lng: number,
  weight: number,
  priceFactor: number,
  districts: string[],
): DemoPlace => ({
  country,
  location,
  countrySv: COUNTRIES_SV[country] ?? country,
  nameSv: PLACES_SV[location] ?? location,
  lat,
  lng,
  weight,
  priceFactor,
  districts,
});

export const DEMO_PLACES: readonly DemoPlace[] = [
  P("Sweden", "Stockholm", 59.3293, 18.0686, 30, 1, ["Gamla stan", "Södermalm", "Norrmalm", "Östermalm", "Kungsholmen"]),
  P("Sweden", "Gothenburg", 57.7089, 11.9746, 18, 0.9, ["Inom Vallgraven", "Haga", "Linnéstaden", "Lindholmen"]),
  P("Sweden", "Malmö", 55.605, 13.0038, 14, 0.85, ["Gamla staden", "Västra hamnen", "Möllevången"]),
  P("Sweden", "Uppsala", 59.8586, 17.6389, 8, 0.8, ["Centrum", "Luthagen", "Fålhagen"]),
  P("Sweden", "Åre", 63.399, 13.0815, 6, 1.1, ["Åre by", "Duved", "Tegefjäll"]),
  P("Sweden", "Örebro", 59.2753, 15.2134, 5, 0.75, ["Centrum", "Väster", "Söder"]),
  P("Sweden", "Älmhult", 56.551, 14.137, 3, 0.7, ["Centrum"]),
  P("Sweden", "Visby", 57.6348, 18.2948, 5, 1, ["Innerstaden", "Norr"]),
  P("Sweden", "Kiruna", 67.8558, 20.2253, 3, 0.9, ["Centrum", "Jukkasjärvi"]),
  P("Norway", "Oslo", 59.9139, 10.7522, 16, 1.15, ["Sentrum", "Grünerløkka", "Aker Brygge", "Frogner"]),
  P("Norway", "Bergen", 60.3913, 5.3221, 9, 1.1, ["Bryggen", "Nordnes", "Sentrum"]),
  P("Norway", "Trondheim", 63.4305, 10.3951, 6, 1, ["Midtbyen", "Bakklandet"]),
  P("Norway", "Stavanger", 58.97, 5.7331, 5, 1.05, ["Gamle Stavanger", "Sentrum"]),
  P("Norway", "Tromsø", 69.6492, 18.9553, 4, 1.1, ["Sentrum", "Tromsdalen"]),
  P("Denmark", "Copenhagen", 55.6761, 12.5683, 18, 1.1, ["Indre By", "Nørrebro", "Vesterbro", "Christianshavn"]),
  P("Denmark", "Aarhus", 56.1629, 10.2039, 7, 0.95, ["Latinerkvarteret", "Aarhus Ø", "Frederiksbjerg"]),
  P("Denmark", "Odense", 55.4038, 10.4024, 5, 0.85, ["Centrum", "Skibhuskvarteret"]),
  P("Denmark", "Aalborg", 57.0488, 9.9217, 4, 0.85, ["Centrum", "Østre Havn"]),
  P("Finland", "Helsinki", 60.1699, 24.9384, 14, 1, ["Kamppi", "Kruununhaka", "Punavuori", "Kallio"]),
  P("Finland", "Turku", 60.4518, 22.2666, 4, 0.8, ["Keskusta", "Port Arthur"]),
  P("Finland", "Tampere", 61.4978, 23.761, 4, 0.8, ["Keskusta", "Pispala"]),
  P("Finland", "Rovaniemi", 66.5039, 25.7294, 4, 1, ["Keskusta", "Santa Claus Village"]),
  P("Japan", "Tokyo", 35.6762, 139.6503, 16, 1.2, ["Shinjuku", "Shibuya", "Ginza", "Asakusa"]),
  P("Japan", "Kyoto", 35.0116, 135.7681, 8, 1.1, ["Gion", "Higashiyama", "Kyoto Station"]),
  P("Japan", "Osaka", 34.6937, 135.5023, 7, 1, ["Namba", "Umeda", "Shinsekai"]),
  P("United Kingdom", "London", 51.5074, -0.1278, 22, 1.4, ["Soho", "Covent Garden", "Kensington", "Shoreditch", "Southwark"]),
  P("United Kingdom", "Edinburgh", 55.9533, -3.1883, 8, 1.1, ["Old Town", "New Town", "Leith"]),
  P("United Kingdom", "Manchester", 53.4808, -2.2426, 6, 0.95, ["Northern Quarter", "Spinningfields"]),
  P("France", "Paris", 48.8566, 2.3522, 22, 1.35, ["Le Marais", "Saint-Germain", "Montmartre", "Opéra", "Bastille"]),
  P("France", "Nice", 43.7102, 7.262, 8, 1.15, ["Vieux Nice", "Promenade des Anglais", "Cimiez"]),
  P("France", "Lyon", 45.764, 4.8357, 6, 1, ["Presqu'île", "Vieux Lyon", "Croix-Rousse"]),
  P("United States", "New York", 40.7128, -74.006, 18, 1.6, ["Midtown", "SoHo", "Brooklyn", "Upper West Side"]),
  P("United States", "Miami", 25.7617, -80.1918, 8, 1.3, ["South Beach", "Brickell", "Wynwood"]),
  P("United States", "Los Angeles", 34.0522, -118.2437, 8, 1.35, ["Hollywood", "Santa Monica", "Downtown"]),
  P("Spain", "Barcelona", 41.3874, 2.1686, 16, 1.05, ["Barri Gòtic", "Eixample", "El Born", "Barceloneta"]),
  P("Spain", "Madrid", 40.4168, -3.7038, 10, 0.95, ["Sol", "Malasaña", "Salamanca", "Chueca"]),
  P("Spain", "Málaga", 36.7213, -4.4214, 8, 0.85, ["Centro Histórico", "La Malagueta", "Soho"]),
  P("Spain", "Palma", 39.5696, 2.6502, 8, 1, ["Casco Antiguo", "Portixol", "Santa Catalina"]),
  P("Italy", "Rome", 41.9028, 12.4964, 14, 1.15, ["Centro Storico", "Trastevere", "Monti", "Prati"]),
  P("Italy", "Milan", 45.4642, 9.19, 8, 1.2, ["Brera", "Navigli", "Duomo"]),
  P("Italy", "Venice", 45.4408, 12.3155, 7, 1.4, ["San Marco", "Cannaregio", "Dorsoduro"]),
  P("Italy", "Florence", 43.7696, 11.2558, 7, 1.15, ["Duomo", "Oltrarno", "Santa Croce"]),
  P("Germany", "Berlin", 52.52, 13.405, 14, 0.95, ["Mitte", "Kreuzberg", "Prenzlauer Berg", "Charlottenburg"]),
  P("Germany", "Munich", 48.1351, 11.582, 8, 1.15, ["Altstadt", "Schwabing", "Maxvorstadt"]),
  P("Germany", "Hamburg", 53.5511, 9.9937, 7, 1.05, ["HafenCity", "St. Pauli", "Altstadt"]),
  P("Greece", "Athens", 37.9838, 23.7275, 9, 0.85, ["Plaka", "Monastiraki", "Kolonaki"]),
  P("Greece", "Santorini", 36.3932, 25.4615, 6, 1.5, ["Oia", "Fira", "Imerovigli"]),
  P("Greece", "Chania", 35.5138, 24.018, 5, 0.85, ["Old Town", "Nea Chora"]),
  P("Portugal", "Lisbon", 38.7223, -9.1393, 11, 0.95, ["Alfama", "Baixa", "Chiado", "Bairro Alto"]),
  P("Portugal", "Porto", 41.1579, -8.6291, 7, 0.85, ["Ribeira", "Baixa", "Foz do Douro"]),
  P("Thailand", "Bangkok", 13.7563, 100.5018, 10, 0.55, ["Sukhumvit", "Silom", "Riverside", "Khao San"]),
  P("Thailand", "Phuket", 7.8804, 98.3923, 8, 0.65, ["Patong", "Kata", "Phuket Town"]),
  P("Iceland", "Reykjavík", 64.1466, -21.9426, 5, 1.3, ["Miðborg", "Vesturbær"]),
  P("Netherlands", "Amsterdam", 52.3676, 4.9041, 12, 1.25, ["Jordaan", "De Pijp", "Centrum", "Oost"]),
  P("Austria", "Vienna", 48.2082, 16.3738, 8, 1, ["Innere Stadt", "Neubau", "Leopoldstadt"]),
  P("Czech Republic", "Prague", 50.0755, 14.4378, 8, 0.75, ["Staré Město", "Malá Strana", "Vinohrady"]),
];

const NAME_PREFIXES = [
  "Grand",
  "Royal",
  "Nordic",
  "Harbour",
  "Park",
  "Garden",
  "Central",
  "City",
  "Old Town",
  "Riverside",
  "Skyline",
  "Boutique",
  "Seaside",
  "Panorama",
  "Heritage",
  "Urban",
  "Crown",
  "Silver",
  "Golden",
  "Blue",
  "Linden",
  "Birch",
  "Aurora",
  "Meridian",
  "Atlas",
  "Station",
  "Lighthouse",
  "Maple",
  "Granite",
  "Velvet",
];
const NAME_NOUNS = [
  "Hotel",
  "Suites",
  "Inn",
  "Residence",
  "Lodge",
  "House",
  "Hotel & Spa",
  "Boutique Hotel",
  "Apartments",
  "Guesthouse",
  "Palace",
  "Rooms",
];

/**
 * Amenity labels as partner feeds spell them: mostly English, in varying case and wording,
 * some Swedish, some the vocabulary (app/hotels/amenities.ts) does not know. Those are shown
 * as written (in sentence case), so the demo's unknown ones are Swedish words.
 */
const AMENITIES = [
  "Free WiFi",
  "WIFI",
  "Breakfast included",
  "Frukost ingår",
  "Restaurant",
  "Bar",
  "Fitness centre",
  "GYM",
  "Indoor pool",
  "Outdoor swimming pool",
  "Spa",
  "Sauna",
  "Hot tub",
  "Parking",
  "Garage parking",
  "Airport shuttle",
  "ROOM SERVICE",
  "Coffee and tea maker",
  "Minibar",
  "Pet friendly",
  "Pets allowed",
  "Family rooms",
  "Kids' club",
  "Non-smoking rooms",
  "24-hour front desk",
  "Elevator",
  "Air conditioning",
  "Rooftop terrace",
  "Terrace",
  "Garden",
  "Balcony",
  "Bicycle rental",
  "EV charging",
  "Laundry service",
  "Luggage storage",
  "In-room safe",
  "Flat-screen TV",
  "Bathtub",
  "Sea view",
  "Beachfront",
  "Wheelchair accessible",
  "Meeting rooms",
  "Kitchenette",
  "Ski-in/ski-out",
  "Golf course",
  "Tennis court",
  "BILJARDBORD",
  "Karaoke",
];

/**
 * The demo's partners: made-up names on hosts under .example (RFC 2606), so a demo never shows
 * invented prices under a real brand. Each fills the stay into its own parameter names.
 */
export const DEMO_PARTNERS = [
  {
    id: "resekompassen",
    name: "Resekompassen",
    host: "www.resekompassen.example",
    deep_link_template: "checkin={checkin}&checkout={checkout}&adults={adults}&rooms={rooms}",
  },
  {
    id: "hotellfynd",
    name: "Hotellfynd",
    host: "hotellfynd.example",
    deep_link_template: "fran={checkin}&till={checkout}&gaster={adults}&rum={rooms}",
  },
  {
    id: "nattlogi",
    name: "Nattlogi",
    host: "www.nattlogi.example",
    deep_link_template: "ci={checkin}&co={checkout}&ad={adults}&rm={rooms}&n={nights}",
  },
  {
    id: "baddbanken",
    name: "Bäddbanken",
    host: "baddbanken.example",
    deep_link_template: "arrival={checkin}&departure={checkout}&guests={adults}",
    // Its Transaction messages carry no URL: its page for a hotel is this, with our hotel_id.
    landing_url_template: "https://baddbanken.example/hotell/{hotel_id}",
  },
] as const;

export type DemoPartner = (typeof DEMO_PARTNERS)[number];

/** The demo partner's page for a hotel (what its feed would give as the landing URL). */
export const demoLandingUrl = (partner: DemoPartner, hotelId: string) =>
  `https://${partner.host}/hotell/${hotelId.toLowerCase()}?ref=hotellguiden`;

const STREETS = ["Storgatan", "Hamngatan", "Kungsgatan", "Drottninggatan", "Parkvägen", "Strandvägen", "Torget", "Järnvägsgatan"];
const LOCAL_STREETS: Record<string, string[]> = {
  Norway: ["Karl Johans gate", "Storgata", "Kongens gate", "Strandgaten"],
  Denmark: ["Strøget", "Nyhavn", "Vestergade", "Østergade"],
  Finland: ["Mannerheimintie", "Esplanadi", "Aleksanterinkatu", "Hämeenkatu"],
  Japan: ["Chuo-dori", "Omotesando", "Kawaramachi-dori", "Midosuji"],
  "United Kingdom": ["High Street", "King's Road", "Princes Street", "Market Street"],
  France: ["Rue de Rivoli", "Boulevard Saint-Michel", "Rue de la République", "Avenue Jean Médecin"],
  "United States": ["Broadway", "Ocean Drive", "Main Street", "Sunset Boulevard"],
  Spain: ["La Rambla", "Calle Mayor", "Calle Larios", "Paseo Marítimo"],
  Italy: ["Via del Corso", "Via Roma", "Via Garibaldi", "Via Dante"],
  Germany: ["Friedrichstraße", "Hauptstraße", "Maximilianstraße", "Jungfernstieg"],
  Greece: ["Ermou", "Odos Adrianou", "Akti Koundourioti"],
  Portugal: ["Rua Augusta", "Avenida da Liberdade", "Rua das Flores"],
  Thailand: ["Sukhumvit Road", "Silom Road", "Thanon Rat-U-Thit"],
  Iceland: ["Laugavegur", "Skólavörðustígur"],
  Netherlands: ["Prinsengracht", "Damrak", "Kalverstraat"],
  Austria: ["Kärntner Straße", "Graben", "Mariahilfer Straße"],
  "Czech Republic": ["Karlova", "Na Příkopě", "Vinohradská"],
};

/** mulberry32: small, fast, and the same sequence on every machine. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (probability: number) => next() < probability,
    sample<T>(items: readonly T[], count: number): T[] {
      const pool = [...items];
      const out: T[] = [];
      while (out.length < count && pool.length) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0] as T);
      return out;
    },
  };
}

export type DemoRandom = ReturnType<typeof createRandom>;

export const DEMO_SEED = 20_261_121;
export const HOTEL_IMAGE_COUNT = 24;
export const ROOM_IMAGE_COUNT = 12;

/** A hotel row as the seed inserts it (jsonb columns as plain values). */
export interface DemoHotel {
  hotel_id: string;
  name: string | null;
  description: string | null;
  rewritten_text: string | null;
  rating: number | null;
  review_count: number | null;
  star_rating: number | null;
  price_amount: number | null;
  price_currency: string | null;
  image_path: string | null;
  additional_image_paths: unknown;
  amenities: unknown;
  location: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  district: string | null;
  affiliate_url: string | null;
  has_affiliate_url: boolean;
  is_description_rewritten: boolean;
}

const KM_PER_DEGREE = 111.32;

/** A district's centre and radius; a place's centre (2 km) for a district without one. */
export function districtCentre(place: DemoPlace, district: string): DistrictCentre {
  return DEMO_DISTRICT_CENTRES[place.location]?.[district] ?? { lat: place.lat, lng: place.lng, radiusKm: 2 };
}

/**
 * A point in the district's disc from two uniform numbers in [0, 1): even over its area (the
 * square root), so a hotel in Södermalm stands in Södermalm on the map and in an area search.
 */
export function pointInDistrict(centre: DistrictCentre, u: number, v: number): { latitude: number; longitude: number } {
  const distance = centre.radiusKm * Math.sqrt(u);
  const angle = 2 * Math.PI * v;
  const north = (distance * Math.cos(angle)) / KM_PER_DEGREE;
  const east = (distance * Math.sin(angle)) / (KM_PER_DEGREE * Math.cos((centre.lat * Math.PI) / 180));
  return { latitude: round(centre.lat + north, 6), longitude: round(centre.lng + east, 6) };
}

const pad = (value: number, width: number) => String(value).padStart(width, "0");
const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/*
 * The descriptions. A visitor reads `rewritten_text || description` (displayDescription), so
 * an English description without a rewrite would reach the site: every English description
 * therefore comes with its Swedish rewrite. The back office still has work: about one hotel in
 * five comes from a Swedish feed, whose short, plain description is what visitors read until
 * the AI rewrite (or an editor) gives it a fuller text; those are not rewritten. With the 3 %
 * that have no description at all, about a fifth of the catalogue is "not rewritten".
 */
const SWEDISH_FEED_SHARE = 0.2;

const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");

/** 'a, b and c' (English) or 'a, b och c' (Swedish): no comma before the last item. */
function joinList(items: readonly string[], and: string): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${and} ${items.at(-1)}`;
}

/** A feed label mid-sentence: 'WIFI' → 'wifi', 'Free WiFi' → 'free WiFi', 'EV charging' stays. */
function midSentence(label: string): string {
  if (label === label.toUpperCase()) return label.toLowerCase();
  return /^\p{Lu}\p{Lu}/u.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

function englishDescription(
  random: DemoRandom,
  name: string | null,
  place: DemoPlace,
  stars: number | null,
  district: string,
  amenities: string[],
): string {
  const kind =
    stars && stars >= 5
      ? "luxury hotel"
      : stars && stars >= 4
        ? "upscale hotel"
        : stars && stars <= 2
          ? "budget-friendly hotel"
          : "comfortable hotel";
  const aKind = `${article(kind)} ${kind}`;
  const openers = name
    ? [
        `${name} is ${aKind} in ${district}, ${place.location}.`,
        `Set in the heart of ${district}, ${name} is ${aKind} a short walk from ${place.location}'s main sights.`,
        `Welcome to ${name}, ${aKind} in ${place.location}, ${place.country}, with easy access to ${district}.`,
      ]
    : [`This is ${aKind} in ${district}, ${place.location}.`];
  const rooms = [
    "Rooms are bright and quietly furnished, with blackout curtains and a work desk.",
    "Each room has a comfortable bed, a private bathroom and a flat-screen TV.",
    "Spacious rooms and suites offer city views, rain showers and soft Scandinavian textiles.",
    "Rooms range from compact doubles to family suites, all with free toiletries.",
  ];
  const extras = [
    "The staff are happy to recommend restaurants and day trips.",
    "Public transport stops just outside, so the rest of the city is minutes away.",
    "Many guests praise the breakfast and the calm atmosphere.",
    "It is a popular choice for both business travellers and families.",
  ];
  // A feed's own list, as the feed spells it ('Breakfast included' reads as a list item, not as a noun after a verb).
  const amenityText = amenities.length ? ` Facilities: ${joinList(amenities.slice(0, 3).map(midSentence), "and")}.` : "";
  return `${random.pick(openers)} ${random.pick(rooms)}${amenityText} ${random.pick(extras)}`;
}

/*
 * Amenities in the Swedish texts: the vocabulary's labels, lower case mid-sentence, looked up
 * once per feed value (not per hotel). Labels that are no plain noun ('Husdjur tillåtna',
 * 'Rökfritt') or carry their own 'och'/'eller' would garble an 'a, b och c' list: they get a
 * sentence of their own or are left out, as are values the vocabulary does not know.
 */
const UNLISTED_AMENITIES: ReadonlySet<AmenityKey> = new Set([
  "kaffe-te",
  "konferens",
  "pentry",
  "husdjur",
  "tillganglighet",
  "rokfritt",
  "strand",
]);
const AMENITIES_SV = new Map(
  AMENITIES.map((value) => {
    const amenity = toAmenity(value);
    return [value, amenity.key ? { key: amenity.key, phrase: amenity.label.toLocaleLowerCase("sv-SE") } : null];
  }),
);

// Districts that just mean "the centre": 'i centrala Oslo' reads better than 'i Sentrum i Oslo'.
const CENTRAL_DISTRICTS = new Set(["Centrum", "Sentrum", "Keskusta", "Downtown"]);
// Districts that take another preposition than 'i' ('inom Vallgraven', 'vid Kyoto Station').
const DISTRICT_PHRASES: Record<string, string> = {
  "Inom Vallgraven": "inom Vallgraven",
  "Kyoto Station": "vid Kyoto Station",
  "Santa Claus Village": "vid Santa Claus Village",
  "Promenade des Anglais": "vid Promenade des Anglais",
  Duomo: "vid Duomo",
  Riverside: "vid floden",
};

/** Swedish genitive: 'Åres', but 'Paris' and 'Helsingfors' take no extra s. */
const genitive = (name: string) => (/[sxz]$/i.test(name) ? name : `${name}s`);

interface SwedishFacts {
  name: string | null;
  place: DemoPlace;
  stars: number | null;
  district: string;
  amenities: readonly string[];
  rating: number | null;
}

/** The kind of hotel, in the indefinite neuter that agrees with 'hotell'. */
function swedishKind(random: DemoRandom, stars: number | null): string {
  if (stars && stars >= 5) return random.pick(["ett lyxhotell", "ett lyxigt hotell", "ett elegant femstjärnigt hotell"]);
  if (stars && stars >= 4) return random.pick(["ett förstklassigt hotell", "ett elegant hotell", "ett modernt fyrstjärnigt hotell"]);
  if (stars && stars <= 2) return random.pick(["ett prisvärt hotell", "ett enkelt och prisvärt hotell", "ett budgetvänligt hotell"]);
  return random.pick(["ett bekvämt hotell", "ett trivsamt hotell", "ett modernt hotell"]);
}

function swedishOpener(random: DemoRandom, { name, place, stars, district }: SwedishFacts, plain: boolean): string {
  const kind = swedishKind(random, stars);
  const city = place.nameSv;
  const central = CENTRAL_DISTRICTS.has(district);
  const special = DISTRICT_PHRASES[district];
  const inDistrict = central ? "mitt i centrum" : (special ?? `i ${district}`);
  // 'i Åre by', not 'i Åre by i Åre'.
  const inPlace = central ? `i centrala ${city}` : district.includes(place.location) ? inDistrict : `${inDistrict} i ${city}`;
  const middle = central ? `Mitt i centrala ${city}` : special ? special.charAt(0).toUpperCase() + special.slice(1) : `Mitt i ${district}`;
  const inCountry = place.country === "Sweden" ? "" : ` i ${place.countrySv}`;
  if (!name)
    return plain
      ? `Det här är ${kind} ${inPlace}.`
      : random.pick([`Det här är ${kind} ${inPlace}.`, `I ${city}${inCountry} hittar du ${kind} ${inDistrict}.`]);
  if (plain) return `${name} är ${kind} ${inPlace}.`;
  return random.pick([
    `${name} är ${kind} ${inPlace}.`,
    `${middle} ligger ${name}, ${kind} nära det mesta som ${central ? "staden" : city} har att erbjuda.`,
    `I ${city}${inCountry} hittar du ${name}, ${kind} ${inDistrict}.`,
    `Välkommen till ${name}, ${kind} ${inPlace}.`,
  ]);
}

/** Up to three of the hotel's amenities as a Swedish list, and the sentences of those that are no list item. */
function swedishAmenities(amenities: readonly string[]): { list: string; pets: boolean; smokeFree: boolean } {
  const seen = new Set<AmenityKey>();
  const phrases: string[] = [];
  for (const value of amenities) {
    const amenity = AMENITIES_SV.get(value);
    if (!amenity || seen.has(amenity.key)) continue; // 'Free WiFi' and 'WIFI' are one amenity
    seen.add(amenity.key);
    if (phrases.length < 3 && !UNLISTED_AMENITIES.has(amenity.key)) phrases.push(amenity.phrase);
  }
  return { list: joinList(phrases, "och"), pets: seen.has("husdjur"), smokeFree: seen.has("rokfritt") };
}

/** A full Swedish text: what the rewrite of an English feed description reads like. */
function swedishDescription(random: DemoRandom, facts: SwedishFacts): string {
  const { place, stars, rating } = facts;
  const city = place.nameSv;
  const sentences = [swedishOpener(random, facts, false)];

  const rooms = [
    "Rummen är ljusa och lugna, med mörkläggningsgardiner och skrivbord.",
    "Alla rum har sköna sängar, eget badrum och platt-tv.",
    "Rummen varierar från kompakta dubbelrum till rymliga familjerum, alla med eget badrum.",
    "Varje rum är smakfullt inrett, och sängarna får ofta beröm av gästerna.",
  ];
  if (stars && stars >= 4)
    rooms.push(
      "Rymliga rum och sviter bjuder på fin utsikt, regndusch och mjuka textilier i skandinavisk stil.",
      "Sviterna har ett eget vardagsrum, och alla rum har påkostade badrum.",
    );
  if (stars && stars <= 2) rooms.push("Rummen är enkla men välskötta och har allt du behöver för en god natts sömn.");
  sentences.push(random.pick(rooms));

  const amenities = swedishAmenities(facts.amenities);
  if (amenities.list)
    sentences.push(
      random.pick([
        `Här finns ${amenities.list}.`,
        `Hotellet erbjuder ${amenities.list}.`,
        `Bland bekvämligheterna finns ${amenities.list}.`,
        `Under vistelsen har du tillgång till ${amenities.list}.`,
      ]),
    );
  if (amenities.pets) sentences.push("Husdjur är välkomna.");
  if (amenities.smokeFree) sentences.push("Alla rum är rökfria.");

  if (rating !== null) {
    const score = rating.toFixed(1).replace(".", ",");
    const ratings = [`Gästerna ger hotellet ${score} i betyg.`, `Tidigare gäster ger hotellet i snitt ${score} av 10.`];
    if (rating >= 8.5) ratings.push(`Med betyget ${score} av 10 hör det till gästernas favoriter i ${city}.`);
    sentences.push(random.pick(ratings));
  }

  sentences.push(
    random.pick([
      `Kollektivtrafiken finns precis utanför, så resten av ${city} når du på några minuter.`,
      `Personalen tipsar gärna om restauranger och utflykter i ${city} med omnejd.`,
      `Härifrån är det nära till ${genitive(city)} främsta sevärdheter.`,
      `Hotellet är ett populärt val för både affärsresenärer och barnfamiljer som besöker ${city}.`,
      "Det är gångavstånd till både butiker och restauranger.",
    ]),
  );
  return sentences.join(" ");
}

/** A Swedish feed's description: correct but short and plain, so a rewrite has something to improve. */
function plainSwedishDescription(random: DemoRandom, facts: SwedishFacts): string {
  const rooms = random.pick(["Alla rum har eget badrum.", "Rummen har dusch, wc och tv.", "Rummen är rena och fräscha."]);
  const { list } = swedishAmenities(facts.amenities);
  return `${swedishOpener(random, facts, true)} ${rooms}${list ? ` Här finns ${list}.` : ""}`;
}

/**
 * The main stream once drew the texts' choices here (three draws, one more, and three more for
 * three hotels in ten). It still does, so every later value (names, prices, coordinates) stays
 * as it was; the texts come from a stream of their own, seeded by the first of those draws.
 */
function textStream(random: DemoRandom): DemoRandom {
  const seed = Math.floor(random.next() * 4294967296);
  random.next();
  random.next();
  if (random.chance(0.3)) for (let i = 0; i < 3; i++) random.next();
  return createRandom(seed);
}
/** Amenities in one of the three raw shapes feeds use, now and then with messy spelling. */
function rawAmenities(random: DemoRandom, labels: string[]): unknown {
  const messy = labels.map((label) => (random.chance(0.08) ? `  ${label} ` : label));
  if (messy.length && random.chance(0.1)) messy.push(messy[0]!.toUpperCase()); // a duplicate in other case
  const shape = random.next();
  if (shape < 0.05) return null;
  if (shape < 0.55) return messy;
  if (shape < 0.8) return messy.map((label) => ({ label }));
  return Object.fromEntries(messy.map((label) => [label, true]));
}

function rawGallery(random: DemoRandom): unknown {
  const images = random
    .sample(
      Array.from({ length: ROOM_IMAGE_COUNT }, (_, i) => `/images/rooms/room-${pad(i + 1, 2)}.svg`),
      random.int(2, 5),
    )
    .concat(random.chance(0.5) ? [`/images/hotels/hotel-${pad(random.int(1, HOTEL_IMAGE_COUNT), 2)}.svg`] : []);
  const shape = random.next();
  if (shape < 0.15) return null;
  if (shape < 0.75) return images;
  // Object shape; some feeds put non-string junk in it, which the rules drop.
  const object: Record<string, unknown> = Object.fromEntries(images.map((image, i) => [String(i + 1), image]));
  if (random.chance(0.3)) object.count = images.length;
  return object;
}

function pickPlace(random: DemoRandom, cumulative: number[], total: number): DemoPlace {
  const target = random.next() * total;
  const index = cumulative.findIndex((sum) => target < sum);
  return DEMO_PLACES[index === -1 ? DEMO_PLACES.length - 1 : index]!;
}

/**
 * Generates `count` hotels. The first hotels of a big run are the same as those of a small
 * one, so benchmarks at 100,000 contain the demo catalogue. Every place gets at least one
 * hotel once `count` reaches the number of places.
 */
export function* generateDemoHotels(count: number, seed: number = DEMO_SEED): Generator<DemoHotel> {
  const random = createRandom(seed);
  const cumulative: number[] = [];
  let total = 0;
  for (const place of DEMO_PLACES) cumulative.push((total += place.weight));
  const usedNames = new Map<string, number>();

  for (let i = 0; i < count; i++) {
    const place = i < DEMO_PLACES.length ? DEMO_PLACES[i]! : pickPlace(random, cumulative, total);
    const district = random.pick(place.districts);
    const starRoll = random.next();
    const stars = starRoll < 0.08 ? null : starRoll < 0.14 ? 2 : starRoll < 0.45 ? 3 : starRoll < 0.85 ? 4 : 5;

    let baseName = random.chance(0.5)
      ? `${random.pick(NAME_PREFIXES)} ${random.pick(NAME_NOUNS)} ${place.location}`
      : random.chance(0.5)
        ? `Hotel ${random.pick(NAME_PREFIXES)} ${district}`
        : `${place.location} ${random.pick(NAME_PREFIXES)} ${random.pick(NAME_NOUNS)}`;
    const key = `${place.country}|${place.location}|${baseName.toLowerCase()}`;
    const seen = usedNames.get(key) ?? 0;
    usedNames.set(key, seen + 1);
    if (seen > 0) baseName = `${baseName} ${seen + 1}`; // keep names (and slugs) unique per place
    const name = random.chance(0.004) ? null : baseName;

    const amenityLabels = random.sample(AMENITIES, stars && stars >= 4 ? random.int(5, 10) : random.int(2, 7));
    const text = random.chance(0.03) ? null : textStream(random);
    const rating = random.chance(0.05) ? null : round(Math.min(10, 5.4 + (stars ?? 3) * 0.5 + random.next() * 1.9), 1);
    const facts: SwedishFacts = { name, place, stars, district, amenities: amenityLabels, rating };
    let description: string | null = null;
    let rewritten: string | null = null;
    if (text && text.chance(SWEDISH_FEED_SHARE)) description = plainSwedishDescription(text, facts);
    else if (text) {
      description = englishDescription(text, name, place, stars, district, amenityLabels);
      rewritten = swedishDescription(text, facts);
    }
    const basePrice = 450 + (stars ?? 3) * 320 + random.int(0, 600);
    const price = random.chance(0.04) ? null : Math.round((basePrice * place.priceFactor) / 10) * 10;
    const hasCoordinates = !random.chance(0.03);
    const partner = random.pick(DEMO_PARTNERS);
    const affiliate = random.chance(0.67) ? demoLandingUrl(partner, `HG-${pad(i + 1, 6)}`) : null;
    const streets = LOCAL_STREETS[place.country] ?? STREETS;

    yield {
      hotel_id: `HG-${pad(i + 1, 6)}`,
      name,
      description,
      rewritten_text: rewritten,
      rating,
      review_count: rating === null ? null : random.int(3, 4800),
      star_rating: stars,
      price_amount: price,
      price_currency: price === null ? null : "SEK",
      image_path: random.chance(0.03) ? null : `/images/hotels/hotel-${pad(random.int(1, HOTEL_IMAGE_COUNT), 2)}.svg`,
      additional_image_paths: rawGallery(random),
      amenities: rawAmenities(random, amenityLabels),
      location: place.location,
      country: place.country,
      // Two draws, where the coordinates always took them, so the rest of the catalogue stays as it was.
      ...(hasCoordinates
        ? pointInDistrict(districtCentre(place, district), random.next(), random.next())
        : { latitude: null, longitude: null }),
      address: random.chance(0.05) ? null : `${random.pick(streets)} ${random.int(1, 120)}, ${district}, ${place.location}`,
      district,
      affiliate_url: affiliate,
      has_affiliate_url: affiliate !== null,
      is_description_rewritten: rewritten !== null,
    };
  }
}

export const DEMO_HOTEL_COUNT = 600;
