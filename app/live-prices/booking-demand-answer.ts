/**
 * Booking.com's Demand API v3.2, the pure half (docs/decisions/068-booking-demand-connector.md):
 * the request bodies of POST /accommodations/search and /accommodations/availability, zod schemas
 * of their answers and of the error body, and the mapping of an answer to LiveQuotes. The schemas
 * accept fields they do not name (the API adds fields within a version) and insist on the fields a
 * quote is made of: a hotel's id, its currencies, the `display` price and the landing `url`.
 *
 * Prices follow the pricing guide: `display` (base + the charges with `included_in.display`) is the
 * price shown, so it is the quote's `total`; charges not included and not conditional are paid at
 * the property; a conditional or incalculable charge means "additional charges may apply".
 */
import { z } from "zod";
import { roundMoney } from "#app/utils/money.ts";
import type { LiveCharge, LiveQuote, LiveSearchAnswer, LiveStay, PartnerHotel } from "./connector.ts";
import { ConnectorError } from "./connector.ts";

/** `accommodations` of /accommodations/search: at most 100 ids a request (searchInput, maxItems). */
export const SEARCH_MAX_ACCOMMODATIONS = 100;
/** `accommodations` of /accommodations/availability: "up to 50 accommodation IDs". */
export const AVAILABILITY_MAX_ACCOMMODATIONS = 50;
/** `rows` of a search: a multiple of 10 from 10 to 100 (default 100). */
export const SEARCH_ROWS = 100;

// ---------------------------------------------------------------------------------------------
// Requests

export interface BookingGuests {
  number_of_adults: number;
  number_of_rooms: number;
}

export interface BookingSearchRequest {
  accommodations: number[];
  booker: { country: string; platform: string };
  checkin: string;
  checkout: string;
  currency: string;
  extras: ("extra_charges" | "products")[];
  guests: BookingGuests;
  rows: number;
  /** The previous answer's metadata.next_page, for the next page. */
  page?: string;
}

export interface BookingAvailabilityRequest {
  accommodations: number[];
  booker: { country: string; platform: string };
  checkin: string;
  checkout: string;
  currency: string;
  extras: "extra_charges"[];
  guests: BookingGuests;
}

/** Booking.com's id of an accommodation ("10004"), or null for an id that cannot be one. */
export function accommodationId(partnerHotelId: string): number | null {
  const trimmed = partnerHotelId.trim();
  if (!/^[1-9]\d{0,11}$/.test(trimmed)) return null;
  return Number(trimmed);
}

const bookerOf = (stay: LiveStay) => ({ country: stay.bookerCountry, platform: stay.platform });
const guestsOf = (stay: LiveStay): BookingGuests => ({ number_of_adults: stay.adults, number_of_rooms: stay.rooms });

/** A search for the cheapest product of each of `ids`, with its charges and its products' policies. */
export function searchRequest(stay: LiveStay, ids: readonly number[], currency: string): BookingSearchRequest {
  return {
    accommodations: [...ids],
    booker: bookerOf(stay),
    checkin: stay.checkIn,
    checkout: stay.checkOut,
    currency,
    // Without extra_charges the answer has no base, display or charges; without products no policies.
    extras: ["extra_charges", "products"],
    guests: guestsOf(stay),
    rows: SEARCH_ROWS,
  };
}

/** Every product of `ids` for the stay, with their charges. */
export function availabilityRequest(stay: LiveStay, ids: readonly number[], currency: string): BookingAvailabilityRequest {
  return {
    accommodations: [...ids],
    booker: bookerOf(stay),
    checkin: stay.checkIn,
    checkout: stay.checkOut,
    currency,
    extras: ["extra_charges"],
    guests: guestsOf(stay),
  };
}

// ---------------------------------------------------------------------------------------------
// Answers

const amount = z.number().finite().nonnegative();
/** A price in the accommodation's and the booker's currency (either may be null). */
const perCurrency = z.object({ accommodation_currency: amount.nullish(), booker_currency: amount.nullish() });
const currencyCode = z.string().regex(/^[A-Z]{3}$/);

const charge = z.object({
  charge: z.number().int().nonnegative(),
  condition: z.number().int().nullish(),
  included_in: z.object({ display: z.boolean(), chargeable_online: z.boolean().nullish() }),
  // Absent in a search's summed price; other modes may come.
  mode: z.string().nullish(),
  percentage: z.number().nullish(),
  total_amount: perCurrency.nullish(),
});

const price = z.object({
  base: perCurrency,
  charges: z.array(charge).nullish(),
  display: perCurrency,
  total: perCurrency.nullish(),
});

