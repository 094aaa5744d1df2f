/**
 * A Swedish visitor never reads the catalogue's English: every public template, rendered by
 * the server from the demo catalogue, is scanned for the English names of its countries and
 * places (Sweden, Gothenburg, Czech Republic…) and for amenity spellings the vocabulary puts
 * in Swedish (Free WiFi, Breakfast included…), in the text and in the attributes people hear
 * or see (title, alt, aria-label, placeholder, meta descriptions). Hotel names and the street
 * and district of postal addresses are the feed's own words ("Central Guesthouse Gothenburg",
 * "Hämeenkatu 96, Port Arthur", the district "Covent Garden") and are left out of the scan; the
 * address's place is the hotel's own and is shown in Swedish ("…, Linnéstaden, Göteborg").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, startTestApp, visibleText, type TestApp } from "#tests/app-server.ts";

let app: TestApp;
let browser: Browser;
let forbidden: string[];
let ownWords: string[];
let pages: string[];

beforeAll(async () => {
  app = await startTestApp({ SEED_DEMO: "always" });
  browser = new Browser(app.origin);
  const db = await app.db();
  const places = await app.importApp<typeof import("#app/hotels/places.server.ts")>("app/hotels/places.server.ts");
  const amenities = await app.importApp<typeof import("#app/hotels/amenities.ts")>("app/hotels/amenities.ts");
  const paths = await app.importApp<typeof import("#app/utils/paths.ts")>("app/utils/paths.ts");
  const landing = await app.importApp<typeof import("#app/hotels/landing-pages.ts")>("app/hotels/landing-pages.ts");
  const [countries, locations, hotels, landmarks] = await Promise.all([
    places.listCountries(db),
    places.listLocationsWithCountry(db),
    db
      .selectFrom("hotels")
      .select(["name", "country", "location", "hotel_id", "amenities", "address", "slug", "district_slug", "country_key", "location_key"])
      .execute(),
    db.selectFrom("place_landmarks").select(["country_key", "location_key", "slug"]).orderBy("slug").execute(),
  ]);
  const amenityValues = new Set(hotels.flatMap((hotel) => (Array.isArray(hotel.amenities) ? (hotel.amenities as unknown[]) : [])));
  forbidden = [
    ...countries.filter((country) => country.label !== country.value).map((country) => country.value),
    ...locations.filter((place) => place.location_name !== place.location).map((place) => place.location),
    ...[...amenityValues]
      .filter((value): value is string => typeof value === "string")
      .filter((value) => amenities.amenityKey(value) !== null && amenities.toAmenity(value).label.toLowerCase() !== value.toLowerCase()),
  ];
  const addressWords = hotels.flatMap((hotel) => (hotel.address ?? "").split(", ").slice(0, -1));
  // The offer badges are the site's own Swedish ('Frukost ingår' is also a feed's spelling of an amenity).
  const offerBadges = ["Frukost ingår", "Utan frukost", "Gratis avbokning", "Ej återbetalningsbar", "Betala på hotellet"];
  ownWords = [...new Set([...hotels.map((hotel) => hotel.name ?? ""), ...addressWords, ...offerBadges])]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  // A hotel in every place the catalogue names differently in Swedish, and a few others.
  const renamed = new Set(locations.filter((place) => place.location_name !== place.location).map((place) => place.location));
  const sampleHotels = hotels.filter((hotel, index) => renamed.has(hotel.location ?? "") || index % 60 === 0);
  const firstPerPlace = new Map(sampleHotels.map((hotel) => [`${hotel.country}|${hotel.location}`, hotel]));
  pages = [
    "/",
    "/?plats=Paris",
    "/hotels",
    "/hotels?sida=2",
    "/hotels?search=G%C3%B6teborg",
    "/hotels?location=Stockholm",
    "/hotels?country=Denmark&location=Stockholm",
    "/sitemap",
    "/blog",
    "/about",
    "/contact",
    "/finns-inte",
    "/Sweden/Gothenburg/finns-inte",
    ...countries.map((country) => paths.countryPath(country.value)!),
    ...locations.map((place) => paths.placePath(place.country, place.location)!),
    ...[...firstPerPlace.values()].map((hotel) => paths.hotelPath(hotel)!),
    // The landing pages of every place with a Swedish name of its own: a neighbourhood, an amenity, a landmark.
    ...[...renamed].flatMap((location) => {
      const hotel = hotels.find((one) => one.location === location && one.district_slug)!;
      const landmark = landmarks.find((one) => one.country_key === hotel.country_key && one.location_key === hotel.location_key)!;
      return [
        landing.neighbourhoodPath(hotel.country!, location, hotel.district_slug!)!,
        landing.amenityLandingPath(hotel.country!, location, "frukost")!,
        landing.landmarkLandingPath(hotel.country!, location, landmark.slug)!,
      ];
    }),
  ];
}, 120_000);

afterAll(async () => {
  await app?.close();
});

/** What a visitor reads or hears: the text, and the attributes read out or shown. */
function readable(html: string): string {
  const attributes = [...html.matchAll(/\s(?:title|alt|aria-label|placeholder)="([^"]*)"/g)].map((match) => match[1]);
  const metas = [
    ...html.matchAll(/<meta (?:name|property)="(?:description|og:title|og:description|twitter:title)" content="([^"]*)"/g),
  ].map((match) => match[1]);
  const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
  return [visibleText(html), ...attributes, ...metas, title]
    .join(" \n ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'");
}

