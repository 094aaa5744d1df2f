/**
 * Live partner prices through the whole app over HTTP (decision 067), with a fake connector put
 * in place of the configured ones (connectors.server.ts's replaceConnectors): nothing asked
 * without a connector; a partner's answer shown instead of its stored prices; a hanging partner
 * costs the visitor nothing but its row's note (JS off: the page answers with the stored prices);
 * the shared cache, single flight, the breaker and a 429's Retry-After; a client navigation's
 * deferred live part; housekeeping.
 */
import { setupServer } from "msw/node";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ConnectorError as ConnectorErrorClass,
  LiveQuote,
  LiveSearchAnswer,
  PartnerConnector,
  PartnerHotel,
} from "#app/live-prices/connector.ts";
import { addDays, todayInSweden } from "#app/utils/stay.ts";
import { Browser, loaderData, startTestApp, visibleText, type TestApp } from "#tests/app-server.ts";
import { createHotels, createRates } from "#tests/factories.ts";

type LiveModule = typeof import("#app/live-prices/live-prices.server.ts");
type ConnectorsModule = typeof import("#app/live-prices/connectors.server.ts");

let app: TestApp;
let browser: Browser;
let live: LiveModule;
let connectors: ConnectorsModule;
let ConnectorError: typeof ConnectorErrorClass;
const ids = { one: "", two: "" };
const HOTEL = "/Sweden/Gothenburg/livehotellet";
const PLACE = "/Sweden/Gothenburg";

// Anything but the test's own requests to the app is an error: nothing may try the network.
const unhandled: string[] = [];
const server = setupServer();

/** A stay of two nights `days` from today, as the address writes it. */
const stay = (days: number) => {
  const checkIn = addDays(todayInSweden(), days);
  return { checkIn, checkOut: addDays(checkIn, 2), query: `incheckning=${checkIn}&utcheckning=${addDays(checkIn, 2)}` };
};

/** A gate a fake call waits on until the test opens it. */
function gate<T>() {
  let open!: (value: T) => void;
  const opened = new Promise<T>((resolve) => (open = resolve));
  return { opened, open };
}

type Behaviour = (hotels: readonly PartnerHotel[], signal: AbortSignal) => Promise<LiveSearchAnswer>;

const quote = (hotel: PartnerHotel, totalEur: number): LiveQuote => ({
  hotelId: hotel.hotelId,
  partnerHotelId: hotel.partnerHotelId,
  currency: "EUR",
  base: totalEur - 20,
  tax: 20,
  fees: null,
  total: totalEur,
  payAtPropertyCharges: null,
  breakfastIncluded: true,
  refundable: false,
  freeCancellationUntil: null,
  payAtHotel: false,
  roomName: "Live Double Room",
  landingUrl: `https://www.booking.com/hotel/se/${hotel.partnerHotelId}.html?aid=1234567`,
});
const answering =
  (totalEur: number): Behaviour =>
  async (hotels) => ({ quotes: hotels.map((hotel) => quote(hotel, totalEur)), unavailable: [] });

const fake: PartnerConnector & { calls: number; behave: Behaviour } = {
  partnerId: "booking",
  partnerName: "Booking.com",
  calls: 0,
  behave: answering(150),
  search(_stay, hotels, { signal }) {
    fake.calls++;
    return fake.behave(hotels, signal);
  },
  availability(_stay, hotel, { signal }) {
    fake.calls++;
    return fake.behave([hotel], signal);
  },
};

async function page(path: string) {
  const response = await browser.get(path);
  return { response, text: visibleText(await response.text()) };
}

const callRows = async () => (await app.db()).selectFrom("connector_calls").selectAll().orderBy("id").execute();

