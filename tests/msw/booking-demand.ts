/**
 * A stand-in for Booking.com's Demand API v3.2 (POST /accommodations/search and
 * /accommodations/availability) for msw v2, answering in the shapes of the v3.2 OpenAPI description
 * and guides (docs/decisions/068-booking-demand-connector.md). Third-party HTTP only.
 *
 * The answers are made by pure builders, exported for other tests, tests/booking-demand-stand-in.ts
 * (a real HTTP server) and benchmarks:
 * - bookingSearchAnswer / bookingAvailabilityAnswer: the asked ids with deterministic prices
 *   (a charge included in `display`, for some ids a city tax paid at the property and a conditional
 *   charge), one product per room, policies that vary with the id;
 * - bookingErrorAnswer: `{request_id, errors: [{id, message}]}`;
 * - bookingDemandReply: the whole reply (status, headers, body text) of a behaviour.
 *
 *   const booking = createBookingDemandMock();
 *   const server = setupServer(...booking.handlers);
 *   booking.set({ behaviour: "rate-limited" });
 */
import { delay, http, HttpResponse } from "msw";
import type { BookingAvailabilityRequest, BookingSearchRequest } from "#app/live-prices/booking-demand-answer.ts";

export const BOOKING_DEMAND_TEST_URL = "https://demandapi.booking.com/3.2";

export const BOOKING_BEHAVIOURS = [
  "ok",
  "no-availability",
  "paging",
  "validation-error",
  "unauthorized",
  "rate-limited",
  "server-error",
  "slow",
  "malformed",
] as const;
export type BookingBehaviour = (typeof BOOKING_BEHAVIOURS)[number];

export type BookingPath = "accommodations/search" | "accommodations/availability";

export interface BookingReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface BookingAnswerOptions {
  /** Results a page before metadata.next_page (default 100, the API's `rows`). */
  pageSize?: number;
  /** Seconds in Retry-After of a 429 (default 30). */
  retryAfter?: number;
}

/** SEK per EUR in the stand-in's answers: the accommodations price in EUR, the booker asks for SEK. */
export const STAND_IN_SEK_PER_EUR = 11.5;

const round2 = (value: number) => Math.round(value * 100) / 100;
const nightsOf = (checkin: string, checkout: string) => Math.max(1, Math.round((Date.parse(checkout) - Date.parse(checkin)) / 86_400_000));
const requestId = (seed: string) => `01stand${Buffer.from(seed).toString("hex").slice(0, 18).padEnd(18, "0")}`;

/** Both currencies of an amount given in the booker's currency (SEK unless the request asked another). */
function perCurrency(bookerAmount: number, bookerCurrency: string) {
  const accommodation = bookerCurrency === "EUR" ? bookerAmount : bookerAmount / STAND_IN_SEK_PER_EUR;
  return { accommodation_currency: round2(accommodation), booker_currency: round2(bookerAmount) };
}

/**
 * The stand-in's price of one room of accommodation `id` for a stay, in the booker's currency:
 * base, VAT 12 % of base (included), a city tax of 15 a person a night for ids divisible by 3 (not
 * included: paid at the property) and a conditional charge for ids divisible by 5.
 */
export function standInRoomPrice(id: number, nights: number, adults: number) {
  const base = (800 + (id % 37) * 25) * nights;
  const vat = round2(base * 0.12);
  const cityTax = id % 3 === 0 ? 15 * adults * nights : 0;
  return { base, vat, cityTax, conditional: id % 5 === 0, display: round2(base + vat), total: round2(base + vat + cityTax) };
}