describe("the public pages in Swedish", () => {
  it("knows which English names to look for", () => {
    expect(forbidden).toEqual(
      expect.arrayContaining(["Sweden", "Gothenburg", "Copenhagen", "Helsinki", "Free WiFi", "Breakfast included"]),
    );
    expect(pages.length).toBeGreaterThan(40);
  });

  it("names the place a list sets aside, in Swedish, and lists the country's hotels", async () => {
    const html = await (await browser.get("/hotels?country=Denmark&location=Stockholm")).text();
    const text = visibleText(html);
    expect(text).toContain("Vi hittade ingen plats ”Stockholm” i Danmark, så vi visar hela landet.");
    expect(text).toContain("Hotell i Danmark");
    expect(html).toMatch(/<option value="Denmark" selected="">Danmark<\/option>/);
  });

  it("writes a search in Swedish quotation marks, the star filter's empty choice as 'Alla stjärnor' and Tromsö as Swedes do", async () => {
    const list = await (await browser.get("/hotels?search=G%C3%B6teborg")).text();
    expect(visibleText(list)).toContain("Sökresultat för ”Göteborg”");
    expect(list).toMatch(/<title>Sökresultat för ”Göteborg”/);
    expect(list).toMatch(/<option value="" selected="">Alla stjärnor<\/option>/);
    const sitemap = visibleText(await (await browser.get("/sitemap")).text());
    expect(sitemap).toContain("Tromsö");
    expect(sitemap).not.toContain("Tromsø");
  });

  it("marks Hotell in the header as the current section on /jamfor, and as the current page on /hotels", async () => {
    const hotelsLink = (html: string) => {
      const nav = /<nav aria-label="Huvudmeny"[\s\S]*?<\/nav>/.exec(html)![0];
      return /<a[^>]*href="\/hotels"[^>]*>Hotell<\/a>/.exec(nav)![0];
    };
    expect(hotelsLink(await (await browser.get("/jamfor")).text())).toContain('aria-current="true"');
    expect(hotelsLink(await (await browser.get("/hotels")).text())).toContain('aria-current="page"');
    expect(hotelsLink(await (await browser.get("/blog")).text())).not.toContain("aria-current");
  });

  it("shows a hotel's address with its place in Swedish, on its page, in its JSON-LD and in the map's list", async () => {
    const db = await app.db();
    const hotel = await db
      .selectFrom("hotels")
      .select(["address", "slug", "country", "location", "name"])
      .where("location", "=", "Gothenburg")
      .where("address", "like", "%, Gothenburg")
      .orderBy("hotel_id")
      .executeTakeFirstOrThrow();
    const paths = await app.importApp<typeof import("#app/utils/paths.ts")>("app/utils/paths.ts");
    const html = await (await browser.get(paths.hotelPath({ ...hotel, country: hotel.country!, location: hotel.location! })!)).text();
    const swedish = hotel.address!.replace(/, Gothenburg$/, ", Göteborg");
    expect(visibleText(html)).toContain(swedish);
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
      .map((match) => JSON.parse(match[1]!) as { "@type"?: string; address?: Record<string, string> })
      .find((item) => item["@type"] === "Hotel")!;
    expect(jsonLd.address).toMatchObject({ streetAddress: hotel.address!.replace(/, Gothenburg$/, ""), addressLocality: "Göteborg" });
    const place = await (await browser.get("/Sweden/Gothenburg")).text();
    expect(place).not.toMatch(/, Gothenburg</);
    expect(visibleText(place)).toMatch(/, Göteborg/);
  });

  it("shows no English country, place or amenity name on any public page", async () => {
    const found: string[] = [];
    for (const path of pages) {
      const response = await browser.get(path);
      let text = readable(await response.text());
      for (const words of ownWords) text = text.split(words).join(" ");
      for (const name of forbidden) {
        const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "u");
        const match = pattern.exec(text);
        if (match)
          found.push(`${path} (${response.status}): "${name}" in …${text.slice(Math.max(0, match.index - 60), match.index + 60)}…`);
      }
    }
    expect(found).toEqual([]);
  }, 240_000);
});
