/**
 * A dense map area's page (issue 39 point 2, decision 081) on PGlite and PostgreSQL: an area's
 * page is sorted from the rows its count read up to AREA_SORTED_ROWS; past it, the page walks its
 * order's index with the area as a filter, or, for an order without an index or an area too
 * sparse for the walk, reads the area's ids in order. Whichever way, the same hotels in the same
 * order as the plain query, in every list order, with the list's other filters, on the first and
 * later pages; the priced list (with a stay) too. Small data: 1,150 hotels, 1,100 of them in the
 * area, and the limits lowered to match (100 sorted; walks of 30, 60 and 200 hotels).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { areaPageRows, hotelListQuery, searchHotels, walkedAreaIds, type HotelFilters } from "#app/hotels/hotel-queries.server.ts";
import type { MapArea } from "#app/hotels/map-area.ts";
import { createHotels, createOffers, createPartner, type HotelFields } from "#tests/factories.ts";
import { testDatabases } from "#tests/db.ts";
import { addDays, todayInSweden } from "#app/utils/stay.ts";

/** Round Södermalm: the 1,100 hotels of the dense area lie in it. */
const DENSE: MapArea = { south: 59.29, west: 17.99, north: 59.35, east: 18.05 };
/** A corner of it with a few dozen hotels. */
const SPARSE: MapArea = { south: 59.29, west: 17.99, north: 59.295, east: 18.0 };
const NEAR = { latitude: 59.32, longitude: 18.02 };

/** Ratings, review counts and stars with ties and gaps, a partner link on every third, a pool on every fourth. */
const varied = (i: number): HotelFields => ({
  name: `Täthotellet ${i}`,
  rating: i % 7 === 0 ? null : 5 + ((i * 7) % 50) / 10,
  review_count: i % 11 === 0 ? null : (i * 13) % 400,
  star_rating: i % 9 === 0 ? null : 1 + (i % 5),
  has_affiliate_url: i % 3 === 0,
  amenities: i % 4 === 0 ? ["Pool"] : ["Free WiFi"],
});

const HOTELS: HotelFields[] = [
  ...Array.from({ length: 1100 }, (_, i) => ({ ...varied(i), latitude: 59.29 + (i % 37) * 0.0015, longitude: 17.99 + (i % 41) * 0.0014 })),
  // Outside the area (Göteborg), and without coordinates: in the walk's rows, never on the page.
  ...Array.from({ length: 40 }, (_, i) => ({ ...varied(i + 5), location: "Göteborg", latitude: 57.7 + i * 0.001, longitude: 11.97 })),
  ...Array.from({ length: 10 }, (_, i) => varied(i + 11)),
];

const ORDERS: HotelFilters[] = [{}, { sort: "betyg" }, { sort: "stjarnor" }, { sort: "pris" }, { sort: "avstand", near: NEAR }];
const NARROWED: HotelFilters[] = [{}, { minStars: 4 }, { amenities: ["pool"] }, { minGuestRating: 8 }];

describe.each(testDatabases())("a dense map area's page on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
    const created = await createHotels(handle.db, HOTELS);
    const partner = await createPartner(handle.db);
    // Lead prices for one hotel in eleven, some equal: "Lägsta pris" has prices, ties and hotels without.
    await createOffers(
      handle.db,
      created
        .filter((_, i) => i % 11 === 3)
        .map((hotel, i) => ({ hotelId: hotel.id, partnerId: partner.id, pricePerNight: 700 + (i % 9) * 50 })),
    );
  });
  afterAll(async () => {
    await handle?.close();
  });

  const plain = async (filters: HotelFilters) => (await hotelListQuery(filters, null, handle.db).execute()).map((row) => row.id);
  const paged = async (filters: HotelFilters, limits: { sortedRows?: number; walkRows?: number } = {}) => {
    const { rows, counted } = await areaPageRows(filters, handle.db, limits);
    return { ids: rows.map((row) => row.id), counted };
  };

  it("lists the same hotels in the same order as the plain query, in every order, filters and page", async () => {
    // As built (the area sorted whole), past 100 walked (a walk of 200 holds pages 1 and 2 unfiltered), and past 100 with a walk too short (the plain query's ids).
    for (const limits of [{}, { sortedRows: 100, walkRows: 200 }, { sortedRows: 100, walkRows: 30 }])
      for (const order of ORDERS)
        for (const narrowed of NARROWED)
          for (const page of [1, 2, 30]) {
            const filters: HotelFilters = { ...order, ...narrowed, area: DENSE, page };
            const expected = await plain(filters);
            const { ids, counted } = await paged(filters, limits);
            expect(ids, JSON.stringify({ ...order, ...narrowed, page, ...limits })).toEqual(expected);
            if (page === 1) expect(expected).toHaveLength(24);
            if (page === 1 && !narrowed.minStars && !narrowed.amenities && !narrowed.minGuestRating) expect(counted).toBe(1001);
          }
  });

  it("sorts a sparse area's page from the rows its count read, and counts it exactly", async () => {
    for (const order of ORDERS) {
      const filters: HotelFilters = { ...order, area: SPARSE };
      const { ids, counted } = await paged(filters);
      expect(ids).toEqual(await plain(filters));
      expect(counted).toBe(ids.length);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.length).toBeLessThan(24);
    }
  });

  it("walks only as many hotels as it is told, and says when the page is not among them", async () => {
    const window = { limit: 24, offset: 0 };
    // 60 hotels of the catalogue in order hold the area's first 24: the walk's page is the plain one.
    expect(await walkedAreaIds({ area: DENSE }, window, handle.db, 60)).toEqual(await plain({ area: DENSE }));
    // Its third page is not among them.
    expect(await walkedAreaIds({ area: DENSE, page: 3 }, { limit: 24, offset: 48 }, handle.db, 60)).toBeNull();
    // Nor are 24 hotels with a pool (one in four).
    expect(await walkedAreaIds({ area: DENSE, amenities: ["pool"] }, window, handle.db, 60)).toBeNull();
    expect(await walkedAreaIds({ area: DENSE, amenities: ["pool"] }, window, handle.db, 200)).toEqual(
      await plain({ area: DENSE, amenities: ["pool"] }),
    );
  });

  it("counts a dense area as more than the list lists, and pages it as the plain query", async () => {
    const listed = await searchHotels({ area: DENSE, sort: "betyg", page: 2 }, handle.db);
    expect({ total: listed.total, more: listed.more }).toEqual({ total: 1000, more: true });
    expect(listed.hotels.map((hotel) => hotel.id)).toEqual(await plain({ area: DENSE, sort: "betyg", page: 2 }));
    const past = await searchHotels({ area: SPARSE, page: 5 }, handle.db);
    expect(past.hotels).toEqual([]);
    expect(past.total).toBe((await paged({ area: SPARSE })).counted);
  });

  it("lists a dense area priced for a stay in the list's order, the unsellable hotels last", async () => {
    const checkIn = addDays(todayInSweden(), 10);
    const stay = { checkIn, checkOut: addDays(checkIn, 2), adults: 2, rooms: 1 };
    for (const order of [{}, { sort: "betyg" as const }, { sort: "avstand" as const, near: NEAR }]) {
      const listed = await searchHotels({ ...order, area: DENSE, stay }, handle.db);
      // No partner sells a stay here: every hotel is listed as sold out, in the list's order.
      expect(listed.hotels.map((hotel) => hotel.id)).toEqual(await plain({ ...order, area: DENSE }));
      expect(listed.hotels.every((hotel) => hotel.soldOut)).toBe(true);
      expect({ total: listed.total, more: listed.more }).toEqual({ total: 1000, more: true });
    }
  });
});
