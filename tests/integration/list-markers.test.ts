/**
 * The map's markers of a whole list (issue 39, decision 082): /resources/map-markers/{a list
 * page's path} answers the markers of every hotel of every page of that list, by the page's own
 * filters and scope, at most the list's LIST_MATCH_LIMIT, with the list's count; bad input is a
 * 400 or 404, never a 500; it is public and kept by the page cache like the list. The list's and
 * the markers' hotels are compared on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { loadHotelListPage, loadMapMarkers, type FixedScope } from "#app/hotels/list-page.server.ts";
import type { ListMarkers } from "#app/hotels/map-markers.ts";
import { mapShowsNote } from "#app/hotels/map-markers.ts";
import { Browser, startTestApp, unescapeAttribute, type TestApp } from "#tests/app-server.ts";
import { createHotels, type HotelFields } from "#tests/factories.ts";
import { testDatabases } from "#tests/db.ts";
import { addDays, todayInSweden } from "#app/utils/stay.ts";

let app: TestApp;
let browser: Browser;

/** A stay next month: the priced list (no hotel here has prices, so every one is sold out and still listed). */
const STAY = `incheckning=${addDays(todayInSweden(), 30)}&utcheckning=${addDays(todayInSweden(), 32)}`;

/** Södermalm: south, west, north, east. */
const SODERMALM = "59.31,18.04,59.32,18.08";

/** 40 hotels in Stockholm (two pages of 24), a third of them on Södermalm, some with a pool; two without a position. */
const STOCKHOLM: HotelFields[] = Array.from({ length: 40 }, (_, index) => {
  const south = index % 3 === 0;
  return {
    hotel_id: `STH-${index}`,
    name: `Stockholmshotell ${index + 1}`,
    country: "Sweden",
    location: "Stockholm",
    latitude: index >= 38 ? null : south ? 59.312 + index * 0.0001 : 59.33 + index * 0.0002,
    longitude: index >= 38 ? null : south ? 18.05 + index * 0.0003 : 18.06,
    district: south ? "Södermalm" : "Norrmalm",
    star_rating: 3 + (index % 3),
    rating: 6 + (index % 40) / 10,
    amenities: index % 4 === 0 ? ["Pool"] : [],
  };
});

/** A place with more hotels than a list holds (LIST_MATCH_LIMIT, 1,000). */
const BIG = Array.from({ length: 1005 }, (_, index): HotelFields => ({
  hotel_id: `BIG-${index}`,
  name: `Storstadshotell ${index + 1}`,
  country: "Sweden",
  location: "Storstad",
  latitude: 60 + (index % 50) * 0.001,
  longitude: 15 + Math.floor(index / 50) * 0.001,
}));

beforeAll(async () => {
  app = await startTestApp({ PAGE_CACHE_TTL_MS: "600000", SERVER_TIMING: "all" });
  browser = new Browser(app.origin);
  const db = await app.db();
  await createHotels(db, STOCKHOLM);
  await createHotels(db, BIG);
  const { createLandmark } = await app.importApp<typeof import("#app/location/landmarks.server.ts")>("app/location/landmarks.server.ts");
  const stockholm = { country: "Sweden", location: "Stockholm" };
  await createLandmark(
    stockholm,
    { name: "Mariatorget", slug: "mariatorget", kind: "omrade", latitude: 59.314, longitude: 18.055, centre: false },
    db,
  );
}, 180_000);

afterAll(async () => {
  await app?.close();
});

/** The hotels a list shows on all its pages, by their cards' headings. */
async function listedOnEveryPage(path: string): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page++) {
    const separator = path.includes("?") ? "&" : "?";
    const response = await browser.get(`${path}${page > 1 ? `${separator}sida=${page}` : ""}`);
    if (response.status === 404) break;
    const found = [...(await response.text()).matchAll(/<h3[^>]*>\s*<a[^>]*>([^<]+)<\/a>/g)].map((match) =>
      unescapeAttribute(match[1]!.trim()),
    );
    if (!found.length) break;
    names.push(...found);
  }
  return names;
}

async function markers(path: string) {
  const response = await browser.get(`/resources/map-markers${path}`);
  return { response, body: response.ok ? ((await response.json()) as ListMarkers) : null };
}

const positioned = new Set(STOCKHOLM.filter((hotel) => hotel.latitude !== null).map((hotel) => hotel.name));

