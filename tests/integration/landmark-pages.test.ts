/**
 * Landmark pages, /{country}/{place}/nara/{landmark} (issue 39, decision 080). Factory hotels
 * round Stockholm's Centralstationen: five within a kilometre (one of them filed under Solna,
 * which is as near), one just beyond it and one without coordinates; four round Vasamuseet.
 * Over HTTP: the page with its introduction, order and distances, filters (GET) noindex with the
 * canonical to the plain page, 301s and 404s, the place page's links and the sitemap. Then, on
 * both databases, the list, the counts and the sitemap's paths as the data modules read them,
 * across the antimeridian too.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/schema.ts";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { createLandmark } from "#app/location/landmarks.server.ts";
import { indexableLandmarkPaths, nearestHotelMetres, placeLandmarkCounts } from "#app/location/landmark-pages.server.ts";
import { distanceMetres, distanceText } from "#app/location/distance.ts";
import { loadHotelListPage } from "#app/hotels/list-page.server.ts";
import { LANDMARK_RADIUS_METRES } from "#app/hotels/landing-pages.ts";
import { formatSek } from "#app/utils/money.ts";
import { Browser, startTestApp, visibleText, type TestApp } from "#tests/app-server.ts";
import { createHotels, createOffers, createPartner, type HotelFields } from "#tests/factories.ts";
import { testDatabases } from "#tests/db.ts";
import { canonicalOf, headingOf, notNotFound, pageAt, redirectsOf, robotsOf } from "./landing-html.ts";

const SITE = "http://hotellguiden.test";
const STOCKHOLM = { country: "Sweden", location: "Stockholm" };
const STATION = { latitude: 59.3303, longitude: 18.0586 };
const VASA = { latitude: 59.328, longitude: 18.0914 };
const price = (amount: number) => formatSek(amount).replace(/\s/g, " ");
const plain = (text: string) => text.replace(/\s/g, " ");

/** Degrees of latitude for a distance north (on the mean Earth radius). */
const north = (metres: number) => (metres / 6_371_008.8) * (180 / Math.PI);
/** Degrees of longitude for a distance west at the station's latitude. */
const west = (metres: number) => north(metres) / Math.cos((STATION.latitude * Math.PI) / 180);

const HOTELS: HotelFields[] = [
  {
    ...STOCKHOLM,
    hotel_id: "NARA-1",
    name: "Stationshotellet",
    district: "Norrmalm",
    star_rating: 5,
    ...STATION,
    latitude: STATION.latitude + north(200),
  },
  {
    ...STOCKHOLM,
    hotel_id: "NARA-2",
    name: "Vasagatans hotell",
    district: "Norrmalm",
    star_rating: 4,
    ...STATION,
    longitude: STATION.longitude - west(400),
  },
  {
    ...STOCKHOLM,
    hotel_id: "NARA-3",
    name: "Hotell Observatoriet",
    district: "Vasastan",
    star_rating: 4,
    ...STATION,
    latitude: STATION.latitude + north(600),
  },
  {
    ...STOCKHOLM,
    hotel_id: "NARA-4",
    name: "Kungsbrohotellet",
    district: "Norrmalm",
    star_rating: 3,
    ...STATION,
    longitude: STATION.longitude - west(800),
  },
  // Filed under the next place, yet as near: the radius is geography.
  {
    country: "Sweden",
    location: "Solna",
    hotel_id: "NARA-5",
    name: "Hagastaden hotell",
    district: "Hagastaden",
    star_rating: 3,
    ...STATION,
    latitude: STATION.latitude + north(950),
  },
  { ...STOCKHOLM, hotel_id: "NARA-FAR", name: "Hotell Bortom", district: "Vasastan", ...STATION, latitude: STATION.latitude + north(1100) },
  { ...STOCKHOLM, hotel_id: "NARA-NONE", name: "Hotell Okänt läge", district: "Norrmalm", latitude: null, longitude: null },
  ...[150, 300, 450, 600].map((metres, i) => ({
    ...STOCKHOLM,
    hotel_id: `VASA-${i + 1}`,
    name: `Djurgårdshotell ${i + 1}`,
    district: "Djurgården",
    ...VASA,
    longitude: VASA.longitude + west(metres),
  })),
];
const NEAR_STATION = ["Stationshotellet", "Vasagatans hotell", "Hotell Observatoriet", "Kungsbrohotellet", "Hagastaden hotell"];