const policies = z.object({
  cancellation: z
    .object({
      free_cancellation_until: z.iso.datetime({ offset: true }).nullish(),
      // free_cancellation | non_refundable | partially_refundable (search) | special_conditions (availability)
      type: z.string(),
    })
    .nullish(),
  meal_plan: z.object({ meals: z.array(z.string()).nullish(), plan: z.string() }).nullish(),
  payment: z.object({ prepayment_required: z.boolean().nullish(), timings: z.array(z.string()).nullish() }).nullish(),
});

const currencies = z.object({ accommodation: currencyCode.nullish(), booker: currencyCode.nullish() });
const webUrl = z.url({ protocol: /^https?$/ });

const searchProduct = z.object({
  id: z.string(),
  number_of_adults: z.number().int().nullish(),
  policies: policies.nullish(),
  price: price.nullish(),
  room: z.string().nullish(),
});

const searchAccommodation = z.object({
  id: z.number().int().positive(),
  currency: currencies,
  deep_link_url: z.string().nullish(),
  price,
  products: z.array(searchProduct).nullish(),
  url: webUrl,
});

export const searchAnswerSchema = z.object({
  request_id: z.string().nullish(),
  data: z.array(searchAccommodation),
  metadata: z.object({ next_page: z.string().min(1).nullish() }).nullish(),
});
export type BookingSearchAnswer = z.infer<typeof searchAnswerSchema>;

const availabilityProduct = z.object({
  id: z.string(),
  policies: policies.nullish(),
  price,
  room: z.string().nullish(),
});

const availabilityAccommodation = z.object({
  id: z.number().int().positive(),
  currency: currencies,
  deep_link_url: z.string().nullish(),
  products: z.array(availabilityProduct),
  recommendation: z.object({ price, products: z.array(z.object({ id: z.string() })).nullish() }).nullish(),
  url: webUrl,
});

export const availabilityAnswerSchema = z.object({
  request_id: z.string().nullish(),
  data: z.array(availabilityAccommodation),
});
export type BookingAvailabilityAnswer = z.infer<typeof availabilityAnswerSchema>;

/** The error body of every endpoint: `{request_id, errors: [{id, message}]}`. */
export const errorAnswerSchema = z.object({
  request_id: z.string().nullish(),
  errors: z.array(z.object({ id: z.string().nullish(), message: z.string().nullish() })).nullish(),
});

type Price = z.infer<typeof price>;
type Policies = z.infer<typeof policies>;
type Currencies = z.infer<typeof currencies>;
type CurrencyKey = "accommodation_currency" | "booker_currency";

function parsed<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue ? `${issue.path.join(".") || "(answer)"}: ${issue.message}` : "not the documented shape";
  const requestId =
    typeof json === "object" && json && "request_id" in json && typeof json.request_id === "string" ? json.request_id : null;
  throw new ConnectorError("malformed", `Booking.com's ${what} answer is not the documented v3.2 shape (${where})`, { requestId });
}

/** A search answer read against the v3.2 shape; ConnectorError "malformed" otherwise. */
export const parseSearchAnswer = (json: unknown): BookingSearchAnswer => parsed(searchAnswerSchema, json, "search");
/** An availability answer read against the v3.2 shape; ConnectorError "malformed" otherwise. */
export const parseAvailabilityAnswer = (json: unknown): BookingAvailabilityAnswer => parsed(availabilityAnswerSchema, json, "availability");

/** What an error answer says: its request id and its messages (null for a body of another shape). */
export function readErrorAnswer(text: string): { requestId: string | null; messages: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { requestId: null, messages: [] };
  }
  const result = errorAnswerSchema.safeParse(json);
  if (!result.success) return { requestId: null, messages: [] };
  const messages = (result.data.errors ?? []).map((error) => [error.id, error.message].filter(Boolean).join(": ")).filter(Boolean);
  return { requestId: result.data.request_id ?? null, messages };
}

/** Retry-After in seconds, as delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now: Date = new Date()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

// ---------------------------------------------------------------------------------------------
// Mapping to quotes

/**
 * The currency a hotel's prices are read in: the booker's (we ask for one) when the answer gives
 * it, else the accommodation's. Null when the display price is in neither.
 */
function currencyOf(currency: Currencies, display: Price["display"]): { key: CurrencyKey; code: string } | null {
  if (currency.booker && display.booker_currency != null) return { key: "booker_currency", code: currency.booker };
  if (currency.accommodation && display.accommodation_currency != null)
    return { key: "accommodation_currency", code: currency.accommodation };
  return null;
}

const round = (value: number, currency: string) => roundMoney({ amount: value, currency }).amount;

