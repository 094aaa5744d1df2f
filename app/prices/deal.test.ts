import { describe, expect, it } from "vitest";
import { comparableStay, dealExplanation, isDeal, seasonOf, usualIn, type UsualPrice } from "./deal.ts";
import { SEK_DISPLAY } from "#app/utils/money.ts";

const usual = (fields: Partial<UsualPrice> = {}): UsualPrice => ({ month: 3, nights: 2, medianSek: 1000, observations: 20, ...fields });

describe("the deal rule", () => {
  it("marks a price at least 15 % below the median, and not one a krona above that", () => {
    expect(isDeal(850, usual())).toBe(true);
    expect(isDeal(700, usual())).toBe(true);
    expect(isDeal(850.01, usual())).toBe(false);
    expect(isDeal(851, usual())).toBe(false);
    expect(isDeal(1000, usual())).toBe(false);
    // 15 % of an amount with öre: 1 650 × 0.85 = 1 402.50.
    expect(isDeal(1402.5, usual({ medianSek: 1650 }))).toBe(true);
    expect(isDeal(1402.51, usual({ medianSek: 1650 }))).toBe(false);
  });

  it("needs 20 observations: 19 are not enough, however low the price", () => {
    expect(isDeal(500, usual({ observations: 19 }))).toBe(false);
    expect(isDeal(500, usual({ observations: 20 }))).toBe(true);
  });

  it("gives no badge without a price or a history", () => {
    expect(isDeal(null, usual())).toBe(false);
    expect(isDeal(undefined, usual())).toBe(false);
    expect(isDeal(500, null)).toBe(false);
    expect(isDeal(0, usual())).toBe(false);
  });
});

describe("comparable stays", () => {
  it("compares a check-in with the same calendar month, whatever its day or year", () => {
    expect(seasonOf("2027-03-01")).toBe(3);
    expect(seasonOf("2026-03-31")).toBe(3);
    expect(seasonOf("2027-04-01")).toBe(4);
    const history = {
      nights: 2,
      months: Array.from({ length: 12 }, (_, index) => ({
        month: index + 1,
        medianSek: index === 2 ? 1650 : null,
        observations: index === 2 ? 24 : 0,
      })),
    };
    expect(usualIn(history, 3)).toEqual({ month: 3, nights: 2, medianSek: 1650, observations: 24 });
    expect(usualIn(history, 4)).toBeNull();
  });

  it("speaks only for a dated stay of two adults in one room (the history's party)", () => {
    const dated = { checkIn: "2027-03-12", checkOut: "2027-03-14" };
    expect(comparableStay({ ...dated, adults: 2, rooms: 1 })).toEqual({ checkIn: "2027-03-12", nights: 2, month: 3 });
    expect(comparableStay({ ...dated, adults: 1, rooms: 1 })).toBeNull();
    expect(comparableStay({ ...dated, adults: 2, rooms: 2 })).toBeNull();
    expect(comparableStay({ checkIn: null, checkOut: null, adults: 2, rooms: 1 })).toBeNull();
  });

  it("explains the badge in one line", () => {
    // Amounts keep their non-breaking spaces (money.ts); read here as plain ones.
    const explain = (...args: Parameters<typeof dealExplanation>) => dealExplanation(...args).replaceAll("\u00a0", " ");
    expect(explain(usual({ medianSek: 1650 }), 1390, SEK_DISPLAY)).toBe("Vanligtvis 1 650 kr för 2 nätter i mars; nu 1 390 kr");
    expect(explain(usual({ nights: 1, month: 12, medianSek: 900 }), 700, SEK_DISPLAY)).toBe(
      "Vanligtvis 900 kr för 1 natt i december; nu 700 kr",
    );
  });
});