async function seed(db: Kysely<Database>) {
  await createLandmark(STOCKHOLM, { name: "Centralstationen", slug: "centralstationen", kind: "station", ...STATION, centre: false }, db);
  await createLandmark(STOCKHOLM, { name: "Vasamuseet", slug: "vasamuseet", kind: "sevardhet", ...VASA, centre: false }, db);
  // Far out in the archipelago: no hotel within a kilometre.
  await createLandmark(
    STOCKHOLM,
    { name: "Sandhamn", slug: "sandhamn", kind: "omrade", latitude: 59.2878, longitude: 18.9114, centre: false },
    db,
  );
  return createHotels(db, [
    ...HOTELS,
    { country: "Sweden", location: "Gothenburg", hotel_id: "GBG-1", latitude: 57.7087, longitude: 11.9733 },
  ]);
}

/** The hotels' names in the order the page lists them (each card's heading). */
const order = (text: string, names: readonly string[]) =>
  names.filter((name) => text.includes(name)).sort((a, b) => text.indexOf(a) - text.indexOf(b));

/** The landmarks and hotels, and prices for two hotels within the radius and one beyond it (not in its range). */
async function seedPriced(db: Kysely<Database>) {
  const created = await seed(db);
  await createPartner(db, { id: "nararesor", name: "Näraresor", host: "nararesor.example" });
  const prices = { "NARA-1": 1150, "NARA-4": 4300, "NARA-FAR": 600 };
  await createOffers(
    db,
    created
      .filter((hotel) => hotel.hotel_id in prices)
      .map((hotel) => ({ hotelId: hotel.id, partnerId: "nararesor", pricePerNight: prices[hotel.hotel_id as keyof typeof prices] })),
  );
}

