/**
 * Prices per stay in the database (decision 050), on PGlite and PostgreSQL: what a stay costs at
 * each partner (nights summed, an itinerary price first, a sold-out itinerary, every night
 * needed, the party and its rooms, old prices and switched-off partners left out, other
 * currencies at the latest ECB rates), the lead prices per condition, and the hotel lists priced
 * for a stay or a condition: the shown price, the price filter and sort, and sold-out hotels last.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { addDays, todayInSweden, type DatedStay } from "#app/utils/stay.ts";
import { conditionsMask } from "#app/prices/conditions.ts";
import {
  leadOffers,
  listStayPrices,
  nearbyDatesWithPrices,
  refreshLeadPrices,
  roomsThatFit,
  stayOffers,
} from "#app/prices/stay-prices.server.ts";
import { searchHotels } from "#app/hotels/hotel-queries.server.ts";
import { testDatabases } from "#tests/db.ts";

const today = todayInSweden();
const day = (offset: number) => addDays(today, offset);
const stay = (from: number, nights: number, adults = 2, rooms = 1): DatedStay => ({
  checkIn: day(from),
  checkOut: day(from + nights),
  adults,
  rooms,
});
const BREAKFAST = conditionsMask(["frukost"]);
/** The first Monday at least a week ahead: stays from it are weekday stays whatever today is. */
const MONDAY = [...Array(7).keys()].map((n) => n + 7).find((n) => new Date(`${day(n)}T12:00:00Z`).getUTCDay() === 1)!;

interface PlanSpec {
  hotel: string;
  partner: string;
  adults?: number;
  rooms?: number;
  breakfast?: boolean;
  refundable?: boolean;
  payAtHotel?: boolean;
  currency?: string;
  roomKey?: string;
}

