/**
 * Partners' price feeds in /admin/partners over HTTP, as an administrator without JavaScript,
 * with the app's own job worker fetching from an msw stand-in for the partners' servers: the
 * form takes an https feed URL on a public host and a landing URL template, and refuses http://
 * and private addresses by the field, keeping what was typed; the worker fetches an active
 * partner's feed by itself and the table shows the run (rows taken and rejected, the reasons);
 * "Fetch now" is a plain post that queues a run and redirects; a failed fetch shows its reason.
 * (The fetch itself, its limits and its races: price-feed-schedule.test.ts.)
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, todayInSweden } from "#app/utils/stay.ts";
import { Browser, signIn, startTestApp, TEST_ADMIN, type TestApp } from "#tests/app-server.ts";
import { createHotels, createPartner } from "#tests/factories.ts";
import { partnerFieldError, partnerForm, partnerInputValue, readable, type PartnerField } from "#tests/partner-form-page.ts";

const FEEDS = "https://feeds.nattpriser.example";
const night = addDays(todayInSweden(), 14);
const csvFor = (host: string) =>
  [
    "hotel_id,date,adults,rooms,currency,base,tax,fees,breakfast_included,free_cancellation_until,pay_at_hotel,room_name,url,updated_at",
    `AF1,${night},2,1,SEK,1200.00,144.00,0,false,,false,Dubbelrum,https://${host}/hotell/AF1,`,
    `AF2,${night},2,1,SEK,990.00,118.80,0,true,,false,,https://${host}/hotell/AF2,`,
    `OKANT,${night},2,1,SEK,900.00,0,0,false,,false,,https://${host}/hotell/OKANT,`,
  ].join("\n");

const server = setupServer(
  http.get(`${FEEDS}/:partner/prices.csv`, ({ params }) => new HttpResponse(csvFor(`www.${String(params.partner)}.example`))),
  http.get(`${FEEDS}/gone.csv`, () => new HttpResponse("Not found", { status: 404, statusText: "Not Found" })),
);

let app: TestApp;
let admin: Browser;

beforeAll(async () => {
  // The app's requests to the partners go to msw; the test's own requests to the app pass.
  server.listen({ onUnhandledRequest: "bypass" });
  app = await startTestApp({ FEED_TIMEOUT_SECONDS: "10" });
  admin = new Browser(app.origin);
  await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
  await createHotels(
    await app.db(),
    ["AF1", "AF2"].map((hotelId) => ({ hotel_id: hotelId, name: `Hotell ${hotelId}`, location: "Malmö", country: "Sweden" })),
  );
});
afterAll(async () => {
  await app?.close();
  server.close();
});

const partnersPage = async () => {
  const response = await admin.get("/admin/partners");
  expect(response.status).toBe(200);
  return readable(await response.text());
};
const form = partnerForm;
const fieldError = (html: string, field: PartnerField) => readable(partnerFieldError(html, field) ?? "");
const inputValue = (html: string, field: PartnerField) => {
  const value = partnerInputValue(html, field);
  return value === undefined ? undefined : readable(value);
};
/** Waits for the app's worker to finish the partner's latest run, and returns it. */
const finishedRun = (partnerId: string) =>
  vi.waitFor(
    async () => {
      const run = await (
        await app.db()
      )
        .selectFrom("price_feed_runs")
        .selectAll()
        .where("partner_id", "=", partnerId)
        .where("status", "in", ["ok", "failed"])
        .orderBy("id", "desc")
        .executeTakeFirst();
      if (!run) throw new Error(`no finished run of ${partnerId} yet`);
      return run;
    },
    { timeout: 30_000, interval: 100 },
  );

