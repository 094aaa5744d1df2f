/**
 * The loaders of the browse screens, through the whole app over HTTP (decision 010): what each
 * loader returns read as the client router reads it (a single-fetch `.data` request, decoded by
 * `loaderData`), statuses and redirects on the pages themselves, against the demo catalogue.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UNSAFE_DataWithResponseInit } from "react-router";
import { Browser, loaderAnswer, loaderData, startTestApp, type TestApp } from "#tests/app-server.ts";
import { createHotels } from "#tests/factories.ts";

// A loader's data(page, { headers }) is its page to the client router.
type Unwrapped<T> = T extends UNSAFE_DataWithResponseInit<infer Page> ? Page : T;
type Data<Module extends { loader: (...args: never[]) => unknown }> = Unwrapped<Exclude<Awaited<ReturnType<Module["loader"]>>, Response>>;
type Hotels = Data<typeof import("#app/routes/site/hotels.tsx")>;
type Country = Data<typeof import("#app/routes/site/country.tsx")>;
type Place = Data<typeof import("#app/routes/site/place.tsx")>;
type Home = Data<typeof import("#app/routes/site/home.tsx")>;
type HotelPage = Data<typeof import("#app/routes/site/hotel.tsx")>;

let app: TestApp;
let browser: Browser;

const hotels = (path: string) => loaderData<Hotels>(browser, path, "routes/site/hotels");
const country = (path: string) => loaderData<Country>(browser, path, "routes/site/country");
const place = (path: string) => loaderData<Place>(browser, path, "routes/site/place");
const home = (path: string) => loaderData<Home>(browser, path, "routes/site/home");
const hotelPage = (path: string) => loaderData<HotelPage>(browser, path, "routes/site/hotel");

/** The status of the page at `path` and where it redirects to, if it does. */
async function answer(path: string): Promise<[number, string | null]> {
  const response = await browser.get(path);
  await response.body?.cancel();
  return [response.status, response.headers.get("Location")];
}
const statusOf = async (path: string) => (await answer(path))[0];

beforeAll(async () => {
  app = await startTestApp({ SEED_DEMO: "always" });
  browser = new Browser(app.origin);
});
afterAll(async () => {
  await app?.close();
});

describe("/hotels loader", () => {
  it("lists 24 hotels per page with the total and every filter option", async () => {
    const { page } = await hotels("/hotels");
    expect(page.hotels).toHaveLength(24);
    expect(page.total).toBe(600);
    expect(page.pageCount).toBe(25);
    expect(page.countries.length).toBeGreaterThanOrEqual(12);
    expect(page.locations).toEqual([]);
  });

  it("filters by country, place and rating, and by a place named on its own", async () => {
    const { page } = await hotels("/hotels?country=Norway&location=Bergen&rating=4");
    expect(page.total).toBeGreaterThan(0);
    for (const hotel of page.hotels) {
      expect(hotel.location).toBe("Bergen");
      expect(hotel.star_rating).toBeGreaterThanOrEqual(4);
    }
    expect(page.locations).toContainEqual({ value: "Oslo", label: "Oslo" });
    const alone = await hotels("/hotels?location=Bergen");
    expect(alone.page.params).toMatchObject({ country: "Norway", location: "Bergen" });
    expect(alone.page.names).toEqual({ country: "Norge", location: "Bergen" });
    expect(alone.page.total).toBeGreaterThan(0);
    expect(alone.page.hotels.every((hotel) => hotel.location === "Bergen")).toBe(true);
  });

  it("answers 301 from /hotels/ to /hotels, keeping the query", async () => {
    expect(await answer("/hotels/?rating=4")).toEqual([301, "/hotels?rating=4"]);
  });

  it("gives a canonical address with only the parameters that mean something, normalised", async () => {
    const canonicalOf = async (url: string) => {
      const html = await (await browser.get(url)).text();
      return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    };
    expect(await canonicalOf("/hotels")).toBe("http://hotellguiden.test/hotels");
    expect(await canonicalOf("/hotels?sida=abc&rating=9&sortera=x")).toBe("http://hotellguiden.test/hotels");
    expect(await canonicalOf("/hotels?sida=2&rating=4&incheckning=2099-01-01&vuxna=3")).toBe(
      "http://hotellguiden.test/hotels?rating=4&sida=2",
    );
  });

  it("answers 404 past the last page, and 200 for nonsense parameters", async () => {
    expect(await statusOf("/hotels?sida=26")).toBe(404);
    expect(await statusOf("/hotels?sida=abc&rating=9&sortera=x&search=%25_%5C")).toBe(200);
  });
});