beforeAll(async () => {
  server.listen({
    onUnhandledRequest(request, print) {
      if (new URL(request.url).hostname === "127.0.0.1") return;
      unhandled.push(request.url);
      print.error();
    },
  });
  // The budget counts from the request's start, the page's own reads included: generous, so a
  // partner that answers at once is in budget on any machine (the hanging ones wait it out, 3 tests).
  app = await startTestApp({ LIVE_PRICE_BUDGET_MS: "3000", PAGE_CACHE_TTL_MS: "0" });
  browser = new Browser(app.origin);
  live = await app.importApp<LiveModule>("app/live-prices/live-prices.server.ts");
  connectors = await app.importApp<ConnectorsModule>("app/live-prices/connectors.server.ts");
  ({ ConnectorError } = await app.importApp<typeof import("#app/live-prices/connector.ts")>("app/live-prices/connector.ts"));
  const db = await app.db();
  await db.insertInto("fx_rates").values({ rate_date: "2026-11-26", currency: "SEK", per_eur: 11 }).execute();
  [ids.one, ids.two] = (
    await createHotels(db, [
      { hotel_id: "LIVE-1", name: "Livehotellet", country: "Sweden", location: "Gothenburg" },
      { hotel_id: "LIVE-2", name: "Andra livehotellet", country: "Sweden", location: "Gothenburg" },
    ])
  ).map((hotel) => hotel.id) as [string, string];
  // The partner row as the boot makes it for a configured connector.
  await live.ensureConnectorPartners([fake], db);
  await db
    .insertInto("hotel_partner_ids")
    .values([
      { hotel_id: ids.one, partner_id: "booking", partner_hotel_id: "1001" },
      { hotel_id: ids.two, partner_id: "booking", partner_hotel_id: "1002" },
    ])
    .execute();
  // Stored prices for the next 100 days: Booking.com 2 × 1 400 kr, Testresor 2 × 1 600 kr.
  const from = addDays(todayInSweden(), 1);
  for (const hotel of ["LIVE-1", "LIVE-2"]) {
    await createRates(db, { hotel, partner: "booking", from, nights: 100, base: 1400, roomName: "Lagrat dubbelrum" });
    await createRates(db, { hotel, partner: "testresor", from, nights: 100, base: 1600 });
  }
});

afterAll(async () => {
  connectors?.replaceConnectors(null);
  await app?.close();
  server.close();
});

