import { describe, expect, it } from "vitest";
import {
  areaHref,
  canonicalListQuery,
  filterFormQuery,
  LIST_PARAM_NAMES,
  listHref,
  readListParams,
  withPriceChoices,
} from "./search-params.ts";

describe("readListParams", () => {
  it("reads exactly the parameters LIST_PARAM_NAMES names and the price choices (the others never reach a list page)", () => {
    const read = new Set<string>();
    const params = new URLSearchParams();
    const recording = new Proxy(params, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (property === "get" || property === "getAll" || property === "has") read.add(String(args[0]));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    readListParams(recording);
    // villkor and valuta are read by every page that shows prices (read-params.server.ts PRICE_PARAMS).
    expect([...read].sort()).toEqual([...LIST_PARAM_NAMES, "valuta", "villkor"].sort());
  });

  it("reads every parameter", () => {
    expect(readListParams(new URLSearchParams("search=spa&country=Sweden&location=Åre&rating=4&sortera=pris&sida=3"))).toEqual({
      search: "spa",
      country: "Sweden",
      location: "Åre",
      rating: 4,
      sort: "pris",
      page: 3,
      destination: "",
      priceMin: undefined,
      priceMax: undefined,
      guestRating: undefined,
      amenities: [],
      conditions: [],
      currency: "SEK",
      area: undefined,
      near: "",
    });
  });

  it("reads the chosen landmark (nara) and the sort by distance", () => {
    expect(readListParams(new URLSearchParams("nara=%20Centralstationen%20&sortera=avstand"))).toMatchObject({
      near: "centralstationen",
      sort: "avstand",
    });
  });
  it("reads the map's area (omrade) and sets aside one it cannot use", () => {
    expect(readListParams(new URLSearchParams("omrade=59.3012,18.0201,59.3201,18.0902")).area).toEqual({
      south: 59.3012,
      west: 18.0201,
      north: 59.3201,
      east: 18.0902,
    });
    expect(readListParams(new URLSearchParams("omrade=59.4,18.0,59.3,18.1")).area).toBeUndefined();
  });
  it("reads the offer's conditions and the display currency", () => {
    expect(readListParams(new URLSearchParams("villkor=avbokning&villkor=frukost&villkor=x&villkor=frukost&valuta=eur"))).toMatchObject({
      conditions: ["frukost", "avbokning"],
      currency: "EUR",
    });
    expect(readListParams(new URLSearchParams("valuta=USD")).currency).toBe("SEK");
  });
  it("reads the price range, guest rating and amenities", () => {
    expect(
      readListParams(
        new URLSearchParams("prismin=1 500&prismax=900 kr&gastbetyg=8&bekvamlighet=pool&bekvamlighet=spa&bekvamlighet=pool&bekvamlighet=x"),
      ),
    ).toMatchObject({ priceMin: 900, priceMax: 1500, guestRating: 8, amenities: ["pool", "spa"] });
    expect(readListParams(new URLSearchParams("prismin=-5&prismax=abc&gastbetyg=6"))).toMatchObject({
      priceMin: undefined,
      priceMax: undefined,
      guestRating: undefined,
    });
    expect(readListParams(new URLSearchParams("prismax=99999999")).priceMax).toBe(100_000);
  });
  it("ignores what it cannot use", () => {
    expect(readListParams(new URLSearchParams("rating=all&sortera=<script>&sida=-2"))).toMatchObject({
      rating: undefined,
      sort: "rekommenderat",
      page: 1,
    });
    expect(readListParams(new URLSearchParams("rating=2&sida=1.5")).rating).toBeUndefined();
    // Names an object has from its prototype are no sort either.
    for (const sort of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
      expect(readListParams(new URLSearchParams({ sortera: sort })).sort).toBe("rekommenderat");
    }
  });
  it("takes the first of repeated parameters and cuts absurd lengths", () => {
    const params = new URLSearchParams(`search=${"x".repeat(100_000)}&search=second&country=A&country=B`);
    const read = readListParams(params);
    expect(read.search).toHaveLength(200);
    expect(read.country).toBe("A");
  });
});

describe("listHref", () => {
  it("changes parameters, dropping empty ones and page 1", () => {
    const current = new URLSearchParams("country=Sweden&location=Åre&sida=4");
    expect(listHref("/hotels", current, { location: "", sida: 1 })).toBe("/hotels?country=Sweden");
    expect(listHref("/hotels", current, { sida: 5 })).toBe("/hotels?country=Sweden&location=%C3%85re&sida=5");
  });
  it("keeps every amenity of a repeated bekvamlighet", () => {
    const current = new URLSearchParams("bekvamlighet=pool&bekvamlighet=spa&sida=2");
    expect(listHref("/hotels", current, { sida: 3 })).toBe("/hotels?bekvamlighet=pool&bekvamlighet=spa&sida=3");
  });
  it("keeps every condition and the currency when paging and sorting", () => {
    const current = new URLSearchParams("villkor=frukost&villkor=avbokning&valuta=EUR&sida=2");
    expect(listHref("/hotels", current, { sida: 3 })).toBe("/hotels?villkor=frukost&villkor=avbokning&valuta=EUR&sida=3");
    expect(listHref("/hotels", current, { sortera: "pris", sida: 1 })).toBe(
      "/hotels?villkor=frukost&villkor=avbokning&valuta=EUR&sortera=pris",
    );
  });
});

describe("areaHref", () => {
  it("lists the area in place of the place, the search and the page, keeping every other choice", () => {
    const current = new URLSearchParams(
      "search=stockholm&country=Sweden&location=Stockholm&rating=4&bekvamlighet=pool&bekvamlighet=spa&villkor=frukost&incheckning=2030-01-01&utcheckning=2030-01-03&sortera=pris&valuta=EUR&sida=3&omrade=1,2,3,4",
    );
    expect(decodeURIComponent(areaHref("/hotels", current, { south: 59.3012, west: 18.0201, north: 59.3201, east: 18.0902 }))).toBe(
      "/hotels?rating=4&bekvamlighet=pool&bekvamlighet=spa&villkor=frukost&incheckning=2030-01-01&utcheckning=2030-01-03&sortera=pris&valuta=EUR&omrade=59.3012,18.0201,59.3201,18.0902",
    );
  });
});

describe("withPriceChoices", () => {
  it("puts the conditions and a currency other than SEK in a link, in place of any it had", () => {
    expect(withPriceChoices("/Sweden/Stockholm?vuxna=3", { conditions: ["frukost", "betala-pa-hotellet"], currency: "NOK" })).toBe(
      "/Sweden/Stockholm?vuxna=3&villkor=frukost&villkor=betala-pa-hotellet&valuta=NOK",
    );
    expect(withPriceChoices("/Sweden?villkor=avbokning&valuta=EUR#karta", { conditions: [], currency: "SEK" })).toBe("/Sweden#karta");
  });
});

describe("filterFormQuery", () => {
  it("keeps what narrows the list or changes its prices, every condition included", () => {
    const fields: [string, string][] = [
      ["search", ""],
      ["rating", "4"],
      ["vuxna", "2"],
      ["rum", "1"],
      ["incheckning", ""],
      ["villkor", "frukost"],
      ["villkor", "avbokning"],
      ["valuta", "SEK"],
      ["bekvamlighet", "pool"],
    ];
    expect(filterFormQuery(fields).toString()).toBe("rating=4&villkor=frukost&villkor=avbokning&bekvamlighet=pool");
    expect(filterFormQuery([["valuta", "DKK"]]).toString()).toBe("valuta=DKK");
  });
});

describe("canonicalListQuery", () => {
  const canonical = (query: string) => canonicalListQuery(new URLSearchParams(query));
  it("drops junk, defaults and the stay", () => {
    expect(canonical("")).toBe("");
    expect(canonical("sida=abc")).toBe("");
    expect(canonical("sida=1&rating=9&sortera=rekommenderat&gastbetyg=2&bekvamlighet=nope&utm_source=x")).toBe("");
    expect(canonical("incheckning=2030-01-01&utcheckning=2030-01-03&vuxna=3&rum=2")).toBe("");
    expect(canonical("valuta=EUR&villkor=gratis")).toBe("");
  });
  it("leaves the map's area out (such pages are not indexed)", () => {
    expect(canonical("omrade=59.3012,18.0201,59.3201,18.0902&rating=4")).toBe("?rating=4");
  });
  it("keeps the offer's conditions, which change the list, in a fixed order", () => {
    expect(canonical("villkor=betala-pa-hotellet&villkor=frukost&country=Sweden")).toBe(
      "?country=Sweden&villkor=frukost&villkor=betala-pa-hotellet",
    );
  });
  it("keeps what changes the list, normalised and in a fixed order", () => {
    expect(canonical("sida=2&rating=4&country=Sweden&search=%20spa%20")).toBe("?search=spa&country=Sweden&rating=4&sida=2");
    expect(canonical("bekvamlighet=wifi&bekvamlighet=pool&bekvamlighet=wifi&prismax=500&prismin=1500&sortera=pris")).toBe(
      "?prismin=500&prismax=1500&bekvamlighet=pool&bekvamlighet=wifi&sortera=pris",
    );
    // Distances to a landmark are the visitor's view of the list (noindex): the canonical is the list.
    expect(canonical("sortera=avstand&nara=Liseberg&location=Gothenburg")).toBe("?location=Gothenburg");
  });
});
