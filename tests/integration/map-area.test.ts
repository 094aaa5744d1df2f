/**
 * The map's area as a list's scope (issue 39 point 2, decision 078) over HTTP, on PGlite and
 * PostgreSQL: `omrade=south,west,north,east` lists exactly the hotels whose coordinates lie in it,
 * with the list's other filters kept; it replaces the page's place (panning from Stockholm to Solna
 * lists Solna); an area across the antimeridian holds both sides; an area that cannot be used is
 * set aside with a note; pages of an area are not indexed and point at the list without it; the
 * place page links to areas round where its hotels are, for a visitor without JavaScript.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { hotelListQuery } from "#app/hotels/hotel-queries.server.ts";
import { loadHotelListPage } from "#app/hotels/list-page.server.ts";
import { Browser, startTestApp, unescapeAttribute, visibleText, type TestApp } from "#tests/app-server.ts";
import { createHotels, type HotelFields } from "#tests/factories.ts";
import { testDatabases } from "#tests/db.ts";

let app: TestApp;
let browser: Browser;

/** Södermalm, Stockholm: south, west, north, east. */
const SODERMALM = "59.31,18.04,59.32,18.08";
const SOLNA = "59.35,17.98,59.37,18.02";
/** Round Taveuni, across the antimeridian. */
const FIJI = "-17,179.5,-16.5,-179.5";

const HOTELS: HotelFields[] = [
  { name: "Norrmalmshotellet", latitude: 59.335, longitude: 18.06, star_rating: 4, amenities: ["Pool"] },
  { name: "Centralhotellet", latitude: 59.331, longitude: 18.058, star_rating: 3 },
  { name: "Söderhotellet", latitude: 59.315, longitude: 18.07, star_rating: 4, rating: 8.1, amenities: ["Pool", "Free WiFi"] },
  { name: "Mariahotellet", latitude: 59.318, longitude: 18.065, star_rating: 5, rating: 7.9 },
  { name: "Hornshotellet", latitude: 59.316, longitude: 18.05, star_rating: 3, rating: 9.1, amenities: ["Pool"] },
  // On the area's edge: in it.
  { name: "Kanthotellet", latitude: 59.32, longitude: 18.08, star_rating: 3, rating: 6 },
  { name: "Hotell utan läge", star_rating: 5 },
  { name: "Solnahotellet", location: "Solna", latitude: 59.36, longitude: 18.0 },
  { name: "Taveuni Östra", country: "Fiji", location: "Taveuni", latitude: -16.8, longitude: 179.9 },
  { name: "Taveuni Västra", country: "Fiji", location: "Taveuni", latitude: -16.9, longitude: -179.9 },
  { name: "Viti Levu-hotellet", country: "Fiji", location: "Nadi", latitude: -17.7, longitude: 177.4 },
];

beforeAll(async () => {
  app = await startTestApp();
  browser = new Browser(app.origin);
  await createHotels(await app.db(), HOTELS);
});

afterAll(async () => {
  await app?.close();
});

async function page(path: string) {
  const response = await browser.get(path);
  const html = await response.text();
  return { status: response.status, html, text: visibleText(html) };
}

/** The hotels a list shows, by their cards' headings, in its order. */
const listed = (html: string) =>
  [...html.matchAll(/<h3[^>]*>\s*<a[^>]*>([^<]+)<\/a>/g)].map((match) => unescapeAttribute(match[1]!.trim()));

const area = (value: string) => `omrade=${encodeURIComponent(value)}`;

