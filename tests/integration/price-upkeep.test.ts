/**
 * Prices kept current while the site runs, on both databases (the jobs and the batched SQL are
 * the subject): with FX_RATES_URL the runner's job fetches the ECB's rates (an msw stand-in),
 * stores them and has every hotel's lead prices refreshed, so a EUR price shows at the new rate;
 * a failed fetch is tried again later by the runner and changes nothing; the daily pass over
 * every hotel goes a batch at a time, at midnight in Sweden; housekeeping removes the nights,
 * itineraries and sold-out stays of dates that have passed, and keeps today's and later.
 */
import fs from "node:fs";
import path from "node:path";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { addDays, todayInSweden } from "#app/utils/stay.ts";
import { testDatabases } from "#tests/db.ts";
import { feedFolder } from "#tests/feed-files.ts";

process.env.SESSION_SECRET ??= "test-secret-0123456789-abcdefghijklmnop";

const { fetchFxRates, fxRatesJob } = await import("#app/feed/price-feed-worker.server.ts");
const { defineJob, enqueueJob, startJobRunner, SCHEDULE_TIME_ZONE } = await import("#app/jobs/job-queue.server.ts");
const { latestFxRates, storeFxRates } = await import("#app/prices/fx-rates.server.ts");
const { refreshLeadPrices } = await import("#app/prices/stay-prices.server.ts");
const { leadPricesJob, refreshAllLeadPrices } = await import("#app/prices/price-upkeep.server.ts");
const { runHousekeeping } = await import("#app/operations/housekeeping.server.ts");