function priceObject(
  parts: { base: number; vat: number; cityTax: number; conditional: boolean; display: number; total: number },
  currency: string,
  itemised: boolean,
) {
  const charges: Record<string, unknown>[] = [
    {
      charge: 21,
      condition: null,
      included_in: { display: true, chargeable_online: true },
      ...(itemised ? { mode: "percentage", percentage: 12, unit_amount: null } : {}),
      total_amount: perCurrency(parts.vat, currency),
    },
  ];
  if (parts.cityTax) {
    charges.push({
      charge: 22,
      condition: null,
      included_in: { display: false, chargeable_online: false },
      ...(itemised ? { mode: "per_person_per_night", percentage: null, unit_amount: perCurrency(15, currency) } : {}),
      total_amount: perCurrency(parts.cityTax, currency),
    });
  }
  if (parts.conditional) {
    charges.push({
      charge: 142,
      condition: 1,
      included_in: { display: false, chargeable_online: false },
      ...(itemised ? { mode: "incalculable", percentage: null, unit_amount: null } : {}),
      total_amount: null,
    });
  }
  return {
    base: perCurrency(parts.base, currency),
    charges,
    display: perCurrency(parts.display, currency),
    total: perCurrency(parts.total, currency),
  };
}

function policiesOf(id: number, checkin: string) {
  const dayBefore = new Date(Date.parse(checkin) - 86_400_000).toISOString().slice(0, 10);
  return {
    cancellation:
      id % 2 === 0
        ? { free_cancellation_until: `${dayBefore}T18:00:00+00:00`, type: "free_cancellation" }
        : { free_cancellation_until: null, type: "non_refundable" },
    meal_plan: id % 3 === 0 ? { meals: ["breakfast"], plan: "breakfast_included" } : { meals: [], plan: "no_plan" },
    payment: { prepayment_required: id % 4 !== 0, timings: id % 4 === 0 ? ["pay_at_the_property"] : ["pay_online_now"] },
  };
}

const sum = (items: readonly { base: number; vat: number; cityTax: number; display: number; total: number }[]) => ({
  base: round2(items.reduce((total, item) => total + item.base, 0)),
  vat: round2(items.reduce((total, item) => total + item.vat, 0)),
  cityTax: round2(items.reduce((total, item) => total + item.cityTax, 0)),
  display: round2(items.reduce((total, item) => total + item.display, 0)),
  total: round2(items.reduce((total, item) => total + item.total, 0)),
});

/** The adults of each of `rooms` rooms, as evenly as they go. */
const adultsPerRoom = (adults: number, rooms: number) =>
  Array.from({ length: rooms }, (_, room) => Math.floor(adults / rooms) + (room < adults % rooms ? 1 : 0));

function pageUrl(
  id: number,
  request: { checkin: string; checkout: string; guests: { number_of_adults: number; number_of_rooms: number } },
  affiliate: string,
) {
  return `https://www.booking.com/hotel/se/stand-in-${id}.html?${affiliate}&checkin=${request.checkin}&checkout=${request.checkout}&group_adults=${request.guests.number_of_adults}&no_rooms=${request.guests.number_of_rooms}`;
}

/** Accommodation ids the stand-in has nothing for: those ending in 9 (the others are all available). */
export const standInUnavailable = (id: number) => id % 10 === 9;

/**
 * A v3.2 search answer for `request`: each asked id that is available (see standInUnavailable),
 * with its best-match price for the party (one product per room) and its products; `offset` and
 * `pageSize` cut a page, with metadata.next_page when more follow.
 */
export function bookingSearchAnswer(
  request: BookingSearchRequest,
  options: BookingAnswerOptions & { offset?: number; available?: boolean } = {},
) {
  const currency = request.currency ?? "SEK";
  const nights = nightsOf(request.checkin, request.checkout);
  const available = options.available === false ? [] : request.accommodations.filter((id) => !standInUnavailable(id));
  const offset = options.offset ?? 0;
  const pageSize = options.pageSize ?? request.rows ?? 100;
  const page = available.slice(offset, offset + pageSize);
  const more = offset + pageSize < available.length;
  return {
    request_id: requestId(`search-${offset}-${request.accommodations.join(",")}`),
    data: page.map((id) => {
      const rooms = adultsPerRoom(request.guests.number_of_adults, request.guests.number_of_rooms).map((adults) => ({
        adults,
        parts: standInRoomPrice(id, nights, adults),
      }));
      const whole = { ...sum(rooms.map((room) => room.parts)), conditional: id % 5 === 0 };
      return {
        id,
        currency: { accommodation: "EUR", booker: currency },
        deep_link_url: `booking://hotel/${id}?affiliate_id=STAND_IN&checkin=${request.checkin}&checkout=${request.checkout}`,
        price: priceObject(whole, currency, false),
        products: rooms.map((room, index) => ({
          id: `${id}01_${95127794 + index}_${room.adults}_0_0`,
          bundle: null,
          children: [],
          deal: null,
          inventory: { third_party: false, type: "sell" },
          number_available: 3,
          number_of_adults: room.adults,
          policies: policiesOf(id, request.checkin),
          price: priceObject(room.parts, currency, true),
          room: `${id}01`,
        })),
        url: pageUrl(id, request, "affiliate_id=STAND_IN"),
      };
    }),
    metadata: { next_page: more ? `stand-in-page.${offset + pageSize}` : null, total_results: available.length },
  };
}