describe("a list of the map's area", () => {
  it("lists exactly the hotels inside it, edges included", async () => {
    const { status, html, text } = await page(`/hotels?${area(SODERMALM)}`);
    expect(status).toBe(200);
    expect(listed(html).sort()).toEqual(["Hornshotellet", "Kanthotellet", "Mariahotellet", "Söderhotellet"]);
    expect(text).toContain("Hotell i kartans område");
    expect(text).toContain("4 hotell");
    expect(text).toContain("Hotellen i området du valde på kartan.");
  });

  it("keeps the list's other filters and its order", async () => {
    expect(listed((await page(`/hotels?${area(SODERMALM)}&bekvamlighet=pool&rating=4`)).html)).toEqual(["Söderhotellet"]);
    expect(listed((await page(`/hotels?${area(SODERMALM)}&sortera=stjarnor`)).html)[0]).toBe("Mariahotellet");
    expect(listed((await page(`/hotels?${area(SODERMALM)}&sortera=betyg`)).html)).toEqual([
      "Hornshotellet",
      "Söderhotellet",
      "Mariahotellet",
      "Kanthotellet",
    ]);
    // A search text narrows within the area.
    expect(listed((await page(`/hotels?${area(SODERMALM)}&search=maria`)).html)).toEqual(["Mariahotellet"]);
  });

  it("replaces the page's place: the place page of Stockholm with Solna's area lists Solna", async () => {
    const sodermalm = await page(`/Sweden/Stockholm?${area(SODERMALM)}`);
    expect(listed(sodermalm.html).sort()).toEqual(["Hornshotellet", "Kanthotellet", "Mariahotellet", "Söderhotellet"]);
    expect(sodermalm.text).toContain("Visa alla hotell i Stockholm");
    expect(listed((await page(`/Sweden/Stockholm?${area(SOLNA)}`)).html)).toEqual(["Solnahotellet"]);
    expect(listed((await page(`/hotels?location=Stockholm&country=Sweden&${area(SOLNA)}`)).html)).toEqual(["Solnahotellet"]);
  });

  it("holds both sides of the antimeridian for an area across it", async () => {
    expect(listed((await page(`/hotels?${area(FIJI)}`)).html).sort()).toEqual(["Taveuni Västra", "Taveuni Östra"]);
  });

  it("sets aside an area it cannot use with a note, and lists as if it were not there", async () => {
    const whole = listed((await page("/Sweden/Stockholm")).html).sort();
    for (const [value, note] of [
      ["abc", "Vi kunde inte läsa kartans område i adressen, så vi visar hela listan."],
      ["59.32,18.04,59.31,18.08", "Vi kunde inte läsa kartans område i adressen, så vi visar hela listan."],
      ["-60,-170,70,170", "Kartans område är för stort att söka i, så vi visar hela listan. Zooma in på kartan och sök igen."],
    ] as const) {
      const { status, html, text } = await page(`/Sweden/Stockholm?${area(value)}`);
      expect(status, value).toBe(200);
      expect(text, value).toContain(note);
      expect(listed(html).sort(), value).toEqual(whole);
    }
  });

  it("is not indexed, and its canonical is the list without the area", async () => {
    for (const [path, canonical] of [
      [`/hotels?${area(SODERMALM)}&rating=3`, "http://hotellguiden.test/hotels?rating=3"],
      [`/Sweden/Stockholm?${area(SODERMALM)}`, "http://hotellguiden.test/Sweden/Stockholm"],
      [`/Sweden?${area(SODERMALM)}`, "http://hotellguiden.test/Sweden"],
    ] as const) {
      const { html } = await page(path);
      expect(html, path).toContain('<meta name="robots" content="noindex"');
      expect(html, path).toContain(`<link rel="canonical" href="${canonical}"`);
    }
    expect((await page("/Sweden/Stockholm")).html).not.toContain('<meta name="robots" content="noindex"');
  });

  it("offers areas round the place's hotels as links, which keep the list's filters (no JavaScript needed)", async () => {
    const { html, text } = await page("/Sweden/Stockholm?rating=3");
    expect(text).toContain("Sök i en del av Stockholm");
    const links = [...html.matchAll(/<a[^>]*href="([^"]*omrade=[^"]*)"[^>]*>Visa hotell i närheten av <!-- -->([^<]+)<\/a>/g)].map(
      (match) => ({
        href: unescapeAttribute(match[1]!),
        name: unescapeAttribute(match[2]!),
      }),
    );
    expect(links.length).toBeGreaterThan(0);
    const sodermalm = links.find((link) => ["Hornshotellet", "Söderhotellet", "Mariahotellet"].includes(link.name))!;
    expect(sodermalm.href).toMatch(/^\/Sweden\/Stockholm\?rating=3&omrade=/);
    const followed = await page(sodermalm.href);
    expect(listed(followed.html)).toContain(sodermalm.name);
    expect(listed(followed.html)).not.toContain("Norrmalmshotellet");
  });
});

