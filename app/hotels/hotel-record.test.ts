import { describe, expect, it } from "vitest";
import {
  amenityFeedValues,
  amenityKeys,
  hotelCount,
  normalizeHotel,
  parseAmenities,
  parseImagePaths,
  wholeStars,
} from "#app/hotels/hotel-record.ts";
import { slugify, hotelSlug, matchHotelSlug } from "#app/utils/slug.ts";
import { formatRating, truncate } from "#app/utils/format.ts";
import { stripTrailingPeriod } from "#app/utils/fold-text.ts";
import { displayDescription } from "#app/hotels/description-rule.ts";

describe("normalizeHotel", () => {
  it("fills every default when values are missing", () => {
    const hotel = normalizeHotel({ id: "h1" });
    expect(hotel).toMatchObject({
      id: "h1",
      name: "Namnlöst hotell",
      description: "",
      rewritten_text: "",
      location: "",
      country: "",
      address: "",
      rating: 0,
      review_count: 0,
      star_rating: 0,
      price_amount: "0",
      image_path: "/placeholder.svg",
      additional_image_paths: [],
      amenities: [],
      affiliate_url: null,
      has_affiliate_url: false,
      is_description_rewritten: false,
    });
  });

  it("treats blank strings and null as missing", () => {
    const hotel = normalizeHotel({ id: "h1", name: "   ", image_path: "", rating: null, price_amount: "" });
    expect(hotel.name).toBe("Namnlöst hotell");
    expect(hotel.image_path).toBe("/placeholder.svg");
    expect(hotel.rating).toBe(0);
    expect(hotel.price_amount).toBe("0");
  });

  it("shows the English stand-in older rows may hold as the Swedish one", () => {
    expect(normalizeHotel({ id: "h1", name: "Unnamed Hotel" }).name).toBe("Namnlöst hotell");
  });

  it("uses hotel_id when id is missing, and a generated id when both are", () => {
    expect(normalizeHotel({ hotel_id: "HG-7" }).id).toBe("HG-7");
    expect(normalizeHotel({}, () => "generated-1").id).toBe("generated-1");
    expect(normalizeHotel({ id: "uuid-1", hotel_id: "HG-7" }).id).toBe("uuid-1");
  });

  it("keeps given values, trimming text and parsing numbers", () => {
    const hotel = normalizeHotel({
      id: "a",
      hotel_id: "HG-1",
      name: "  Hotel Örebro  ",
      rating: "8.4",
      star_rating: 4,
      price_amount: 1290,
      price_currency: "sek",
      latitude: "59.27",
      longitude: 15.21,
    });
    expect(hotel).toMatchObject({
      name: "Hotel Örebro",
      rating: 8.4,
      star_rating: 4,
      price_amount: "1290",
      price_currency: "SEK",
      latitude: 59.27,
      longitude: 15.21,
    });
  });

  it("reads non-numeric coordinates as missing", () => {
    const hotel = normalizeHotel({ id: "a", latitude: "north", longitude: Number.NaN });
    expect(hotel.latitude).toBeNull();
    expect(hotel.longitude).toBeNull();
  });
});

describe("parseImagePaths", () => {
  it("accepts a list", () => {
    expect(parseImagePaths(["/a.svg", "/b.svg"])).toEqual(["/a.svg", "/b.svg"]);
  });
  it("accepts an object, keeping its string values in order", () => {
    expect(parseImagePaths({ "1": "/a.svg", "2": "/b.svg" })).toEqual(["/a.svg", "/b.svg"]);
  });
  it("keeps only non-blank string entries", () => {
    expect(parseImagePaths(["/a.svg", 3, null, { url: "/x" }, "  ", " /b.svg "])).toEqual(["/a.svg", "/b.svg"]);
    expect(parseImagePaths({ a: 1, b: "/b.svg", c: false })).toEqual(["/b.svg"]);
  });
  it("reads JSON text and treats anything else as empty", () => {
    expect(parseImagePaths('["/a.svg"]')).toEqual(["/a.svg"]);
    expect(parseImagePaths("not json")).toEqual([]);
    expect(parseImagePaths(null)).toEqual([]);
    expect(parseImagePaths(42)).toEqual([]);
  });
});

