/**
 * Neighbourhood and landing pages (issue 39, decision 079). Over HTTP on factory hotels in
 * Stockholm: five on Södermalm (indexable) and four in Gamla stan (noindex), five with a pool
 * (its landing page indexable) and four with breakfast (noindex); the canonical addresses and
 * their 301s, 404s for unknown districts and amenities, the place page's list of neighbourhoods
 * with their price range, filtered lists `noindex` with the canonical to the plain page, and the
 * sitemap. Then, on both databases, the hotel feed's `district` column and the per-place reads.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/schema.ts";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { importHotelFeed } from "#app/feed/feed-import.server.ts";
import { placeNeighbourhoods } from "#app/hotels/neighbourhoods.server.ts";
import { NO_STAY } from "#app/utils/stay.ts";
import { formatSek } from "#app/utils/money.ts";
import { Browser, startTestApp, visibleText, type TestApp } from "#tests/app-server.ts";
import { createHotels, createOffers, createPartner } from "#tests/factories.ts";
import { testDatabases } from "#tests/db.ts";
import { canonicalOf, headingOf, notNotFound, redirectsOf, robotsOf } from "./landing-html.ts";
import { feedFolder, ndjson } from "#tests/feed-files.ts";

const SITE = "http://hotellguiden.test";
const PLACE = { country: "Sweden", location: "Stockholm" };
const price = (amount: number) => formatSek(amount).replace(/\s/g, " ");

describe("neighbourhood and landing pages over HTTP", () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp();
    browser = new Browser(app.origin);
    const db = await app.db();
    const hotel = (n: number, district: string, amenities: string[], stars = 4) => ({
      ...PLACE,
      hotel_id: `OMR-${n}`,
      name: `${district} Hotell ${n}`,
      district,
      amenities,
      star_rating: stars,
    });
    const created = await createHotels(db, [
      hotel(1, "Södermalm", ["Pool", "Frukost"], 5),
      hotel(2, "Södermalm", ["Pool", "Frukost"], 5),
      hotel(3, "Södermalm", ["Pool"]),
      hotel(4, "Södermalm", ["Wifi"]),
      hotel(5, "Södermalm", ["Wifi"]),
      hotel(6, "Gamla stan", ["Pool", "Frukost"]),
      hotel(7, "Gamla stan", ["Pool", "Frukost"]),
      hotel(8, "Gamla stan", ["Wifi"]),
      hotel(9, "Gamla stan", ["Wifi"]),
      // Another place's Södermalm is not Stockholm's.
      { ...hotel(10, "Södermalm", ["Pool"]), location: "Gothenburg" },
    ]);
    await createPartner(db, { id: "omradesresor", name: "Områdesresor", host: "omradesresor.example" });
    const id = (hotelId: string) => created.find((one) => one.hotel_id === hotelId)!.id;
    await createOffers(db, [
      { hotelId: id("OMR-1"), partnerId: "omradesresor", pricePerNight: 890 },
      { hotelId: id("OMR-3"), partnerId: "omradesresor", pricePerNight: 3200 },
      { hotelId: id("OMR-6"), partnerId: "omradesresor", pricePerNight: 1450 },
    ]);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("gives a neighbourhood of five hotels an indexable page with its hotels, breadcrumbs and JSON-LD", async () => {
    const response = await browser.get("/Sweden/Stockholm/omrade/sodermalm");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(headingOf(html)).toBe("Hotell på Södermalm, Stockholm");
    expect(robotsOf(html)).toBeNull();
    expect(canonicalOf(html)).toBe(`${SITE}/Sweden/Stockholm/omrade/sodermalm`);
    const text = visibleText(html);
    expect(text).toContain(`Vi har 5 hotell på Södermalm i Stockholm. Priserna ligger från ${price(890)} till ${price(3200)} per natt.`);
    for (const n of [1, 2, 3, 4, 5]) expect(text).toContain(`Södermalm Hotell ${n}`);
    expect(text).not.toContain("Gamla stan Hotell 6");
    expect(text).not.toContain("Södermalm Hotell 10");
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toContain(`"name":"Södermalm","item":"${SITE}/Sweden/Stockholm/omrade/sodermalm"`);
    // The place's other neighbourhoods, to move on to.
    expect(text).toContain("Andra områden i Stockholm");
    expect(html).toContain('href="/Sweden/Stockholm/omrade/gamla-stan"');
  });

  it("keeps a neighbourhood of four hotels out of the index", async () => {
    const response = await browser.get("/Sweden/Stockholm/omrade/gamla-stan");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(headingOf(html)).toBe("Hotell i Gamla stan, Stockholm");
    expect(robotsOf(html)).toBe("noindex");
    expect(canonicalOf(html)).toBe(`${SITE}/Sweden/Stockholm/omrade/gamla-stan`);
  });

  it("filters a neighbourhood with the list's filters (GET), noindex with the canonical to the plain page", async () => {
    const response = await browser.get("/Sweden/Stockholm/omrade/sodermalm?rating=5");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(robotsOf(html)).toBe("noindex");
    expect(canonicalOf(html)).toBe(`${SITE}/Sweden/Stockholm/omrade/sodermalm`);
    const text = visibleText(html);
    expect(text).toContain("Södermalm Hotell 1");
    expect(text).toContain("Södermalm Hotell 2");
    expect(text).not.toContain("Södermalm Hotell 3");
    expect(html).toMatch(/<form[^>]*action="\/Sweden\/Stockholm\/omrade\/sodermalm"/);
  });

  it("answers other spellings and cases with a 301 to the canonical address, the query kept", async () => {
    const moves: Array<[string, string]> = [
      ["/sweden/stockholm/omrade/sodermalm", "/Sweden/Stockholm/omrade/sodermalm"],
      [`/Sweden/Stockholm/omrade/${encodeURIComponent("Södermalm")}?rating=5`, "/Sweden/Stockholm/omrade/sodermalm?rating=5"],
      ["/Sverige/Stockholm/omrade/GAMLA-STAN", "/Sweden/Stockholm/omrade/gamla-stan"],
      ["/Sweden/Stockholm/med/POOL", "/Sweden/Stockholm/med/pool"],
      ["/sweden/STOCKHOLM/med/pool?sortera=pris", "/Sweden/Stockholm/med/pool?sortera=pris"],
    ];
    expect(
      await redirectsOf(
        browser,
        moves.map(([from]) => from),
      ),
    ).toEqual(moves.map(([from, to]) => [from, 301, to]));
  });

  it("answers an unknown neighbourhood, place or amenity with the site's not-found page", async () => {
    expect(
      await notNotFound(browser, [
        "/Sweden/Stockholm/omrade/vasastan",
        "/Sweden/Nowhere/omrade/sodermalm",
        "/Sweden/Stockholm/omrade/%E2%80%94",
        "/Sweden/Stockholm/med/minibar",
        "/Sweden/Stockholm/med/jacuzzi",
      ]),
    ).toEqual([]);
  });

  it("opens a landing page with an introduction from the data, indexable from five hotels", async () => {
    const pool = await browser.get("/Sweden/Stockholm/med/pool");
    expect(pool.status).toBe(200);
    const html = await pool.text();
    expect(headingOf(html)).toBe("Hotell i Stockholm med pool");
    expect(robotsOf(html)).toBeNull();
    expect(canonicalOf(html)).toBe(`${SITE}/Sweden/Stockholm/med/pool`);
    expect(visibleText(html)).toContain(
      `Vi har 5 hotell med pool i Stockholm. Priserna ligger från ${price(890)} till ${price(3200)} per natt. De ligger i områdena Södermalm (3) och Gamla stan (2).`,
    );
    // Its filter form leads to the place's list with the pool kept.
    expect(html).toMatch(/<form[^>]*action="\/Sweden\/Stockholm"/);

    const breakfast = await (await browser.get("/Sweden/Stockholm/med/frukost")).text();
    expect(headingOf(breakfast)).toBe("Hotell i Stockholm med frukost");
    expect(robotsOf(breakfast)).toBe("noindex");
  });

  it("lists the place's neighbourhoods on its page with their hotels and price range, and its landing pages", async () => {
    const html = await (await browser.get("/Sweden/Stockholm")).text();
    const text = visibleText(html);
    expect(text).toContain("Områden i Stockholm");
    expect(text).toContain(`Södermalm 5 hotell · från ${price(890)} till ${price(3200)} per natt`);
    expect(text).toContain(`Gamla stan 4 hotell · ${price(1450)} per natt`);
    expect(html).toContain('href="/Sweden/Stockholm/omrade/sodermalm"');
    // Only the indexable landing page is linked: five with a pool, four with breakfast.
    expect(html).toContain('href="/Sweden/Stockholm/med/pool"');
    expect(html).not.toContain('href="/Sweden/Stockholm/med/frukost"');
    expect(robotsOf(html)).toBeNull();
  });

  it("keeps a place list with filters noindex, with the canonical to the place", async () => {
    const html = await (await browser.get("/Sweden/Stockholm?rating=4&bekvamlighet=pool")).text();
    expect(robotsOf(html)).toBe("noindex");
    expect(canonicalOf(html)).toBe(`${SITE}/Sweden/Stockholm`);
  });

  it("puts the indexable neighbourhood and landing pages in the sitemap, and only those", async () => {
    const xml = await (await browser.get("/sitemap.xml")).text();
    expect(xml).toContain(`<loc>${SITE}/Sweden/Stockholm/omrade/sodermalm</loc>`);
    expect(xml).toContain(`<loc>${SITE}/Sweden/Stockholm/med/pool</loc>`);
    expect(xml).not.toContain("/omrade/gamla-stan");
    expect(xml).not.toContain("/med/frukost");
    expect(xml).not.toContain("/Sweden/Gothenburg/omrade/");
  });
});

const { feed } = feedFolder("hg-district-");

describe.each(testDatabases())("the hotel feed's district on $name", ({ open }) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  beforeAll(async () => {
    handle = await open();
    db = handle.db;
  });
  afterAll(() => handle?.close());

  const districts = async () =>
    Object.fromEntries(
      (await db.selectFrom("hotels").select(["hotel_id", "district", "district_slug"]).orderBy("hotel_id").execute()).map((row) => [
        row.hotel_id,
        [row.district, row.district_slug],
      ]),
    );

  it("imports `district` trimmed with its slug, clears it when empty, and counts a place's hotels per district", async () => {
    const first = await importHotelFeed(
      feed(
        "csv",
        [
          "hotel_id,name,country,location,district",
          "D-1,Ett,Sweden,Stockholm,  Södermalm ",
          "D-2,Två,Sweden,Stockholm,SÖDERMALM",
          "D-3,Tre,Sweden,Stockholm,Östermalm",
          "D-4,Fyra,Sweden,Stockholm,",
          `D-5,Fem,Sweden,Stockholm,${"x".repeat(101)}`,
        ].join("\n"),
      ),
      undefined,
      db,
    );
    expect(first).toMatchObject({ inserted: 4, rejected: 1 });
    expect(await districts()).toEqual({
      "D-1": ["Södermalm", "sodermalm"],
      "D-2": ["SÖDERMALM", "sodermalm"],
      "D-3": ["Östermalm", "ostermalm"],
      "D-4": [null, null],
    });

    const summary = await placeNeighbourhoods(PLACE, NO_STAY, undefined, db);
    expect(summary.hotels).toBe(4);
    expect(summary.neighbourhoods.map(({ name, slug, hotels }) => ({ name, slug, hotels }))).toEqual([
      // Of two spellings of one district, either may name it (the first in the database's collation).
      { name: expect.stringMatching(/^södermalm$/iu), slug: "sodermalm", hotels: 2 },
      { name: "Östermalm", slug: "ostermalm", hotels: 1 },
    ]);

    // A later feed without a value clears it (a partner field); one without the hotel changes nothing.
    await importHotelFeed(feed("ndjson", ndjson({ hotel_id: "D-1", name: "Ett", ...PLACE, district: "" })), undefined, db);
    expect((await districts())["D-1"]).toEqual([null, null]);
  });
});
