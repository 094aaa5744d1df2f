import { describe, expect, it } from "vitest";
import { asNumber, escapeControls, preview, range } from "./feed-values.ts";
import { parseFeedRow } from "./feed-row.ts";
import { parseOfferRow } from "./offer-feed-row.ts";

describe("asNumber: plain decimals only", () => {
  it.each([
    ["16", 16],
    [" 8.6 ", 8.6],
    ["8,6", 8.6],
    ["-33.8688", -33.8688],
    ["0", 0],
    ["007", 7],
    ["1234,5", 1234.5],
    ["0,500", 0.5],
    ["1290.50", 1290.5],
    ["1.234", 1.234],
  ])("reads %j as %d", (text, number) => {
    expect(asNumber(text)).toBe(number);
  });

  it.each([
    "0x10",
    "0b101",
    "0o17",
    "1e3",
    "1E3",
    ".5",
    "5.",
    "+5",
    "Infinity",
    "1,234",
    "-1,234",
    "1.234,5",
    "1,234.5",
    "1 234",
    "1_000",
    "12kr",
    "",
  ])("leaves %j for the schema to refuse", (text) => {
    expect(asNumber(text)).toBe(text);
  });

  it("takes JSON numbers as they are", () => {
    expect(asNumber(1000)).toBe(1000);
  });
});

describe("every number field says why a text is not a number", () => {
  const rating = range(0, 10);
  it.each([
    ["0x10", "must be a number from 0 to 10, written as plain decimal digits such as 1290.50 or 1290,50"],
    ["1e3", "must be a number from 0 to 10, written as plain decimal digits such as 1290.50 or 1290,50"],
    ["1,234", "must be a number from 0 to 10, without a thousands separator (1,234 could be read two ways)"],
  ])("%j", (text, message) => {
    const result = rating.safeParse(asNumber(text));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it.each(["0x10", "0b101", "0o17", "1e3", ".5"])("a hotel row refuses %j as a price, stars, rating, count and coordinates", (text) => {
    const result = parseFeedRow({
      hotel_id: "H-1",
      price_amount: text,
      star_rating: text,
      rating: text,
      review_count: text,
      latitude: text,
      longitude: text,
    });
    expect(result.ok).toBe(false);
    const reason = result.ok ? "" : result.reason;
    for (const field of ["price_amount", "star_rating", "rating", "review_count", "latitude", "longitude"]) {
      expect(reason).toContain(`${field} must be a `);
    }
    expect(reason).toContain(`written as plain decimal digits such as 1290.50 or 1290,50 (got ${JSON.stringify(text)})`);
  });

  it.each(["0x10", "0b101", "0o17", "1e3", ".5"])("an offer row refuses %j as a price", (text) => {
    const result = parseOfferRow({ hotel_id: "H-1", partner: "alfa", price_per_night: text, url: "https://alfa.example/h" });
    expect(result).toEqual({
      ok: false,
      reason: `price_per_night must be a number above 0 and below 1,000,000, written as plain decimal digits such as 1290.50 or 1290,50 (got ${JSON.stringify(text)})`,
    });
  });
});

describe("escapeControls", () => {
  it("escapes what a terminal acts on: ESC, CR, BEL, C1 controls, DEL and bidi overrides", () => {
    expect(escapeControls("a\u001b]0;owned\u0007b\rc\u009bd\u007fe\u202ef\u2066g")).toBe(
      "a\\u001b]0;owned\\u0007b\\u000dc\\u009bd\\u007fe\\u202ef\\u2066g",
    );
  });

  it("leaves letters of every script alone", () => {
    expect(escapeControls("Tromsø – Åre, 東京, القاهرة")).toBe("Tromsø – Åre, 東京, القاهرة");
  });

  it("applies to the value a reason quotes", () => {
    expect(preview("x\u009b31m\u202e")).toBe('"x\\u009b31m\\u202e"');
  });

  it("quotes a value nested too deep to write out without failing", () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(preview(deep)).toBe("[…]");
  });
});
