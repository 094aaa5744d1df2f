/**
 * The price history and the deal signal through the app over HTTP (issue 38, decision 073): an
 * import appends what stays cost (one row per key and day, the day's lowest), a live answer
 * appends too, and "Lägre pris än vanligt" shows on the hotel page and the list cards only with
 * 20 observations and a drop of at least 15 %, with its one-line reason and the chart's text.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveSearchAnswer, PartnerConnector } from "#app/live-prices/connector.ts";
import { addDays, todayInSweden } from "#app/utils/stay.ts";
import { Browser, startTestApp, visibleText, type TestApp } from "#tests/app-server.ts";
import { createHotels, createRates } from "#tests/factories.ts";

type HistoryModule = typeof import("#app/prices/price-history.server.ts");
type LiveModule = typeof import("#app/live-prices/live-prices.server.ts");
type ConnectorsModule = typeof import("#app/live-prices/connectors.server.ts");

let app: TestApp;
let browser: Browser;
let history: HistoryModule;
let connectors: ConnectorsModule;
const today = todayInSweden();
// A check-in three weeks ahead, two nights: inside the recorded window (60 days, lengths 1, 2, 3, 7).
const checkIn = addDays(today, 21);
const checkOut = addDays(checkIn, 2);
const STAY = `incheckning=${checkIn}&utcheckning=${checkOut}`;
const MONTHS = ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"];
const monthName = MONTHS[Number(checkIn.slice(5, 7)) - 1]!;
const ids: Record<"deal" | "few" | "small" | "plain", string> = { deal: "", few: "", small: "", plain: "" };

const rows = async (hotelId: string, partnerId: string) =>
  (await app.db())
    .selectFrom("price_history")
    .select(["nights", "total_sek"])
    .select((eb) => eb.fn<string>("to_char", [eb.ref("check_in"), eb.val("YYYY-MM-DD")]).as("check_in"))
    .select((eb) => eb.fn<string>("to_char", [eb.ref("observed_on"), eb.val("YYYY-MM-DD")]).as("observed_on"))
    .where("hotel_id", "=", hotelId)
    .where("partner_id", "=", partnerId)
    .execute()
    // numeric: a number on PGlite, text on PostgreSQL.
    .then((found) => found.map((row) => ({ ...row, total_sek: Number(row.total_sek) })));

/** Backdated observations of the stay, one a day up to yesterday, alternating so each is a new price. */
async function backdate(hotelId: string, totals: readonly number[]) {
  const db = await app.db();
  for (const [index, totalSek] of totals.entries()) {
    await history.appendObservations(
      [{ hotelId, partnerId: "alfa", checkIn, nights: 2, totalSek }],
      addDays(today, index - totals.length),
      db,
    );
  }
}

/** `high` and `low` in turn, `high` first and last. */
const alternating = (high: number, highs: number, low: number) =>
  Array.from({ length: highs * 2 - 1 }, (_, index) => (index % 2 === 0 ? high : low));

async function page(path: string) {
  const response = await browser.get(path);
  expect(response.status).toBe(200);
  const html = await response.text();
  return { html, text: visibleText(html) };
}

beforeAll(async () => {
  app = await startTestApp({ PAGE_CACHE_TTL_MS: "0", LIVE_PRICE_BUDGET_MS: "3000" });
  browser = new Browser(app.origin);
  history = await app.importApp<HistoryModule>("app/prices/price-history.server.ts");
  connectors = await app.importApp<ConnectorsModule>("app/live-prices/connectors.server.ts");
  const db = await app.db();
  [ids.deal, ids.few, ids.small, ids.plain] = (
    await createHotels(db, [
      { hotel_id: "PH-1", name: "Fyndhotellet", country: "Sweden", location: "Uppsala" },
      { hotel_id: "PH-2", name: "Nyhotellet", country: "Sweden", location: "Uppsala" },
      { hotel_id: "PH-3", name: "Nästanhotellet", country: "Sweden", location: "Uppsala" },
      { hotel_id: "PH-4", name: "Vanliga hotellet", country: "Sweden", location: "Uppsala" },
    ])
  ).map((hotel) => hotel.id) as [string, string, string, string];
  await db.insertInto("fx_rates").values({ rate_date: "2026-11-26", currency: "SEK", per_eur: 11 }).execute();
  // Today's prices for the stay, its two nights only (so the import records no other two-night
  // stay of the month): 2 × 850 = 1 700 kr (2 × 855 = 1 710 kr at the third hotel).
  for (const hotel of ["PH-1", "PH-2", "PH-4"]) await createRates(db, { hotel, partner: "alfa", from: checkIn, nights: 2, base: 850 });
  await createRates(db, { hotel: "PH-3", partner: "alfa", from: checkIn, nights: 2, base: 855 });
  // The history before today: today's import is the 20th observation of the first and third, the 19th of the second.
  await backdate(ids.deal, alternating(2100, 10, 1900)); // 19 + today: median 2 000 kr
  await backdate(ids.few, [1900, ...alternating(2100, 9, 1900)]); // 18 + today
  await backdate(ids.small, alternating(2100, 10, 1900)); // 19 + today at 1 710 kr: 14.5 % below
  await backdate(ids.plain, alternating(1800, 10, 1600)); // 19 + today: median 1 700 kr
});