describe("parseAmenities", () => {
  it("accepts a list of strings, shown in the vocabulary's Swedish", () => {
    expect(parseAmenities(["Free WiFi", "Pool"])).toEqual([
      { key: "wifi", icon: "wifi", label: "Wifi" },
      { key: "pool", icon: "pool-ladder", label: "Pool" },
    ]);
  });
  it("accepts a list of objects with label and optional icon; the icon comes from the vocabulary", () => {
    expect(
      parseAmenities([{ label: "Sauna", icon: "map-pin" }, { label: "Gym" }, { icon: "wifi" }, { label: "Karaoke", icon: "wifi" }]),
    ).toEqual([
      { key: "bastu", icon: "steam", label: "Bastu" },
      { key: "gym", icon: "dumbbell", label: "Gym" },
      { key: null, icon: "check", label: "Karaoke" },
    ]);
  });
  it("accepts an object whose keys are the labels", () => {
    expect(parseAmenities({ Parking: true, "Coffee maker": 1 })).toEqual([
      { key: "parkering", icon: "parking", label: "Parkering" },
      { key: "kaffe-te", icon: "cup", label: "Kaffe och te på rummet" },
    ]);
  });
  it("trims, drops empty labels and keeps each amenity once", () => {
    expect(
      parseAmenities(["  Pool ", "pool", "POOL  ", "Swimming pool", "", "   ", "Spa", " spa", "Wine tasting", "WINE TASTING"]),
    ).toEqual([
      { key: "pool", icon: "pool-ladder", label: "Pool" },
      { key: "spa", icon: "leaf", label: "Spa" },
      { key: null, icon: "check", label: "Wine tasting" },
    ]);
  });
  it("reads JSON text as stored", () => {
    expect(parseAmenities('["Breakfast included","Frukost"]')).toEqual([{ key: "frukost", icon: "egg", label: "Frukost" }]);
  });
  it("treats missing or malformed input as no amenities", () => {
    expect(parseAmenities(null)).toEqual([]);
    expect(parseAmenities(undefined)).toEqual([]);
    expect(parseAmenities("oops")).toEqual([]);
    expect(parseAmenities([1, true, null])).toEqual([]);
  });
});

describe("amenityFeedValues and amenityKeys", () => {
  const raw = [" Free WiFi ", "WIFI", "Pool table", "Breakfast included", { label: "pool table" }];
  it("keep the feed's own spelling, each amenity once", () => {
    expect(amenityFeedValues(raw)).toEqual(["Free WiFi", "Pool table", "Breakfast included"]);
  });
  it("give the vocabulary keys of the known amenities, in order", () => {
    expect(amenityKeys(raw)).toEqual(["wifi", "frukost"]);
    expect(amenityKeys(null)).toEqual([]);
  });
});

describe("slugs", () => {
  it("lowercases and hyphenates", () => {
    expect(slugify("Grand Hotel Stockholm")).toBe("grand-hotel-stockholm");
    expect(slugify("  Hotel -- Central!! ")).toBe("hotel-central");
  });
  it("handles Swedish and other Nordic letters", () => {
    expect(slugify("Åre Fjällhotell")).toBe("are-fjallhotell");
    expect(slugify("Örebro Slottshotell")).toBe("orebro-slottshotell");
    expect(slugify("Søndergaard Æblehus")).toBe("sondergaard-aeblehus");
    expect(slugify("Hôtel Café Zürich")).toBe("hotel-cafe-zurich");
    expect(slugify("Bed & Breakfast")).toBe("bed-och-breakfast");
  });
  it("uses hotel_id when the name is missing", () => {
    expect(hotelSlug({ name: null, hotel_id: "HG-000042" })).toBe("hg-000042");
    expect(hotelSlug({ name: "Namnlöst hotell", hotel_id: "HG-1" })).toBe("hg-1");
    // The English stand-in older rows may hold keeps the slug it had.
    expect(hotelSlug({ name: "Unnamed Hotel", hotel_id: "HG-4" })).toBe("hg-4");
    expect(hotelSlug({ name: "!!!", hotel_id: "HG-2" })).toBe("hg-2");
    expect(hotelSlug({ name: "Hotel Lux", hotel_id: "HG-3" })).toBe("hotel-lux");
    expect(hotelSlug({ name: "!!!", hotel_id: "---" })).toBe("hotell");
    expect(hotelSlug({ name: "a ".repeat(150), hotel_id: "HG-5" })).toBe("a-".repeat(100).slice(0, 199));
  });
});

describe("stripTrailingPeriod", () => {
  it("removes trailing periods and surrounding space", () => {
    expect(stripTrailingPeriod("Stockholm.")).toBe("Stockholm");
    expect(stripTrailingPeriod("  HG-12... ")).toBe("HG-12");
    expect(stripTrailingPeriod("St. Moritz")).toBe("St. Moritz");
    expect(stripTrailingPeriod("")).toBe("");
  });
});

