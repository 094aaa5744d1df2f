/**
 * Search as a Swede types it (issue 35, points 1–5): a place named outright before a close
 * spelling of another, native and neighbouring spellings, a place with a wish, no dead ends,
 * and suggestions that keep å, ä and ö.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchHotels, suggest } from "#app/hotels/hotel-queries.server.ts";
import { loadHotelListPage } from "#app/hotels/list-page.server.ts";
import { resolvePlace } from "#app/hotels/places.server.ts";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import type { NewHotel } from "#app/db/schema.ts";
import { testDatabases } from "#tests/db.ts";

const hotel = (hotel_id: string, name: string, country: string, location: string, rating: number, extra: Partial<NewHotel> = {}) =>
  ({ hotel_id, name, country, location, rating, ...extra }) satisfies NewHotel;

const HOTELS: NewHotel[] = [
  // Málaga's are better rated: by rating alone they would come first.
  hotel("MA1", "Hotel Tornet", "Sweden", "Malmö", 7.1),
  hotel("MA2", "Kronan", "Sweden", "Malmö", 7.0),
  hotel("MA3", "Hotel Bastionen", "Sweden", "Malmö", 6.9),
  hotel("ES1", "Hotel Sol", "Spain", "Málaga", 9.6),
  hotel("ES2", "Casa Azul", "Spain", "Málaga", 9.5),
  hotel("DK1", "Nyhavn Hotel", "Denmark", "Copenhagen", 8.4),
  hotel("DK2", "Hotel Kongen", "Denmark", "Copenhagen", 8.3),
  hotel("US1", "Harbor Inn", "United States", "Copenhagen", 9.9),
  hotel("GR1", "Hotel Nordic Kolonaki", "Greece", "Athens", 9.8),
  hotel("FI1", "Hotel Kämp", "Finland", "Helsinki", 9.0),
  hotel("IS1", "Hotel Borg", "Iceland", "Reykjavík", 8.0),
  hotel("NO1", "Ishavshotel", "Norway", "Tromsø", 8.1),
  hotel("CH1", "Hotel Storchen", "Switzerland", "Zurich", 8.6),
  hotel("DE1", "Bayerischer Hof", "Germany", "Munich", 8.7),
  // A place with a wish: the best rated meets none of it.
  hotel("ST1", "Grand Stockholm", "Sweden", "Stockholm", 9.7, { amenity_keys: ["wifi"], description: "Vid vattnet." }),
  hotel("ST2", "Hotel Skeppsholmen", "Sweden", "Stockholm", 7.2, { amenity_keys: ["spa", "frukost"], description: "Lugnt läge." }),
  hotel("ST3", "Hotel Hellsten", "Sweden", "Stockholm", 7.5, { amenity_keys: ["wifi"], description: "Egen spa i källaren." }),
  hotel("GO1", "Hotel Pigalle", "Sweden", "Gothenburg", 9.4, { amenity_keys: ["wifi"] }),
  hotel("GO2", "Hotel Flora", "Sweden", "Gothenburg", 7.3, { amenity_keys: ["frukost"] }),
  hotel("NI1", "Le Negresco", "France", "Nice", 9.5, { amenity_keys: ["wifi"], description: "Mitt i stan." }),
  hotel("NI2", "Hotel La Pérouse", "France", "Nice", 7.0, { amenity_keys: ["strand"] }),
  hotel("NI3", "Hotel Suisse", "France", "Nice", 6.5, { description: "Ett stenkast från stranden." }),
];

describe.each(testDatabases())("search that understands what Swedes type on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
    await handle.db.insertInto("hotels").values(HOTELS).execute();
  });
  afterAll(async () => {
    await handle?.close();
  });
  const found = async (search: string) => (await searchHotels({ search }, handle.db)).hotels.map((row) => row.hotel_id);

  it("lists every hotel of a place named outright before a close spelling of another place (malmo: Malmö, then Málaga)", async () => {
    const malmo = await found("malmo");
    expect(malmo.slice(0, 3).sort()).toEqual(["MA1", "MA2", "MA3"]);
    expect(malmo.slice(3).sort()).toEqual(["ES1", "ES2"]);
    const suggestions = await suggest("malmo", handle.db);
    expect(suggestions.places.map((place) => place.location_name)[0]).toBe("Malmö");
    expect(suggestions.hotels.map((row) => row.hotel_id).sort()).toEqual(["MA1", "MA2", "MA3"]);
  });

  it("finds a place by its native and neighbouring spellings, kept in the place's own country", async () => {
    for (const [text, id] of [
      ["kobenhavn", "DK"],
      ["københavn", "DK"],
      ["goteborg", "GO"],
      ["göteborg", "GO"],
      ["helsingfors", "FI"],
      ["helsinki", "FI"],
      ["reykjavik", "IS"],
      ["tromso", "NO"],
      ["tromsø", "NO"],
      ["zurich", "CH"],
      ["münchen", "DE"],
      ["munchen", "DE"],
    ] as const) {
      const ids = await found(text);
      expect(ids.length, text).toBeGreaterThan(0);
      expect(
        ids.every((row) => row.startsWith(id)),
        `${text}: ${ids.join(", ")}`,
      ).toBe(true);
    }
    // Copenhagen in the United States is not København.
    expect((await found("københavn")).sort()).toEqual(["DK1", "DK2"]);
    expect((await suggest("københavn", handle.db)).places.map((place) => place.location_name)).toEqual(["Köpenhamn"]);
    expect(await resolvePlace("København", null, handle.db)).toEqual({ country: "Denmark", location: "Copenhagen" });
  });

  it("keeps the other spellings as data from the CLDR extract, not in code", async () => {
    const rows = await handle.db
      .selectFrom("place_alternate_names")
      .select(["iso_code", "location_key"])
      .where("name_key", "in", ["kobenhavn", "helsingfors"])
      .orderBy("iso_code")
      .execute();
    expect(rows).toEqual([
      { iso_code: "DK", location_key: "copenhagen" },
      { iso_code: "FI", location_key: "helsinki" },
    ]);
  });

  it("narrows by the place a search names and ranks its hotels by how much of the rest they meet", async () => {
    for (const text of ["stockholm spa", "spa stockholm", "Stockholm med spa"]) {
      const ids = await found(text);
      expect(ids, text).toEqual(["ST3", "ST2", "ST1"]);
    }
    expect(await found("spa frukost stockholm")).toEqual(["ST2", "ST3", "ST1"]);
    expect(await found("göteborg med frukost")).toEqual(["GO2", "GO1"]);
    const nice = await found("hotell nära stranden i nice");
    expect(nice.slice(0, 2).sort()).toEqual(["NI2", "NI3"]);
    expect(nice[2]).toBe("NI1");
    expect((await found("hotell i nice")).sort()).toEqual(["NI1", "NI2", "NI3"]);
    expect(await found("hotell nära stranden i nice med frukost")).toHaveLength(3);
    const suggestions = await suggest("stockholm spa", handle.db);
    expect(suggestions.places.map((place) => place.location_name)).toEqual(["Stockholm"]);
    expect(
      suggestions.hotels
        .map((row) => row.hotel_id)
        .slice(0, 2)
        .sort(),
    ).toEqual(["ST2", "ST3"]);
  });

  it("answers a search that finds nothing with the closest names and the popular places", async () => {
    const page = await loadHotelListPage(new URL("http://localhost/hotels?search=qwzxvbnm+stokholmm+plxqj"), {}, handle.db);
    expect(page.hotels).toEqual([]);
    expect(page.noHits?.close.places.map((place) => place.location_name)).toContain("Stockholm");
    expect(page.noHits?.popular.length).toBeGreaterThan(0);
    const hotelName = await loadHotelListPage(new URL("http://localhost/hotels?search=Skeppsholmen+Bay+Resort"), {}, handle.db);
    expect(hotelName.hotels).toEqual([]);
    expect(hotelName.noHits?.close.hotels.map((row) => row.name)).toContain("Hotel Skeppsholmen");
    // A list that finds hotels offers no such help.
    expect((await loadHotelListPage(new URL("http://localhost/hotels?search=malmo"), {}, handle.db)).noHits).toBeNull();
  });

  it("suggests Köpenhamn and its hotels for kö before a name that only folds to it", async () => {
    const suggestions = await suggest("kö", handle.db);
    expect(suggestions.places.map((place) => place.location_name)[0]).toBe("Köpenhamn");
    const names = suggestions.hotels.map((row) => row.hotel_id);
    expect(names.slice(0, 2).sort()).toEqual(["DK1", "DK2"]);
    const kolonaki = names.indexOf("GR1");
    if (kolonaki >= 0) expect(kolonaki).toBeGreaterThan(1);
  });
});
