/**
 * The hotel's stored slug (hotel_slug(name, hotel_id) in SQL, the key a hotel page is found
 * by) gives the same answer as hotelSlug in code, which every link to a hotel page is made
 * with: for the whole demo catalogue and for names written in every way a feed may write them.
 * Then a hotel page is found by that key, and an address that no stored slug answers by the
 * fallback (a misspelt or old slug is still redirected to the hotel).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalogue } from "#app/db/seed.server.ts";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { findHotel } from "#app/hotels/hotel-detail.server.ts";
import { hotelSlug } from "#app/hotels/hotel.ts";
import { testDatabases } from "#tests/db.ts";

const NAMES = [
  "Hotel Åre Fjällby",
  "Tromsø Ærø & Straße",
  "Œuvre Þingvellir Łódź Đakovo Dıyarbakır",
  "ＦＵＬＬＷＩＤＴＨ Ｈｏｔｅｌ",
  "Ｃafé ﬁne",
  "İstanbul ẞeach",
  "Crème brûlée – “Quoted” — Inn",
  "  spaced   out  ",
  "東京 ホテル",
  "Москва Отель Cosmos",
  "Ελλάδα Hotel 7",
  "e\u0301t\u0308e\u0323",
  "Namnlöst hotell",
  "Unnamed Hotel",
  "",
  "---",
  "100% Nöjd_kund",
];

describe.each(testDatabases())("the stored hotel slug on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(() => handle?.close());

  it("is the slug the links are made with, for every demo hotel and every odd name", async () => {
    await seedDemoCatalogue(handle.db);
    await handle.db
      .insertInto("hotels")
      .values([
        ...NAMES.map((name, index) => ({ hotel_id: `ODD-${index}`, name, country: "Sweden", location: "Slugby" })),
        { hotel_id: "Å-12", name: null, country: "Sweden", location: "Slugby" },
      ])
      .execute();
    const rows = await handle.db.selectFrom("hotels").select(["name", "hotel_id", "slug"]).execute();
    expect(rows.length).toBeGreaterThan(500);
    const differing = rows.filter((row) => row.slug !== hotelSlug(row));
    expect(differing).toEqual([]);
  });

  it("finds a hotel page by it, and redirects a misspelt one", async () => {
    const exact = await findHotel("Sweden", "Slugby", "tromso-aero-och-strasse", handle.db);
    expect(exact).toMatchObject({ exact: true, hotel: { hotel_id: "ODD-1" } });
    const misspelt = await findHotel("sverige", "slugby", "Tromso-Aero-och-Strasse", handle.db);
    expect(misspelt).toMatchObject({ exact: false, hotel: { hotel_id: "ODD-1" } });
    expect(await findHotel("Sweden", "Slugby", "no-such-hotel-anywhere", handle.db)).toBeNull();
  });
});
