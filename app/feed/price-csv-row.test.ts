import { describe, expect, it } from "vitest";
import { isPriceCsvHeader, priceRowReader, type PriceValue } from "./price-csv-row.ts";
import { priceRecordProblem } from "#app/prices/price-record.ts";

// 13:00 in Stockholm on 24 November 2026: "today" is 2026-11-24.
const NOW = new Date("2026-11-24T12:00:00Z");
const read = priceRowReader(NOW);

const row = {
  hotel_id: "HG-000001",
  date: "2026-12-12",
  adults: "2",
  rooms: "1",
  currency: "SEK",
  base: "1290.50",
  tax: "154,86",
  fees: "25",
  breakfast_included: "",
  free_cancellation_until: "",
  pay_at_hotel: "",
  room_name: "",
  url: "",
  updated_at: "",
};

function valid(raw: Record<string, unknown>): PriceValue {
  const result = read(raw);
  if (!result.ok) throw new Error(`expected a valid row, got: ${result.reason}`);
  return result.value;
}

function reason(raw: Record<string, unknown>): string {
  const result = read(raw);
  if (result.ok) throw new Error("expected the row to be rejected");
  return result.reason;
}

describe("the CSV twin's rows", () => {
  it("reads a night with its amounts as plain decimals, blank flags as no, and the import time when updated_at is blank", () => {
    expect(valid(row)).toEqual({
      property: "HG-000001",
      kind: "night",
      checkIn: "2026-12-12",
      nights: 1,
      adults: 2,
      rooms: 1,
      currency: "SEK",
      base: "1290.50",
      tax: "154.86",
      fees: "25.00",
      breakfastIncluded: false,
      refundable: false,
      freeCancellationUntil: null,
      payAtHotel: false,
      roomKey: "",
      roomName: null,
      landingUrl: null,
      confirmedAt: NOW.toISOString(),
    });
  });

  it("reads the conditions, the room (its name is its key), the URL and the partner's timestamp", () => {
    expect(
      valid({
        ...row,
        currency: "eur",
        tax: "",
        fees: "",
        breakfast_included: "ja",
        free_cancellation_until: "2026-12-10T18:00:00+01:00",
        pay_at_hotel: "1",
        room_name: " Dubbelrum Superior ",
        url: "https://WWW.Alfa.example/h/1?rum=2",
        updated_at: "2026-11-24T08:00:00Z",
      }),
    ).toMatchObject({
      currency: "EUR",
      tax: "0.00",
      fees: "0.00",
      breakfastIncluded: true,
      refundable: true,
      freeCancellationUntil: "2026-12-10T17:00:00.000Z",
      payAtHotel: true,
      roomKey: "Dubbelrum Superior",
      roomName: "Dubbelrum Superior",
      landingUrl: "https://www.alfa.example/h/1?rum=2",
      confirmedAt: "2026-11-24T08:00:00.000Z",
    });
    expect(valid({ ...row, free_cancellation_until: "yes" })).toMatchObject({ refundable: true, freeCancellationUntil: null });
  });

  it("takes an empty base as a night that is not for sale", () => {
    expect(valid({ ...row, base: "", tax: "100" })).toMatchObject({ kind: "night", base: null, tax: null, fees: null, currency: "SEK" });
  });

  it("accepts today in Sweden and 500 days ahead, not yesterday or the day after", () => {
    expect(valid({ ...row, date: "2026-11-24" }).checkIn).toBe("2026-11-24");
    expect(valid({ ...row, date: "2028-04-07" }).checkIn).toBe("2028-04-07");
    expect(reason({ ...row, date: "2026-11-23" })).toBe('date is in the past (today is 2026-11-24 in Sweden) (got "2026-11-23")');
    expect(reason({ ...row, date: "2028-04-08" })).toBe('date is more than 500 days ahead (after 2028-04-07) (got "2028-04-08")');
    // Late in the evening UTC it is already tomorrow in Sweden.
    expect(priceRowReader(new Date("2026-11-24T23:30:00Z"))({ ...row, date: "2026-11-24" })).toMatchObject({ ok: false });
  });

  it.each([
    [{ base: "-5" }, "base must be a number above 0 and below 10,000,000 (or empty: not for sale) (got -5)"],
    [{ base: "0.001" }, "base must be a number above 0 and below 10,000,000 (or empty: not for sale) (got 0.001)"],
    [
      { base: "1,290" },
      'base must be a number above 0 and below 10,000,000 (or empty: not for sale), without a thousands separator (1,290 could be read two ways) (got "1,290")',
    ],
    [
      { base: "0x10" },
      'base must be a number above 0 and below 10,000,000 (or empty: not for sale), written as plain decimal digits such as 1290.50 or 1290,50 (got "0x10")',
    ],
    [{ tax: "-1" }, "tax must be a number of at least 0 and below 10,000,000 (got -1)"],
    [
      { fees: "1e3" },
      'fees must be a number of at least 0 and below 10,000,000, written as plain decimal digits such as 1290.50 or 1290,50 (got "1e3")',
    ],
    [{ currency: "XYZ" }, 'currency must be an ISO 4217 currency code such as SEK or EUR (got "XYZ")'],
    [{ currency: "kronor" }, 'currency must be an ISO 4217 currency code such as SEK or EUR (got "kronor")'],
    [{ date: "2026-02-30" }, 'date must be a date as YYYY-MM-DD (got "2026-02-30")'],
    [{ date: "12/12/2026" }, 'date must be a date as YYYY-MM-DD (got "12/12/2026")'],
    [{ adults: "0" }, "adults must be a whole number from 1 to 8 (got 0)"],
    [{ adults: "9" }, "adults must be a whole number from 1 to 8 (got 9)"],
    [{ rooms: "0" }, "rooms must be a whole number from 1 to 8 (got 0)"],
    [{ rooms: "1.5" }, "rooms must be a whole number from 1 to 8 (got 1.5)"],
    [{ adults: "2", rooms: "3" }, "rooms must not be more than adults (3 rooms for 2 adults)"],
    [{ base: "9999999", tax: "1" }, "base + tax + fees must be below 10,000,000"],
    [
      { url: "ftp://www.alfa.example/h/1" },
      'url must be an absolute http(s) address without user name, password or control characters (got "ftp://www.alfa.example/h/1")',
    ],
    [
      { url: "https://user:pw@www.alfa.example/" },
      'url must be an absolute http(s) address without user name, password or control characters (got "https://user:pw@www.alfa.example/")',
    ],
    [
      { updated_at: "2026-11-24 08:00" },
      'updated_at must be an ISO timestamp with a time zone, such as 2026-11-24T08:00:00Z (got "2026-11-24 08:00")',
    ],
    [{ updated_at: "2026-11-26T08:00:00Z" }, 'updated_at is more than a day in the future (got "2026-11-26T08:00:00.000Z")'],
    [
      { free_cancellation_until: "soon" },
      'free_cancellation_until must be empty (not refundable), true (free cancellation) or an ISO timestamp with a time zone (got "soon")',
    ],
    [{ hotel_id: " " }, "hotel_id is required (the hotel's id in the catalogue)"],
    [{ breakfast_included: "kanske" }, 'breakfast_included must be true or false (also 1/0, yes/no, ja/nej) (got "kanske")'],
  ])("refuses %j", (change, message) => {
    expect(reason({ ...row, ...change })).toBe(message);
  });

  it("reads rows in plain form without zod exactly as the schema reads them, and never lets through what it refuses", () => {
    const bySchema = priceRowReader(NOW, { plain: false });
    const variants: Array<Record<string, unknown>> = [
      {},
      {
        breakfast_included: "true",
        pay_at_hotel: "1",
        free_cancellation_until: "true",
        room_name: "Dubbelrum",
        url: "https://www.alfa.example/h/1",
      },
      { updated_at: "2026-11-24T08:00:00Z", tax: "", fees: "0", base: "0.01" },
      { base: "9999999.99", tax: "0.01" },
      { base: "0.00" },
      { base: "0.001" },
      { base: "012" },
      { hotel_id: " HG-1" },
      { hotel_id: "HG\u00071" },
      { room_name: " Svit " },
      { room_name: "x".repeat(201) },
      { currency: "sek" },
      { currency: "XXX" },
      { adults: "08" },
      { adults: "2", rooms: "3" },
      { date: "2026-11-24" },
      { date: "2026-02-29" },
      { free_cancellation_until: "2026-12-10T18:00:00Z" },
      { breakfast_included: "TRUE" },
      { url: " https://www.alfa.example/h/1 " },
      { url: "https://user@www.alfa.example/h/1" },
      { updated_at: "2026-11-26T08:00:00Z" },
      { updated_at: "2026-11-24T08:00:00" },
      { extra: "ignored" },
    ];
    for (const change of variants) {
      const input = { ...row, ...change };
      expect([change, read(input)]).toEqual([change, bySchema(input)]);
    }
  });

  it("lists every problem of a row in one line", () => {
    expect(reason({ ...row, adults: "0", currency: "" })).toBe(
      "adults must be a whole number from 1 to 8 (got 0); currency is required: an ISO 4217 code such as SEK or EUR",
    );
  });

  it("tells the CSV twin's header from other feeds'", () => {
    expect(isPriceCsvHeader(["hotel_id", "date", "adults", "rooms", "currency", "base"])).toBe(true);
    expect(isPriceCsvHeader(["hotel_id", "partner", "price_per_night"])).toBe(false);
  });
});

describe("priceRecordProblem", () => {
  const record = { ...valid(row), at: 2 };

  it("lets a good record through and stops what the tables would refuse", () => {
    expect(priceRecordProblem(record)).toBeNull();
    expect(priceRecordProblem({ ...record, kind: "itinerary", nights: 31 })).toBe("nights must be 1-30 (got 31)");
    expect(priceRecordProblem({ ...record, nights: 2 })).toBe("nights must be 1 for a night (got 2)");
    expect(priceRecordProblem({ ...record, base: "0.004" })).toBe("the base amount must be above 0");
    expect(priceRecordProblem({ ...record, tax: "-1" })).toBe("amounts must be plain decimals");
    expect(priceRecordProblem({ ...record, base: "9999999.99", tax: "1" })).toBe("the total must be below 10,000,000");
    expect(priceRecordProblem({ ...record, kind: "sold-out", currency: null, base: null })).toBeNull();
    expect(priceRecordProblem({ ...record, rooms: 3 })).toBe("more rooms than adults (3 rooms for 2 adults)");
  });
});
