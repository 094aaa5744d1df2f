import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { loadHotelListPage } from "#app/hotels/list-page.server.ts";
import { HOTEL_PAGE_SIZE } from "#app/hotels/hotel-queries.server.ts";
import { distanceMetres, distanceText } from "#app/location/distance.ts";
import { createLandmark } from "#app/location/landmarks.server.ts";
import { loadComparison } from "#app/hotels/compare-offers.server.ts";
import { createHotels, type CreatedHotel } from "#tests/factories.ts";
import { testDatabases } from "#tests/db.ts";

const stockholm = { country: "Sweden", location: "Stockholm" };
const centre = { latitude: 59.3293, longitude: 18.0686 };
const station = { latitude: 59.3303, longitude: 18.0586 };

// 30 hotels (more than a page) north and west of the centre, two of them on one spot (a tie the id
// breaks), and two without coordinates, which come last.
const positions = [
  ...Array.from({ length: 14 }, (_, i) => ({ latitude: 59.3293 + (i + 1) * 0.0013, longitude: 18.0686 })),
  ...Array.from({ length: 14 }, (_, i) => ({ latitude: 59.3293, longitude: 18.0686 - (i + 1) * 0.0021 })),
  { latitude: 59.3345, longitude: 18.0686 },
  { latitude: 59.3345, longitude: 18.0686 },
];