describe("country and place loaders", () => {
  it("show the country and place at the catalogue's address, with Swedish names", async () => {
    const sweden = await country("/Sweden");
    expect(sweden).toMatchObject({ country: "Sweden", countryName: "Sverige" });
    expect(sweden.page.hotels.every((hotel) => hotel.country === "Sweden")).toBe(true);
    const gothenburg = await place("/Sweden/Gothenburg");
    expect(gothenburg).toMatchObject({ country: "Sweden", location: "Gothenburg" });
    expect(gothenburg.page.names).toEqual({ country: "Sverige", location: "Göteborg" });
    expect(gothenburg.page.total).toBeGreaterThan(0);
  });

  it("give a country page its places with hotel counts, in Swedish names and order", async () => {
    const sweden = await country("/Sweden");
    const labels = sweden.places.map((place) => place.label);
    expect(labels).toContain("Göteborg");
    expect(labels).toEqual([...labels].sort(new Intl.Collator("sv-SE").compare));
    expect(sweden.places.find((place) => place.label === "Göteborg")).toMatchObject({ value: "Gothenburg" });
    expect(sweden.places.reduce((sum, place) => sum + place.hotelCount, 0)).toBe(sweden.page.total);
  });

  it("answer 301 to that address for every other spelling: Swedish, case, accents, a trailing slash", async () => {
    expect(await answer("/Sverige")).toEqual([301, "/Sweden"]);
    expect(await answer("/sweden")).toEqual([301, "/Sweden"]);
    expect(await answer("/Sweden/")).toEqual([301, "/Sweden"]);
    expect(await answer("/sverige?rating=4")).toEqual([301, "/Sweden?rating=4"]);
    expect(await answer("/Czech%20Republic?rating=4")).toEqual([301, "/Czech-Republic?rating=4"]);
    expect(await answer("/czech-republic/")).toEqual([301, "/Czech-Republic"]);
    expect(await answer("/Sweden/Goteborg")).toEqual([301, "/Sweden/Gothenburg"]);
    expect(await answer("/Sweden/G%C3%B6teborg")).toEqual([301, "/Sweden/Gothenburg"]);
    expect(await answer("/Sverige/G%C3%B6teborg")).toEqual([301, "/Sweden/Gothenburg"]);
    expect(await answer("/sweden/gothenburg")).toEqual([301, "/Sweden/Gothenburg"]);
    expect(await answer("/SWEDEN/malmo")).toEqual([301, "/Sweden/Malm%C3%B6"]);
  });

  it("answer 404 for unknown ones", async () => {
    expect(await statusOf("/Atlantis")).toBe(404);
    expect(await statusOf("/Sweden/Oslo")).toBe(404);
  });
});

describe("home loader", () => {
  it("shows the chosen chip's hotels, the first chip by default", async () => {
    const first = await home("/");
    expect(first.selected?.location).toBe(first.places[0]?.location);
    expect(first.hotels.length).toBeLessThanOrEqual(4);
    const oslo = await home("/?plats=oslo");
    expect(oslo.selected?.location).toBe("Oslo");
    expect(oslo.hotels.every((hotel) => hotel.location === "Oslo")).toBe(true);
  });
});

describe("suggestions resource", () => {
  it("answers JSON from two characters", async () => {
    const short = await browser.get("/resources/suggestions?q=s");
    expect(await short.json()).toEqual({ hotels: [], countries: [], places: [] });
    const response = await browser.get("/resources/suggestions?q=Stock");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.places).toContainEqual({ location: "Stockholm", country: "Sweden", location_name: "Stockholm", country_name: "Sverige" });
    expect(body.hotels.length).toBeGreaterThan(0);
    expect(body.hotels.length).toBeLessThanOrEqual(10);
  });
});

