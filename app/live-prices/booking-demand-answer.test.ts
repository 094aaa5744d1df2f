/**
 * Booking.com Demand API v3.2's pure half: request bodies, the answers' schemas and their mapping
 * to quotes as the pricing guide reads a price (display shown; excluded charges paid at the
 * property; conditional or incalculable ones "may apply").
 */
import { describe, expect, it } from "vitest";
import {
  accommodationId,
  availabilityAnswer,
  availabilityRequest,
  landingUrl,
  parseAvailabilityAnswer,
  parseSearchAnswer,
  readErrorAnswer,
  retryAfterSeconds,
  searchAnswer,
  searchRequest,
} from "./booking-demand-answer.ts";
import { ConnectorError, type LiveStay } from "./connector.ts";

const stay: LiveStay = { checkIn: "2027-03-12", checkOut: "2027-03-14", adults: 2, rooms: 1, bookerCountry: "se", platform: "mobile" };
const AFFILIATE = "123456";

const money = (sek: number, eur = Math.round((sek / 11.5) * 100) / 100) => ({ accommodation_currency: eur, booker_currency: sek });

/** A product in the v3.2 search shape: a room with VAT included, a city tax paid at the property, a conditional charge. */
function product(id: string, over: Record<string, unknown> = {}) {
  return {
    id,
    bundle: null,
    children: [],
    deal: null,
    inventory: { third_party: false, type: "sell" },
    number_of_adults: 2,
    policies: {
      cancellation: { free_cancellation_until: "2027-03-10T23:59:00+01:00", type: "free_cancellation" },
      meal_plan: { meals: ["breakfast"], plan: "breakfast_included" },
      payment: { prepayment_required: false, timings: ["pay_at_the_property"] },
    },
    price: {
      base: money(2000),
      charges: [
        {
          charge: 21,
          condition: null,
          included_in: { display: true, chargeable_online: true },
          mode: "percentage",
          percentage: 12,
          total_amount: money(240),
          unit_amount: null,
        },
        {
          charge: 22,
          condition: null,
          included_in: { display: false, chargeable_online: false },
          mode: "per_person_per_night",
          percentage: null,
          total_amount: money(60),
          unit_amount: money(15),
        },
        {
          charge: 142,
          condition: 3,
          included_in: { display: false, chargeable_online: false },
          mode: "per_stay",
          percentage: null,
          total_amount: money(100),
          unit_amount: null,
        },
      ],
      display: money(2240),
      total: money(2300),
    },
    room: "100401",
    ...over,
  };
}

function accommodation(id: number, over: Record<string, unknown> = {}) {
  return {
    id,
    currency: { accommodation: "EUR", booker: "SEK" },
    deep_link_url: `booking://hotel/${id}?affiliate_id=${AFFILIATE}&checkin=2027-03-12&checkout=2027-03-14`,
    price: {
      base: money(2000),
      charges: [
        { charge: 21, condition: null, included_in: { display: true }, total_amount: money(240) },
        { charge: 22, condition: null, included_in: { display: false }, total_amount: money(60) },
        { charge: 142, condition: 3, included_in: { display: false }, total_amount: money(100) },
      ],
      display: money(2240),
      total: money(2300),
    },
    products: [product(`${id}01_1_2_0_0`)],
    url: `https://www.booking.com/hotel/se/h${id}.html?affiliate_id=${AFFILIATE}&checkin=2027-03-12&checkout=2027-03-14&group_adults=2&no_rooms=1`,
    ...over,
  };
}

const hotels = [
  { hotelId: "h-1", partnerHotelId: "10004" },
  { hotelId: "h-2", partnerHotelId: "10005" },
  { hotelId: "h-3", partnerHotelId: " 10006 " },
];