/**
 * A v3.2 availability answer: per available id two products for one room (standard, and a dearer
 * one with breakfast and free cancellation) and the recommendation for the party.
 */
export function bookingAvailabilityAnswer(request: BookingAvailabilityRequest, options: { available?: boolean } = {}) {
  const currency = request.currency ?? "SEK";
  const nights = nightsOf(request.checkin, request.checkout);
  const available = options.available === false ? [] : request.accommodations.filter((id) => !standInUnavailable(id));
  return {
    request_id: requestId(`availability-${request.accommodations.join(",")}`),
    data: available.map((id) => {
      const perRoom = adultsPerRoom(request.guests.number_of_adults, request.guests.number_of_rooms);
      const standard = standInRoomPrice(id, nights, perRoom[0] ?? 1);
      // The same room with breakfast: 200 a night more before VAT.
      const breakfastBase = standard.base + 200 * nights;
      const breakfastVat = round2(breakfastBase * 0.12);
      const breakfastDisplay = round2(breakfastBase + breakfastVat);
      const breakfast = {
        ...standard,
        base: breakfastBase,
        vat: breakfastVat,
        display: breakfastDisplay,
        total: round2(breakfastDisplay + standard.cityTax),
      };
      const products = [
        {
          id: `${id}01_358188572_${perRoom[0] ?? 1}_0_0`,
          bundle: null,
          deal: null,
          inventory: { third_party: false, type: "sell" },
          maximum_occupancy: { adults: 2, children: null, total: 2 },
          number_available: Math.max(1, request.guests.number_of_rooms),
          policies: policiesOf(id, request.checkin),
          price: priceObject(standard, currency, true),
          room: `${id}01`,
        },
        {
          id: `${id}02_358188573_${perRoom[0] ?? 1}_0_0`,
          bundle: null,
          deal: null,
          inventory: { third_party: false, type: "sell" },
          maximum_occupancy: { adults: 2, children: null, total: 2 },
          number_available: Math.max(1, request.guests.number_of_rooms),
          policies: {
            cancellation: {
              free_cancellation_until: `${request.checkin}T00:00:00+00:00`,
              type: "free_cancellation",
              schedule: [
                { from: "now", price: perCurrency(0, currency) },
                { from: `${request.checkin}T00:00:00+00:00`, price: perCurrency(breakfast.display, currency) },
              ],
            },
            meal_plan: { meals: ["breakfast"], plan: "breakfast_included" },
            payment: { prepayment_required: false, timings: ["pay_at_the_property"] },
          },
          price: priceObject(breakfast, currency, true),
          room: `${id}02`,
        },
      ];
      const party = perRoom.map((adults) => standInRoomPrice(id, nights, adults));
      return {
        id,
        currency: { accommodation: "EUR", booker: currency },
        deep_link_url: `booking://hotel/${id}?affiliate_id=STAND_IN&checkin=${request.checkin}&checkout=${request.checkout}`,
        products,
        recommendation: {
          price: priceObject({ ...sum(party), conditional: id % 5 === 0 }, currency, false),
          products: perRoom.map((adults) => ({ id: products[0]!.id, children: [], number_of_adults: adults })),
        },
        url: pageUrl(id, request, "aid=STAND_IN"),
      };
    }),
  };
}

