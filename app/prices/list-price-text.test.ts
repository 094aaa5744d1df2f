import { describe, expect, it } from "vitest";
import { priceDisplay } from "#app/utils/money.ts";
import { cardPriceText } from "./list-price-text.ts";

// Intl writes Swedish amounts with no-break spaces; compare as a visitor reads them.
const read = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/[\u00a0\u202f]/g, " ")) as unknown;

describe("cardPriceText", () => {
  it("gives the stay's total with its nights, the taxes and the per-night average", () => {
    expect(read(cardPriceText({ kind: "stay", amountSek: 4390, nights: 3, partners: 3 }, false))).toEqual({
      kind: "stay",
      amount: "4 390 kr",
      terms: "för 3 nätter, inkl. skatter och avgifter",
      perNight: "1 463 kr / natt",
      partners: "hos 3 sajter",
    });
    expect(read(cardPriceText({ kind: "stay", amountSek: 1250, nights: 1, partners: 1 }, false))).toMatchObject({
      terms: "för 1 natt, inkl. skatter och avgifter",
      perNight: "1 250 kr / natt",
      partners: "hos 1 sajt",
    });
  });

  it("gives the lead price per night without dates", () => {
    expect(read(cardPriceText({ kind: "lead", amountSek: 1390, nights: null, partners: 2 }, false))).toEqual({
      kind: "lead",
      amount: "1 390 kr",
      partners: "hos 2 sajter",
    });
  });

  it("says the stay is sold out instead of any price, and nothing without a price", () => {
    expect(cardPriceText({ kind: "stay", amountSek: 4390, nights: 3, partners: 3 }, true)).toEqual({
      kind: "sold-out",
      text: "Inga lediga rum för dina datum",
    });
    expect(cardPriceText(null, false)).toEqual({ kind: "none" });
  });

  it("writes every amount in the display currency", () => {
    const euros = priceDisplay("EUR", { date: "2026-11-30", perEur: new Map([["SEK", 11]]) });
    expect(read(cardPriceText({ kind: "stay", amountSek: 4390, nights: 3, partners: 3 }, false, euros))).toMatchObject({
      amount: "399,09 €",
      perNight: "133,03 € / natt",
    });
  });
});
