/**
 * The Booking.com connector against msw handlers answering in the v3.2 shapes
 * (tests/msw/booking-demand.ts): what it sends, chunks and pages, each failure as its
 * ConnectorError, and the caller's AbortSignal ending a call.
 */
import { http, HttpResponse, passthrough } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startBookingDemandStandIn } from "#tests/booking-demand-stand-in.ts";
import { BOOKING_DEMAND_TEST_URL, createBookingDemandMock, standInRoomPrice } from "#tests/msw/booking-demand.ts";
import type { Env } from "#app/utils/env.server.ts";
import { createBookingDemandConnector } from "./booking-demand.server.ts";
import { configuredConnectors, connectorFor } from "./connectors.server.ts";
import { ConnectorError, type ConnectorFailure, type LiveStay, type PartnerHotel } from "./connector.ts";

const booking = createBookingDemandMock();
const server = setupServer(...booking.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  booking.reset();
  server.resetHandlers();
});
afterAll(() => server.close());

const connector = createBookingDemandConnector({ baseUrl: `${BOOKING_DEMAND_TEST_URL}/`, token: "secret-token", affiliateId: "424242" });
const stay: LiveStay = { checkIn: "2027-03-12", checkOut: "2027-03-14", adults: 2, rooms: 1, bookerCountry: "se", platform: "desktop" };
const hotelsOf = (ids: readonly number[]): PartnerHotel[] => ids.map((id) => ({ hotelId: `h-${id}`, partnerHotelId: String(id) }));
const open = () => ({ signal: new AbortController().signal });

async function failure(call: Promise<unknown>): Promise<ConnectorError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
}

describe("search", () => {
  it("posts the documented body with the bearer token and affiliate id, and maps the answer", async () => {
    const answer = await connector.search(stay, hotelsOf([10004, 10019, 10008]), open());
    expect(booking.requests).toHaveLength(1);
    const [request] = booking.requests;
    expect(request).toMatchObject({
      path: "accommodations/search",
      authorization: "Bearer secret-token",
      affiliateId: "424242",
      contentType: "application/json",
      body: {
        accommodations: [10004, 10019, 10008],
        booker: { country: "se", platform: "desktop" },
        checkin: "2027-03-12",
        checkout: "2027-03-14",
        currency: "SEK",
        extras: ["extra_charges", "products"],
        guests: { number_of_adults: 2, number_of_rooms: 1 },
        rows: 100,
      },
    });
    // The stand-in has nothing for ids ending in 9.
    expect(answer.unavailable).toEqual(["h-10019"]);
    expect(answer.quotes.map((quote) => quote.hotelId)).toEqual(["h-10004", "h-10008"]);
    const price = standInRoomPrice(10008, 2, 2);
    expect(answer.quotes[1]).toMatchObject({
      currency: "SEK",
      base: price.base,
      total: price.display,
      payAtPropertyCharges: price.cityTax,
      breakfastIncluded: true,
      refundable: true,
      freeCancellationUntil: "2027-03-11T18:00:00.000Z",
      payAtHotel: true,
    });
    const landing = new URL(answer.quotes[1]!.landingUrl);
    expect(landing.searchParams.get("affiliate_id")).toBe("424242");
    expect(landing.searchParams.get("checkin")).toBe("2027-03-12");
  });

  it("sends no request for hotels without a usable id", async () => {
    await expect(connector.search(stay, [{ hotelId: "x", partnerHotelId: "booking-1" }], open())).resolves.toEqual({
      quotes: [],
      unavailable: [],
    });
    await expect(connector.search(stay, [], open())).resolves.toEqual({ quotes: [], unavailable: [] });
    expect(booking.requests).toHaveLength(0);
  });

  it("asks at most 100 ids a request, the chunks side by side", async () => {
    const ids = Array.from({ length: 230 }, (_, index) => 20000 + index);
    const answer = await connector.search(stay, hotelsOf(ids), open());
    const sent = booking.requests.map((request) => (request.body as { accommodations: number[] }).accommodations);
    expect(sent.map((chunk) => chunk.length)).toEqual([100, 100, 30]);
    expect(sent.flat()).toEqual(ids);
    expect(answer.quotes).toHaveLength(ids.filter((id) => id % 10 !== 9).length);
    expect(answer.unavailable).toHaveLength(23);
  });

  it("follows metadata.next_page with the same body and the token as `page`", async () => {
    booking.set({ behaviour: "paging" });
    const answer = await connector.search(stay, hotelsOf([10001, 10002, 10003, 10004, 10005]), open());
    expect(booking.requests.map((request) => (request.body as { page?: string }).page)).toEqual([
      undefined,
      "stand-in-page.2",
      "stand-in-page.4",
    ]);
    for (const request of booking.requests)
      expect(request.body).toMatchObject({ accommodations: [10001, 10002, 10003, 10004, 10005], rows: 100 });
    expect(answer.quotes.map((quote) => quote.hotelId)).toEqual(["h-10001", "h-10002", "h-10003", "h-10004", "h-10005"]);
    expect(answer.unavailable).toEqual([]);
  });

  it("stops following pages past its limit", async () => {
    booking.set({ behaviour: "paging", pageSize: 1 });
    const capped = createBookingDemandConnector({ baseUrl: BOOKING_DEMAND_TEST_URL, token: "t", affiliateId: "1", maxPages: 3 });
    const error = await failure(capped.search(stay, hotelsOf([10001, 10002, 10003, 10004]), open()));
    expect(error.failure).toBe("malformed");
    expect(booking.requests).toHaveLength(3);
  });

  it("an answer without availability makes every hotel unavailable", async () => {
    booking.set({ behaviour: "no-availability" });
    await expect(connector.search(stay, hotelsOf([10001, 10002]), open())).resolves.toEqual({
      quotes: [],
      unavailable: ["h-10001", "h-10002"],
    });
  });
});