/** The error body of every Demand API endpoint. */
export function bookingErrorAnswer(errors: readonly { id: string; message: string }[], seed = "error") {
  return { request_id: requestId(seed), errors: errors.map((error) => ({ ...error })) };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): BookingReply => ({
  status,
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

/** The page offset a `page` token of the stand-in's own stands for (0 for none or an unknown one). */
const offsetOf = (page: unknown) => (typeof page === "string" && /^stand-in-page\.\d+$/.test(page) ? Number(page.split(".")[1]) : 0);

/**
 * The stand-in's whole reply to a request in a behaviour ("slow" answers as "ok": the caller
 * waits). "paging" cuts search answers into pages of 2 unless `pageSize` says otherwise.
 */
export function bookingDemandReply(
  path: BookingPath,
  body: unknown,
  behaviour: BookingBehaviour,
  options: BookingAnswerOptions = {},
): BookingReply {
  switch (behaviour) {
    case "validation-error":
      return json(400, bookingErrorAnswer([{ id: "missing_parameter", message: "Parameter 'checkin' is missing." }], "validation"));
    case "unauthorized":
      return json(401, bookingErrorAnswer([{ id: "unauthorised", message: "Invalid or missing credentials." }], "unauthorized"));
    case "rate-limited":
      return json(429, bookingErrorAnswer([{ id: "too_many_requests", message: "Too many requests." }], "rate"), {
        "retry-after": String(options.retryAfter ?? 30),
      });
    case "server-error":
      return json(500, bookingErrorAnswer([{ id: "internal_error", message: "Internal server error." }], "server"));
    case "malformed":
      return { status: 200, headers: { "content-type": "application/json" }, body: '{"request_id":"01standmalformed","data":[{"id":' };
    default:
      break;
  }
  const available = behaviour !== "no-availability";
  if (path === "accommodations/availability")
    return json(200, bookingAvailabilityAnswer(body as BookingAvailabilityRequest, { available }));
  const request = body as BookingSearchRequest & { page?: string };
  const pageSize = options.pageSize ?? (behaviour === "paging" ? 2 : undefined);
  return json(200, bookingSearchAnswer(request, { pageSize, offset: offsetOf(request.page), available }));
}

export interface RecordedBookingRequest {
  path: BookingPath;
  authorization: string | null;
  affiliateId: string | null;
  contentType: string | null;
  body: unknown;
}

export interface BookingDemandMockOptions extends BookingAnswerOptions {
  /** The API's base URL (default https://demandapi.booking.com/3.2). */
  url?: string;
  behaviour?: BookingBehaviour;
  /** How long "slow" waits before answering (default: for ever, until the caller gives up). */
  delayMs?: number;
}

export function createBookingDemandMock(options: BookingDemandMockOptions = {}) {
  const url = (options.url ?? BOOKING_DEMAND_TEST_URL).replace(/\/+$/, "");
  let current: BookingDemandMockOptions = { ...options };
  const requests: RecordedBookingRequest[] = [];

  const handler = (path: BookingPath) =>
    http.post(`${url}/${path}`, async ({ request }) => {
      const text = await request.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Recorded as sent.
      }
      requests.push({
        path,
        authorization: request.headers.get("authorization"),
        affiliateId: request.headers.get("x-affiliate-id"),
        contentType: request.headers.get("content-type"),
        body,
      });
      const behaviour = current.behaviour ?? "ok";
      if (behaviour === "slow") await delay(current.delayMs ?? "infinite");
      const reply = bookingDemandReply(path, body, behaviour, current);
      return new HttpResponse(reply.body, { status: reply.status, headers: reply.headers });
    });

  return {
    url,
    handlers: [handler("accommodations/search"), handler("accommodations/availability")],
    /** Every request in order: path, the headers that matter, the JSON body. */
    requests,
    /** Changes how the next requests are answered (the options given at creation stay unless overridden). */
    set(next: Omit<BookingDemandMockOptions, "url">) {
      current = { ...options, ...next };
    },
    /** Back to the options given at creation; forgets the recorded requests. */
    reset() {
      current = { ...options };
      requests.length = 0;
    },
  };
}