async function plan(db: Kysely<Database>, spec: PlanSpec): Promise<number> {
  const row = await db
    .insertInto("rate_plans")
    .values({
      hotel_id: spec.hotel,
      partner_id: spec.partner,
      adults: spec.adults ?? 2,
      rooms: spec.rooms ?? 1,
      room_key: spec.roomKey ?? "",
      breakfast_included: spec.breakfast ?? false,
      refundable: spec.refundable ?? false,
      pay_at_hotel: spec.payAtHotel ?? false,
      currency: spec.currency ?? "SEK",
      landing_url: `https://${spec.partner}.example/hotel`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Nights from..to-1 (offsets from today) at base + 12 % tax, weekend nights (Fri, Sat) dearer by `weekend`. */
async function nights(
  db: Kysely<Database>,
  planId: number,
  from: number,
  to: number,
  base: number,
  options: { weekend?: number; confirmedHoursAgo?: number } = {},
) {
  const rows = [];
  for (let offset = from; offset < to; offset++) {
    const night = day(offset);
    const weekday = new Date(`${night}T12:00:00Z`).getUTCDay();
    const amount = base + (weekday === 5 || weekday === 6 ? (options.weekend ?? 0) : 0);
    rows.push({
      plan_id: planId,
      night,
      base: amount,
      tax: Math.round(amount * 0.12 * 100) / 100,
      fees: 0,
      confirmed_at: new Date(Date.now() - (options.confirmedHoursAgo ?? 1) * 3_600_000),
    });
  }
  await db.insertInto("nightly_rates").values(rows).execute();
}

describe.each(testDatabases())("prices per stay on $name", (database) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  const hotels: Record<string, string> = {};

  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
    await db
      .insertInto("partners")
      .values([
        { id: "alfa", name: "Alfa", host: "alfa.example" },
        { id: "beta", name: "Beta", host: "beta.example" },
        { id: "gamma", name: "Gamma", host: "gamma.example" },
      ])
      .execute();
    for (const [key, name, rating] of [
      ["crown", "Crown Palace", 9.1],
      ["harbour", "Hamnhotellet", 8.5],
      ["full", "Fullbokat", 8.9],
    ] as const) {
      hotels[key] = (
        await db
          .insertInto("hotels")
          .values({ hotel_id: `STAY-${key}`, name, country: "Sweden", location: "Gothenburg", rating, review_count: 10 })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    }
    await db
      .insertInto("fx_rates")
      .values([{ rate_date: day(-1), currency: "SEK", per_eur: "11.00" }])
      .execute();
    // Crown: Alfa without breakfast (cheap), Beta with breakfast (dearer), Gamma in euros with breakfast.
    await nights(db, await plan(db, { hotel: hotels.crown!, partner: "alfa" }), 0, 200, 1000, { weekend: 400 });
    await nights(db, await plan(db, { hotel: hotels.crown!, partner: "beta", breakfast: true, refundable: true }), 0, 200, 1200);
    await nights(db, await plan(db, { hotel: hotels.crown!, partner: "gamma", breakfast: true, currency: "EUR" }), 0, 200, 100);
    // Harbour: only Alfa, a family room for 4 as well, and one night sold out (night 12 missing).
    const harbour = await plan(db, { hotel: hotels.harbour!, partner: "alfa" });
    await nights(db, harbour, 0, MONDAY + 1, 900);
    await nights(db, harbour, MONDAY + 2, 200, 900);
    await nights(db, await plan(db, { hotel: hotels.harbour!, partner: "alfa", adults: 4, roomKey: "family" }), MONDAY + 3, 200, 1500);
    // Full: prices only long ago (stale) and at a partner switched off later.
    await nights(db, await plan(db, { hotel: hotels.full!, partner: "beta" }), 0, 200, 500, { confirmedHoursAgo: 24 * 30 });
    await refreshLeadPrices(Object.values(hotels), today, db);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("sums the stay's nights with taxes at each partner, so two stays of the same length cost differently", async () => {
    // A weekday stay and one over a weekend: find a Monday and a Friday after today.
    const weekdayOffset = [...Array(7).keys()].map((n) => n + 20).find((n) => new Date(`${day(n)}T12:00:00Z`).getUTCDay() === 1)!;
    const fridayOffset = weekdayOffset + 4;
    const weekday = (await stayOffers([hotels.crown!], stay(weekdayOffset, 2), 0, db)).get(hotels.crown!)!;
    const weekend = (await stayOffers([hotels.crown!], stay(fridayOffset, 2), 0, db)).get(hotels.crown!)!;
    const alfa = (offers: typeof weekday) => offers.find((offer) => offer.partnerId === "alfa")!;
    expect(alfa(weekday)).toMatchObject({ base: 2000, tax: 240, total: 2240, totalSek: 2240, nights: 2, source: "nightly" });
    expect(alfa(weekend)).toMatchObject({ base: 2800, tax: 336, total: 3136 });
    // Cheapest first, the euro price converted at the latest rate (2 × 112 € × 11).
    expect(weekday.map((offer) => [offer.partnerId, offer.totalSek])).toEqual([
      ["alfa", 2240],
      ["gamma", 2464],
      ["beta", 2688],
    ]);
  });

  it("shows with conditions only offers that meet them: breakfast never comes at a price without it", async () => {
    const offers = (await stayOffers([hotels.crown!], stay(30, 3), BREAKFAST, db)).get(hotels.crown!)!;
    expect(offers.map((offer) => offer.partnerId)).toEqual(["gamma", "beta"]);
    expect(offers.every((offer) => offer.breakfastIncluded)).toBe(true);
    const listed = await listStayPrices([hotels.crown!], stay(30, 3), BREAKFAST, db);
    expect(listed.get(hotels.crown!)).toEqual({ totalSek: 3696, partnerId: "gamma", partners: 2 });
  });

  it("sells a stay only when every night is for sale, and says which nearby dates are", async () => {
    expect((await stayOffers([hotels.harbour!], stay(MONDAY, 3), 0, db)).get(hotels.harbour!)).toBeUndefined();
    const nearby = await nearbyDatesWithPrices(hotels.harbour!, stay(MONDAY, 3), 0, { today }, db);
    // The Tuesday is sold out: check-ins that cover it have nothing; the nearest that do not, earlier first.
    expect(nearby.slice(0, 2)).toEqual([
      { checkIn: day(MONDAY - 2), totalSek: 3024 },
      { checkIn: day(MONDAY + 2), totalSek: 3024 },
    ]);
    expect(nearby.map((date) => date.checkIn)).not.toContain(day(MONDAY - 1));
    expect(nearby.map((date) => date.checkIn)).not.toContain(day(MONDAY + 1));
  });

  it("prices the party: a family room for more adults, several rooms at rooms × a room, none for a party nobody sells", async () => {
    const family = (await stayOffers([hotels.harbour!], stay(20, 1, 3), 0, db)).get(hotels.harbour!)!;
    expect(family.map((offer) => offer.total)).toEqual([1680]);
    const twoRooms = (await stayOffers([hotels.harbour!], stay(20, 1, 4, 2), 0, db)).get(hotels.harbour!)!;
    expect(twoRooms[0]!.total).toBe(2016);
    expect((await stayOffers([hotels.harbour!], stay(20, 1, 5, 1), 0, db)).get(hotels.harbour!)).toBeUndefined();
    expect(await roomsThatFit(5, 1, undefined, db)).toBe(2);
  });

  it("lets an itinerary price win over the sum of nights, and a sold-out itinerary take the partner out", async () => {
    const [alfa] = await db
      .selectFrom("rate_plans")
      .select("id")
      .where("hotel_id", "=", hotels.crown!)
      .where("partner_id", "=", "alfa")
      .execute();
    await db
      .insertInto("itinerary_prices")
      .values({ plan_id: alfa!.id, check_in: day(40), nights: 2, base: 1500, tax: 180, fees: 20, confirmed_at: new Date() })
      .execute();
    await db
      .insertInto("sold_out_itineraries")
      .values({ hotel_id: hotels.crown!, partner_id: "beta", check_in: day(40), nights: 2, confirmed_at: new Date() })
      .execute();
    const offers = (await stayOffers([hotels.crown!], stay(40, 2), 0, db)).get(hotels.crown!)!;
    expect(offers.map((offer) => [offer.partnerId, offer.source, offer.total])).toEqual([
      ["alfa", "itinerary", 1700],
      ["gamma", "nightly", 224],
    ]);
  });

  it("never reads a price older than the maximum age or of a partner switched off", async () => {
    expect((await stayOffers([hotels.full!], stay(5, 2), 0, db)).get(hotels.full!)).toBeUndefined();
    await db.updateTable("partners").set({ active: false }).where("id", "=", "gamma").execute();
    const offers = (await stayOffers([hotels.crown!], stay(30, 2), 0, db)).get(hotels.crown!)!;
    expect(offers.map((offer) => offer.partnerId)).toEqual(["alfa", "beta"]);
    await db.updateTable("partners").set({ active: true }).where("id", "=", "gamma").execute();
  });

  it("keeps a lead price per set of conditions: the cheapest night of the next 30 days, taxes included", async () => {
    const leads = await db
      .selectFrom("hotel_lead_prices")
      .selectAll()
      .where("hotel_id", "=", hotels.crown!)
      .orderBy("conditions")
      .execute();
    expect(leads.map((lead) => [lead.conditions, Number(lead.price), lead.partner_id])).toEqual([
      [0, 1120, "alfa"],
      [1, 1232, "gamma"],
      [2, 1344, "beta"],
      [3, 1344, "beta"],
    ]);
    const hotel = await db
      .selectFrom("hotels")
      .select(["offer_price", "offer_count"])
      .where("id", "=", hotels.crown!)
      .executeTakeFirstOrThrow();
    expect([Number(hotel.offer_price), hotel.offer_count]).toEqual([1120, 3]);
    const lead = (await leadOffers([hotels.crown!], BREAKFAST, today, db)).get(hotels.crown!)!;
    expect(lead.map((offer) => [offer.partnerId, offer.totalSek, offer.kind])).toEqual([
      ["gamma", 1232, "lead"],
      ["beta", 1344, "lead"],
    ]);
    // The stale hotel shows no price at all.
    const full = await db
      .selectFrom("hotels")
      .select(["offer_price", "offer_count"])
      .where("id", "=", hotels.full!)
      .executeTakeFirstOrThrow();
    expect([full.offer_price, full.offer_count]).toEqual([null, 0]);
  });

  it("lists a place for a stay with each hotel's total, the sold-out hotel last, and sorts and filters by that total", async () => {
    const list = await searchHotels({ country: "Sweden", location: "Gothenburg", stay: stay(MONDAY, 3) }, db);
    expect(list.hotels.map((hotel) => [hotel.name, hotel.price?.amountSek ?? null, hotel.soldOut])).toEqual([
      ["Crown Palace", 3360, false],
      ["Fullbokat", null, true],
      ["Hamnhotellet", null, true],
    ]);
    expect(list.hotels[0]!.price).toEqual({ kind: "stay", amountSek: 3360, nights: 3, partners: 3 });
    const cheapFirst = await searchHotels({ country: "Sweden", location: "Gothenburg", stay: stay(MONDAY + 7, 3), sort: "pris" }, db);
    expect(cheapFirst.hotels.map((hotel) => [hotel.name, hotel.price?.amountSek ?? null])).toEqual([
      ["Hamnhotellet", 3024],
      ["Crown Palace", 3360],
      ["Fullbokat", null],
    ]);
    const underBudget = await searchHotels({ country: "Sweden", location: "Gothenburg", stay: stay(MONDAY + 7, 3), priceMax: 3100 }, db);
    expect(underBudget.hotels.map((hotel) => hotel.name)).toEqual(["Hamnhotellet"]);
    expect(underBudget.total).toBe(1);
  });

  it("lists with villkor=frukost only hotels with a breakfast offer, at that offer's price, with and without dates", async () => {
    const withDates = await searchHotels({ country: "Sweden", location: "Gothenburg", stay: stay(20, 3), conditions: BREAKFAST }, db);
    expect(withDates.hotels.map((hotel) => [hotel.name, hotel.price?.amountSek])).toEqual([["Crown Palace", 3696]]);
    const dateless = await searchHotels({ country: "Sweden", location: "Gothenburg", conditions: BREAKFAST, priceMax: 1500 }, db);
    expect(dateless.hotels.map((hotel) => [hotel.name, hotel.price])).toEqual([
      ["Crown Palace", { kind: "lead", amountSek: 1232, nights: null, partners: 3 }],
    ]);
    const plain = await searchHotels({ country: "Sweden", location: "Gothenburg", sort: "pris" }, db);
    expect(plain.hotels.map((hotel) => [hotel.name, hotel.price?.amountSek ?? null])).toEqual([
      ["Hamnhotellet", 1008],
      ["Crown Palace", 1120],
      ["Fullbokat", null],
    ]);
    // A search for the place text is priced the same way.
    const searched = await searchHotels({ search: "Gothenburg", stay: stay(20, 3), conditions: BREAKFAST }, db);
    expect(searched.hotels.map((hotel) => hotel.name)).toEqual(["Crown Palace"]);
  });

  it("answers the same for the same stay read twice (no state left behind)", async () => {
    const once = await listStayPrices(Object.values(hotels), stay(25, 4), 0, db);
    const twice = await listStayPrices(Object.values(hotels), stay(25, 4), 0, db);
    expect([...twice]).toEqual([...once]);
    await sql`select 1`.execute(db);
  });
});
