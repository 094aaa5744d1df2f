import { describe, expect, it } from "vitest";
import { convertMoney, formatMoney, isCurrencyCode, minorDigits, roundMoney, sumMoney, type FxRates } from "#app/utils/money.ts";

// The ECB's rates of 13 June 2019 (docs/partner-formats/ecb-eurofxref.md).
const RATES: FxRates = {
  date: "2019-06-13",
  perEur: new Map([
    ["SEK", 10.6968],
    ["NOK", 9.772],
    ["DKK", 7.4678],
    ["JPY", 122.44],
  ]),
};
/** Intl writes a no-break space between groups and before the unit; tests read plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatMoney", () => {
  it.each([
    [{ amount: 1850, currency: "SEK" }, "1 850 kr"],
    [{ amount: 1849.5, currency: "SEK" }, "1 850 kr"],
    [{ amount: 12_345_678, currency: "SEK" }, "12 345 678 kr"],
    [{ amount: 99.5, currency: "EUR" }, "99,50 €"],
    [{ amount: 99, currency: "EUR" }, "99 €"],
    [{ amount: 0.999, currency: "EUR" }, "1 €"],
    [{ amount: 1850, currency: "NOK" }, "1 850 Nkr"],
    [{ amount: 1850.4, currency: "DKK" }, "1 850 Dkr"],
    [{ amount: 15000, currency: "JPY" }, "15 000 JPY"],
  ])("%j is %s", (money, text) => {
    expect(plain(formatMoney(money))).toBe(text);
  });
});

describe("rounding and sums", () => {
  it("rounds to the currency's minor unit, halves away from zero, as written", () => {
    expect(minorDigits("SEK")).toBe(2);
    expect(minorDigits("JPY")).toBe(0);
    expect(roundMoney({ amount: 1.005, currency: "EUR" })).toEqual({ amount: 1.01, currency: "EUR" });
    expect(roundMoney({ amount: 122.5, currency: "JPY" })).toEqual({ amount: 123, currency: "JPY" });
  });

  it("adds base, taxes and fees without binary fractions showing", () => {
    expect(sumMoney("EUR", [0.1, 0.2])).toEqual({ amount: 0.3, currency: "EUR" });
    expect(sumMoney("SEK", [1200, 144.5, 25.25])).toEqual({ amount: 1369.75, currency: "SEK" });
  });
});

describe("convertMoney", () => {
  it("converts through the euro", () => {
    expect(convertMoney({ amount: 100, currency: "EUR" }, "SEK", RATES)).toEqual({ amount: 1069.68, currency: "SEK" });
    expect(convertMoney({ amount: 1069.68, currency: "SEK" }, "EUR", RATES)).toEqual({ amount: 100, currency: "EUR" });
    // 1 NOK = 10.6968 / 9.772 SEK
    expect(convertMoney({ amount: 1000, currency: "NOK" }, "SEK", RATES)).toEqual({ amount: 1094.64, currency: "SEK" });
    expect(convertMoney({ amount: 500, currency: "SEK" }, "SEK", RATES)).toEqual({ amount: 500, currency: "SEK" });
  });

  it("says it cannot when the rates lack a currency", () => {
    expect(convertMoney({ amount: 100, currency: "USD" }, "SEK", RATES)).toBeNull();
    expect(convertMoney({ amount: 100, currency: "SEK" }, "CHF", RATES)).toBeNull();
  });
});

describe("isCurrencyCode", () => {
  it("accepts ISO 4217 codes in upper case only", () => {
    for (const code of ["SEK", "EUR", "NOK", "DKK", "USD", "JPY", "ISK"]) expect(isCurrencyCode(code)).toBe(true);
    for (const code of ["sek", "Sek", "XYZ", "kronor", "SE", "SEKK", "", " SEK"]) expect(isCurrencyCode(code)).toBe(false);
  });
});