describe("availability", () => {
  it("posts one id and maps every product", async () => {
    const answer = await connector.availability(stay, { hotelId: "h", partnerHotelId: "10004" }, open());
    expect(booking.requests[0]).toMatchObject({
      path: "accommodations/availability",
      authorization: "Bearer secret-token",
      affiliateId: "424242",
      body: {
        accommodations: [10004],
        booker: { country: "se", platform: "desktop" },
        currency: "SEK",
        extras: ["extra_charges"],
        guests: { number_of_adults: 2, number_of_rooms: 1 },
      },
    });
    expect(answer.unavailable).toEqual([]);
    expect(answer.quotes.map((quote) => [quote.breakfastIncluded, quote.refundable, quote.payAtHotel])).toEqual([
      [false, true, true],
      [true, true, true],
    ]);
    expect(answer.quotes[0]!.total).toBeLessThan(answer.quotes[1]!.total);
    expect(new URL(answer.quotes[0]!.landingUrl).searchParams.get("aid")).toBe("424242");
  });

  it("prices several rooms as the party's whole stay, in search and in availability", async () => {
    const party = { ...stay, adults: 3, rooms: 2 };
    const [searched] = (await connector.search(party, hotelsOf([10004]), open())).quotes;
    const rooms = [standInRoomPrice(10004, 2, 2), standInRoomPrice(10004, 2, 1)];
    expect(searched!.total).toBeCloseTo(rooms[0]!.display + rooms[1]!.display, 2);
    const available = await connector.availability(party, { hotelId: "h", partnerHotelId: "10004" }, open());
    expect(available.quotes).toHaveLength(1);
    expect(available.quotes[0]!.total).toBeCloseTo(searched!.total, 2);
    expect(booking.requests.map((request) => (request.body as { guests: unknown }).guests)).toEqual([
      { number_of_adults: 3, number_of_rooms: 2 },
      { number_of_adults: 3, number_of_rooms: 2 },
    ]);
  });

  it("a hotel the API has nothing for is unavailable; one without a usable id is not asked", async () => {
    await expect(connector.availability(stay, { hotelId: "h", partnerHotelId: "10009" }, open())).resolves.toEqual({
      quotes: [],
      unavailable: ["h"],
    });
    await expect(connector.availability(stay, { hotelId: "h", partnerHotelId: "x" }, open())).resolves.toEqual({
      quotes: [],
      unavailable: [],
    });
    expect(booking.requests).toHaveLength(1);
  });
});

