/**
 * Live answers merged into the stored prices a page shows (decision 067). For a partner that
 * answered, its live prices replace its stored ones for those hotels and this stay (an empty
 * answer: no rooms there); for a partner that was late, failed or whose breaker is open, its
 * stored prices stay and the page names it ("Booking.com svarade inte i tid"). Pure; shared by
 * server and browser.
 */
import { ANY_CONDITIONS } from "#app/prices/conditions.ts";
import { bestPerPartner, type ListPrice, type PriceOffer } from "#app/prices/price-offer.ts";
import { convertMoney, HOME_CURRENCY, type FxRates } from "#app/utils/money.ts";
import type { LiveQuote } from "./connector.ts";

/** How asking a partner went for this page. */
export type LiveOutcome = "answered" | "late" | "failed" | "breaker-open";

/** A partner's answer for one hotel: its quotes ([]: nothing for the stay), and when it was fetched. */
export interface LiveHotelAnswer {
  hotelId: string;
  quotes: LiveQuote[];
  /** ISO timestamp. */
  fetchedAt: string;
}

/** One partner's live part of a page. */
export interface PartnerLive {
  partnerId: string;
  partnerName: string;
  partnerHost: string;
  partnerLogo: string | null;
  outcome: LiveOutcome;
  /** hotels.id of the hotels the partner has an id for (those asked about). */
  asked: string[];
  /** The answers there are (fresh from the shared cache, or from this call); the others keep stored prices. */
  answers: LiveHotelAnswer[];
}

/** The words a page shows for a partner that did not answer in time (late, failed or not asked). */
export const lateNote = (partnerName: string) => `${partnerName} svarade inte i tid`;

/** The text the page shows while it waits for live prices (client navigations). */
export const LIVE_PENDING_TEXT = "Hämtar aktuella priser…";

/** The bits of app/prices/conditions.ts a quote meets. */
export function quoteConditions(quote: Pick<LiveQuote, "breakfastIncluded" | "refundable" | "payAtHotel">): number {
  return (quote.breakfastIncluded ? 1 : 0) | (quote.refundable ? 2 : 0) | (quote.payAtHotel ? 4 : 0);
}

type PartnerFacts = Pick<PartnerLive, "partnerId" | "partnerName" | "partnerHost" | "partnerLogo">;

/** A live quote as the pages' PriceOffer: the stay's total, converted to SEK at the stored ECB rates like stored prices. */
export function liveOffer(quote: LiveQuote, partner: PartnerFacts, nights: number, rates: FxRates | null, fetchedAt: string): PriceOffer {
  const sek =
    quote.currency === HOME_CURRENCY
      ? quote.total
      : rates
        ? (convertMoney({ amount: quote.total, currency: quote.currency }, HOME_CURRENCY, rates)?.amount ?? null)
        : null;
  return {
    partnerId: partner.partnerId,
    partnerName: partner.partnerName,
    partnerHost: partner.partnerHost,
    partnerLogo: partner.partnerLogo,
    kind: "stay",
    source: "live",
    currency: quote.currency,
    base: quote.base,
    tax: quote.tax,
    fees: quote.fees,
    total: quote.total,
    totalSek: sek,
    nights,
    conditions: quoteConditions(quote),
    breakfastIncluded: quote.breakfastIncluded,
    refundable: quote.refundable,
    freeCancellationUntil: quote.refundable ? quote.freeCancellationUntil : null,
    payAtHotel: quote.payAtHotel,
    roomName: quote.roomName,
    landingUrl: quote.landingUrl,
    confirmedAt: fetchedAt,
    payAtPropertyCharges: quote.payAtPropertyCharges,
    moreChargesMayApply: quote.additionalChargesMayApply ?? false,
  };
}

export interface MergedOffers {
  /** Each partner's cheapest offer meeting the wanted conditions, per hotel, cheapest first; hotels without any are absent. */
  offers: Map<string, PriceOffer[]>;
  /** Per hotel, the partners that answered live that they have nothing for the stay. */
  unavailable: Map<string, string[]>;
  /** Partners that did not answer (late, failed, breaker open), in the order asked. */
  late: { partnerId: string; partnerName: string }[];
}

/**
 * The offers a page shows once the live answers are in: `stored` is stayOffers' map (each
 * partner's best per hotel for `wanted`), `live` askLive's answers.
 */
export function mergeLiveOffers(
  stored: ReadonlyMap<string, readonly PriceOffer[]>,
  live: readonly PartnerLive[],
  { nights, rates, wanted = ANY_CONDITIONS }: { nights: number; rates: FxRates | null; wanted?: number },
): MergedOffers {
  const hotels = new Set([...stored.keys(), ...live.flatMap((partner) => partner.answers.map((answer) => answer.hotelId))]);
  const offers = new Map<string, PriceOffer[]>();
  const unavailable = new Map<string, string[]>();
  for (const hotelId of hotels) {
    let list: PriceOffer[] = [...(stored.get(hotelId) ?? [])];
    for (const partner of live) {
      const answer = partner.answers.find((candidate) => candidate.hotelId === hotelId);
      if (!answer) continue;
      list = list.filter((offer) => offer.partnerId !== partner.partnerId);
      list.push(...answer.quotes.map((quote) => liveOffer(quote, partner, nights, rates, answer.fetchedAt)));
      if (!answer.quotes.length) unavailable.set(hotelId, [...(unavailable.get(hotelId) ?? []), partner.partnerName]);
    }
    const best = bestPerPartner(list, wanted);
    if (best.length) offers.set(hotelId, best);
  }
  return {
    offers,
    unavailable,
    late: live
      .filter((partner) => partner.outcome !== "answered")
      .map((partner) => ({ partnerId: partner.partnerId, partnerName: partner.partnerName })),
  };
}

/** A list card's price for the stay from merged offers (the same rule as listStayPrices), or null. */
export function listPriceOf(offers: readonly PriceOffer[] | undefined, nights: number): ListPrice | null {
  const priced = (offers ?? []).filter((offer) => offer.totalSek !== null);
  if (!priced.length) return null;
  const cheapest = Math.min(...priced.map((offer) => offer.totalSek!));
  return { kind: "stay", amountSek: cheapest, nights, partners: new Set(priced.map((offer) => offer.partnerId)).size };
}

/** The live part of a list page: each asked hotel's card price and sold-out mark, and the partners that did not answer. */
export interface LiveListPart {
  prices: Record<string, { price: ListPrice | null; soldOut: boolean }>;
  late: { partnerId: string; partnerName: string }[];
}

/** The cards with their live prices (hotels the partners were not asked about keep theirs). */
export function withLiveListPart<Card extends { id: string; price: ListPrice | null; soldOut: boolean }>(
  hotels: readonly Card[],
  part: LiveListPart,
): Card[] {
  return hotels.map((hotel) => {
    const live = part.prices[hotel.id];
    return live ? { ...hotel, price: live.price, soldOut: live.soldOut } : hotel;
  });
}