describe("the markers of a whole list", () => {
  it("are every hotel of every page of the list, with a position, in the list's order", async () => {
    for (const path of [
      "/Sweden/Stockholm",
      "/Sweden/Stockholm?rating=4",
      `/Sweden/Stockholm?omrade=${encodeURIComponent(SODERMALM)}`,
      "/Sweden/Stockholm?bekvamlighet=pool&sortera=betyg",
      "/Sweden/Stockholm/omrade/sodermalm",
      "/Sweden/Stockholm/med/pool",
      "/Sweden/Stockholm/nara/mariatorget",
      "/Sweden?search=stockholmshotell",
      "/hotels?location=Stockholm",
      `/Sweden/Stockholm?${STAY}&sortera=stjarnor`,
    ]) {
      const listed = await listedOnEveryPage(path);
      const { response, body } = await markers(path);
      expect(response.status, path).toBe(200);
      expect(
        body!.markers.map((marker) => marker.name),
        path,
      ).toEqual(listed.filter((name) => positioned.has(name)));
      expect(body!.listed, path).toBe(listed.length);
    }
  });

  it("cover more than the page: Stockholm's 38 hotels with a position, the count of all 40", async () => {
    const { body } = await markers("/Sweden/Stockholm?sida=2");
    expect(body!.markers).toHaveLength(38);
    expect(body!.total).toBe(40);
    expect(body!.more).toBe(false);
    expect(mapShowsNote(body!)).toBeNull();
    const marker = body!.markers.find((one) => one.name === "Stockholmshotell 1")!;
    // Compact: what a marker and its popup show, the link to the hotel's page (the page adds the stay).
    expect(Object.keys(marker).sort()).toEqual(["country", "href", "id", "lat", "lng", "locationName", "name", "price", "priceLabel"]);
    expect(marker).toMatchObject({ lat: 59.312, lng: 18.05, locationName: "Stockholm", country: "Sverige" });
    expect(marker.href).toMatch(/^\/Sweden\/Stockholm\/[a-z0-9-]+$/);
  });

  it("stop at the list's 1,000, and say so", async () => {
    const { body } = await markers("/Sweden/Storstad");
    expect(body!.markers).toHaveLength(1000);
    expect(body!.listed).toBe(1000);
    expect(body!.total).toBe(1005);
    expect(mapShowsNote(body!)).toBe("Kartan visar de första 1\u00a0000 av 1\u00a0005 hotell");
    const area = await markers(`/Sweden/Storstad?omrade=${encodeURIComponent("59.9,14.9,60.1,15.1")}`);
    expect(area.body!.markers).toHaveLength(1000);
    expect(mapShowsNote(area.body!)).toBe("Kartan visar de första 1\u00a0000 av över 1\u00a0000 hotell");
  });

  it("answer a path that is no list with 404 and a path it cannot read with 400, never a 500", async () => {
    for (const path of [
      "/Sweden/Atlantis",
      "/Narnia",
      "/Sweden/Stockholm/omrade/finns-inte",
      "/Sweden/Stockholm/med/helikopter",
      "/Sweden/Stockholm/nara/manen",
      "/a/b/c",
      "/Sweden/Stockholm/x/y",
    ]) {
      expect((await markers(path)).response.status, path).toBe(404);
    }
    for (const path of ["/Sweden/Stock%01holm", `/${"x".repeat(700)}`, "/Sweden/Stockholm/omrade/x/y/z"]) {
      expect((await markers(path)).response.status, path).toBe(400);
    }
    for (const query of [
      "omrade=abc",
      "sortera=%3Cscript%3E",
      "rating=99&pris-min=-1",
      "incheckning=2020-01-01",
      "bekvamlighet=%27%3B--",
    ]) {
      expect((await markers(`/Sweden/Stockholm?${query}`)).response.status, query).toBe(200);
    }
  });

  it("are public and kept like the list, whatever junk or page number the address carries", async () => {
    const cache = (response: Response) => /cache;desc=(\w+)/.exec(response.headers.get("server-timing") ?? "")?.[1];
    // A visitor without our cookies, as a crawler or a first visit.
    const browser = new Browser(app.origin);
    const first = await browser.get("/resources/map-markers/Sweden/Stockholm?rating=3");
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=600");
    expect(first.headers.get("content-type")).toMatch(/^application\/json/);
    await browser.get("/resources/map-markers/Sweden/Stockholm?rating=3&sida=2");
    expect(cache(await browser.get("/resources/map-markers/Sweden/Stockholm?rating=3&utm_source=x&sida=3"))).toBe("hit");
  });
});

describe.each(testDatabases())("the markers' query on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
    await createHotels(handle.db, STOCKHOLM);
  });
  afterAll(async () => {
    await handle?.close();
  });
  const url = (query: string) => new URL(`http://hotellguiden.test/x?${query}`);
  /** Every page of the list, as the page's loader reads them. */
  async function everyPage(query: string, fixed: FixedScope) {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const list = await loadHotelListPage(url(`${query}&sida=${page}`), fixed, handle.db).catch(() => null);
      if (!list?.hotels.length) break;
      ids.push(...list.hotels.map((hotel) => hotel.id));
    }
    return ids;
  }

  it("reads the same hotels in the same order as the list's pages", async () => {
    const stockholm = { country: "Sweden", location: "Stockholm" };
    for (const [query, fixed] of [
      ["", stockholm],
      ["sortera=stjarnor", stockholm],
      [`omrade=${encodeURIComponent(SODERMALM)}`, stockholm],
      ["bekvamlighet=pool", { ...stockholm, district: "sodermalm" }],
      ["search=stockholmshotell 1", {}],
      [`${STAY}&sortera=betyg`, stockholm],
    ] as const) {
      const whole = await loadMapMarkers(url(query), fixed, handle.db);
      expect(
        whole.hotels.map((hotel) => hotel.id),
        query,
      ).toEqual(await everyPage(query, fixed));
    }
  });
});