afterAll(async () => {
  connectors?.replaceConnectors(null);
  await app?.close();
});

describe("the price history", () => {
  it("gets what an import's stays cost, one row per stay and day that keeps the day's lowest price", async () => {
    const db = await app.db();
    await createHotels(db, [{ hotel_id: "PH-5", name: "Importhotellet", country: "Sweden", location: "Uppsala" }]);
    const hotelId = (await db.selectFrom("hotels").select("id").where("hotel_id", "=", "PH-5").executeTakeFirstOrThrow()).id;
    const from = addDays(today, 5);
    await createRates(db, { hotel: "PH-5", partner: "beta", from, nights: 10, base: 1000, tax: 100, fees: 20 });
    const first = await rows(hotelId, "beta");
    const stay = (nights: number) => first.filter((row) => row.check_in === from && row.nights === nights);
    // Lengths 1, 2, 3 and 7, taxes and fees included, seen today.
    expect(stay(2)).toEqual([{ check_in: from, nights: 2, total_sek: 2240, observed_on: today }]);
    expect(stay(7).map((row) => row.total_sek)).toEqual([7840]);
    expect(stay(4)).toEqual([]);
    // Ten nights: 10 one-night stays, 9 of two, 8 of three, 4 of seven.
    expect(first).toHaveLength(10 + 9 + 8 + 4);

    // A second import the same day, cheaper: the row is lowered, not doubled.
    await createRates(db, {
      hotel: "PH-5",
      partner: "beta",
      from,
      nights: 10,
      base: 900,
      tax: 100,
      fees: 20,
      confirmedAt: new Date(Date.now() - 60_000),
    });
    // A third, dearer again: the day keeps its lowest.
    await createRates(db, {
      hotel: "PH-5",
      partner: "beta",
      from,
      nights: 10,
      base: 1500,
      tax: 100,
      fees: 20,
      confirmedAt: new Date(Date.now() - 30_000),
    });
    const after = await rows(hotelId, "beta");
    expect(after).toHaveLength(first.length);
    expect(after.find((row) => row.check_in === from && row.nights === 2)?.total_sek).toBe(2040);
  });

  it("gets a live answer for two adults in one room, in SEK", async () => {
    const db = await app.db();
    const fake: PartnerConnector = {
      partnerId: "booking",
      partnerName: "Booking.com",
      async search(_stay, hotels): Promise<LiveSearchAnswer> {
        return this.availability(_stay, hotels[0]!, { signal: AbortSignal.timeout(1000) });
      },
      async availability(_stay, hotel) {
        const quote = (total: number) => ({
          hotelId: hotel.hotelId,
          partnerHotelId: hotel.partnerHotelId,
          currency: "EUR",
          base: total,
          tax: null,
          fees: null,
          total,
          payAtPropertyCharges: null,
          breakfastIncluded: false,
          refundable: false,
          freeCancellationUntil: null,
          payAtHotel: false,
          roomName: "Dubbelrum",
          landingUrl: `https://www.booking.com/hotel/se/${hotel.partnerHotelId}.html`,
        });
        return { quotes: [quote(160), quote(150)], unavailable: [] };
      },
    };
    const live = await app.importApp<LiveModule>("app/live-prices/live-prices.server.ts");
    await live.ensureConnectorPartners([fake], db);
    await db.insertInto("hotel_partner_ids").values({ hotel_id: ids.plain, partner_id: "booking", partner_hotel_id: "2001" }).execute();
    connectors.replaceConnectors([fake]);
    try {
      await page(`/Sweden/Uppsala/vanliga-hotellet?${STAY}&vuxna=1`);
      // One adult is not the history's party: nothing recorded.
      expect(await rows(ids.plain, "booking")).toEqual([]);
      await page(`/Sweden/Uppsala/vanliga-hotellet?${STAY}`);
      // The cheaper quote, 150 € at 11 kr.
      expect(await rows(ids.plain, "booking")).toEqual([{ check_in: checkIn, nights: 2, total_sek: 1650, observed_on: today }]);
    } finally {
      connectors.replaceConnectors(null);
    }
  });
});

