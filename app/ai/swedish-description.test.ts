import { describe, expect, it } from "vitest";
import { addressParts, composeSwedishDescription, kindOf, priceLevel, type HotelFacts } from "./swedish-description.ts";
import { formatCount } from "#app/utils/format.ts";

const facts = (overrides: Partial<HotelFacts> = {}): HotelFacts => ({
  hotelId: "HG-000001",
  name: "Haga Harbour Hotel",
  location: "Gothenburg",
  locationName: "Göteborg",
  countryName: "Sverige",
  address: "Sprängkullsgatan 12, Haga, Gothenburg",
  stars: 3,
  rating: 8.64,
  reviewCount: 1234,
  price: 850,
  currency: "SEK",
  amenityKeys: ["bastu", "gym", "frukost"],
  ...overrides,
});

describe("composeSwedishDescription", () => {
  it("writes from the facts: kind, Swedish place, street and district, stars, rating and amenities", () => {
    const text = composeSwedishDescription(facts());
    expect(text).toContain("Haga Harbour Hotel");
    expect(text).toContain("Göteborg");
    expect(text).not.toContain("i Sverige");
    expect(text).not.toContain("Gothenburg");
    expect(text).toContain("ett prisvärt trestjärnigt hotell");
    expect(text).toContain("på Sprängkullsgatan 12 i Haga");
    expect(text).toContain(`8,6 av 10 (${formatCount(1234)} omdömen)`);
    expect(text).toContain("bastu, gym och frukost");
  });

  it("is the same text on every run, and varies between hotels", () => {
    expect(composeSwedishDescription(facts())).toBe(composeSwedishDescription(facts()));
    const openings = new Set(
      Array.from({ length: 40 }, (_, index) =>
        composeSwedishDescription(facts({ hotelId: `HG-${index}` }))
          .split(" ")
          .slice(0, 3)
          .join(" "),
      ),
    );
    expect(openings.size).toBeGreaterThanOrEqual(3);
  });

  it("inflects for the kind of place", () => {
    expect(composeSwedishDescription(facts({ name: "Möllan Hostel", stars: 2, price: 400 }))).toContain(
      "ett prisvärt tvåstjärnigt vandrarhem",
    );
    const flats = composeSwedishDescription(facts({ name: "Kungsholmen Apartments", stars: 4, price: 3200 }));
    expect(flats).toContain("exklusiva fyrstjärniga lägenheter");
    const resort = composeSwedishDescription(facts({ name: "Sunny Beach Resort", stars: 5, price: 1500 }));
    expect(resort).toContain("en femstjärnig resort");
    expect(resort).toMatch(/(Prisnivån|Priserna) är i mellanklassen\./);
    expect(composeSwedishDescription(facts({ name: "Grand Hotel", stars: null, price: null }))).toMatch(/\bett hotell\b/);
  });

  it("writes amenities that are statements as sentences of their own", () => {
    const text = composeSwedishDescription(facts({ name: "Strandhotellet", amenityKeys: ["husdjur", "rokfritt", "strand", "wifi"] }));
    expect(text).toContain("Husdjur är välkomna.");
    expect(text).toContain("Hotellet är rökfritt.");
    expect(text).toContain("Det är nära till stranden.");
    expect(text).toMatch(/wifi\./);
  });

  it("leaves out what it does not know, and never names the place twice when it is its own country", () => {
    const bare = composeSwedishDescription(
      facts({ address: null, rating: null, reviewCount: null, amenityKeys: [], locationName: "Singapore", countryName: "Singapore" }),
    );
    expect(bare).not.toContain("Singapore i Singapore");
    expect(bare).not.toMatch(/betyg|omdöme|finns/);
    expect(composeSwedishDescription(facts({ name: "" }))).toMatch(/^Det här är ett prisvärt trestjärnigt hotell i Göteborg\./);
    const abroad = composeSwedishDescription(
      facts({ hotelId: "HG-000002", location: "Turku", locationName: "Åbo", countryName: "Finland" }),
    );
    expect(abroad).toMatch(/Åbo( i |, )?.*Finland/);
  });
});

describe("the facts behind the wording", () => {
  it("reads the kind from the name", () => {
    expect(kindOf("Stockholm Pool Palace").noun).toBe("hotell");
    expect(kindOf("Vandrarhem Af Chapman").noun).toBe("vandrarhem");
    expect(kindOf("Bed & Breakfast Ängen").noun).toBe("pensionat");
  });

  it("reads the price level from the nightly price", () => {
    expect(priceLevel(650, "SEK")).toBe("low");
    expect(priceLevel(1490, "SEK")).toBe("mid");
    expect(priceLevel(3900, "SEK")).toBe("high");
    expect(priceLevel(250, "EUR")).toBe("high");
    expect(priceLevel(null, "SEK")).toBeNull();
    expect(priceLevel(900, "XYZ")).toBeNull();
  });

  it("takes the street and district from an address, without the place", () => {
    expect(addressParts("Storgatan 1, Centrum, Gothenburg", "Gothenburg")).toEqual({ street: "Storgatan 1", district: "Centrum" });
    expect(addressParts("Storgatan 1", "Gothenburg")).toEqual({ street: "Storgatan 1", district: null });
    expect(addressParts("Somewhere nice", "Gothenburg")).toBeNull();
    expect(addressParts(null, "Gothenburg")).toBeNull();
  });
});