describe("failures", () => {
  const cases: [string, Parameters<typeof booking.set>[0], ConnectorFailure, Partial<ConnectorError>, RegExp][] = [
    [
      "400 validation error",
      { behaviour: "validation-error" },
      "rejected",
      { status: 400 },
      /missing_parameter: Parameter 'checkin' is missing/,
    ],
    ["401", { behaviour: "unauthorized" }, "unauthorized", { status: 401 }, /credentials/],
    [
      "429 with Retry-After",
      { behaviour: "rate-limited", retryAfter: 45 },
      "rate-limited",
      { status: 429, retryAfterSeconds: 45 },
      /slow down/,
    ],
    ["500", { behaviour: "server-error" }, "server-error", { status: 500 }, /failed.*500/],
    ["invalid JSON", { behaviour: "malformed" }, "malformed", { status: 200 }, /not JSON/],
  ];
  for (const [name, behaviour, kind, details, message] of cases) {
    it(`${name} is ${kind}, for search and availability`, async () => {
      booking.set(behaviour);
      for (const call of [connector.search(stay, hotelsOf([10004]), open()), connector.availability(stay, hotelsOf([10004])[0]!, open())]) {
        const error = await failure(call);
        expect(error.failure).toBe(kind);
        expect(error).toMatchObject(details);
        expect(error.message).toMatch(message);
        if (kind !== "malformed") expect(error.requestId).toMatch(/^01stand/);
      }
      expect(booking.requests).toHaveLength(2);
    });
  }

  it("403 is unauthorized; another 4xx without the error body is rejected", async () => {
    server.use(http.post(`${BOOKING_DEMAND_TEST_URL}/accommodations/search`, () => new HttpResponse("Forbidden", { status: 403 })));
    expect((await failure(connector.search(stay, hotelsOf([1]), open()))).failure).toBe("unauthorized");
    server.use(http.post(`${BOOKING_DEMAND_TEST_URL}/accommodations/search`, () => new HttpResponse("<html>nope</html>", { status: 404 })));
    const error = await failure(connector.search(stay, hotelsOf([1]), open()));
    expect(error).toMatchObject({ failure: "rejected", status: 404, requestId: null });
  });

  it("JSON of another shape is malformed, with the answer's request id", async () => {
    server.use(
      http.post(`${BOOKING_DEMAND_TEST_URL}/accommodations/search`, () =>
        HttpResponse.json({ request_id: "01odd", data: [{ id: 1, currency: "EUR", price: { book: 10 }, url: "x" }] }),
      ),
    );
    const error = await failure(connector.search(stay, hotelsOf([1]), open()));
    expect(error).toMatchObject({ failure: "malformed", requestId: "01odd" });
    expect(error.message).toMatch(/v3\.2 shape/);
  });

  it("a failed connection is network", async () => {
    server.use(http.post(`${BOOKING_DEMAND_TEST_URL}/accommodations/search`, () => HttpResponse.error()));
    expect((await failure(connector.search(stay, hotelsOf([1]), open()))).failure).toBe("network");
  });

  it("the caller's abort ends a slow answer as timeout, at once", async () => {
    booking.set({ behaviour: "slow" });
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(new Error("budget")), 50);
    const error = await failure(connector.search(stay, hotelsOf([10004]), { signal: controller.signal }));
    expect(error.failure).toBe("timeout");
    expect(performance.now() - started).toBeLessThan(1000);
    const availability = new AbortController();
    setTimeout(() => availability.abort(), 20);
    expect((await failure(connector.availability(stay, hotelsOf([10004])[0]!, { signal: availability.signal }))).failure).toBe("timeout");
  });

  it("an already aborted signal sends nothing", async () => {
    const controller = new AbortController();
    controller.abort();
    expect((await failure(connector.search(stay, hotelsOf([10004]), { signal: controller.signal }))).failure).toBe("timeout");
    expect(booking.requests).toHaveLength(0);
  });

  it("a slow answer within the wait is used", async () => {
    booking.set({ behaviour: "slow", delayMs: 30 });
    const answer = await connector.search(stay, hotelsOf([10004]), open());
    expect(answer.quotes).toHaveLength(1);
  });

  it("one chunk's failure fails the call and stops the other chunks", async () => {
    let calls = 0;
    server.use(
      http.post(`${BOOKING_DEMAND_TEST_URL}/accommodations/search`, async ({ request }) => {
        const body = (await request.json()) as { accommodations: number[] };
        calls++;
        if (body.accommodations[0] === 20000)
          return HttpResponse.json({ request_id: "01x", errors: [{ id: "boom", message: "no" }] }, { status: 500 });
        await new Promise((resolve) => setTimeout(resolve, 5000));
        return HttpResponse.json({ data: [] });
      }),
    );
    const started = performance.now();
    const error = await failure(connector.search(stay, hotelsOf(Array.from({ length: 150 }, (_, index) => 20000 + index)), open()));
    expect(error.failure).toBe("server-error");
    expect(calls).toBe(2);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("against the stand-in server (real HTTP on this machine)", () => {
  let standIn: Awaited<ReturnType<typeof startBookingDemandStandIn>>;
  beforeAll(async () => {
    standIn = await startBookingDemandStandIn();
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    server.use(http.post(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()));
    standIn.set({});
    standIn.received.length = 0;
  });
  const over = () => createBookingDemandConnector({ baseUrl: standIn.url, token: "t", affiliateId: "7" });

  it("answers a search and an availability as the msw handlers do", async () => {
    const answer = await over().search(stay, hotelsOf([10004, 10019]), open());
    expect(answer.quotes.map((quote) => quote.hotelId)).toEqual(["h-10004"]);
    expect(answer.unavailable).toEqual(["h-10019"]);
    expect((await over().availability(stay, hotelsOf([10004])[0]!, open())).quotes).toHaveLength(2);
    expect(standIn.received.map((request) => [request.path, request.authorization, request.affiliateId])).toEqual([
      ["accommodations/search", "Bearer t", "7"],
      ["accommodations/availability", "Bearer t", "7"],
    ]);
  });

  it("waits as long as it is set to, fails as it is set to, and refuses a request without credentials", async () => {
    standIn.set({ delayMs: 150 });
    const started = performance.now();
    await over().search(stay, hotelsOf([10004]), open());
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    standIn.set({ behaviour: "rate-limited", retryAfter: 12 });
    expect(await failure(over().search(stay, hotelsOf([10004]), open()))).toMatchObject({ failure: "rate-limited", retryAfterSeconds: 12 });
    standIn.set({ behaviour: "slow" });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect((await failure(over().search(stay, hotelsOf([10004]), { signal: controller.signal }))).failure).toBe("timeout");
    standIn.set({});
    const anonymous = createBookingDemandConnector({ baseUrl: standIn.url, token: "", affiliateId: "" });
    expect((await failure(anonymous.search(stay, hotelsOf([10004]), open()))).failure).toBe("unauthorized");
  });
});

describe("the registry", () => {
  it("has Booking.com when its three settings are set, and nothing asks the network otherwise", async () => {
    expect(configuredConnectors({} as Env)).toEqual([]);
    expect(connectorFor("booking", {} as Env)).toBeNull();
    const env = {
      BOOKING_DEMAND_URL: BOOKING_DEMAND_TEST_URL,
      BOOKING_DEMAND_TOKEN: "secret-token",
      BOOKING_AFFILIATE_ID: "424242",
    } as Env;
    const configured = connectorFor("booking", env);
    expect(configured).toMatchObject({ partnerId: "booking", partnerName: "Booking.com" });
    await configured!.search(stay, hotelsOf([10004]), open());
    expect(booking.requests.map((request) => [request.authorization, request.affiliateId])).toEqual([["Bearer secret-token", "424242"]]);
  });
});