describe("requests", () => {
  it("asks a search for the ids, the stay, the booker and SEK, with charges and products, 100 rows", () => {
    expect(searchRequest(stay, [10004, 10005], "SEK")).toEqual({
      accommodations: [10004, 10005],
      booker: { country: "se", platform: "mobile" },
      checkin: "2027-03-12",
      checkout: "2027-03-14",
      currency: "SEK",
      extras: ["extra_charges", "products"],
      guests: { number_of_adults: 2, number_of_rooms: 1 },
      rows: 100,
    });
    expect(availabilityRequest({ ...stay, adults: 3, rooms: 2, platform: "desktop" }, [10004], "SEK")).toEqual({
      accommodations: [10004],
      booker: { country: "se", platform: "desktop" },
      checkin: "2027-03-12",
      checkout: "2027-03-14",
      currency: "SEK",
      extras: ["extra_charges"],
      guests: { number_of_adults: 3, number_of_rooms: 2 },
    });
  });

  it("takes positive integer ids only", () => {
    expect(accommodationId("10004")).toBe(10004);
    expect(accommodationId(" 42 ")).toBe(42);
    for (const bad of ["", "0", "-5", "12a", "1.5", "0012", "1234567890123"]) expect(accommodationId(bad)).toBeNull();
  });
});

describe("searchAnswer", () => {
  it("maps each hotel's best-match price: display is the total, excluded charges are paid at the property", () => {
    const answer = parseSearchAnswer({
      request_id: "01r",
      data: [accommodation(10004), accommodation(10006)],
      metadata: { next_page: null },
    });
    const result = searchAnswer([answer], hotels, stay, AFFILIATE);
    expect(result.unavailable).toEqual(["h-2"]);
    expect(result.quotes.map((quote) => quote.hotelId)).toEqual(["h-1", "h-3"]);
    const quote = result.quotes[0]!;
    expect(quote).toMatchObject({
      hotelId: "h-1",
      partnerHotelId: "10004",
      currency: "SEK",
      base: 2000,
      tax: null,
      fees: null,
      total: 2240,
      payAtPropertyCharges: 60,
      breakfastIncluded: true,
      refundable: true,
      freeCancellationUntil: "2027-03-10T22:59:00.000Z",
      payAtHotel: true,
      roomName: null,
      additionalChargesMayApply: true,
    });
    expect(quote.charges).toEqual([
      { code: "21", includedInTotal: true, conditional: false, mode: null, amount: 240, percentage: null },
      { code: "22", includedInTotal: false, conditional: false, mode: null, amount: 60, percentage: null },
      { code: "142", includedInTotal: false, conditional: true, mode: null, amount: 100, percentage: null },
    ]);
    const url = new URL(quote.landingUrl);
    expect(url.hostname).toBe("www.booking.com");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      affiliate_id: AFFILIATE,
      checkin: "2027-03-12",
      checkout: "2027-03-14",
      group_adults: "2",
      no_rooms: "1",
    });
  });

  it("reads the conditions every product of a several-room price meets", () => {
    const second = product("1000402_1_2_0_0", {
      policies: {
        cancellation: { free_cancellation_until: null, type: "non_refundable" },
        meal_plan: { meals: ["breakfast", "dinner"], plan: "half_board" },
        payment: { timings: ["pay_online_now", "pay_at_the_property"] },
      },
    });
    const answer = parseSearchAnswer({ data: [accommodation(10004, { products: [product("1000401_1_2_0_0"), second] })] });
    const [quote] = searchAnswer([answer], hotels, { ...stay, adults: 4, rooms: 2 }, AFFILIATE).quotes;
    expect(quote).toMatchObject({ breakfastIncluded: true, refundable: false, freeCancellationUntil: null, payAtHotel: true });
  });

  it("gives a quote to each of our hotels that share an id, and ignores ids it was not asked about", () => {
    const answer = parseSearchAnswer({ data: [accommodation(10004), accommodation(77777), accommodation(10004)] });
    const twins = [
      { hotelId: "a", partnerHotelId: "10004" },
      { hotelId: "b", partnerHotelId: "10004" },
    ];
    const result = searchAnswer([answer], twins, stay, AFFILIATE);
    expect(result.quotes.map((quote) => quote.hotelId)).toEqual(["a", "b"]);
    expect(result.unavailable).toEqual([]);
  });

  it("reads the accommodation's currency when the booker's is not given", () => {
    const item = accommodation(10004, { currency: { accommodation: "EUR", booker: null } });
    item.price.display = { accommodation_currency: 194.78, booker_currency: null as unknown as number };
    const [quote] = searchAnswer([parseSearchAnswer({ data: [item] })], hotels, stay, AFFILIATE).quotes;
    expect(quote).toMatchObject({ currency: "EUR", total: 194.78, base: 173.91, payAtPropertyCharges: 5.22 });
  });

  it("without an itemised breakdown, what total adds to display is paid at the property", () => {
    const item = accommodation(10004, { products: [] });
    const { charges: _charges, ...price } = item.price;
    const [quote] = searchAnswer([parseSearchAnswer({ data: [{ ...item, price }] })], hotels, stay, AFFILIATE).quotes;
    expect(quote).toMatchObject({ total: 2240, payAtPropertyCharges: 60, additionalChargesMayApply: false });
    expect(quote!.charges).toBeUndefined();
    // No products: no condition can be vouched for.
    expect(quote).toMatchObject({ breakfastIncluded: false, refundable: false, payAtHotel: false });
  });

  it("an incalculable excluded charge has no amount and may apply", () => {
    const item = accommodation(10004);
    item.price.charges = [
      { charge: 21, condition: null, included_in: { display: true }, total_amount: money(240) },
      { charge: 5, condition: null, included_in: { display: false }, mode: "incalculable", total_amount: null } as never,
    ];
    const [quote] = searchAnswer([parseSearchAnswer({ data: [item] })], hotels, stay, AFFILIATE).quotes;
    expect(quote).toMatchObject({ payAtPropertyCharges: null, additionalChargesMayApply: true });
  });
});

