/**
 * A partner's search API, asked live for a visitor's stay (DESIGN §4.12, decision 067): one
 * module per API implements PartnerConnector (Booking.com's Demand API v3.2 first). A connector
 * only translates: our stay and our hotels' ids at the partner in, prices per stay out, in the
 * rates model the stored prices use. Budgets, caching, the breaker and the health record are
 * app/live-prices/live-prices.server.ts's; a connector throws ConnectorError for anything but a
 * usable answer. Pure types and rules, shared by the server and the back office's screens.
 */

/** How the visitor browses: partners price and link differently per platform. */
export type Platform = "desktop" | "mobile" | "tablet";

/** The stay asked about: dates as YYYY-MM-DD (the stay's own days), the party, the booker. */
export interface LiveStay {
  checkIn: string;
  checkOut: string;
  adults: number;
  rooms: number;
  /** ISO 3166-1 alpha-2, lower case: our visitors are in Sweden. */
  bookerCountry: "se";
  platform: Platform;
}

/** One of our hotels and its id at the partner (from hotel_partner_ids). */
export interface PartnerHotel {
  /** hotels.id */
  hotelId: string;
  partnerHotelId: string;
}

/**
 * A partner's price for the whole stay (every night and room) in one product (room and its
 * conditions), in the partner's currency, in the shape of app/prices/price-offer.ts's PriceOffer.
 */
export interface LiveQuote {
  hotelId: string;
  partnerHotelId: string;
  /** ISO 4217, as the partner priced it. */
  currency: string;
  /** The price before charges. */
  base: number;
  /** Taxes included in `total` (null when the partner does not break them out). */
  tax: number | null;
  /** Fees (service, city, cleaning…) included in `total` (null when not broken out). */
  fees: number | null;
  /** What the visitor pays for the stay with every mandatory charge that is part of the price. */
  total: number;
  /**
   * Mandatory charges paid at the property, not part of `total` (a city tax paid on arrival):
   * shown beside the price as the partner's pricing rules require; null when none.
   */
  payAtPropertyCharges: number | null;
  breakfastIncluded: boolean;
  refundable: boolean;
  /** ISO timestamp; null when not refundable or no deadline is given. */
  freeCancellationUntil: string | null;
  payAtHotel: boolean;
  roomName: string | null;
  /** The partner's page for this hotel and stay, with our affiliate id. */
  landingUrl: string;
  /**
   * The partner's own breakdown of `total` and `payAtPropertyCharges`, charge by charge, for a
   * page that details them as the partner's pricing rules ask (each charge on its own line, under
   * the partner's name for it); absent when the partner gives none.
   */
  charges?: LiveCharge[];
  /**
   * Some charges apply only under conditions or cannot be calculated beforehand: the price must
   * then say that additional charges may apply (Booking.com's "displaying pricing information").
   */
  additionalChargesMayApply?: boolean;
}

/** One charge of a quote (a tax or a fee) as the partner itemised it. */
export interface LiveCharge {
  /** The partner's code for the kind of charge (Booking.com: a charge type id of /accommodations/constants). */
  code: string;
  /** Part of the quote's `total` (else paid at the property, or only under its condition). */
  includedInTotal: boolean;
  /** Charged only when a condition holds (an age, a pet…): not part of `payAtPropertyCharges`. */
  conditional: boolean;
  /** How the partner computes it (Booking.com: percentage, per_night, per_person_per_stay, incalculable…), when given. */
  mode: string | null;
  /** Its amount for the whole stay in the quote's currency; null when it cannot be calculated beforehand. */
  amount: number | null;
  /** The percentage of the base price, for a charge given as one. */
  percentage: number | null;
}

/** A search's answer: quotes per hotel, and the hotels the partner has nothing for on these dates. */
export interface LiveSearchAnswer {
  quotes: LiveQuote[];
  /** hotels.id of the hotels asked about that the partner answered without availability. */
  unavailable: string[];
}

export interface ConnectorCallOptions {
  /** Aborted when the caller stops waiting (the budget, or shutdown). */
  signal: AbortSignal;
}

export interface PartnerConnector {
  /** partners.id of the partner whose API this is ('booking'). */
  readonly partnerId: string;
  /** For people: "Booking.com". */
  readonly partnerName: string;
  /** The cheapest products of each hotel for the stay (list and place pages, up to a page of hotels). */
  search(stay: LiveStay, hotels: readonly PartnerHotel[], options: ConnectorCallOptions): Promise<LiveSearchAnswer>;
  /** Every product of one hotel for the stay (the hotel page's comparison). */
  availability(stay: LiveStay, hotel: PartnerHotel, options: ConnectorCallOptions): Promise<LiveSearchAnswer>;
}

/** Why a call gave no usable answer: what the health screen and the breaker count. */
export type ConnectorFailure = "timeout" | "unauthorized" | "rate-limited" | "rejected" | "server-error" | "malformed" | "network";

export class ConnectorError extends Error {
  readonly failure: ConnectorFailure;
  /** The HTTP status, when there was one. */
  readonly status: number | null;
  /** Seconds the partner asked us to wait (Retry-After), when it said. */
  readonly retryAfterSeconds: number | null;
  /** The partner's id of the request (its error body's request_id), for its support. */
  readonly requestId: string | null;
  constructor(
    failure: ConnectorFailure,
    message: string,
    details: { status?: number | null; retryAfterSeconds?: number | null; requestId?: string | null; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "ConnectorError";
    this.failure = failure;
    this.status = details.status ?? null;
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
    this.requestId = details.requestId ?? null;
  }
}

/** The platform a user agent browses on, as partners' APIs distinguish it. */
export function platformOf(userAgent: string | null | undefined): Platform {
  const agent = userAgent ?? "";
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(agent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android.*Mobile|Windows Phone/i.test(agent)) return "mobile";
  return "desktop";
}