describe("housekeeping", () => {
  it("removes observations older than 13 months and keeps a year's", async () => {
    const db = await app.db();
    const keep = { hotelId: ids.plain, partnerId: "alfa", checkIn: addDays(today, -365), nights: 3, totalSek: 1000 };
    await history.appendObservations([keep], addDays(today, -370), db);
    await history.appendObservations([{ ...keep, checkIn: addDays(today, -500), totalSek: 900 }], addDays(today, -420), db);
    const { runHousekeeping } = await app.importApp<typeof import("#app/operations/housekeeping.server.ts")>(
      "app/operations/housekeeping.server.ts",
    );
    const images = fs.mkdtempSync(path.join(os.tmpdir(), "hg-history-images-"));
    try {
      expect(await runHousekeeping(new Date(), { kind: "local", dir: images }, db)).toMatchObject({ priceHistory: 1 });
    } finally {
      fs.rmSync(images, { recursive: true, force: true });
    }
    expect((await rows(ids.plain, "alfa")).filter((row) => row.nights === 3).map((row) => row.total_sek)).toEqual([1000]);
  });
});

describe("the deal badge", () => {
  it("shows on the hotel page with its reason and the chart when the stay is 15 % under the usual price of 20 observations", async () => {
    const { html, text } = await page(`/Sweden/Uppsala/fyndhotellet?${STAY}`);
    expect(text).toContain("Lägre pris än vanligt");
    const markup = html.replaceAll("\u00a0", " ");
    expect(text).toContain(`Vanligtvis 2 000 kr för 2 nätter i ${monthName}; nu 1 700 kr`);
    // The chart: an SVG image with a summary, and its figures in a table for screen readers.
    expect(markup).toMatch(
      /<svg[^>]*role="img"[^>]*aria-label="Vanligt pris för 2 nätter per incheckningsmånad, senaste 12 månaderna: från 2 000 kr till 2 000 kr\."/,
    );
    expect(text).toContain("Vanligt pris för 2 nätter per incheckningsmånad, senaste 12 månaderna");
    expect(text).toContain(`${monthName} 2 000 kr 20`);
  });

  it("shows in the page's currency", async () => {
    const { text } = await page(`/Sweden/Uppsala/fyndhotellet?${STAY}&valuta=EUR`);
    // 2 000 kr and 1 700 kr at 11 kr to the euro.
    expect(text).toContain(`Vanligtvis 181,82 € för 2 nätter i ${monthName}; nu 154,55 €`);
  });

  it("does not show with 19 observations, a drop under 15 %, no drop, another party or no dates", async () => {
    for (const slug of ["nyhotellet", "nastanhotellet", "vanliga-hotellet"]) {
      const { text } = await page(`/Sweden/Uppsala/${slug}?${STAY}`);
      expect(text).not.toContain("Lägre pris än vanligt");
      expect(text).not.toContain("Vanligtvis");
      // The chart still shows what the stay usually costs.
      expect(text).toContain("Vanligt pris för 2 nätter per incheckningsmånad");
    }
    const single = await page(`/Sweden/Uppsala/fyndhotellet?${STAY}&vuxna=1`);
    expect(single.text).not.toContain("Lägre pris än vanligt");
    expect(single.text).not.toContain("Vanligt pris för");
    const undated = await page(`/Sweden/Uppsala/fyndhotellet`);
    expect(undated.text).not.toContain("Lägre pris än vanligt");
  });

  it("shows on the list card of the hotel whose stay is a deal, and no other", async () => {
    const { html, text } = await page(`/Sweden/Uppsala?${STAY}`);
    expect(text.match(/Lägre pris än vanligt/g)).toHaveLength(1);
    const card = html.slice(html.lastIndexOf("<article", html.indexOf("Lägre pris än vanligt")), html.indexOf("Lägre pris än vanligt"));
    expect(card).toContain("Fyndhotellet");
  });
});