const ECB_URL = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml";
const today = todayInSweden();
const ecbDaily = (sekPerEur: string) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time="${today}">
\t\t\t<Cube currency="USD" rate="1.0412"/>
\t\t\t<Cube currency="SEK" rate="${sekPerEur}"/>
\t\t\t<Cube currency="NOK" rate="11.7610"/>
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>`;

let ecbAnswer: () => Response = () => new HttpResponse(ecbDaily("12.0000"), { headers: { "content-type": "text/xml" } });
const server = setupServer(http.get(ECB_URL, () => ecbAnswer()));
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

const folder = feedFolder("hg-price-upkeep-");
const settings = {
  intervalMinutes: 60,
  maxBytes: 1024 * 1024,
  timeoutMs: 5000,
  downloadDir: path.join(folder.dir, "downloads"),
  fxRatesUrl: ECB_URL,
};
const PARTNER = { id: "eurpartner", name: "Europartner", host: "www.eurpartner.example" };

describe.each(testDatabases())("price upkeep on $name", ({ open }) => {
  let handle: DatabaseHandle;
  const db = () => handle.db;
  const hotelIds = new Map<string, string>();
  const offerPrice = async (hotelId: string) => {
    const row = await db().selectFrom("hotels").select("offer_price").where("hotel_id", "=", hotelId).executeTakeFirstOrThrow();
    return row.offer_price === null ? null : Number(row.offer_price);
  };
  /** A plan of the partner for two adults in one room at the hotel, with these nights' base prices. */
  const priced = async (hotelId: string, currency: string, nights: Record<string, number>) => {
    const plan = await db()
      .insertInto("rate_plans")
      .values({
        hotel_id: hotelIds.get(hotelId)!,
        partner_id: PARTNER.id,
        adults: 2,
        rooms: 1,
        breakfast_included: false,
        refundable: false,
        pay_at_hotel: false,
        currency,
        landing_url: `https://${PARTNER.host}/hotell/${hotelId}`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const confirmed = new Date();
    await db()
      .insertInto("nightly_rates")
      .values(Object.entries(nights).map(([night, base]) => ({ plan_id: plan.id, night, base, tax: 0, fees: 0, confirmed_at: confirmed })))
      .execute();
    return plan.id;
  };
  // The runner with the price jobs as the app registers them, run on this file's database.
  let runner: Awaited<ReturnType<typeof startJobRunner>>;
  const until = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 30_000, interval: 100 });
  const stateOf = async (queue: string, id: string) => (await runner.boss.getJobById(queue, id))?.state;

  beforeAll(async () => {
    handle = await open();
    runner = await startJobRunner(
      handle,
      [
        defineJob({ ...fxRatesJob, run: async () => void (await fetchFxRates(settings, db())) }),
        defineJob({ ...leadPricesJob, run: async () => void (await refreshAllLeadPrices(undefined, undefined, db())) }),
      ],
      { pollingIntervalSeconds: 0.5 },
    );
    const hotels = await db()
      .insertInto("hotels")
      .values(["U1", "U2", "U3", "U4", "U5"].map((id) => ({ hotel_id: id, name: `Hotel ${id}`, location: "Göteborg", country: "Sweden" })))
      .returning(["id", "hotel_id"])
      .execute();
    for (const hotel of hotels) hotelIds.set(hotel.hotel_id, hotel.id);
    await db().insertInto("partners").values(PARTNER).execute();
  });
  afterAll(async () => {
    await runner?.stop();
    await handle?.close();
  });

  describe("the ECB's rates from FX_RATES_URL", () => {
    beforeAll(async () => {
      await storeFxRates([{ date: addDays(today, -7), currency: "SEK", perEur: "11.0000" }], db());
      await priced("U1", "EUR", { [addDays(today, 3)]: 100 });
      await refreshLeadPrices([hotelIds.get("U1")!], undefined, db());
    });

    it("shows a EUR price at the stored rate before any fetch", async () => {
      expect(await offerPrice("U1")).toBe(1100);
    });

    it("keeps a failed fetch for another try later, with its error, and changes nothing", async () => {
      ecbAnswer = () => new HttpResponse("Service Unavailable", { status: 503, statusText: "Service Unavailable" });
      const id = (await enqueueJob(fxRatesJob, {}))!;
      await until(async () => expect(await stateOf(fxRatesJob.name, id)).toBe("retry"));
      const job = (await runner.boss.getJobById(fxRatesJob.name, id))!;
      expect(JSON.stringify(job.output)).toContain(`${ECB_URL} answered 503 Service Unavailable.`);
      // The next try is minutes away (10, then twice as long each time).
      expect(new Date(job.startAfter).getTime()).toBeGreaterThan(Date.now() + 60_000);
      expect(job).toMatchObject({ retryLimit: 4, retryBackoff: true });
      expect((await latestFxRates(undefined, db()))?.perEur.get("SEK")).toBe(11);
      expect(await offerPrice("U1")).toBe(1100);
      await runner.boss.cancel(fxRatesJob.name, id);
    });

    it("fetches and stores the day's rates, then every hotel's lead price follows", async () => {
      ecbAnswer = () => new HttpResponse(ecbDaily("12.0000"), { headers: { "content-type": "text/xml" } });
      const id = (await enqueueJob(fxRatesJob, {}))!;
      await until(async () => expect(await stateOf(fxRatesJob.name, id)).toBe("completed"));
      expect(await latestFxRates(undefined, db())).toEqual({
        date: today,
        perEur: new Map([
          ["USD", 1.0412],
          ["SEK", 12],
          ["NOK", 11.761],
        ]),
      });
      await until(async () => expect(await offerPrice("U1")).toBe(1200));
      expect(fs.readdirSync(settings.downloadDir)).toEqual([]);
    });

    it("is fetched daily after the ECB's publication, in Swedish (= Frankfurt's) time", async () => {
      expect(await runner.boss.getSchedule(fxRatesJob.name)).toMatchObject({ cron: "10 17 * * *", timezone: SCHEDULE_TIME_ZONE });
    });
  });

  describe("the daily pass over every hotel's lead prices", () => {
    it("goes a few hotels at a time in id order", async () => {
      // Prices that arrived without a refresh (as if yesterday's "next 30 days" had not reached them).
      for (const hotelId of ["U2", "U3", "U4", "U5"]) await priced(hotelId, "SEK", { [addDays(today, 1)]: 900 });
      expect(await offerPrice("U4")).toBeNull();
      expect(await refreshAllLeadPrices(new Date(), 2, db())).toEqual([2, 2, 1]);
      for (const hotelId of ["U2", "U3", "U4", "U5"]) expect(await offerPrice(hotelId), hotelId).toBe(900);
    });

    it("runs at midnight in Sweden, and a pass asked for while one waits is the same pass", async () => {
      expect(await runner.boss.getSchedule(leadPricesJob.name)).toMatchObject({ cron: "0 0 * * *", timezone: SCHEDULE_TIME_ZONE });
      // Not started yet (an hour from now), so the second ask finds the first waiting.
      const first = await enqueueJob(leadPricesJob, {}, { startAfter: 3600 });
      expect(first).toEqual(expect.any(String));
      expect(await enqueueJob(leadPricesJob, {})).toBeNull();
      await runner.boss.cancel(leadPricesJob.name, first!);
    });
  });

  describe("housekeeping", () => {
    it("removes nightly rates, itinerary prices and sold-out stays of dates before today, and keeps today's and later", async () => {
      const yesterday = addDays(today, -1);
      const tomorrow = addDays(today, 1);
      const plan = await priced("U5", "EUR", { [yesterday]: 800, [today]: 810, [tomorrow]: 820 });
      const confirmed_at = new Date();
      await db()
        .insertInto("itinerary_prices")
        .values([
          { plan_id: plan, check_in: yesterday, nights: 2, base: 1500, tax: 0, fees: 0, confirmed_at },
          { plan_id: plan, check_in: today, nights: 2, base: 1550, tax: 0, fees: 0, confirmed_at },
        ])
        .execute();
      await db()
        .insertInto("sold_out_itineraries")
        .values(
          [yesterday, tomorrow].map((check_in) => ({
            hotel_id: hotelIds.get("U5")!,
            partner_id: PARTNER.id,
            check_in,
            nights: 1,
            confirmed_at,
          })),
        )
        .execute();
      const images = fs.mkdtempSync(path.join(folder.dir, "images-"));
      const removed = await runHousekeeping(new Date(), { kind: "local", dir: images }, db());
      expect(removed).toMatchObject({ nights: 1, itineraries: 1, soldOut: 1 });
      const dates = async (query: string) => (await sql<{ d: string }>`${sql.raw(query)}`.execute(db())).rows.map((row) => row.d);
      expect(await dates(`select to_char(night, 'YYYY-MM-DD') as d from nightly_rates where plan_id = ${plan} order by 1`)).toEqual([
        today,
        tomorrow,
      ]);
      expect(await dates(`select to_char(check_in, 'YYYY-MM-DD') as d from itinerary_prices where plan_id = ${plan}`)).toEqual([today]);
      expect(await dates(`select to_char(check_in, 'YYYY-MM-DD') as d from sold_out_itineraries`)).toEqual([tomorrow]);
      expect((await runHousekeeping(new Date(), { kind: "local", dir: images }, db())).nights).toBe(0);
    });
  });
});
