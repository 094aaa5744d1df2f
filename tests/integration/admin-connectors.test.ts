/**
 * /admin/connectors over HTTP: the health figures from rows put into connector_calls and
 * connector_breakers, the screen without a configured connector, and "Test connection" through
 * a stand-in connector (replaceConnectors, in the running app's module graph): the summary
 * after the redirect and the call recorded as a test. Administrators only.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type * as ConnectorModule from "#app/live-prices/connector.ts";
import type * as ConnectorsModule from "#app/live-prices/connectors.server.ts";
import type { LiveStay, PartnerConnector, PartnerHotel } from "#app/live-prices/connector.ts";
import { addDays, todayInSweden } from "#app/utils/stay.ts";
import { adminTime } from "#app/utils/format.ts";
import { Browser, signIn, startTestApp, TEST_ADMIN, type TestApp } from "#tests/app-server.ts";
import { createHotel, createUser } from "#tests/factories.ts";
import { readable } from "#tests/partner-form-page.ts";

let app: TestApp;
let admin: Browser;
let connectors: typeof ConnectorsModule;
let connectorTypes: typeof ConnectorModule;
const MINUTE = 60_000;

beforeAll(async () => {
  app = await startTestApp();
  admin = new Browser(app.origin);
  await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
  connectors = await app.importApp<typeof ConnectorsModule>("app/live-prices/connectors.server.ts");
  connectorTypes = await app.importApp<typeof ConnectorModule>("app/live-prices/connector.ts");
  const db = await app.db();
  await db
    .insertInto("partners")
    .values([
      { id: "booking", name: "Booking.com", host: "www.booking.example" },
      { id: "expedia", name: "Expedia", host: "www.expedia.example" },
    ])
    .execute();
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => connectors.replaceConnectors(null));

const page = async (browser = admin) => {
  const response = await browser.get("/admin/connectors");
  expect(response.status).toBe(200);
  return readable(await response.text());
};

/** A connector that answers as `answer` says and remembers what it was asked. */
function standIn(answer: (stay: LiveStay, hotels: readonly PartnerHotel[]) => Promise<ConnectorModule.LiveSearchAnswer>) {
  const asked: Array<{ stay: LiveStay; hotels: readonly PartnerHotel[] }> = [];
  const connector: PartnerConnector = {
    partnerId: "booking",
    partnerName: "Booking.com",
    search: (stay, hotels) => {
      asked.push({ stay, hotels });
      return answer(stay, hotels);
    },
    availability: () => Promise.reject(new Error("not asked")),
  };
  return { connector, asked };
}

const quote = (partnerHotelId: string, total: number, currency = "SEK") => ({
  hotelId: "x",
  partnerHotelId,
  currency,
  base: total,
  tax: null,
  fees: null,
  total,
  payAtPropertyCharges: null,
  breakfastIncluded: false,
  refundable: true,
  freeCancellationUntil: null,
  payAtHotel: false,
  roomName: "Dubbelrum",
  landingUrl: `https://www.booking.example/hotel/${partnerHotelId}?aid=1`,
});

describe("without a configured connector", () => {
  it("says so and names the settings that turn one on", async () => {
    const text = await page();
    expect(text).toContain("No connector is configured");
    expect(text).toMatch(/BOOKING_DEMAND_URL ?, BOOKING_DEMAND_TOKEN ?, BOOKING_AFFILIATE_ID/);
    expect(text).not.toContain("Test connection");
  });

  it("refuses a test of a partner without a connector, asking nothing", async () => {
    const response = await admin.post("/admin/connectors", { intent: "test-connection", partner_id: "booking" });
    expect(response.status).toBe(302);
    expect(readable(await (await admin.follow(response)).text())).toContain(
      "There is no configured connector for booking: nothing was asked.",
    );
  });
});

describe("the health figures", () => {
  it("counts the last hour's calls per partner: in budget, p50/p95, the last error, the breaker", async () => {
    const db = await app.db();
    const now = Date.now();
    const call = (partner_id: string, minutesAgo: number, duration_ms: number, outcome = "ok", extra: Record<string, unknown> = {}) => ({
      partner_id,
      operation: "search" as const,
      started_at: new Date(now - minutesAgo * MINUTE),
      duration_ms,
      outcome,
      in_budget: outcome === "ok" && duration_ms <= 800,
      http_status: null,
      error: null,
      ...extra,
    });
    await db
      .insertInto("connector_calls")
      .values([
        call("booking", 5, 100),
        call("booking", 10, 200),
        call("booking", 15, 900),
        call("booking", 20, 400, "server-error", { http_status: 503, error: "Booking.com answered 503" }),
        // Older than the hour, and a test: neither counts.
        call("booking", 90, 5000),
        call("booking", 3, 9000, "ok", { operation: "test" }),
        call("expedia", 30, 50, "timeout", { error: "no answer within 800 ms" }),
      ])
      .execute();
    const openUntil = new Date(now + 20 * MINUTE);
    await db
      .insertInto("connector_breakers")
      .values([
        {
          partner_id: "booking",
          consecutive_failures: 5,
          open_until: openUntil,
          last_failure: "503",
          last_failure_at: new Date(now - 20 * MINUTE),
        },
        { partner_id: "expedia", consecutive_failures: 3, open_until: new Date(now - MINUTE) },
      ])
      .execute();

    const text = await page();
    // 4 calls; 2 answered in budget; p50 of 100, 200, 400, 900 is 300, p95 is 400 + 0.85 × 500.
    expect(text).toContain(`Booking.com booking · not configured 4 2 of 4 (50 %) 300 ms / 825 ms server-error · HTTP 503 · 400 ms`);
    expect(text).toContain("Booking.com answered 503");
    expect(text).toContain(`Open until ${adminTime.format(openUntil)} (5 failures in a row)`);
    expect(text).toMatch(
      /Expedia expedia · not configured 1 0 of 1 \(0 %\) 50 ms \/ 50 ms timeout · 50 ms .* no answer within 800 ms Half-open: the next call is a trial \(3 failures in a row\)/,
    );
    // The test's call is the booking row's last test, not among its figures.
    expect(text).toContain("Answered · 9000 ms");
  });
});

