/**
 * The words a list card and a map marker put around a hotel's shown price (ListPrice): with dates
 * the stay's total with its nights and the per-night average, without dates "från X kr / natt",
 * and "Inga lediga rum för dina datum" when no partner can sell the stay. Every amount goes
 * through formatSek, so a marker and its card always write the same figure. Pure; shared by
 * server and browser.
 */
import { nightsLabel } from "#app/utils/stay.ts";
import { formatSek, SEK_DISPLAY, type PriceDisplay } from "#app/utils/money.ts";
import type { ListPrice } from "./price-offer.ts";

export const SOLD_OUT_TEXT = "Inga lediga rum för dina datum";
export const TAXES_INCLUDED_TEXT = "inkl. skatter och avgifter";

/** '3 sajter', '1 sajt'. */
const sitesLabel = (count: number) => `${count} ${count === 1 ? "sajt" : "sajter"}`;

export type CardPriceText =
  /** "4 390 kr" large, "för 3 nätter, inkl. skatter och avgifter", "1 463 kr / natt", "hos 3 sajter". */
  | { kind: "stay"; amount: string; terms: string; perNight: string; partners: string | null }
  /** "från 1 390 kr / natt", "hos 3 sajter". */
  | { kind: "lead"; amount: string; partners: string | null }
  | { kind: "sold-out"; text: string }
  | { kind: "none" };

/** What a card says about its hotel's price. */
export function cardPriceText(price: ListPrice | null, soldOut: boolean, display: PriceDisplay = SEK_DISPLAY): CardPriceText {
  // Sold out wins: a price the partners no longer sell for these dates is never shown.
  if (soldOut) return { kind: "sold-out", text: SOLD_OUT_TEXT };
  if (!price) return { kind: "none" };
  const partners = price.partners > 0 ? `hos ${sitesLabel(price.partners)}` : null;
  const amount = shownAmount(price, display);
  if (price.kind === "stay" && price.nights) {
    return {
      kind: "stay",
      amount,
      terms: `för ${nightsLabel(price.nights)}, ${TAXES_INCLUDED_TEXT}`,
      perNight: `${formatSek(price.amountSek / price.nights, display)} / natt`,
      partners,
    };
  }
  return { kind: "lead", amount, partners };
}

/** The amount a card shows large: the stay's total, or the lead price per night. */
export const shownAmount = (price: ListPrice, display: PriceDisplay = SEK_DISPLAY) => formatSek(price.amountSek, display);

/** A marker's pill: the card's amount, "4 390 kr" for the stay or "från 1 390 kr"; null without a price. */
export function markerPriceText(price: ListPrice | null, soldOut: boolean, display: PriceDisplay = SEK_DISPLAY): string | null {
  if (soldOut || !price) return null;
  return price.kind === "stay" ? shownAmount(price, display) : `från ${shownAmount(price, display)}`;
}

/**
 * The card's price on one line, for a marker's accessible name and popup and for the AI box's
 * answers: '4 390 kr för 3 nätter, inkl. skatter och avgifter', 'från 1 390 kr / natt'.
 */
export function priceInWords(price: ListPrice | null, soldOut: boolean, display: PriceDisplay = SEK_DISPLAY): string | null {
  const text = cardPriceText(price, soldOut, display);
  switch (text.kind) {
    case "stay":
      return `${text.amount} ${text.terms}`;
    case "lead":
      return `från ${text.amount} / natt`;
    case "sold-out":
      return text.text;
    case "none":
      return null;
  }
}
