import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  findCountry,
  findPlace,
  hasNewYork,
  likePattern,
  listLocations,
  listLocationsWithCountry,
  popularHotels,
  searchHotels,
  suggest,
} from "#app/hotels/hotel-queries.server.ts";
import { listCountries } from "#app/hotels/places.server.ts";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import type { NewHotel } from "#app/db/schema.ts";
import { testDatabases } from "#tests/db.ts";

const HOTELS: NewHotel[] = [
  {
    hotel_id: "S1",
    name: "Hotel Malmö Live",
    country: "Sweden",
    location: "Malmö",
    star_rating: 4,
    rating: 8.8,
    price_amount: 1200,
    description: "Nära stationen",
  },
  {
    hotel_id: "S2",
    name: "Örebro Slott",
    country: "Sweden",
    location: "Örebro",
    star_rating: 5,
    rating: 9.1,
    price_amount: 2100,
    description: "100% nöjd_kund garanti",
  },
  { hotel_id: "S3", name: "Åre Fjällby", country: "Sweden", location: "Åre", star_rating: null, rating: 7.5, price_amount: 900 },
  {
    hotel_id: "S4",
    name: "Stockholm Inn",
    country: "Sweden",
    location: "Stockholm",
    star_rating: 3,
    rating: 8.0,
    price_amount: 800,
    description: "Back\\slash hotel",
  },
  { hotel_id: "S5", name: "Zürich Lodge", country: "Switzerland", location: "Zürich", star_rating: 3, rating: null, price_amount: null },
  { hotel_id: "S6", name: "Aarhus Hotel", country: "Denmark", location: "Aarhus", star_rating: 2, rating: 6.9, price_amount: 700 },
  {
    hotel_id: "S7",
    name: "Big Apple Suites",
    country: "United States",
    location: "New York",
    star_rating: 4,
    rating: 8.4,
    price_amount: 3000,
  },
  { hotel_id: "S8", name: "Älmhult Rum", country: "Sweden", location: "Älmhult", star_rating: 2, rating: 7.0, price_amount: 600 },
  { hotel_id: "S9", name: "Tomt land", country: "", location: "", star_rating: 1 },
];