describe("Test connection", () => {
  it("searches 30 days ahead for hotels with an id at the partner and shows the answer's summary after the redirect", async () => {
    const db = await app.db();
    const hotel = await createHotel(db, { name: "Testhotellet" });
    await db.insertInto("hotel_partner_ids").values({ hotel_id: hotel.id, partner_id: "booking", partner_hotel_id: "1001" }).execute();
    const { connector, asked } = standIn(async () => ({ quotes: [quote("1001", 1480), quote("1001", 1234.5)], unavailable: [] }));
    connectors.replaceConnectors([connector]);

    const before = await page();
    expect(before).toContain("Booking.com booking · configured");
    const response = await admin.post("/admin/connectors", { intent: "test-connection", partner_id: "booking" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/connectors");
    const text = readable(await (await admin.follow(response)).text());

    const checkIn = addDays(todayInSweden(), 30);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.stay).toEqual({
      checkIn,
      checkOut: addDays(checkIn, 1),
      adults: 2,
      rooms: 1,
      bookerCountry: "se",
      platform: "desktop",
    });
    expect(asked[0]!.hotels).toContainEqual({ hotelId: hotel.id, partnerHotelId: "1001" });
    expect(text).toContain("Booking.com answered");
    expect(text).toContain(`for ${checkIn} to ${addDays(checkIn, 1)}, 2 adults, 1 room`);
    expect(text).toContain("2 quotes for 1 hotel, 0 without availability. Cheapest total: 1234.50 SEK (hotel 1001).");

    const recorded = await db
      .selectFrom("connector_calls")
      .selectAll()
      .where("operation", "=", "test")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(recorded).toMatchObject({ partner_id: "booking", outcome: "ok", http_status: null, error: null });
    expect(await page()).toMatch(/Last test[^]*Answered · \d+ ms/);
  });

  it("shows the error's kind, status and request id, and records the failed call", async () => {
    const { connector } = standIn(() =>
      Promise.reject(
        new connectorTypes.ConnectorError("rate-limited", "Too many requests", { status: 429, requestId: "req-42", retryAfterSeconds: 30 }),
      ),
    );
    connectors.replaceConnectors([connector]);
    const response = await admin.post("/admin/connectors", { intent: "test-connection", partner_id: "booking" });
    const text = readable(await (await admin.follow(response)).text());
    expect(text).toContain("Booking.com: the test failed");
    expect(text).toContain("Error: rate-limited (HTTP 429, request id req-42): Too many requests");
    const recorded = await (
      await app.db()
    )
      .selectFrom("connector_calls")
      .selectAll()
      .where("operation", "=", "test")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(recorded).toMatchObject({
      outcome: "rate-limited",
      http_status: 429,
      in_budget: false,
      error: "Too many requests · request req-42",
    });
    // The audit log names the partner the test was for.
    const audit = await (
      await app.db()
    )
      .selectFrom("admin_audit_log")
      .selectAll()
      .where("screen", "=", "/admin/connectors")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ intent: "test-connection", row_ids: ["booking"] });
  });
});

describe("Test connection for a partner no hotel has an id at", () => {
  it("asks nothing and records nothing when there is no documented sample id either", async () => {
    const asked: unknown[] = [];
    connectors.replaceConnectors([
      {
        partnerId: "expedia",
        partnerName: "Expedia",
        search: (stay, hotels) => {
          asked.push({ stay, hotels });
          return Promise.resolve({ quotes: [], unavailable: [] });
        },
        availability: () => Promise.reject(new Error("not asked")),
      },
    ]);
    const response = await admin.post("/admin/connectors", { intent: "test-connection", partner_id: "expedia" });
    const text = readable(await (await admin.follow(response)).text());
    expect(text).toContain("No hotel has an id at this partner yet, and there is no documented sample id for it: nothing was asked.");
    expect(asked).toHaveLength(0);
    const tests = await (
      await app.db()
    )
      .selectFrom("connector_calls")
      .select("id")
      .where("partner_id", "=", "expedia")
      .where("operation", "=", "test")
      .execute();
    expect(tests).toEqual([]);
  });
});

describe("administrators only", () => {
  it("sends a visitor to sign in and a signed-in user without the role away, and runs no test for them", async () => {
    const { connector, asked } = standIn(async () => ({ quotes: [], unavailable: [] }));
    connectors.replaceConnectors([connector]);
    const visitor = new Browser(app.origin);
    const anonymous = await visitor.get("/admin/connectors");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);

    const user = await createUser(await app.db());
    const member = new Browser(app.origin);
    await signIn(member, user.email, user.password);
    const refused = await member.get("/admin/connectors");
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/");
    const post = await member.post("/admin/connectors", { intent: "test-connection", partner_id: "booking" });
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe("/");
    expect(asked).toHaveLength(0);
  });
});