describe("the partner form's feed fields", () => {
  it.each([
    ["http://", "http://feeds.nattpriser.example/x/prices.csv", "The feed URL must start with https://"],
    ["a private address", "https://192.168.1.20/prices.csv", "This is a local or private address"],
    ["a metadata address", "https://169.254.169.254/latest/meta-data/", "This is a local or private address"],
    ["localhost", "https://localhost:8443/prices.csv", "This is a local or private address"],
  ])("refuses %s by the field and keeps what was typed", async (_case, feedUrl, message) => {
    const response = await admin.post(
      "/admin/partners",
      form({
        id: "nattpriser",
        name: "Nattpriser",
        host: "www.nattpriser.example",
        feedUrl,
        landingUrlTemplate: "https://www.nattpriser.example/hotell/{hotel_id}",
      }),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(fieldError(html, "feedUrl")).toContain(message);
    expect(inputValue(html, "feedUrl")).toBe(feedUrl);
    expect(inputValue(html, "name")).toBe("Nattpriser");
    expect(inputValue(html, "host")).toBe("www.nattpriser.example");
    expect(inputValue(html, "landingUrlTemplate")).toBe("https://www.nattpriser.example/hotell/{hotel_id}");
    expect(await (await app.db()).selectFrom("partners").select("id").where("id", "=", "nattpriser").execute()).toEqual([]);
  });

  it("refuses a landing URL template without {hotel_id} by the field", async () => {
    const response = await admin.post(
      "/admin/partners",
      form({ id: "nattpriser", name: "Nattpriser", host: "www.nattpriser.example", landingUrlTemplate: "https://www.nattpriser.example/" }),
    );
    expect(response.status).toBe(400);
    expect(fieldError(await response.text(), "landingUrlTemplate")).toContain("with {hotel_id} where the partner's property id goes");
  });
});

describe("a partner's feed, fetched by the server", () => {
  it("is fetched on the schedule once saved, and the table shows the run: rows taken and rejected, and why", async () => {
    const saved = await admin.post(
      "/admin/partners",
      form({
        id: "nattpriser",
        name: "Nattpriser",
        host: "www.nattpriser.example",
        feedUrl: `${FEEDS}/nattpriser/prices.csv`,
        landingUrlTemplate: "https://www.nattpriser.example/hotell/{hotel_id}",
      }),
    );
    expect(saved.status).toBe(302);
    const edit = await (await admin.get("/admin/partners?edit=nattpriser")).text();
    expect(inputValue(edit, "feedUrl")).toBe(`${FEEDS}/nattpriser/prices.csv`);
    expect(inputValue(edit, "landingUrlTemplate")).toBe("https://www.nattpriser.example/hotell/{hotel_id}");

    const run = await finishedRun("nattpriser");
    expect(run).toMatchObject({ status: "ok", rows_taken: 2, rows_rejected: 1, requested_by: null });
    const text = await partnersPage();
    expect(text).toContain(`${FEEDS}/nattpriser/prices.csv Last fetch`);
    expect(text).toMatch(/Last fetch [^:]+\d\d:\d\d: 2 rows taken, 1 rejected Rejected rows: [^]*OKANT/);
  });

  it("fetches an inactive partner's feed on 'Fetch now', a plain post that redirects, and shows the result", async () => {
    await createPartner(await app.db(), {
      id: "vilande",
      name: "Vilande",
      host: "www.vilande.example",
      active: false,
      feedUrl: `${FEEDS}/vilande/prices.csv`,
    });
    // The schedule leaves an inactive partner alone: only the button fetches it.
    expect(await partnersPage()).toMatch(/Vilande vilande · www\.vilande\.example Inactive .* Not fetched yet\. Fetch now/);
    const posted = await admin.post("/admin/partners", { intent: "fetch", id: "vilande" });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/admin/partners");
    expect(readable(await (await admin.follow(posted)).text())).toContain(
      "Fetch queued Vilande's feed is fetched and imported in the background, usually within a minute.",
    );
    expect(await finishedRun("vilande")).toMatchObject({ status: "ok", rows_taken: 2, rows_rejected: 1, requested_by: TEST_ADMIN.email });
    expect(await partnersPage()).toMatch(/Vilande .*Last fetch [^:]+\d\d:\d\d: 2 rows taken, 1 rejected/);
  });

  it("shows why a fetch failed", async () => {
    await createPartner(await app.db(), {
      id: "borta",
      name: "Borta",
      host: "www.borta.example",
      active: false,
      feedUrl: `${FEEDS}/gone.csv`,
    });
    expect((await admin.post("/admin/partners", { intent: "fetch", id: "borta" })).status).toBe(302);
    expect(await finishedRun("borta")).toMatchObject({ status: "failed" });
    expect(await partnersPage()).toMatch(
      /Borta .*Last fetch [^:]+\d\d:\d\d failed: https:\/\/feeds\.nattpriser\.example\/gone\.csv answered 404 Not Found\./,
    );
  });

  it("answers 'Fetch now' for a partner without a feed URL with what to do", async () => {
    await createPartner(await app.db(), { id: "utan", name: "Utan", host: "www.utan.example", active: false });
    const posted = await admin.post("/admin/partners", { intent: "fetch", id: "utan" });
    expect(posted.status).toBe(302);
    expect(readable(await (await admin.follow(posted)).text())).toContain(
      "No feed URL This partner has no feed URL to fetch: add one with Edit first.",
    );
    expect(await (await app.db()).selectFrom("price_feed_runs").select("id").where("partner_id", "=", "utan").execute()).toEqual([]);
  });
});
