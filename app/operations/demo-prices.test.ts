import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_HOTEL_COUNT, generateDemoHotels } from "#app/operations/demo-catalogue.ts";
import { generateDemoHistory, generateDemoPriceFiles, type DemoPriceFile } from "#app/operations/demo-prices.ts";
import { PRICE_CSV_COLUMNS } from "#app/feed/price-csv-row.ts";
import type { PriceRecord } from "#app/prices/price-record.ts";
import { readTransactionItems } from "#app/feed/transaction-messages.server.ts";

// A Monday: the ECB's latest rates are the Friday's.
const NOW = new Date("2026-11-30T09:00:00Z");
const HOTELS = [...generateDemoHotels(80)];
const FILES = generateDemoPriceFiles(HOTELS, NOW);

const file = (name: string): DemoPriceFile => FILES.find((item) => item.name.startsWith(name))!;

interface Row {
  hotel: string;
  date: string;
  adults: number;
  currency: string;
  total: number;
  breakfast: string;
  cancel: string;
  payAtHotel: string;
  room: string;
  url: string;
}

const parsed = new Map<string, Row[]>();

/** A nightly partner's rows, read once. */
function rows(name: string): Row[] {
  if (parsed.has(name)) return parsed.get(name)!;
  const [header, ...lines] = file(name).text.trimEnd().split("\n");
  expect(header).toBe(PRICE_CSV_COLUMNS.join(","));
  const cells = lines.map((line) => line.split(","));
  expect(cells.filter((row) => row.length !== PRICE_CSV_COLUMNS.length)).toEqual([]);
  const list = cells.map(([hotel, date, adults, , currency, base, tax, fees, breakfast, cancel, payAtHotel, room, url]) => ({
    hotel: hotel!,
    date: date!,
    adults: Number(adults),
    currency: currency!,
    total: Number(base) + Number(tax) + Number(fees),
    breakfast: breakfast!,
    cancel: cancel!,
    payAtHotel: payAtHotel!,
    room: room!,
    url: url!,
  }));
  parsed.set(name, list);
  return list;
}

const indexes = new WeakMap<Row[], Map<string, number>>();

function priceOf(list: Row[], hotel: string, date: string, adults = 2): number | undefined {
  if (!indexes.has(list)) indexes.set(list, new Map(list.map((row) => [`${row.hotel} ${row.date} ${row.adults}`, row.total])));
  return indexes.get(list)!.get(`${hotel} ${date} ${adults}`);
}

