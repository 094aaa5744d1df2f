import { describe, expect, it } from "vitest";
import { priceDisplay, SEK_DISPLAY, type FxRates } from "#app/utils/money.ts";
import {
  checkedAgoText,
  conditionLabels,
  conversionNote,
  currencyFallbackNote,
  formatShown,
  partnerAmountText,
  partsText,
  chargesBeyondTotal,
  perNightText,
  withPriceChoices,
} from "./offer-display.ts";
import type { PriceOffer } from "./price-offer.ts";

const plain = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, " ") ?? null;
const RATES: FxRates = { date: "2026-11-26", perEur: new Map([["SEK", 11]]) };

const offer = (over: Partial<PriceOffer> = {}): PriceOffer => ({
  partnerId: "p",
  partnerName: "P",
  partnerHost: "p.example",
  partnerLogo: null,
  kind: "stay",
  source: "nightly",
  currency: "SEK",
  base: 3900,
  tax: 390,
  fees: 99,
  total: 4389,
  totalSek: 4389,
  nights: 3,
  conditions: 0,
  breakfastIncluded: false,
  refundable: false,
  freeCancellationUntil: null,
  payAtHotel: false,
  roomName: null,
  landingUrl: "https://p.example/",
  confirmedAt: "2026-11-26T10:00:00Z",
  ...over,
});

describe("checkedAgoText", () => {
  const now = "2026-11-26T12:00:00Z";
  it.each([
    ["2026-11-26T12:00:00Z", "Pris kontrollerat nyss"],
    ["2026-11-26T12:05:00Z", "Pris kontrollerat nyss"],
    ["2026-11-26T11:59:00Z", "Pris kontrollerat för 1 minut sedan"],
    ["2026-11-26T11:15:30Z", "Pris kontrollerat för 44 minuter sedan"],
    ["2026-11-26T11:00:00Z", "Pris kontrollerat för 1 timme sedan"],
    ["2026-11-26T09:30:00Z", "Pris kontrollerat för 2 timmar sedan"],
    ["2026-11-25T12:00:01Z", "Pris kontrollerat för 23 timmar sedan"],
    ["2026-11-25T12:00:00Z", "Pris kontrollerat för 1 dag sedan"],
    ["2026-11-23T08:00:00Z", "Pris kontrollerat för 3 dagar sedan"],
  ])("confirmed %s", (confirmedAt, text) => {
    expect(checkedAgoText(confirmedAt, now)).toBe(text);
  });
});

describe("an offer's text", () => {
  it("gives the total, the average per night and the parts", () => {
    expect(plain(formatShown(offer(), SEK_DISPLAY))).toBe("4 389 kr");
    expect(plain(perNightText(offer(), SEK_DISPLAY))).toBe("1 463 kr / natt i snitt");
    expect(plain(partsText(offer()))).toBe("Pris 3 900 kr, skatter 390 kr, avgifter 99 kr");
    expect(partnerAmountText(offer(), SEK_DISPLAY)).toBeNull();
    expect(perNightText(offer({ kind: "lead", nights: null }), SEK_DISPLAY)).toBeNull();
    expect(partsText(offer({ base: null, tax: null, fees: null }))).toBeNull();
    expect(plain(partsText(offer({ fees: 0 })))).toBe("Pris 3 900 kr, skatter 390 kr");
  });

  it("never shows a base price alone: charges given only as a sum are named as such, and what is paid beyond the total", () => {
    // Booking.com gives the display price and its base; the charges in between have no kind we may name.
    const live = offer({ source: "live", base: 1850, tax: null, fees: null, total: 2072 });
    expect(plain(partsText(live))).toBe("Pris 1 850 kr, skatter och avgifter 222 kr");
    expect(partsText({ ...live, total: 1850 })).toBeNull();
    expect(chargesBeyondTotal(live)).toEqual([]);
    const more = { ...live, payAtPropertyCharges: 150, moreChargesMayApply: true };
    expect(chargesBeyondTotal(more).map(plain)).toEqual(["+ 150 kr betalas på hotellet", "Tillkommande avgifter kan förekomma"]);
  });

  it("converts another currency and names the partner's own amount and the rates' day", () => {
    const euro = offer({ currency: "EUR", base: 80, tax: 8, fees: 1.5, total: 89.5, totalSek: 984.5 });
    expect(plain(formatShown(euro, SEK_DISPLAY))).toBe("985 kr");
    expect(plain(partnerAmountText(euro, SEK_DISPLAY))).toBe("89,50 € hos partnern");
    const display = { ...SEK_DISPLAY, ratesDate: RATES.date };
    expect(conversionNote([offer(), euro], display)).toBe("Omräknat till kronor med ECB:s kurs den 26 november 2026");
    expect(conversionNote([offer()], display)).toBeNull();
    // Shown in euro: the partner's own euro amount, and the SEK offer converted.
    const inEuro = priceDisplay("EUR", RATES);
    expect(plain(formatShown(euro, inEuro))).toBe("89,50 €");
    expect(plain(formatShown(offer(), inEuro))).toBe("399 €");
    expect(conversionNote([euro, offer()], inEuro)).toBe("Omräknat till euro med ECB:s kurs den 26 november 2026");
    // No rates stored: kronor, and the page says why.
    expect(currencyFallbackNote("EUR", priceDisplay("EUR", null))).toBe(
      "Vi har ingen växelkurs för euro just nu, så priserna visas i kronor.",
    );
    expect(currencyFallbackNote("EUR", inEuro)).toBeNull();
  });

  it("names the conditions", () => {
    expect(conditionLabels(offer()).map((label) => label.text)).toEqual(["Utan frukost", "Ej återbetalningsbar"]);
    const good = offer({ breakfastIncluded: true, refundable: true, freeCancellationUntil: "2027-03-10T17:00:00Z", payAtHotel: true });
    expect(conditionLabels(good).map((label) => label.text)).toEqual([
      "Frukost ingår",
      "Gratis avbokning till 10 mars",
      "Betala på hotellet",
    ]);
    expect(conditionLabels(offer({ refundable: true })).map((label) => label.text)).toContain("Gratis avbokning");
  });
});

describe("withPriceChoices", () => {
  it("adds conditions and a currency other than SEK, keeping the rest", () => {
    expect(withPriceChoices("/a?incheckning=2027-01-01#priser", ["frukost", "avbokning"], "EUR")).toBe(
      "/a?incheckning=2027-01-01&villkor=frukost&villkor=avbokning&valuta=EUR#priser",
    );
    expect(withPriceChoices("/a?valuta=EUR#x", [], "SEK")).toBe("/a#x");
  });
});