describe.each(testDatabases())("catalogue reads on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
    await handle.db.insertInto("hotels").values(HOTELS).execute();
  });
  afterAll(async () => {
    await handle?.close();
  });
  const ids = (rows: Array<{ hotel_id: string }>) => rows.map((row) => row.hotel_id).sort();

  it("lists countries and places in Swedish order, without blanks", async () => {
    expect(await listCountries(handle.db)).toEqual(["Denmark", "Sweden", "Switzerland", "United States"]);
    expect(await listLocations(handle.db, "Sweden")).toEqual(["Malmö", "Stockholm", "Åre", "Älmhult", "Örebro"]);
    expect(await listLocations(handle.db, "sweden")).toHaveLength(5);
    expect(await listLocations(handle.db)).toEqual(["Aarhus", "Malmö", "New York", "Stockholm", "Zürich", "Åre", "Älmhult", "Örebro"]);
    const withCountry = await listLocationsWithCountry(handle.db);
    expect(withCountry[0]).toEqual({ id: "Denmark-Aarhus", location: "Aarhus", country: "Denmark" });
    expect(withCountry.at(-1)?.location).toBe("Örebro");
  });

  it("filters by country, place, minimum stars (excluding unrated) and hotel id", async () => {
    expect(ids((await searchHotels(handle.db, { country: "Sweden" })).hotels)).toEqual(["S1", "S2", "S3", "S4", "S8"]);
    expect(ids((await searchHotels(handle.db, { country: "sweden", location: "malmo" })).hotels)).toEqual(["S1"]);
    expect(ids((await searchHotels(handle.db, { country: "Sweden", minStars: 4 })).hotels)).toEqual(["S1", "S2"]);
    expect(ids((await searchHotels(handle.db, { minStars: 5 })).hotels)).toEqual(["S2"]);
    expect(ids((await searchHotels(handle.db, { hotelId: "S6." })).hotels)).toEqual(["S6"]);
  });

  it("ignores blank filters", async () => {
    const { total } = await searchHotels(handle.db, { country: " ", location: "", search: "  ", hotelId: "" });
    expect(total).toBe(HOTELS.length);
  });

  it("searches name, description and place case-insensitively, matching the text literally", async () => {
    expect(ids((await searchHotels(handle.db, { search: "MALMÖ" })).hotels)).toEqual(["S1"]);
    expect(ids((await searchHotels(handle.db, { search: "stationen" })).hotels)).toEqual(["S1"]);
    expect(ids((await searchHotels(handle.db, { search: "new york." })).hotels)).toEqual(["S7"]);
    expect(ids((await searchHotels(handle.db, { search: "100%" })).hotels)).toEqual(["S2"]);
    expect(ids((await searchHotels(handle.db, { search: "d_k" })).hotels)).toEqual(["S2"]);
    expect(ids((await searchHotels(handle.db, { search: "%" })).hotels)).toEqual(["S2"]);
    expect(ids((await searchHotels(handle.db, { search: "_" })).hotels)).toEqual(["S2"]);
    expect(ids((await searchHotels(handle.db, { search: "back\\slash" })).hotels)).toEqual(["S4"]);
    expect(ids((await searchHotels(handle.db, { search: "'; drop table hotels; --" })).hotels)).toEqual([]);
  });

  it("sorts by price, rating and stars, and pages with a total", async () => {
    const byPrice = await searchHotels(handle.db, { country: "Sweden", sort: "pris" });
    expect(byPrice.hotels.map((h) => h.hotel_id)).toEqual(["S8", "S4", "S3", "S1", "S2"]);
    const byRating = await searchHotels(handle.db, { country: "Sweden", sort: "betyg" });
    expect(byRating.hotels.map((h) => h.hotel_id)).toEqual(["S2", "S1", "S4", "S3", "S8"]);
    const byStars = await searchHotels(handle.db, { country: "Sweden", sort: "stjarnor" });
    expect(byStars.hotels.map((h) => h.hotel_id)).toEqual(["S2", "S1", "S4", "S8", "S3"]);
    const page2 = await searchHotels(handle.db, { country: "Sweden", sort: "pris", limit: 2, page: 2 });
    expect(page2.hotels.map((h) => h.hotel_id)).toEqual(["S3", "S1"]);
    expect(page2.total).toBe(5);
  });

  it("returns cards with the normalisation defaults applied", async () => {
    const [card] = (await searchHotels(handle.db, { hotelId: "S5" })).hotels;
    expect(card).toMatchObject({ rating: 0, price_amount: "0", image_path: "/placeholder.svg", amenities: [], description: "" });
  });

  it("finds countries and places by URL segment, or nothing", async () => {
    expect(await findCountry("sweden", handle.db)).toBe("Sweden");
    expect(await findCountry("United-States", handle.db)).toBe("United States");
    expect(await findCountry("Atlantis", handle.db)).toBeNull();
    expect(await findPlace("Sweden", "Malmo", handle.db)).toEqual({ country: "Sweden", location: "Malmö" });
    expect(await findPlace("united-states", "new-york", handle.db)).toEqual({ country: "United States", location: "New York" });
    expect(await findPlace("Denmark", "Malmö", handle.db)).toBeNull();
  });

  it("suggests from two characters: hotels by name (max 10), countries and places", async () => {
    expect(await suggest("m", handle.db)).toEqual({ hotels: [], countries: [], places: [] });
    const result = await suggest("sw", handle.db);
    expect(result.countries).toEqual(["Sweden", "Switzerland"]);
    expect(result.hotels.length).toBeGreaterThan(0);
    expect(result.hotels.map((h) => h.name)).toEqual([...result.hotels.map((h) => h.name)].sort());
    const places = await suggest("ÄLM", handle.db);
    expect(places.places).toEqual([{ location: "Älmhult", country: "Sweden" }]);
    const malmo = await suggest("malm", handle.db);
    expect(malmo.places).toEqual([{ location: "Malmö", country: "Sweden" }]);
    expect(malmo.hotels.map((h) => h.hotel_id)).toEqual(["S1"]);
  });

  it("finds popular hotels for a place and checks for New York", async () => {
    expect(ids(await popularHotels("Malmö", undefined, handle.db))).toEqual(["S1"]);
    expect(await hasNewYork(handle.db)).toBe(true);
  });

  it("escapes LIKE metacharacters", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(likePattern(" . ")).toBeUndefined();
  });
});