describe("landmark pages over HTTP", () => {
  let app: TestApp | undefined;
  let browser: Browser;
  beforeAll(async () => {
    app = await startTestApp();
    await seedPriced(await app.db());
    browser = new Browser(app.origin);
  });
  afterAll(() => app?.close());

  it("lists the hotels within a kilometre, nearest first with their distance, under an introduction from the data", async () => {
    const { html, text, ...head } = await pageAt(browser, "/Sweden/Stockholm/nara/centralstationen");
    expect(head).toEqual({
      status: 200,
      heading: "Hotell nära Centralstationen i Stockholm",
      robots: null,
      canonical: `${SITE}/Sweden/Stockholm/nara/centralstationen`,
    });
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toContain("Hotell nära Centralstationen i Stockholm");
    expect(text).toContain(
      `Vi har 5 hotell inom en kilometer från Centralstationen i Stockholm. Det närmaste ligger 200 m bort. ` +
        `Priserna ligger från ${price(1150)} till ${price(4300)} per natt. ` +
        `De ligger i områdena Norrmalm (3), Hagastaden (1) och Vasastan (1).`,
    );
    expect(order(text, [...NEAR_STATION, "Hotell Bortom", "Hotell Okänt läge", "Djurgårdshotell 1"])).toEqual(NEAR_STATION);
    for (const distance of ["200 m", "400 m", "600 m", "800 m", "950 m"]) expect(text).toContain(`${distance} till Centralstationen`);
    expect(html).toMatch(/<meta name="description" content="Vi har 5 hotell inom en kilometer från Centralstationen/);
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toContain(`"name":"Hotell nära Centralstationen i Stockholm","item":"${SITE}/Sweden/Stockholm/nara/centralstationen"`);
    expect(html).toContain('"@type":"ItemList"');
    // The landmark is the page's: no select of another one to measure from.
    expect(html).not.toContain('name="nara"');
  });

  it("keeps a landmark with four hotels within the radius out of the index", async () => {
    const html = await (await browser.get("/Sweden/Stockholm/nara/vasamuseet")).text();
    expect(headingOf(html)).toBe("Hotell nära Vasamuseet i Stockholm");
    expect(robotsOf(html)).toBe("noindex");
    expect(plain(visibleText(html))).toContain(
      "Vi har 4 hotell inom en kilometer från Vasamuseet i Stockholm. Det närmaste ligger 150 m bort.",
    );
  });

  it("filters on the page itself (GET), noindex with the canonical to the plain page; another order is the visitor's", async () => {
    const filtered = await (await browser.get("/Sweden/Stockholm/nara/centralstationen?rating=4")).text();
    expect(robotsOf(filtered)).toBe("noindex");
    expect(canonicalOf(filtered)).toBe(`${SITE}/Sweden/Stockholm/nara/centralstationen`);
    expect(filtered).toMatch(/<form[^>]*action="\/Sweden\/Stockholm\/nara\/centralstationen"/);
    expect(order(visibleText(filtered), NEAR_STATION)).toEqual(["Stationshotellet", "Vasagatans hotell", "Hotell Observatoriet"]);
    // The introduction counts the page's hotels; what the filters left is said beside it.
    expect(plain(visibleText(filtered))).toContain("Vi har 5 hotell inom en kilometer från Centralstationen i Stockholm.");
    expect(plain(visibleText(filtered))).toContain("3 av 5 hotell matchar dina val.");

    // An order the list does not have keeps nearest first.
    const unknownOrder = await (await browser.get("/Sweden/Stockholm/nara/centralstationen?sortera=toString")).text();
    expect(order(visibleText(unknownOrder), NEAR_STATION)).toEqual(NEAR_STATION);

    const byStars = await (await browser.get("/Sweden/Stockholm/nara/centralstationen?sortera=stjarnor")).text();
    expect(robotsOf(byStars)).toBeNull();
    expect(order(visibleText(byStars), NEAR_STATION).slice(0, 1)).toEqual(["Stationshotellet"]);
    expect(order(visibleText(byStars), NEAR_STATION)).toHaveLength(5);
  });

  it("says a landmark with no hotel near has none, and links the place's whole list instead of an empty one", async () => {
    const html = await (await browser.get("/Sweden/Stockholm/nara/sandhamn")).text();
    expect(robotsOf(html)).toBe("noindex");
    const text = plain(visibleText(html));
    expect(text).toContain("Vi har inga hotell inom en kilometer från Sandhamn i Stockholm just nu. Se alla hotell i Stockholm");
    expect(html).toMatch(/<a [^>]*href="\/Sweden\/Stockholm"[^>]*>Se alla hotell i Stockholm<\/a>/);
    expect(text).not.toContain("matchar");
    expect(html).not.toContain('name="sortera"');
  });

  it("answers other spellings and cases with a 301 to the canonical address, the query kept", async () => {
    const canonical = "/Sweden/Stockholm/nara/centralstationen";
    const spellings = [
      canonical.toLowerCase(),
      canonical.replace("centralstationen", "CentralStationen"),
      canonical.replace("Sweden/Stockholm", "sverige/STOCKHOLM"),
    ].map((path) => `${path}?rating=4`);
    expect(await redirectsOf(browser, spellings)).toEqual(spellings.map((path) => [path, 301, `${canonical}?rating=4`]));
  });

  it("answers an unknown landmark or place, or another place's landmark, with the site's not-found page", async () => {
    const unknown = [
      ...["slottet", "%E2%80%94"].map((slug) => `/Sweden/Stockholm/nara/${slug}`),
      ...["Nowhere", "Gothenburg"].map((place) => `/Sweden/${place}/nara/centralstationen`),
    ];
    expect(await notNotFound(browser, unknown)).toEqual([]);
  });

  it("links the place page's popular choices to the indexable landmark pages only", async () => {
    const html = await (await browser.get("/Sweden/Stockholm")).text();
    expect(html).toMatch(/href="\/Sweden\/Stockholm\/nara\/centralstationen"[^>]*>Hotell nära Centralstationen</);
    expect(html).not.toContain('href="/Sweden/Stockholm/nara/vasamuseet"');
  });

  it("puts the indexable landmark pages in the sitemap, and only those", async () => {
    const xml = await (await browser.get("/sitemap.xml")).text();
    expect(xml).toContain(`<loc>${SITE}/Sweden/Stockholm/nara/centralstationen</loc>`);
    expect(xml).not.toContain("/nara/vasamuseet");
  });
});

describe.each(testDatabases())("landmark pages' reads on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
    await seed(handle.db);
  });
  afterAll(() => handle?.close());

  const landmarkList = (query = "") =>
    loadHotelListPage(
      new URL(`http://localhost/Sweden/Stockholm/nara/centralstationen${query}`),
      { ...STOCKHOLM, landmark: { slug: "centralstationen", metres: LANDMARK_RADIUS_METRES } },
      handle.db,
    );

  it("lists the hotels within the radius by great-circle distance, each with its distance to the landmark", async () => {
    const page = await landmarkList();
    expect(page.total).toBe(5);
    expect(page.params.sort).toBe("avstand");
    expect(page.hotels.map((hotel) => hotel.name)).toEqual(NEAR_STATION);
    const target = { name: "Centralstationen", isCentre: false };
    for (const hotel of page.hotels)
      expect(hotel.distance).toBe(
        distanceText(distanceMetres({ latitude: hotel.latitude!, longitude: hotel.longitude! }, STATION), target),
      );
    // Another order keeps the radius.
    const byStars = await landmarkList("?sortera=stjarnor&rating=4");
    const ids = byStars.hotels.map((hotel) => hotel.hotel_id);
    // Five stars first; the two four-star hotels tie (the id decides).
    expect([ids[0], ids.slice(1).sort()]).toEqual(["NARA-1", ["NARA-2", "NARA-3"]]);
  });

  it("counts each landmark's hotels, and puts the landmarks with five in the sitemap", async () => {
    expect(await placeLandmarkCounts(STOCKHOLM, handle.db)).toEqual([
      { slug: "centralstationen", name: "Centralstationen", isCentre: false, hotels: 5 },
      { slug: "vasamuseet", name: "Vasamuseet", isCentre: false, hotels: 4 },
      { slug: "sandhamn", name: "Sandhamn", isCentre: false, hotels: 0 },
    ]);
    expect(await indexableLandmarkPaths(handle.db)).toEqual(["/Sweden/Stockholm/nara/centralstationen"]);
    expect(await nearestHotelMetres({ centre: STATION, metres: LANDMARK_RADIUS_METRES }, handle.db)).toBeCloseTo(200, 0);
    expect(await nearestHotelMetres({ centre: { latitude: 0, longitude: 0 }, metres: LANDMARK_RADIUS_METRES }, handle.db)).toBeNull();
  });

  it("finds hotels across the antimeridian", async () => {
    const fiji = { country: "Fiji", location: "Taveuni" };
    const line = { latitude: -16.8, longitude: 179.998 };
    await createLandmark(fiji, { name: "Datumlinjen", slug: "datumlinjen", kind: "sevardhet", ...line, centre: false }, handle.db);
    await createHotels(
      handle.db,
      [179.995, 179.999, -179.999, -179.997, -179.995].map((longitude, i) => ({
        ...fiji,
        hotel_id: `FJ-${i}`,
        latitude: -16.8,
        longitude,
      })),
    );
    expect(await placeLandmarkCounts(fiji, handle.db)).toEqual([expect.objectContaining({ slug: "datumlinjen", hotels: 5 })]);
    expect(await indexableLandmarkPaths(handle.db)).toContain("/Fiji/Taveuni/nara/datumlinjen");
  });
});