interface PriceParts {
  base: number;
  total: number;
  payAtPropertyCharges: number | null;
  charges?: LiveCharge[];
  additionalChargesMayApply: boolean;
}

/** A price's parts in one currency, as the pricing guide reads them. */
function priceParts(value: Price, key: CurrencyKey, currency: string, hotelId: number): PriceParts {
  const display = value.display[key];
  const base = value.base[key];
  if (display == null || base == null) {
    throw new ConnectorError("malformed", `Booking.com gave accommodation ${hotelId} no base and display price in ${currency}`);
  }
  if (!value.charges) {
    // Not itemised: what `total` adds to `display` is still paid beside it.
    const total = value.total?.[key];
    const beyond = total != null && total > display ? round(total - display, currency) : null;
    return { base, total: display, payAtPropertyCharges: beyond, additionalChargesMayApply: false };
  }
  const charges: LiveCharge[] = value.charges.map((item) => {
    const chargeAmount = item.mode === "incalculable" ? null : (item.total_amount?.[key] ?? null);
    return {
      code: String(item.charge),
      includedInTotal: item.included_in.display,
      conditional: item.condition != null,
      mode: item.mode ?? null,
      amount: chargeAmount,
      percentage: item.percentage ?? null,
    };
  });
  const atProperty = charges.filter((item) => !item.includedInTotal && !item.conditional && item.amount != null);
  const payAtProperty = atProperty.length
    ? round(
        atProperty.reduce((sum, item) => sum + (item.amount ?? 0), 0),
        currency,
      )
    : null;
  const mayApply = charges.some((item) => !item.includedInTotal && (item.conditional || item.amount == null));
  return { base, total: display, payAtPropertyCharges: payAtProperty || null, charges, additionalChargesMayApply: mayApply };
}

const BREAKFAST_PLANS = new Set(["breakfast_included", "half_board", "full_board", "all_inclusive"]);

interface Conditions {
  breakfastIncluded: boolean;
  refundable: boolean;
  freeCancellationUntil: string | null;
  payAtHotel: boolean;
}

/** A product's conditions; a value the documentation does not name reads as the condition not met. */
function conditionsOf(value: Policies | null | undefined): Conditions {
  const plan = value?.meal_plan;
  const breakfastIncluded = Boolean(plan && (BREAKFAST_PLANS.has(plan.plan) || plan.meals?.includes("breakfast")));
  const refundable = value?.cancellation?.type === "free_cancellation";
  const until = refundable ? value?.cancellation?.free_cancellation_until : null;
  return {
    breakfastIncluded,
    refundable,
    freeCancellationUntil: until ? new Date(until).toISOString() : null,
    payAtHotel: Boolean(value?.payment?.timings?.includes("pay_at_the_property")),
  };
}

/** The conditions of a set of products booked together: each holds only when it holds for all. */
function jointConditions(all: readonly Conditions[]): Conditions {
  if (!all.length) return { breakfastIncluded: false, refundable: false, freeCancellationUntil: null, payAtHotel: false };
  const refundable = all.every((item) => item.refundable);
  const deadlines = all.map((item) => item.freeCancellationUntil);
  const earliest = refundable && deadlines.every((deadline) => deadline !== null) ? [...(deadlines as string[])].sort()[0]! : null;
  return {
    breakfastIncluded: all.every((item) => item.breakfastIncluded),
    refundable,
    freeCancellationUntil: earliest,
    payAtHotel: all.every((item) => item.payAtHotel),
  };
}

/**
 * The landing page: the answer's web `url` (the property page, with the stay) with our affiliate
 * id as `aid` (or `affiliate_id`, where the answer spells it so) and the stay's dates and party,
 * whatever the answer put there.
 */
export function landingUrl(raw: string, affiliateId: string, stay: LiveStay): string {
  const url = new URL(raw);
  if (url.searchParams.has("affiliate_id")) url.searchParams.set("affiliate_id", affiliateId);
  else url.searchParams.set("aid", affiliateId);
  url.searchParams.set("checkin", stay.checkIn);
  url.searchParams.set("checkout", stay.checkOut);
  url.searchParams.set("group_adults", String(stay.adults));
  url.searchParams.set("no_rooms", String(stay.rooms));
  return url.toString();
}

/** Our hotels by Booking.com's id (two of our hotels may share one). */
export function hotelsByAccommodation(hotels: readonly PartnerHotel[]): Map<number, PartnerHotel[]> {
  const byId = new Map<number, PartnerHotel[]>();
  for (const hotel of hotels) {
    const id = accommodationId(hotel.partnerHotelId);
    if (id === null) continue;
    const list = byId.get(id);
    if (list) list.push(hotel);
    else byId.set(id, [hotel]);
  }
  return byId;
}