describe("availabilityAnswer", () => {
  const hotel = hotels[0]!;
  const availability = (over: Record<string, unknown> = {}) => {
    const cheap = product("1000401_1_2_0_0", {
      policies: {
        cancellation: { free_cancellation_until: null, type: "special_conditions" },
        meal_plan: { meals: [], plan: "no_plan" },
        payment: { timings: ["pay_online_now"] },
      },
      price: { base: money(1800), charges: [], display: money(1800), total: money(1800) },
    });
    const { children: _c, number_of_adults: _n, ...dear } = product("1000402_1_2_0_0");
    return {
      request_id: "01a",
      data: [
        {
          id: 10004,
          currency: { accommodation: "EUR", booker: "SEK" },
          products: [dear, cheap],
          recommendation: { price: accommodation(10004).price, products: [{ id: "1000401_1_2_0_0" }, { id: "1000402_1_2_0_0" }] },
          url: "https://www.booking.com/hotel/se/toren.html?aid=999&checkin=2027-01-01&checkout=2027-01-02&no_rooms=1&group_adults=2",
          ...over,
        },
      ],
    };
  };

  it("maps every product, cheapest first, each with its own conditions", () => {
    const result = availabilityAnswer(parseAvailabilityAnswer(availability()), hotel, stay, AFFILIATE);
    expect(result.unavailable).toEqual([]);
    expect(result.quotes.map((quote) => [quote.total, quote.refundable, quote.breakfastIncluded, quote.payAtHotel])).toEqual([
      [1800, false, false, false],
      [2240, true, true, true],
    ]);
    expect(result.quotes[0]).toMatchObject({ payAtPropertyCharges: null, additionalChargesMayApply: false, charges: [] });
    // Our affiliate id replaces the one in the answer, and the stay is ours.
    const params = new URL(result.quotes[0]!.landingUrl).searchParams;
    expect([params.get("aid"), params.get("checkin"), params.get("checkout"), params.get("group_adults")]).toEqual([
      AFFILIATE,
      "2027-03-12",
      "2027-03-14",
      "2",
    ]);
  });

  it("prices several rooms by the recommendation, with the conditions all its products meet", () => {
    const result = availabilityAnswer(parseAvailabilityAnswer(availability()), hotel, { ...stay, adults: 4, rooms: 2 }, AFFILIATE);
    expect(result.quotes).toHaveLength(1);
    expect(result.quotes[0]).toMatchObject({ total: 2240, payAtPropertyCharges: 60, refundable: false, breakfastIncluded: false });
  });

  it("no product, no hotel in the answer, or no recommendation for several rooms: unavailable", () => {
    for (const [answer, party] of [
      [availability({ products: [] }), stay],
      [{ request_id: "x", data: [] }, stay],
      [availability({ recommendation: null }), { ...stay, rooms: 2 }],
    ] as const) {
      expect(availabilityAnswer(parseAvailabilityAnswer(answer), hotel, party, AFFILIATE)).toEqual({ quotes: [], unavailable: ["h-1"] });
    }
  });
});