describe("display", () => {
  it("shows the rating with one decimal on the 0–10 scale", () => {
    expect(formatRating(8.64)).toBe("8,6");
    expect(formatRating(9)).toBe("9,0");
    expect(formatRating(12)).toBe("10,0");
    expect(formatRating(-3)).toBe("0,0");
    expect(formatRating(Number.NaN)).toBe("0,0");
  });
  it("draws whole stars only above 0, capped at 5", () => {
    expect(wholeStars(0)).toBe(0);
    expect(wholeStars(-1)).toBe(0);
    expect(wholeStars(3.7)).toBe(3);
    expect(wholeStars(5)).toBe(5);
    expect(wholeStars(7)).toBe(5);
  });
  it("counts hotels in Swedish, and a list that stopped counting as 'över'", () => {
    expect(hotelCount(1234).replace(/\s/g, " ")).toBe("1 234 hotell");
    expect(hotelCount(1000, { more: true }).replace(/\s/g, " ")).toBe("över 1 000 hotell");
    expect(hotelCount(1000, { more: true, atStart: true }).replace(/\s/g, " ")).toBe("Över 1 000 hotell");
    expect(hotelCount(5, { atStart: true })).toBe("5 hotell");
  });
  it("prefers the Swedish rewrite", () => {
    expect(displayDescription({ description: "English", rewritten_text: "Svenska" })).toBe("Svenska");
    expect(displayDescription({ description: "English", rewritten_text: "" })).toBe("English");
  });
  it("truncates at a word boundary with an ellipsis", () => {
    expect(truncate("kort", 100)).toBe("kort");
    const cut = truncate("Ett mysigt hotell vid vattnet med utsikt över hela staden och hamnen", 30);
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut).toBe("Ett mysigt hotell vid vattnet…");
  });
});

describe("matchHotelSlug", () => {
  const hotels = [
    { name: "Grand Hotel Malmö", hotel_id: "A", slug: "grand-hotel-malmo" },
    { name: "Grand Hotel Malmö Spa & Suites", hotel_id: "B", slug: "grand-hotel-malmo-spa-och-suites" },
    { name: null, hotel_id: "HG-9", slug: "hg-9" },
    // Renamed after its slug was given: the slug stays, the new name's slug finds it too.
    { name: "Villa Nova", hotel_id: "C", slug: "villa-gamla" },
  ];
  it("matches the exact slug first", () => {
    expect(matchHotelSlug(hotels, "grand-hotel-malmo")).toEqual({ hotel: hotels[0], exact: true });
    expect(matchHotelSlug(hotels, "hg-9")).toEqual({ hotel: hotels[2], exact: true });
  });
  it("matches other spellings, for a redirect", () => {
    expect(matchHotelSlug(hotels, "Grand-Hotel-Malmö")).toEqual({ hotel: hotels[0], exact: false });
    expect(matchHotelSlug(hotels, "GRAND-HOTEL-MALM%C3%96")).toEqual({ hotel: hotels[0], exact: false });
    expect(matchHotelSlug(hotels, "villa-nova")).toEqual({ hotel: hotels[3], exact: false });
  });
  it("matches by containment, closest length first", () => {
    expect(matchHotelSlug(hotels, "malmo-spa")).toEqual({ hotel: hotels[1], exact: false });
    expect(matchHotelSlug(hotels, "grand-hotel-malmo-spa-och-suites-2020")).toEqual({ hotel: hotels[1], exact: false });
  });
  it("finds nothing for an unrelated slug", () => {
    expect(matchHotelSlug(hotels, "hotel-atlantis")).toBeNull();
    expect(matchHotelSlug(hotels, "---")).toBeNull();
  });
});

describe("image addresses from the database", () => {
  it("shows only http(s) addresses and paths on this site, whatever a row holds", () => {
    const hotel = normalizeHotel({
      hotel_id: "h1",
      image_path: "javascript:alert(1)",
      additional_image_paths: ["/images/a.svg", "data:text/html,x", "https://cdn.example.com/b.jpg", "//evil.example/c.jpg"],
    });
    expect(hotel.image_path).toBe("/placeholder.svg");
    expect(hotel.additional_image_paths).toEqual(["/images/a.svg", "https://cdn.example.com/b.jpg"]);
  });
});