describe("generateDemoPriceFiles", () => {
  it("gives the same files for the same hotels and moment", () => {
    expect(generateDemoPriceFiles(HOTELS.slice(0, 10), NOW)).toEqual(generateDemoPriceFiles(HOTELS.slice(0, 10), NOW));
    expect(FILES.map((item) => item.name)).toEqual([
      "resekompassen-nattpriser.csv",
      "hotellfynd-nattpriser.csv",
      "nattlogi-nattpriser.csv",
      "baddbanken-transaction.xml",
      "eurofxref-daily.xml",
    ]);
  });

  it("prices weekends above weekdays, July above late January, and 12–15 March and a July weekend at every hotel that is not full", () => {
    const list = rows("resekompassen");
    const hotels = HOTELS.map((hotel) => hotel.hotel_id);
    const dearerFridays = hotels.filter(
      (hotel) => (priceOf(list, hotel, "2027-03-12") ?? 0) > (priceOf(list, hotel, "2027-03-09") ?? Infinity),
    );
    expect(dearerFridays.length).toBeGreaterThan(hotels.length * 0.8);
    const dearerJuly = hotels.filter(
      (hotel) => (priceOf(list, hotel, "2027-07-10") ?? 0) > (priceOf(list, hotel, "2027-01-23") ?? Infinity),
    );
    expect(dearerJuly.length).toBeGreaterThan(hotels.length * 0.8);
    for (const date of ["2027-03-12", "2027-03-13", "2027-03-14", "2027-07-09", "2027-07-10"]) {
      expect(hotels.filter((hotel) => priceOf(list, hotel, date) !== undefined).length).toBeGreaterThan(hotels.length * 0.85);
    }
    const twoPartners = hotels.filter((hotel) =>
      ["resekompassen", "hotellfynd"].every((name) => priceOf(rows(name), hotel, "2027-03-13") !== undefined),
    );
    expect(twoPartners.length).toBeGreaterThan(hotels.length * 0.85);
  });

  it("has conditions that differ between partners, each partner on its own host, and a euro-priced partner", () => {
    const [breakfast, cancel, euro] = [rows("resekompassen"), rows("hotellfynd"), rows("nattlogi")];
    expect(new Set(breakfast.map((row) => `${row.currency} ${row.breakfast} ${row.cancel} ${row.payAtHotel}`))).toEqual(
      new Set(["SEK true  false"]),
    );
    expect(cancel.every((row) => row.currency === "SEK" && row.breakfast === "false" && row.payAtHotel === "false")).toBe(true);
    expect(cancel[0]).toMatchObject({ hotel: "HG-000001", date: "2026-11-30", cancel: "2026-11-28T18:00:00+01:00" });
    expect(euro.every((row) => row.currency === "EUR" && row.payAtHotel === "true" && row.cancel === "")).toBe(true);
    expect(euro[0]!.total).toBeLessThan(priceOf(cancel, "HG-000001", "2026-11-30")! / 8);
    expect(new Set(breakfast.map((row) => new URL(row.url).host))).toEqual(new Set(["www.resekompassen.example"]));
    expect(new Set(euro.map((row) => new URL(row.url).host))).toEqual(new Set(["www.nattlogi.example"]));
  });

  it("sells a cheaper single room at one partner and family rooms at about a third of the hotels, named in Swedish", () => {
    const list = rows("hotellfynd");
    const singles = list.filter((row) => row.adults === 1);
    expect(singles.length).toBeGreaterThan(0);
    expect(singles.every((row) => row.room === "Enkelrum" && row.total < priceOf(list, row.hotel, row.date)!)).toBe(true);
    const family = new Set(
      rows("resekompassen")
        .filter((row) => row.adults === 4 && row.room === "Familjerum")
        .map((row) => row.hotel),
    );
    expect(family.size / HOTELS.length).toBeGreaterThan(0.2);
    expect(family.size / HOTELS.length).toBeLessThan(0.45);
  });

  it("leaves out nights a hotel is full at every partner, and says so in the Transaction message", () => {
    const nightly = ["resekompassen", "hotellfynd", "nattlogi"].map(rows);
    const fullNights = HOTELS.flatMap((hotel) =>
      Array.from({ length: 60 }, (_, index) => new Date(Date.UTC(2026, 10, 30 + index)).toISOString().slice(0, 10)).filter((date) =>
        nightly.every((list) => priceOf(list, hotel.hotel_id, date) === undefined),
      ),
    );
    expect(fullNights.length).toBeGreaterThan(0);
    expect(file("baddbanken").text).toContain("<Unavailable>\n      <NoVacancy/>\n    </Unavailable>");
  });

  it("gives every hotel three or four partners, the Transaction partner at about a quarter", () => {
    const partners = new Map(HOTELS.map((hotel) => [hotel.hotel_id, new Set<string>()]));
    for (const name of ["resekompassen", "hotellfynd", "nattlogi"]) for (const row of rows(name)) partners.get(row.hotel)!.add(name);
    for (const [, hotel] of file("baddbanken").text.matchAll(/<Property>(HG-\d+)<\/Property>/g)) partners.get(hotel!)!.add("baddbanken");
    const counts = [...partners.values()].map((set) => set.size);
    expect(counts.every((count) => count === 3 || count === 4)).toBe(true);
    expect(counts.filter((count) => count === 4).length / HOTELS.length).toBeGreaterThan(0.15);
    expect(counts.filter((count) => count === 4).length / HOTELS.length).toBeLessThan(0.35);
  });

  it("writes a Transaction message our reader takes whole: room bundles with Swedish room names, breakfast and free cancellation", async () => {
    const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "demo-prices-")), "transaction.xml");
    fs.writeFileSync(target, file("baddbanken").text);
    const records: PriceRecord[] = [];
    for await (const item of readTransactionItems(target, { now: NOW })) {
      expect(item).not.toHaveProperty("reject");
      if ("record" in item) records.push(item.record);
    }
    fs.rmSync(path.dirname(target), { recursive: true });
    expect(records.length).toBe(file("baddbanken").prices);
    const priced = records.filter((record) => record.kind === "itinerary");
    expect(
      new Set(
        priced.map((record) => `${record.roomName} ${record.adults} ${record.breakfastIncluded} ${record.refundable} ${record.currency}`),
      ),
    ).toEqual(new Set(["Dubbelrum 2 true true SEK", "Familjerum 4 true true SEK"]));
    expect(new Set(priced.map((record) => record.nights))).toEqual(new Set([1, 2, 3]));
    expect(records.some((record) => record.kind === "sold-out")).toBe(true);
  });

  it("writes the ECB's rates of the last weekday before today, near their real levels", () => {
    const text = file("eurofxref-daily").text;
    expect(text).toContain("<Cube time='2026-11-27'>");
    const rate = (currency: string) => Number(new RegExp(`currency='${currency}' rate='([\\d.]+)'`).exec(text)![1]);
    expect(rate("SEK")).toBeCloseTo(11.1, 0);
    expect(rate("NOK")).toBeCloseTo(11.7, 0);
    expect(rate("DKK")).toBeCloseTo(7.46, 1);
  });

  it("stays small enough for a first start: about 300,000 prices for the demo's 600 hotels", () => {
    const files = generateDemoPriceFiles(generateDemoHotels(DEMO_HOTEL_COUNT), NOW);
    const prices = files.filter((item) => item.partnerId).reduce((sum, item) => sum + item.prices, 0);
    expect(prices).toBeGreaterThan(250_000);
    expect(prices).toBeLessThan(350_000);
  });
});

describe("generateDemoHistory", () => {
  const days = generateDemoHistory(HOTELS, NOW);
  const observations = days.flatMap((day) => day.observations.map((row) => ({ ...row, observedOn: day.observedOn })));

  it("covers the last year, oldest day first, never today or later", () => {
    const seen = days.map((day) => day.observedOn);
    expect(seen).toEqual([...seen].sort());
    expect(seen[0]! >= "2025-12-01").toBe(true);
    expect(seen.at(-1)! < "2026-11-30").toBe(true);
    expect(new Set(observations.map((row) => row.checkIn.slice(5, 7))).size).toBe(12);
    expect(new Set(observations.map((row) => row.nights))).toEqual(new Set([1, 2]));
  });

  it("makes some hotels, not most, dearer in the coming weeks' months than the rest of them", () => {
    // December's two-night stays per hotel: the median against the hotel's usual level (its October).
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const ratio = HOTELS.map((hotel) => {
      const of = (month: string) =>
        observations.filter((row) => row.hotelId === hotel.hotel_id && row.nights === 2 && row.checkIn.slice(5, 7) === month);
      return median(of("12").map((row) => row.totalSek)) / median(of("10").map((row) => row.totalSek));
    });
    const dearer = ratio.filter((value) => value > 1.2).length;
    expect(dearer).toBeGreaterThan(0);
    expect(dearer).toBeLessThan(HOTELS.length / 4);
  });
});