interface QuoteParts extends PriceParts, Conditions {
  currency: string;
  roomName: string | null;
  landingUrl: string;
}

const quotesFor = (hotels: readonly PartnerHotel[], parts: QuoteParts): LiveQuote[] =>
  hotels.map((hotel) => ({
    hotelId: hotel.hotelId,
    partnerHotelId: hotel.partnerHotelId,
    currency: parts.currency,
    base: parts.base,
    // The API gives charges by type id; which ids are taxes is only named in /accommodations/constants.
    tax: null,
    fees: null,
    total: parts.total,
    payAtPropertyCharges: parts.payAtPropertyCharges,
    breakfastIncluded: parts.breakfastIncluded,
    refundable: parts.refundable,
    freeCancellationUntil: parts.freeCancellationUntil,
    payAtHotel: parts.payAtHotel,
    roomName: parts.roomName,
    landingUrl: parts.landingUrl,
    ...(parts.charges ? { charges: parts.charges } : {}),
    additionalChargesMayApply: parts.additionalChargesMayApply,
  }));

/**
 * The quotes of search answers (every page of every chunk): per hotel its best-match price for the
 * whole party (the API's cheapest product, or the cheapest set of products for several rooms),
 * with the conditions every product of it meets. Hotels asked about but not in any answer are
 * unavailable; hotels in an answer that we did not ask about are left out.
 */
export function searchAnswer(
  answers: readonly BookingSearchAnswer[],
  hotels: readonly PartnerHotel[],
  stay: LiveStay,
  affiliateId: string,
): LiveSearchAnswer {
  const byId = hotelsByAccommodation(hotels);
  const quotes: LiveQuote[] = [];
  const answered = new Set<number>();
  for (const item of answers.flatMap((answer) => answer.data)) {
    const ours = byId.get(item.id);
    if (!ours || answered.has(item.id)) continue;
    answered.add(item.id);
    const currency = currencyOf(item.currency, item.price.display);
    if (!currency) throw new ConnectorError("malformed", `Booking.com gave accommodation ${item.id} a price in no currency it named`);
    const products = item.products ?? [];
    quotes.push(
      ...quotesFor(ours, {
        currency: currency.code,
        ...priceParts(item.price, currency.key, currency.code, item.id),
        ...jointConditions(products.map((product) => conditionsOf(product.policies))),
        // v3.2 names a product's room by id only; its name is in /accommodations/details.
        roomName: null,
        landingUrl: landingUrl(item.url, affiliateId, stay),
      }),
    );
  }
  const unavailable = [...byId].filter(([id]) => !answered.has(id)).flatMap(([, ours]) => ours.map((hotel) => hotel.hotelId));
  return { quotes, unavailable };
}

/**
 * The quotes of an availability answer for one hotel: every product, cheapest first, for a stay in
 * one room; for several rooms the API's recommended set of products (a product prices one room),
 * with the conditions all of them meet. No product: unavailable.
 */
export function availabilityAnswer(
  answer: BookingAvailabilityAnswer,
  hotel: PartnerHotel,
  stay: LiveStay,
  affiliateId: string,
): LiveSearchAnswer {
  const id = accommodationId(hotel.partnerHotelId);
  const item = answer.data.find((entry) => entry.id === id);
  if (!item || !item.products.length) return { quotes: [], unavailable: [hotel.hotelId] };
  const currency = currencyOf(item.currency, item.products[0]!.price.display);
  if (!currency) throw new ConnectorError("malformed", `Booking.com gave accommodation ${item.id} a price in no currency it named`);
  const link = landingUrl(item.url, affiliateId, stay);
  if (stay.rooms > 1) {
    const recommended = item.recommendation;
    if (!recommended) return { quotes: [], unavailable: [hotel.hotelId] };
    const chosen = (recommended.products ?? []).map((entry) => item.products.find((product) => product.id === entry.id));
    return {
      quotes: quotesFor([hotel], {
        currency: currency.code,
        ...priceParts(recommended.price, currency.key, currency.code, item.id),
        ...jointConditions(chosen.map((product) => conditionsOf(product?.policies))),
        roomName: null,
        landingUrl: link,
      }),
      unavailable: [],
    };
  }
  const quotes = item.products.flatMap((product) =>
    quotesFor([hotel], {
      currency: currency.code,
      ...priceParts(product.price, currency.key, currency.code, item.id),
      ...conditionsOf(product.policies),
      roomName: null,
      landingUrl: link,
    }),
  );
  quotes.sort((a, b) => a.total - b.total);
  return { quotes, unavailable: [] };
}
