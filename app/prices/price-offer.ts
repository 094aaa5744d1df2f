/**
 * A partner's offer as pages show it: for the visitor's stay (the whole stay, every night and
 * room, taxes and fees included) or, without dates, the lead price (the cheapest night of the next
 * 30 days for two adults in one room). Amounts in the partner's currency and in SEK at the latest
 * ECB rates. Pure; shared by server and browser.
 */
import { meetsConditions } from "./conditions.ts";

export interface PriceOffer {
  partnerId: string;
  partnerName: string;
  partnerHost: string;
  partnerLogo: string | null;
  /** "stay": for the visitor's dates; "lead": without dates, per night. */
  kind: "stay" | "lead";
  /**
   * Where the price came from: an itinerary price, a sum of nightly rates, an undated lead-in
   * offer, or the partner's API asked live for the stay (app/live-prices).
   */
  source: "itinerary" | "nightly" | "lead-in" | "live";
  /** The partner's currency (ISO 4217). */
  currency: string;
  /** The parts of a stay's price in the partner's currency (null for a lead price: only its total is kept). */
  base: number | null;
  tax: number | null;
  fees: number | null;
  /** The stay's total, or the lead price per night, in the partner's currency, taxes and fees included. */
  total: number;
  /** The same in SEK at the latest ECB rates; null when they lack the currency (then it is not compared). */
  totalSek: number | null;
  /** The stay's nights (null for a lead price). */
  nights: number | null;
  /** Bits of app/prices/conditions.ts. */
  conditions: number;
  breakfastIncluded: boolean;
  refundable: boolean;
  /** ISO timestamp; null when not refundable or the partner gave no deadline. */
  freeCancellationUntil: string | null;
  payAtHotel: boolean;
  roomName: string | null;
  /** The partner's page; /redirect fills the stay into the partner's deep link. */
  landingUrl: string;
  /** ISO timestamp: when the partner last confirmed the price. */
  confirmedAt: string;
  /**
   * Mandatory charges paid at the property, not part of `total` (a city tax paid on arrival), in
   * the partner's currency: shown beside the price, as a partner's pricing rules require. Live
   * answers only; absent or null when none.
   */
  payAtPropertyCharges?: number | null;
  /** Some charges apply only under conditions or cannot be calculated beforehand ("Tillkommande avgifter kan förekomma"). */
  moreChargesMayApply?: boolean;
}

/** Cheapest first (in SEK; a price that cannot be converted last), then by partner name. */
export function byPrice(a: PriceOffer, b: PriceOffer): number {
  const left = a.totalSek ?? Number.POSITIVE_INFINITY;
  const right = b.totalSek ?? Number.POSITIVE_INFINITY;
  return left - right || a.partnerName.localeCompare(b.partnerName, "sv");
}

/**
 * Each partner's cheapest offer that meets the wanted conditions, cheapest first: what a hotel
 * page compares, and the first of them is the price the hotel shows.
 */
export function bestPerPartner(offers: readonly PriceOffer[], wanted: number): PriceOffer[] {
  const best = new Map<string, PriceOffer>();
  for (const offer of offers) {
    if (!meetsConditions(offer.conditions, wanted)) continue;
    const current = best.get(offer.partnerId);
    if (!current || byPrice(offer, current) < 0) best.set(offer.partnerId, offer);
  }
  return [...best.values()].sort(byPrice);
}

/** The offer that gives a hotel's shown price: the cheapest meeting the conditions, or null. */
export function shownOffer(offers: readonly PriceOffer[], wanted: number): PriceOffer | null {
  const first = bestPerPartner(offers, wanted)[0];
  return first && first.totalSek !== null ? first : null;
}

/**
 * What a list card and a map marker show for a hotel (HotelSummary.price): decided on the server by
 * the same rule as shownOffer (lists read it in one query for the page's hotels).
 */
export interface ListPrice {
  kind: "stay" | "lead";
  /** SEK, taxes and fees included: the stay's total, or per night without dates ("från X kr / natt"). */
  amountSek: number;
  /** The stay's nights (null for a lead price). */
  nights: number | null;
  /** How many partners sell it (for the stay and the conditions, when given). */
  partners: number;
}