describe.each(testDatabases())("the area's query on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
    await createHotels(handle.db, HOTELS);
  });
  afterAll(async () => {
    await handle?.close();
  });
  const names = async (query: string, fixed: { country?: string; location?: string } = {}) =>
    (await loadHotelListPage(new URL(`http://hotellguiden.test/hotels?${query}`), fixed, handle.db)).hotels
      .map((hotel) => hotel.name)
      .sort();

  it("lists the hotels in the area with the other filters kept, the place replaced", async () => {
    expect(await names(area(SODERMALM))).toEqual(["Hornshotellet", "Kanthotellet", "Mariahotellet", "Söderhotellet"]);
    expect(await names(`${area(SODERMALM)}&bekvamlighet=pool`)).toEqual(["Hornshotellet", "Söderhotellet"]);
    expect(await names(area(SOLNA), { country: "Sweden", location: "Stockholm" })).toEqual(["Solnahotellet"]);
    expect(await names(area(FIJI))).toEqual(["Taveuni Västra", "Taveuni Östra"]);
  });

  it("reads the area in hotels_position_idx", async () => {
    const plan = async (value: string) => {
      const compiled = hotelListQuery(
        { area: (await loadHotelListPage(new URL(`http://x/hotels?${area(value)}`), {}, handle.db)).params.area },
        null,
        handle.db,
      ).compile();
      // A handful of rows is read fastest without an index: the planner is asked to use one if it can
      // (on one connection: a setting is the session's).
      return handle.db.connection().execute(async (db) => {
        await sql`set enable_seqscan = off`.execute(db);
        try {
          const rows = await db.executeQuery<{ "QUERY PLAN": string }>({ ...compiled, sql: `explain ${compiled.sql}` });
          return rows.rows.map((row) => row["QUERY PLAN"]).join("\n");
        } finally {
          await sql`reset enable_seqscan`.execute(db);
        }
      });
    };
    expect(await plan(SODERMALM)).toContain("hotels_position_idx");
    expect(await plan(FIJI)).toContain("hotels_position_idx");
  });
});

describe("links to the areas round a place's landmarks", () => {
  it("names each landmark with a hotel near it, and lists the hotels within about half a kilometre of it", async () => {
    const { createLandmark } = await app.importApp<typeof import("#app/location/landmarks.server.ts")>("app/location/landmarks.server.ts");
    const taveuni = { country: "Fiji", location: "Taveuni" };
    await createLandmark(
      taveuni,
      { name: "Waiyevo", slug: "waiyevo", kind: "omrade", latitude: -16.801, longitude: 179.901, centre: false },
      await app.db(),
    );
    // No hotel near it: a link to an empty list would be a dead end.
    await createLandmark(
      taveuni,
      { name: "Lavena", slug: "lavena", kind: "omrade", latitude: -16.86, longitude: -179.88, centre: false },
      await app.db(),
    );
    const { html, text } = await page("/Fiji/Taveuni");
    expect(text).toContain("Sök i en del av Taveuni");
    expect(text).not.toContain("Visa hotell i närheten av Lavena");
    const href = unescapeAttribute(
      /<a[^>]*href="([^"]*omrade=[^"]*)"[^>]*>Visa hotell i närheten av <!-- -->Waiyevo<\/a>/.exec(html)?.[1] ?? "",
    );
    expect(href).toMatch(/^\/Fiji\/Taveuni\?omrade=/);
    expect(listed((await page(href)).html)).toEqual(["Taveuni Östra"]);
  });
});