// Both databases: the sort is SQL (trigonometry, nulls last, the id as tie-break) on each server.
describe.each(testDatabases())("lists by distance on $name", ({ open }) => {
  let handle: DatabaseHandle;
  let hotels: (CreatedHotel & { latitude: number | null; longitude: number | null })[];
  beforeAll(async () => {
    handle = await open();
    await createLandmark(stockholm, { name: "Centrum", slug: "centrum", kind: "centrum", ...centre, centre: true }, handle.db);
    await createLandmark(
      stockholm,
      { name: "Centralstationen", slug: "centralstationen", kind: "station", ...station, centre: false },
      handle.db,
    );
    const fields = [
      ...positions.map((position, i) => ({ hotel_id: `D${i + 1}`, ...position })),
      { hotel_id: "D-none-1", latitude: null, longitude: null },
      { hotel_id: "D-none-2", latitude: null, longitude: null },
    ];
    const created = await createHotels(handle.db, fields);
    hotels = created.map((hotel, i) => ({ ...hotel, latitude: fields[i]!.latitude, longitude: fields[i]!.longitude }));
    // A hotel of another place, measured from its own place's centre (the middle of Göteborg's hotels).
    await createHotels(handle.db, [
      { hotel_id: "G1", location: "Gothenburg", latitude: 57.7, longitude: 11.97 },
      { hotel_id: "G2", location: "Gothenburg", latitude: 57.71, longitude: 11.98 },
      { hotel_id: "G3", location: "Gothenburg", latitude: 57.72, longitude: 11.99 },
    ]);
  });
  afterAll(async () => {
    await handle?.close();
  });

  const placeList = (query: string) => loadHotelListPage(new URL(`http://localhost/Sweden/Stockholm?${query}`), stockholm, handle.db);
  const bothPages = async (query: string) => {
    const [first, second] = [await placeList(query), await placeList(`${query}&sida=2`)];
    return { first, ids: [...first.hotels, ...second.hotels].map((hotel) => hotel.hotel_id) };
  };
  const expectedOrder = (from: { latitude: number; longitude: number }) => {
    const located = hotels.filter((hotel) => hotel.latitude !== null) as (CreatedHotel & { latitude: number; longitude: number })[];
    const sorted = located
      .map((hotel) => ({ hotel, metres: distanceMetres(hotel, from) }))
      .sort((a, b) => a.metres - b.metres || (a.hotel.id < b.hotel.id ? -1 : 1))
      .map(({ hotel }) => hotel.hotel_id);
    const unlocated = hotels
      .filter((hotel) => hotel.latitude === null)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((hotel) => hotel.hotel_id);
    return [...sorted, ...unlocated];
  };

  it("sorts a place's hotels by distance to its centre over both pages, those without coordinates last", async () => {
    const { first, ids } = await bothPages("sortera=avstand");
    expect(first.hotels).toHaveLength(HOTEL_PAGE_SIZE);
    expect(ids).toEqual(expectedOrder(centre));
    expect(first.params.sort).toBe("avstand");
    expect(first.distance?.target).toEqual({ name: "Centrum", isCentre: true });
    expect(first.distance?.landmarks).toEqual([{ value: "centralstationen", label: "Centralstationen" }]);
    const nearest = first.hotels[0]!;
    expect(nearest.distance).toBe(
      distanceText(distanceMetres(nearest as { latitude: number; longitude: number }, centre), { name: "Centrum", isCentre: true }),
    );
    expect(nearest.distance).toMatch(/^\d+\u00a0m till centrum$/);
  });

  it("measures from the chosen landmark (nara) and sorts by distance to it", async () => {
    const { first, ids } = await bothPages("nara=centralstationen&sortera=avstand");
    expect(ids).toEqual(expectedOrder(station));
    expect(ids).not.toEqual(expectedOrder(centre));
    expect(first.params.near).toBe("centralstationen");
    expect(first.notices).toEqual([]);
    expect(first.hotels.every((hotel) => hotel.distance?.endsWith(" till Centralstationen"))).toBe(true);
  });

  it("keeps the sort by distance within a search of the place", async () => {
    const page = await placeList("search=Testhotellet&sortera=avstand");
    expect(page.hotels.map((hotel) => hotel.hotel_id)).toEqual(expectedOrder(centre).slice(0, HOTEL_PAGE_SIZE));
  });

  it("sets an unknown landmark aside with a note and measures from the centre", async () => {
    const page = await placeList("nara=eiffeltornet&sortera=avstand");
    expect(page.params.near).toBe("");
    expect(page.notices).toEqual(["Vi hittade inget ”eiffeltornet” i Stockholm att mäta avståndet till, så vi mäter från centrum."]);
    expect(page.hotels.map((hotel) => hotel.hotel_id)).toEqual(expectedOrder(centre).slice(0, HOTEL_PAGE_SIZE));
  });

  it("offers no sort by distance across places, and measures each card from its own place's centre", async () => {
    const page = await loadHotelListPage(new URL("http://localhost/hotels?sortera=avstand&nara=centralstationen"), {}, handle.db);
    expect(page.params.sort).toBe("rekommenderat");
    expect(page.distance).toBeNull();
    expect(page.notices).toEqual([
      "Avstånd till ”centralstationen” går bara att välja för en plats, så vi bortser från det.",
      "Sortering efter avstånd går bara att välja för en plats, så listan visas i rekommenderad ordning.",
    ]);
    const gothenburg = (
      await loadHotelListPage(new URL("http://localhost/Sweden/Gothenburg"), { country: "Sweden", location: "Gothenburg" }, handle.db)
    ).hotels;
    // The median of the three is G2 itself.
    expect(gothenburg.find((hotel) => hotel.hotel_id === "G2")?.distance).toBe("50\u00a0m till centrum");
    expect(gothenburg.find((hotel) => hotel.hotel_id === "G1")?.distance).toBe("1,3\u00a0km till centrum");
  });

  it("shows each compared hotel's distance to its centre on /jamfor", async () => {
    const d1 = hotels.find((hotel) => hotel.hotel_id === "D1")!;
    const none = hotels.find((hotel) => hotel.hotel_id === "D-none-1")!;
    const { hotels: compared } = await loadComparison(
      [d1.id, none.id],
      { checkIn: null, checkOut: null, adults: 2, rooms: 1 },
      0,
      handle.db,
    );
    expect(compared.map((hotel) => hotel.distance)).toEqual(["150\u00a0m till centrum", null]);
  });
});
