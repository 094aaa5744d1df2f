import { describe, expect, it } from "vitest";
import { offerFieldName, parseOfferRow, type FeedOffer } from "./offer-feed-row.ts";

const NOW = new Date("2026-11-24T12:00:00Z");

function valid(raw: unknown): FeedOffer {
  const result = parseOfferRow(raw, NOW);
  if (!result.ok) throw new Error(`expected a valid row, got: ${result.reason}`);
  return result.offer;
}

function reason(raw: unknown): string {
  const result = parseOfferRow(raw, NOW);
  if (result.ok) throw new Error("expected the row to be rejected");
  return result.reason;
}

const base = { hotel_id: "HG-000001", partner: "resekompassen", price_per_night: 1290, url: "https://www.resekompassen.example/h/1" };

describe("parseOfferRow", () => {
  it("reads a CSV row, where every value is text", () => {
    expect(
      valid({
        hotel_id: " HG-000001 ",
        partner: "resekompassen",
        price_per_night: "1290.50",
        currency: "sek",
        url: " https://WWW.Resekompassen.example:443/hotell/hg-000001?ref=hg ",
        breakfast_included: "ja",
        free_cancellation: "Nej",
        updated_at: "2026-11-24T08:00:00+01:00",
      }),
    ).toEqual({
      hotel_id: "HG-000001",
      partner: "resekompassen",
      price_per_night: 1290.5,
      currency: "SEK",
      url: "https://www.resekompassen.example/hotell/hg-000001?ref=hg",
      host: "www.resekompassen.example",
      breakfast_included: true,
      free_cancellation: false,
      updated_at: new Date("2026-11-24T07:00:00Z"),
    });
  });

  it("fills the defaults: SEK, no breakfast, no free cancellation, no timestamp", () => {
    expect(valid({ ...base, currency: "", breakfast_included: "", free_cancellation: null })).toMatchObject({
      currency: "SEK",
      breakfast_included: false,
      free_cancellation: false,
      updated_at: null,
    });
  });

  it("takes JSON values as they are typed, and every spelling of a yes or no", () => {
    expect(valid({ ...base, hotel_id: 17, breakfast_included: true, free_cancellation: 1 })).toMatchObject({
      hotel_id: "17",
      breakfast_included: true,
      free_cancellation: true,
    });
    for (const [word, value] of [
      ["TRUE", true],
      ["1", true],
      ["yes", true],
      ["Ja", true],
      ["false", false],
      ["0", false],
      ["no", false],
      ["NEJ", false],
    ] as const) {
      expect(valid({ ...base, breakfast_included: word }).breakfast_included).toBe(value);
    }
    expect(reason({ ...base, free_cancellation: "maybe" })).toBe(
      'free_cancellation must be true or false (also 1/0, yes/no, ja/nej) (got "maybe")',
    );
  });

  it("reads field names in any case, with spaces", () => {
    expect(
      valid({ " Hotel ID": "HG-1", PARTNER: "nattlogi", "Price per night": "990", URL: "https://www.nattlogi.example/1" }),
    ).toMatchObject({
      hotel_id: "HG-1",
      partner: "nattlogi",
      price_per_night: 990,
    });
    expect(offerFieldName(" Free Cancellation ")).toBe("free_cancellation");
  });

  it("refuses prices outside what the table keeps, and reads a decimal comma", () => {
    expect(reason({ ...base, price_per_night: 0 })).toBe("price_per_night must be a number above 0 and below 1,000,000 (got 0)");
    expect(reason({ ...base, price_per_night: -5 })).toMatch(/^price_per_night must be a number above 0/);
    expect(reason({ ...base, price_per_night: 0.001 })).toMatch(/^price_per_night must be a number above 0/);
    expect(reason({ ...base, price_per_night: 1_000_000 })).toMatch(/^price_per_night must be a number above 0/);
    expect(reason({ ...base, price_per_night: 999_999.999 })).toMatch(/^price_per_night must be a number above 0/);
    expect(valid({ ...base, price_per_night: "1290,50" }).price_per_night).toBe(1290.5);
    expect(reason({ ...base, price_per_night: "1,290" })).toBe(
      'price_per_night must be a number above 0 and below 1,000,000, without a thousands separator (1,290 could be read two ways) (got "1,290")',
    );
    expect(reason({ ...base, price_per_night: "" })).toMatch(/^price_per_night must be a number/);
    expect(valid({ ...base, price_per_night: 999.995 }).price_per_night).toBe(1000);
  });

  it("refuses any currency but SEK, saying why", () => {
    expect(reason({ ...base, currency: "EUR" })).toBe(
      'currency must be SEK: prices are compared in Swedish kronor only, as there is no source of exchange rates yet (got "EUR")',
    );
  });

  it("refuses landing URLs that /redirect would not forward to", () => {
    const message = "url must be an absolute http(s) address without user name, password or control characters";
    expect(reason({ ...base, url: "javascript:alert(1)" })).toBe(`${message} (got "javascript:alert(1)")`);
    expect(reason({ ...base, url: "//www.resekompassen.example/x" })).toContain(message);
    expect(reason({ ...base, url: "https://www.resekompassen.example@evil.example/" })).toContain(message);
    expect(reason({ ...base, url: "https://www.resekompassen.example/a\tb" })).toContain(message);
    expect(reason({ ...base, url: "/hotell/1" })).toContain(message);
    expect(reason({ ...base, url: "" })).toBe("url is required: the partner's page for the hotel");
  });

  it("keeps the URL's port in the host, as partners.host does", () => {
    expect(valid({ ...base, url: "http://Partner.example:8080/x" })).toMatchObject({
      url: "http://partner.example:8080/x",
      host: "partner.example:8080",
    });
  });

  it("reads updated_at as an ISO timestamp with a time zone, at most a day ahead", () => {
    expect(valid({ ...base, updated_at: "2026-11-25T11:59:00Z" }).updated_at).toEqual(new Date("2026-11-25T11:59:00Z"));
    expect(reason({ ...base, updated_at: "2026-11-25T12:01:00Z" })).toBe(
      'updated_at is more than a day in the future (got "2026-11-25T12:01:00.000Z")',
    );
    expect(reason({ ...base, updated_at: "2026-11-24 08:00" })).toBe(
      'updated_at must be an ISO timestamp with a time zone, such as 2026-11-24T08:00:00Z (got "2026-11-24 08:00")',
    );
    expect(reason({ ...base, updated_at: "2026-11-24T08:00:00" })).toMatch(/^updated_at must be an ISO timestamp with a time zone/);
  });

  it("names every missing field in one line", () => {
    expect(reason({})).toBe(
      "hotel_id is required (the hotel's id in the catalogue); partner is required (the partner's id, such as resekompassen); " +
        "price_per_night must be a number above 0 and below 1,000,000; url is required: the partner's page for the hotel",
    );
    expect(reason([1, 2])).toBe("the row must be an object of offer fields");
    expect(reason({ ...base, hotel_id: "HG\u00001" })).toBe('hotel_id must not contain control characters (got "HG\\u00001")');
  });
});