describe("hotel loader", () => {
  const firstHotelIn = async (path: string) => {
    const { page } = await place(path);
    return page.hotels.find((hotel) => hotel.name.split(" ").length >= 3)!;
  };
  const hotelPath = async (hotel: { country: string | null; location: string | null; slug: string | null }) => {
    const paths = await app.importApp<typeof import("#app/utils/paths.ts")>("app/utils/paths.ts");
    return paths.hotelPath(hotel)!;
  };

  it("shows the hotel at its canonical address, also for client navigations (.data)", async () => {
    const card = await firstHotelIn("/Sweden/Stockholm");
    const path = await hotelPath(card);
    const page = await browser.get(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(card.name);
    const result = await hotelPage(path);
    expect(result.hotel.id).toBe(card.id);
    expect(result.hotel.name).toBe(card.name);
    expect(result.related.length).toBeLessThanOrEqual(3);
    expect(result.related.some((hotel) => hotel.id === card.id)).toBe(false);
    expect(result.booking === null || result.booking.href.startsWith("/redirect?to=http")).toBe(true);
  });

  it("books through the cheapest partner, else the hotel's own partner link, else not at all", async () => {
    const db = await app.db();
    const { clearCatalogueCache } = await app.importApp<typeof import("#app/utils/catalogue-cache.server.ts")>(
      "app/utils/catalogue-cache.server.ts",
    );
    const rows = [
      { hotel_id: "BOOK-OWN-1", name: "Eget Länkhotell", affiliate_url: "https://www.booking.com/hotel/se/eget.html" },
      { hotel_id: "BOOK-OWN-2", name: "Fyndlänk Hotell", affiliate_url: "https://hotellfynd.example/hotell/eget" },
      { hotel_id: "BOOK-NONE-1", name: "Obokbart Hotell", affiliate_url: null },
    ];
    const inserted = await createHotels(
      db,
      rows.map((row) => ({ ...row, country: "Sweden", location: "Stockholm" })),
    );
    clearCatalogueCache();
    const loaded = await Promise.all(inserted.map(async (row) => hotelPage(await hotelPath(row))));
    const [booking, partner, none] = loaded;
    const query = (href: string) => new URL(href, "http://x").searchParams;
    // No offers: the hotel's own link, named by the partners table, else by its host.
    expect(booking!.prices?.offers).toEqual([]);
    expect(booking!.booking).toMatchObject({ partner: "booking.com" });
    expect(partner!.booking).toMatchObject({ partner: "Hotellfynd" });
    for (const [index, result] of [booking!, partner!].entries()) {
      const box = query(result.booking!.href);
      const bar = query(result.booking!.barHref);
      expect(box.get("to")).toBe(rows[index]!.affiliate_url);
      expect([box.get("source"), bar.get("source")]).toEqual(["booking-sidebar", "booking-bar"]);
      expect(box.get("hotell")).toBe(inserted[index]!.id);
    }
    expect(none!.booking).toBeNull();

    // With offers: the cheapest partner's landing page, in the box and the bar alike.
    const { page } = await place("/Sweden/Stockholm");
    const card = page.hotels.find((hotel) => hotel.offer_count > 1)!;
    const offered = await hotelPage(await hotelPath(card));
    expect(offered.prices!.offers.length).toBe(card.offer_count);
    expect(offered.booking).toMatchObject({ partner: offered.prices!.offers[0]!.partnerName });
    expect(query(offered.booking!.barHref).get("to")).toBe(query(offered.prices!.offers[0]!.href).get("to"));
    expect(query(offered.booking!.href).get("hotell")).toBe(card.id);
    await db
      .deleteFrom("hotels")
      .where(
        "hotel_id",
        "in",
        rows.map((row) => row.hotel_id),
      )
      .execute();
    clearCatalogueCache();
  });

  it("answers 301 to the canonical address for another case, accent or an old name", async () => {
    const card = await firstHotelIn("/Sweden/Malm%C3%B6");
    const { placeSegment } = await app.importApp<typeof import("#app/utils/paths.ts")>("app/utils/paths.ts");
    const canonical = await hotelPath(card);
    const slug = canonical.split("/").at(-1)!;
    for (const wrong of [
      `/sweden/malmo/${slug}`,
      `/Sverige/Malmo/${slug}`,
      `/Sweden/${placeSegment("Malmö")}/${slug.toUpperCase()}`,
      `/Sweden/Malmo/${slug.split("-").slice(1).join("-")}`,
    ]) {
      expect(await answer(wrong), wrong).toEqual([301, canonical]);
    }
  });

  it("answers 404 with related hotels for an unknown hotel, and for an unknown place", async () => {
    const unknown = await loaderAnswer<never>(browser, "/Sweden/Stockholm/finns-inte-alls-xyz", "routes/site/hotel");
    expect(unknown.status).toBe(404);
    const data = (unknown as { error: { kind: string; location: string; related: unknown[]; placeHref: string } }).error;
    expect(data).toMatchObject({ kind: "not-found", location: "Stockholm", placeHref: "/Sweden/Stockholm" });
    expect(data.related.length).toBeGreaterThan(0);
    expect(data.related.length).toBeLessThanOrEqual(4);
    expect(await statusOf("/Sweden/Stockholm/finns-inte-alls-xyz")).toBe(404);
    expect(await statusOf("/Atlantis/Nowhere/hotel")).toBe(404);
  });
});