describe("live partner prices", () => {
  it("makes the configured connector's partner a partners row at boot, keeping an administrator's edits", async () => {
    const db = await app.db();
    const row = await db.selectFrom("partners").select(["name", "host", "active"]).where("id", "=", "booking").executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "Booking.com", host: "www.booking.com", active: true });
    await db.updateTable("partners").set({ logo_url: "https://example.com/booking.svg" }).where("id", "=", "booking").execute();
    await live.ensureConnectorPartners([fake], db);
    expect((await db.selectFrom("partners").select("logo_url").where("id", "=", "booking").executeTakeFirstOrThrow()).logo_url).toBe(
      "https://example.com/booking.svg",
    );
  });

  it("asks nobody and tries no network without a configured connector", async () => {
    connectors.replaceConnectors(null);
    const { response, text } = await page(`${HOTEL}?${stay(20).query}`);
    expect(response.status).toBe(200);
    expect(text).toContain("2 800 kr");
    expect(text).not.toContain("svarade inte i tid");
    expect(unhandled).toEqual([]);
    expect(fake.calls).toBe(0);
    expect(await callRows()).toEqual([]);
  });

  it("shows the partner's live price for the stay instead of its stored one, and records the call", async () => {
    connectors.replaceConnectors([fake]);
    fake.behave = answering(150);
    const { response, text } = await page(`${HOTEL}?${stay(21).query}`);
    expect(response.status).toBe(200);
    // 150 € at 11 kr: 1 650 kr, the cheapest, with breakfast; the stored 2 800 kr of Booking.com is gone.
    expect(text).toContain("Booking.com");
    expect(text).toContain("1 650 kr");
    expect(text).toContain("Live Double Room");
    expect(text).not.toContain("Lagrat dubbelrum");
    expect(text).toContain("3 200 kr"); // Testresor's stored price stays
    expect(text).not.toContain("svarade inte i tid");
    expect(fake.calls).toBe(1);
    const [call] = await callRows();
    expect(call).toMatchObject({ partner_id: "booking", operation: "availability", outcome: "ok", in_budget: true });
    expect(unhandled).toEqual([]);
  });

  it("asks again only when the shared answer has expired (a second visitor within the TTL makes no call)", async () => {
    const calls = fake.calls;
    const { text } = await page(`${HOTEL}?${stay(21).query}`);
    expect(text).toContain("1 650 kr");
    expect(fake.calls).toBe(calls);
  });

  it("costs a hanging partner's visitor nothing but its row's note (JS off): stored prices, and the answer kept for the next one", async () => {
    const held = gate<LiveSearchAnswer>();
    fake.behave = () => held.opened;
    const { response, text } = await page(`${HOTEL}?${stay(22).query}`);
    expect(response.status).toBe(200);
    expect(text).toContain("Booking.com svarade inte i tid");
    expect(text).toContain("2 800 kr"); // Booking.com's stored price stays
    expect(text).toContain("Lagrat dubbelrum");
    // Not kept by a cache: the next visitor should get the answer the partner gives meanwhile.
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    held.open({ quotes: [quote({ hotelId: ids.one, partnerHotelId: "1001" }, 120)], unavailable: [] });
    await expect.poll(async () => (await callRows()).at(-1)?.in_budget).toBe(false);
    const calls = fake.calls;
    const later = await page(`${HOTEL}?${stay(22).query}`);
    expect(later.text).toContain("1 320 kr");
    expect(later.text).not.toContain("svarade inte i tid");
    expect(fake.calls).toBe(calls);
  });

  it("asks once for two visitors asking the same at the same time (single flight)", async () => {
    const held = gate<LiveSearchAnswer>();
    fake.behave = (hotels) => held.opened.then(() => answering(99)(hotels, new AbortController().signal));
    const calls = fake.calls;
    const path = `${HOTEL}?${stay(23).query}`;
    const [first, second] = await Promise.all([page(path), page(path)]);
    expect(first.text).toContain("Booking.com svarade inte i tid");
    expect(second.text).toContain("Booking.com svarade inte i tid");
    expect(fake.calls).toBe(calls + 1);
    held.open({ quotes: [], unavailable: [] });
    await expect.poll(async () => (await page(path)).text).toContain("1 089 kr");
    expect(fake.calls).toBe(calls + 1);
  });

  it("counts a partner that answers nothing for the stay as no rooms there", async () => {
    fake.behave = async () => ({ quotes: [], unavailable: [] });
    const { text } = await page(`${HOTEL}?${stay(24).query}`);
    expect(text).toContain("Inga lediga rum hos Booking.com för dina datum");
    expect(text).toContain("3 200 kr");
    // Not among the prices (the price history below them may name the stored price as the usual one).
    expect(text.split("Prishistorik")[0]).not.toContain("2 800 kr");
  });

  it("stops asking a failing partner (the breaker) and lets one trial call through after the open time", async () => {
    const db = await app.db();
    fake.behave = async () => {
      throw new ConnectorError("server-error", "500 from the partner", { status: 500 });
    };
    const calls = fake.calls;
    for (const days of [30, 31, 32, 33, 34]) {
      const { response, text } = await page(`${HOTEL}?${stay(days).query}`);
      expect(response.status).toBe(200);
      expect(text).toContain("Booking.com svarade inte i tid");
      expect(text).toContain("2 800 kr");
    }
    expect(fake.calls).toBe(calls + 5);
    expect((await live.breakerState("booking", db)).state).toBe("open");
    const [last] = (await callRows()).slice(-1);
    expect(last).toMatchObject({ outcome: "server-error", http_status: 500, error: "500 from the partner" });

    // Open: nobody is asked, the page says so.
    const shut = await page(`${HOTEL}?${stay(35).query}`);
    expect(shut.text).toContain("Booking.com svarade inte i tid");
    expect(fake.calls).toBe(calls + 5);

    // The open time over (written into the past rather than waited for): one trial call, which closes it.
    await db
      .updateTable("connector_breakers")
      .set({ open_until: sql<Date>`now() - interval '1 second'` })
      .where("partner_id", "=", "booking")
      .execute();
    fake.behave = answering(100);
    const trial = await page(`${HOTEL}?${stay(36).query}`);
    expect(trial.text).toContain("1 100 kr");
    expect(fake.calls).toBe(calls + 6);
    expect(await live.breakerState("booking", db)).toMatchObject({ state: "closed", consecutiveFailures: 0 });
  });

  it("keeps away from a partner for as long as its 429 asks", async () => {
    const db = await app.db();
    fake.behave = async () => {
      throw new ConnectorError("rate-limited", "429 Too Many Requests", { status: 429, retryAfterSeconds: 120 });
    };
    await page(`${HOTEL}?${stay(40).query}`);
    const breaker = await live.breakerState("booking", db);
    expect(breaker.state).toBe("open");
    const seconds = (new Date(breaker.openUntil!).getTime() - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(100);
    expect(seconds).toBeLessThanOrEqual(121);
    await db
      .updateTable("connector_breakers")
      .set({ open_until: null, consecutive_failures: 0 })
      .where("partner_id", "=", "booking")
      .execute();
  });

  it("prices a place page's cards with the live answers (one search for the page's hotels)", async () => {
    fake.behave = answering(80);
    const calls = fake.calls;
    const { response, text } = await page(`${PLACE}?${stay(50).query}`);
    expect(response.status).toBe(200);
    expect(text).toContain("880 kr");
    expect(fake.calls).toBe(calls + 1);
    expect((await callRows()).at(-1)).toMatchObject({ operation: "search", outcome: "ok" });
  });

  it("prices a country page's cards with the live answers too", async () => {
    fake.behave = answering(90);
    const calls = fake.calls;
    const { response, text } = await page(`/Sweden?${stay(55).query}`);
    expect(response.status).toBe(200);
    expect(text).toContain("990 kr");
    expect(fake.calls).toBe(calls + 1);
  });

  it("keeps a list's stored prices and names a partner that did not answer in time (JS off)", async () => {
    const held = gate<LiveSearchAnswer>();
    fake.behave = () => held.opened;
    const { response, text } = await page(`${PLACE}?${stay(70).query}`);
    expect(response.status).toBe(200);
    expect(text).toContain("Booking.com svarade inte i tid");
    expect(text).toContain("2 800 kr");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    held.open({ quotes: [], unavailable: [] });
  });

  it("keeps a client navigation's answer, which waits for live prices, out of every cache", async () => {
    fake.behave = answering(60);
    const response = await browser.get(`${HOTEL}.data?${stay(71).query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    await response.text();
  });

  it("gives a client navigation the stored prices at once and the live ones as deferred data", async () => {
    const held = gate<LiveSearchAnswer>();
    fake.behave = (hotels) => held.opened.then(() => answering(70)(hotels, new AbortController().signal));
    const path = `${HOTEL}?${stay(60).query}`;
    const data = loaderData<{ prices: { offers: { partnerId: string; source: string }[] }; live: Promise<unknown> | null }>(
      browser,
      path,
      "routes/site/hotel",
    );
    const answer = await data;
    expect(answer.prices.offers.find((offer) => offer.partnerId === "booking")?.source).toBe("nightly");
    expect(answer.live).toBeInstanceOf(Promise);
    held.open({ quotes: [], unavailable: [] });
    const resolved = (await answer.live) as {
      prices: { offers: { partnerId: string; source: string; totalSek: number }[]; late: unknown[] };
    };
    expect(resolved.prices.offers.find((offer) => offer.partnerId === "booking")).toMatchObject({ source: "live", totalSek: 770 });
    expect(resolved.prices.late).toEqual([]);
  });

  it("tidies expired answers and week-old calls away", async () => {
    const db = await app.db();
    await db
      .updateTable("live_price_answers")
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .execute();
    await db
      .updateTable("connector_calls")
      .set({ started_at: sql<Date>`now() - interval '8 days'` })
      .where("outcome", "=", "server-error")
      .execute();
    const calls = (await callRows()).length;
    const removed = await live.deleteOldLiveRecords(new Date(Date.now() - 7 * 24 * 3_600_000), db);
    expect(removed.liveAnswers).toBeGreaterThan(0);
    expect(removed.connectorCalls).toBe(5);
    expect((await callRows()).length).toBe(calls - 5);
    expect(await db.selectFrom("live_price_answers").select("hotel_id").execute()).toEqual([]);
    expect(unhandled).toEqual([]);
  });
});
