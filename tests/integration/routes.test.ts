/**
 * The loaders of the browse screens, called as React Router calls them, against the app's
 * own embedded database (a temporary DATA_DIR, migrated and seeded like a first start).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-routes-"));
process.env.DATA_DIR = dataDir;

const { getAppDatabase, closeAppDatabase } = await import("#app/db/db.server.ts");
const { migrate } = await import("#app/operations/migrate.server.ts");
const { seedDemoCatalogue } = await import("#app/operations/seed.server.ts");
const hotels = await import("#app/routes/site/hotels.tsx");
const country = await import("#app/routes/site/country.tsx");
const place = await import("#app/routes/site/place.tsx");
const home = await import("#app/routes/site/home.tsx");
const suggestions = await import("#app/routes/resources/resources.suggestions.ts");
const hotelRoute = await import("#app/routes/site/hotel.tsx");

const args = (url: string, params: Record<string, string> = {}) =>
  ({ request: new Request(`http://localhost${url}`), url: new URL(`http://localhost${url}`), params, context: {} }) as never;

/** A loader that throws `data(null, { status })` answers with that status. */
async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
    return 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    return (error as { init?: { status?: number } }).init?.status ?? 500;
  }
}

beforeAll(async () => {
  const { db } = getAppDatabase();
  await migrate(undefined, db);
  await seedDemoCatalogue({ prices: "near" }, db);
});
afterAll(async () => {
  await closeAppDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("/hotels loader", () => {
  it("lists 24 hotels per page with the total and every filter option", async () => {
    const { page } = await hotels.loader(args("/hotels"));
    expect(page.hotels).toHaveLength(24);
    expect(page.total).toBe(600);
    expect(page.pageCount).toBe(25);
    expect(page.countries.length).toBeGreaterThanOrEqual(12);
    expect(page.locations).toEqual([]);
  });

  it("filters by country, place and rating, and by a place named on its own", async () => {
    const { page } = await hotels.loader(args("/hotels?country=Norway&location=Bergen&rating=4"));
    expect(page.total).toBeGreaterThan(0);
    for (const hotel of page.hotels) {
      expect(hotel.location).toBe("Bergen");
      expect(hotel.star_rating).toBeGreaterThanOrEqual(4);
    }
    expect(page.locations).toContainEqual({ value: "Oslo", label: "Oslo" });
    const alone = await hotels.loader(args("/hotels?location=Bergen"));
    expect(alone.page.params).toMatchObject({ country: "Norway", location: "Bergen" });
    expect(alone.page.names).toEqual({ country: "Norge", location: "Bergen" });
    expect(alone.page.total).toBeGreaterThan(0);
    expect(alone.page.hotels.every((hotel) => hotel.location === "Bergen")).toBe(true);
  });

  it("answers 301 from /hotels/ to /hotels, keeping the query", async () => {
    try {
      await hotels.loader(args("/hotels/?rating=4"));
      expect.unreachable("no redirect");
    } catch (thrown) {
      expect(thrown).toBeInstanceOf(Response);
      expect([(thrown as Response).status, (thrown as Response).headers.get("Location")]).toEqual([301, "/hotels?rating=4"]);
    }
  });

  it("gives a canonical address with only the parameters that mean something, normalised", async () => {
    const canonicalOf = async (url: string) => {
      const loaded = await hotels.loader(args(url));
      const parsed = new URL(`http://localhost${url}`);
      const tags = hotels.meta({ data: loaded, matches: [], location: { pathname: parsed.pathname, search: parsed.search } } as never);
      return (tags.find((tag) => (tag as { rel?: string }).rel === "canonical") as { href: string }).href;
    };
    expect(await canonicalOf("/hotels")).toBe("http://localhost:3000/hotels");
    expect(await canonicalOf("/hotels?sida=abc&rating=9&sortera=x")).toBe("http://localhost:3000/hotels");
    expect(await canonicalOf("/hotels?sida=2&rating=4&incheckning=2099-01-01&vuxna=3")).toBe(
      "http://localhost:3000/hotels?rating=4&sida=2",
    );
  });

  it("answers 404 past the last page, and 200 for nonsense parameters", async () => {
    expect(await statusOf(() => hotels.loader(args("/hotels?sida=26")))).toBe(404);
    expect(await statusOf(() => hotels.loader(args("/hotels?sida=abc&rating=9&sortera=x&search=%25_%5C")))).toBe(200);
  });
});

describe("country and place loaders", () => {
  it("show the country and place at the catalogue's address, with Swedish names", async () => {
    const sweden = await country.loader(args("/Sweden", { country: "Sweden" }));
    expect(sweden).toMatchObject({ country: "Sweden", countryName: "Sverige" });
    expect(sweden.page.hotels.every((hotel) => hotel.country === "Sweden")).toBe(true);
    const gothenburg = await place.loader(args("/Sweden/Gothenburg", { country: "Sweden", location: "Gothenburg" }));
    expect(gothenburg).toMatchObject({ country: "Sweden", location: "Gothenburg" });
    expect(gothenburg.page.names).toEqual({ country: "Sverige", location: "Göteborg" });
    expect(gothenburg.page.total).toBeGreaterThan(0);
  });

  it("give a country page its places with hotel counts, in Swedish names and order", async () => {
    const sweden = await country.loader(args("/Sweden", { country: "Sweden" }));
    const labels = sweden.places.map((place) => place.label);
    expect(labels).toContain("Göteborg");
    expect(labels).toEqual([...labels].sort(new Intl.Collator("sv-SE").compare));
    expect(sweden.places.find((place) => place.label === "Göteborg")).toMatchObject({ value: "Gothenburg" });
    expect(sweden.places.reduce((sum, place) => sum + place.hotelCount, 0)).toBe(sweden.page.total);
  });

  it("answer 301 to that address for every other spelling: Swedish, case, accents, a trailing slash", async () => {
    const location = async (run: () => Promise<unknown>) => {
      try {
        await run();
      } catch (thrown) {
        if (thrown instanceof Response) return [thrown.status, thrown.headers.get("Location")];
      }
      return null;
    };
    expect(await location(() => country.loader(args("/Sverige", { country: "Sverige" })))).toEqual([301, "/Sweden"]);
    expect(await location(() => country.loader(args("/sweden", { country: "sweden" })))).toEqual([301, "/Sweden"]);
    expect(await location(() => country.loader(args("/Sweden/", { country: "Sweden" })))).toEqual([301, "/Sweden"]);
    expect(await location(() => country.loader(args("/sverige?rating=4", { country: "sverige" })))).toEqual([301, "/Sweden?rating=4"]);
    expect(await location(() => country.loader(args("/Czech%20Republic?rating=4", { country: "Czech Republic" })))).toEqual([
      301,
      "/Czech-Republic?rating=4",
    ]);
    expect(await location(() => country.loader(args("/czech-republic/", { country: "czech-republic" })))).toEqual([301, "/Czech-Republic"]);
    const gothenburg = (path: string) => {
      const [, countrySegment, placeSegment] = path.split("/").map(decodeURIComponent);
      return location(() => place.loader(args(path, { country: countrySegment!, location: placeSegment! })));
    };
    expect(await gothenburg("/Sweden/Goteborg")).toEqual([301, "/Sweden/Gothenburg"]);
    expect(await gothenburg("/Sweden/G%C3%B6teborg")).toEqual([301, "/Sweden/Gothenburg"]);
    expect(await gothenburg("/Sverige/G%C3%B6teborg")).toEqual([301, "/Sweden/Gothenburg"]);
    expect(await gothenburg("/sweden/gothenburg")).toEqual([301, "/Sweden/Gothenburg"]);
    expect(await gothenburg("/SWEDEN/malmo")).toEqual([301, "/Sweden/Malm%C3%B6"]);
  });

  it("answer 404 for unknown ones", async () => {
    expect(await statusOf(() => country.loader(args("/Atlantis", { country: "Atlantis" })))).toBe(404);
    expect(await statusOf(() => place.loader(args("/Sweden/Oslo", { country: "Sweden", location: "Oslo" })))).toBe(404);
  });
});

describe("home loader", () => {
  it("shows the chosen chip's hotels, the first chip by default", async () => {
    const first = await home.loader(args("/"));
    expect(first.selected?.location).toBe(first.places[0]?.location);
    expect(first.hotels.length).toBeLessThanOrEqual(4);
    const oslo = await home.loader(args("/?plats=oslo"));
    expect(oslo.selected?.location).toBe("Oslo");
    expect(oslo.hotels.every((hotel) => hotel.location === "Oslo")).toBe(true);
  });
});

describe("suggestions resource", () => {
  it("answers JSON from two characters", async () => {
    const short = (await suggestions.loader(args("/resources/suggestions?q=s"))) as Response;
    expect(await short.json()).toEqual({ hotels: [], countries: [], places: [] });
    const response = (await suggestions.loader(args("/resources/suggestions?q=Stock"))) as Response;
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.places).toContainEqual({ location: "Stockholm", country: "Sweden", location_name: "Stockholm", country_name: "Sverige" });
    expect(body.hotels.length).toBeGreaterThan(0);
    expect(body.hotels.length).toBeLessThanOrEqual(10);
  });
});

describe("hotel loader", () => {
  const firstHotelIn = async (path: string, params: Record<string, string>) => {
    const { page } = await place.loader(args(path, params));
    const card = page.hotels.find((hotel) => hotel.name.split(" ").length >= 3)!;
    return card;
  };
  const call = (path: string) => {
    // React Router hands loaders decoded params.
    const [, country, location, slug] = path.split("/").map(decodeURIComponent);
    return hotelRoute.loader(args(path, { country: country!, location: location!, slug: slug! }));
  };

  it("shows the hotel at its canonical address, also for client navigations (.data)", async () => {
    const card = await firstHotelIn("/Sweden/Stockholm", { country: "Sweden", location: "Stockholm" });
    const { hotelPath } = await import("#app/utils/paths.ts");
    const path = hotelPath(card)!;
    const result = await call(path);
    expect(result.hotel.name).toBe(card.name);
    expect(result.related.length).toBeLessThanOrEqual(3);
    expect(result.related.some((hotel) => hotel.id === card.id)).toBe(false);
    expect(result.booking === null || result.booking.href.startsWith("/redirect?to=http")).toBe(true);
    const [, country, location, slug] = path.split("/").map(decodeURIComponent);
    const dataRequest = {
      request: new Request(`http://localhost${path}.data`),
      url: new URL(`http://localhost${path}`),
      params: { country, location, slug },
      context: {},
    } as never;
    expect((await hotelRoute.loader(dataRequest)).hotel.id).toBe(card.id);
  });

  it("books through the cheapest partner, else the hotel's own partner link, else not at all", async () => {
    const { db } = getAppDatabase();
    const { clearCatalogueCache } = await import("#app/utils/catalogue-cache.server.ts");
    const { hotelPath } = await import("#app/utils/paths.ts");
    const rows = [
      { hotel_id: "BOOK-OWN-1", name: "Eget Länkhotell", affiliate_url: "https://www.booking.com/hotel/se/eget.html" },
      { hotel_id: "BOOK-OWN-2", name: "Fyndlänk Hotell", affiliate_url: "https://hotellfynd.example/hotell/eget" },
      { hotel_id: "BOOK-NONE-1", name: "Obokbart Hotell", affiliate_url: null },
    ];
    const inserted = await db
      .insertInto("hotels")
      .values(rows.map((row) => ({ ...row, country: "Sweden", location: "Stockholm" })))
      .returning(["id", "hotel_id", "name", "country", "location", "slug"])
      .execute();
    clearCatalogueCache();
    const loaded = await Promise.all(inserted.map((row) => call(hotelPath(row)!)));
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
    const { page } = await place.loader(args("/Sweden/Stockholm", { country: "Sweden", location: "Stockholm" }));
    const card = page.hotels.find((hotel) => hotel.offer_count > 1)!;
    const offered = await call(hotelPath(card)!);
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
    const card = await firstHotelIn("/Sweden/Malm%C3%B6", { country: "Sweden", location: "Malmö" });
    const { hotelPath, placeSegment } = await import("#app/utils/paths.ts");
    const canonical = hotelPath(card)!;
    const slug = canonical.split("/").at(-1)!;
    for (const wrong of [
      `/sweden/malmo/${slug}`,
      `/Sverige/Malmo/${slug}`,
      `/Sweden/${placeSegment("Malmö")}/${slug.toUpperCase()}`,
      `/Sweden/Malmo/${slug.split("-").slice(1).join("-")}`,
    ]) {
      try {
        await call(wrong);
        throw new Error(`no redirect for ${wrong}`);
      } catch (error) {
        expect(error, wrong).toBeInstanceOf(Response);
        expect((error as Response).status, wrong).toBe(301);
        expect((error as Response).headers.get("Location"), wrong).toBe(canonical);
      }
    }
  });

  it("answers 404 with related hotels for an unknown hotel, and for an unknown place", async () => {
    try {
      await call("/Sweden/Stockholm/finns-inte-alls-xyz");
      throw new Error("no 404");
    } catch (error) {
      const { data, init } = error as {
        data: { kind: string; location: string; related: unknown[]; placeHref: string };
        init: { status: number };
      };
      expect(init.status).toBe(404);
      expect(data).toMatchObject({ kind: "not-found", location: "Stockholm", placeHref: "/Sweden/Stockholm" });
      expect(data.related.length).toBeGreaterThan(0);
      expect(data.related.length).toBeLessThanOrEqual(4);
    }
    expect(await statusOf(() => call("/Atlantis/Nowhere/hotel"))).toBe(404);
  });
});