describe("schemas", () => {
  const malformed = (read: () => unknown) => {
    try {
      read();
    } catch (error) {
      expect(error).toBeInstanceOf(ConnectorError);
      expect((error as ConnectorError).failure).toBe("malformed");
      return (error as ConnectorError).message;
    }
    throw new Error("expected a malformed answer");
  };

  it("tolerates fields it does not know", () => {
    const answer = parseSearchAnswer({
      request_id: "x",
      data: [{ ...accommodation(10004), commission: { amount: 1 }, new_field: [1] }],
      extra: true,
    });
    expect(answer.data[0]!.id).toBe(10004);
  });

  it("refuses answers without what a quote is made of", () => {
    expect(malformed(() => parseSearchAnswer({ data: [{ ...accommodation(10004), url: undefined }] }))).toMatch(/data\.0\.url/);
    expect(malformed(() => parseSearchAnswer({ request_id: "01x", data: "none" }))).toMatch(/data/);
    expect(malformed(() => parseSearchAnswer([]))).toMatch(/documented v3\.2 shape/);
    expect(malformed(() => parseSearchAnswer({ data: [accommodation(10004, { url: "javascript:alert(1)" })] }))).toMatch(/url/);
    const noDisplay = accommodation(10004);
    delete (noDisplay.price as Partial<typeof noDisplay.price>).display;
    expect(malformed(() => parseSearchAnswer({ data: [noDisplay] }))).toMatch(/price\.display/);
    expect(
      malformed(() =>
        parseAvailabilityAnswer({ data: [{ id: 1, currency: {}, products: [{ id: "p" }], url: "https://www.booking.com/" }] }),
      ),
    ).toMatch(/products\.0\.price/);
  });

  it("refuses a price in no currency the answer named", () => {
    const item = accommodation(10004, { currency: { accommodation: null, booker: null } });
    expect(malformed(() => searchAnswer([parseSearchAnswer({ data: [item] })], hotels, stay, AFFILIATE))).toMatch(/no currency/);
  });

  it("reads the error body's request id and messages", () => {
    expect(
      readErrorAnswer(
        JSON.stringify({ request_id: "01gw", errors: [{ id: "missing_parameter", message: "Parameter 'checkin' is missing." }] }),
      ),
    ).toEqual({
      requestId: "01gw",
      messages: ["missing_parameter: Parameter 'checkin' is missing."],
    });
    expect(readErrorAnswer("<html>Bad gateway</html>")).toEqual({ requestId: null, messages: [] });
  });

  it("reads Retry-After as seconds or as a date", () => {
    const now = new Date("2027-01-01T12:00:00Z");
    expect(retryAfterSeconds("30", now)).toBe(30);
    expect(retryAfterSeconds("Fri, 01 Jan 2027 12:01:00 GMT", now)).toBe(60);
    expect(retryAfterSeconds("Fri, 01 Jan 2027 11:00:00 GMT", now)).toBe(0);
    expect(retryAfterSeconds(null, now)).toBeNull();
    expect(retryAfterSeconds("soon", now)).toBeNull();
  });
});

describe("landingUrl", () => {
  it("sets our affiliate id and the stay, keeping the page and its other parameters", () => {
    const url = new URL(landingUrl("https://www.booking.com/hotel/se/x.html?label=abc&aid=1&checkin=2020-01-01", AFFILIATE, stay));
    expect(url.pathname).toBe("/hotel/se/x.html");
    expect(url.searchParams.get("label")).toBe("abc");
    expect(url.searchParams.get("aid")).toBe(AFFILIATE);
    expect(url.searchParams.get("checkin")).toBe("2027-03-12");
    expect(url.searchParams.get("no_rooms")).toBe("1");
    expect(new URL(landingUrl("https://www.booking.com/hotel/se/x.html", AFFILIATE, stay)).searchParams.get("aid")).toBe(AFFILIATE);
  });
});
