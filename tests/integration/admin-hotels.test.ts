/**
 * /admin/hotels over HTTP as an administrator against the demo catalogue: filters, the
 * 50-row cap, select-all without JavaScript, the affiliate switch, bulk flags, "Description
 * rewritten" following the text, AI rewrite
 * (refused by the local engine) and affiliate URL generation, each checked in the database.
 * (That non-admins are refused is the guard matrix's job: admin-guards.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, signIn, startTestApp, TEST_ADMIN, visibleText, type TestApp } from "#tests/app-server.ts";

let app: TestApp;
let admin: Browser;

beforeAll(async () => {
  app = await startTestApp({ SEED_DEMO: "always", AFFILIATE_URL_TEMPLATE: "https://partner.example/hotel?q={query}&id={hotel_id}&aid=hg" });
  admin = new Browser(app.origin);
  await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(async () => {
  await app?.close();
});

const db = () => app.db();
const rowIds = (html: string) => [...html.matchAll(/name="hotel" value="([^"]+)"/g)].map((m) => m[1]!);
const page = async (query = "") => {
  const response = await admin.get(`/admin/hotels${query}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  return { html, text: visibleText(html), ids: rowIds(html) };
};
const flashAfter = async (response: Response) => visibleText(await (await admin.follow(response)).text());

describe("the hotel table", () => {
  it("shows at most 50 rows with the count of all matches", async () => {
    const { text, ids } = await page();
    expect(ids).toHaveLength(50);
    expect(text).toContain("Showing first 50 results of 600 total hotels");
    for (const heading of ["Name", "Country", "Location", "Affiliate URL", "Description Rewritten", "Actions"])
      expect(text).toContain(heading);
  });

  it("filters by country and place, and ignores a place without a country", async () => {
    const malmo = await page("?country=Sweden&location=Malm%C3%B6");
    const count = await (
      await db()
    )
      .selectFrom("hotels")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("location", "=", "Malmö")
      .executeTakeFirstOrThrow();
    expect(malmo.ids.length).toBe(Math.min(50, Number(count.n)));
    expect(malmo.html).toMatch(/<select id="hotels-location" name="location"(?![^>]*disabled="")/);
    const rows = await (await db()).selectFrom("hotels").select("location").where("hotel_id", "in", malmo.ids).execute();
    expect(new Set(rows.map((row) => row.location))).toEqual(new Set(["Malmö"]));

    const noCountry = await page("?location=Malm%C3%B6");
    expect(noCountry.text).toContain("of 600 total hotels");
    expect(noCountry.html).toMatch(/<select id="hotels-location" name="location"[^>]*disabled=""/);
  });

  it("sets aside a place that is not in the chosen country, and says so (a country changed without JavaScript)", async () => {
    const norway = await page("?country=Norway");
    const moved = await page("?country=Norway&location=Stockholm");
    expect(moved.text).toContain("There is no location “Stockholm” in Norge, so all of Norge is shown.");
    expect(moved.html).toMatch(/role="status"[^>]*>There is no location/);
    expect(moved.ids).toEqual(norway.ids);
    expect(moved.ids.length).toBeGreaterThan(0);
    // The place select offers Norway's places with none chosen, and the table's posts go back to the filters applied.
    expect(moved.html).not.toMatch(/<option value="Stockholm"/);
    expect(moved.html).toContain('action="/admin/hotels?country=Norway"');
    // A place of the country is kept without a word.
    const bergen = await page("?country=Norway&location=Bergen");
    expect(bergen.text).not.toContain("There is no location");
    expect(bergen.html).toMatch(/<option value="Bergen" selected="">/);
  });

  it("filters by affiliate and rewrite status, and by search", async () => {
    const database = await db();
    const missing = await page("?affiliate=missing&rewrite=rewritten");
    const flags = await database
      .selectFrom("hotels")
      .select(["has_affiliate_url", "is_description_rewritten"])
      .where("hotel_id", "in", missing.ids)
      .execute();
    expect(flags.length).toBeGreaterThan(0);
    expect(flags.every((row) => !row.has_affiliate_url && row.is_description_rewritten)).toBe(true);

    const search = await page("?q=Visby");
    const places = await database.selectFrom("hotels").select("location").where("hotel_id", "in", search.ids).execute();
    expect(places.every((row) => row.location === "Visby")).toBe(true);

    expect((await page("?q=no-such-hotel-anywhere")).text).toContain("No hotels found matching the specified filters.");
    // Unknown filter values fall back to "all" instead of failing.
    expect((await page("?affiliate=maybe&rewrite=%3Cscript%3E")).ids).toHaveLength(50);
  });

  it("cuts long affiliate URLs to 57 characters and an ellipsis, with the full URL in the tooltip", async () => {
    const database = await db();
    const long = `https://www.booking.com/hotel/se/${"a".repeat(80)}.html?aid=1`;
    const hotel = await database
      .selectFrom("hotels")
      .select("hotel_id")
      .where("location", "=", "Kiruna")
      .orderBy("hotel_id")
      .executeTakeFirstOrThrow();
    await database
      .updateTable("hotels")
      .set({ affiliate_url: long, has_affiliate_url: true })
      .where("hotel_id", "=", hotel.hotel_id)
      .execute();
    const { html } = await page(`?q=${hotel.hotel_id}`);
    expect(html).toContain(`title="${long}"`);
    expect(html).toContain(`>${long.slice(0, 57)}...<`);
    expect(html).toContain(`/redirect?to=${encodeURIComponent(long)}&amp;source=admin-panel&amp;hotel=${hotel.hotel_id}`);
  });

  it("selects all shown rows without JavaScript", async () => {
    const { html } = await page("?country=Sweden&select=all");
    const boxes = [...html.matchAll(/<input type="checkbox"[^>]*name="hotel"[^>]*>/g)].map((m) => m[0]);
    expect(boxes.length).toBeGreaterThan(0);
    expect(boxes.every((box) => box.includes('checked=""'))).toBe(true);
    expect(rowIds((await page("?country=Sweden")).html)).toHaveLength(boxes.length);
    expect((await page("?country=Sweden")).html).not.toContain('checked=""');
  });
});

describe("changing hotels", () => {
  it("toggles one row's affiliate flag in place and comes back to the same filters", async () => {
    const database = await db();
    const hotel = await database
      .selectFrom("hotels")
      .select(["hotel_id", "has_affiliate_url"])
      .where("location", "=", "Uppsala")
      .orderBy("hotel_id")
      .executeTakeFirstOrThrow();
    const response = await admin.post(`/admin/hotels?country=Sweden&location=Uppsala`, {
      intent: "toggle",
      toggle: `affiliate:${hotel.hotel_id}:${!hotel.has_affiliate_url}`,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/hotels?country=Sweden&location=Uppsala");
    expect(await flashAfter(response)).toContain("Hotel updated");
    const after = await database
      .selectFrom("hotels")
      .select("has_affiliate_url")
      .where("hotel_id", "=", hotel.hotel_id)
      .executeTakeFirstOrThrow();
    expect(after.has_affiliate_url).toBe(!hotel.has_affiliate_url);
  });

  it("shows 'Description rewritten' as whether a rewritten text exists, never as a switch of its own", async () => {
    const database = await db();
    // Whoever writes the flag, the database derives it from the text.
    const [withText, withoutText] = await Promise.all([
      database
        .selectFrom("hotels")
        .select("hotel_id")
        .where("rewritten_text", "is not", null)
        .orderBy("hotel_id")
        .executeTakeFirstOrThrow(),
      database.selectFrom("hotels").select("hotel_id").where("rewritten_text", "is", null).orderBy("hotel_id").executeTakeFirstOrThrow(),
    ]);
    const flag = async (hotelId: string) =>
      (await database.selectFrom("hotels").select("is_description_rewritten").where("hotel_id", "=", hotelId).executeTakeFirstOrThrow())
        .is_description_rewritten;
    await database.updateTable("hotels").set({ is_description_rewritten: true }).where("hotel_id", "=", withoutText.hotel_id).execute();
    expect(await flag(withoutText.hotel_id)).toBe(false);
    await database.updateTable("hotels").set({ is_description_rewritten: false }).where("hotel_id", "=", withText.hotel_id).execute();
    expect(await flag(withText.hotel_id)).toBe(true);
    await database.updateTable("hotels").set({ rewritten_text: "   " }).where("hotel_id", "=", withoutText.hotel_id).execute();
    expect(await flag(withoutText.hotel_id)).toBe(false);
    await database.updateTable("hotels").set({ rewritten_text: null }).where("hotel_id", "=", withoutText.hotel_id).execute();

    // The filter reads the text, and a rewritten row links to reverting it (which asks first).
    const rewritten = await page("?rewrite=rewritten");
    const notRewritten = await page("?rewrite=not-rewritten");
    const texts = async (ids: string[]) =>
      (await database.selectFrom("hotels").select("rewritten_text").where("hotel_id", "in", ids).execute()).map(
        (row) => row.rewritten_text,
      );
    expect((await texts(rewritten.ids)).every((text) => Boolean(text?.trim()))).toBe(true);
    expect((await texts(notRewritten.ids)).every((text) => !text?.trim())).toBe(true);
    expect(rewritten.html).toContain(`href="/admin/rewrite?hotel=${encodeURIComponent(rewritten.ids[0]!)}&amp;revert=1"`);
    expect(notRewritten.html).not.toContain("revert=1");
    expect(rewritten.html).not.toContain('value="rewritten:');
    for (const label of ["Mark as rewritten", "Mark as not rewritten"]) expect(rewritten.text).not.toContain(label);

    // The old switches are no longer intents: refused, nothing changed.
    const oldSwitches: Record<string, string>[] = [
      { intent: "toggle", toggle: `rewritten:${withoutText.hotel_id}:true` },
      { intent: "set-rewritten", hotel: withoutText.hotel_id },
      { intent: "unset-rewritten", hotel: withText.hotel_id },
    ];
    for (const fields of oldSwitches) {
      const response = await admin.post("/admin/hotels", fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
    }
    expect(await flag(withoutText.hotel_id)).toBe(false);
    expect(await flag(withText.hotel_id)).toBe(true);
  });

  it("sets and unsets flags in bulk for the selected hotels only", async () => {
    const database = await db();
    const { ids } = await page("?country=Norway&location=Bergen");
    const chosen = ids.slice(0, 3);
    const response = await admin.request("/admin/hotels?country=Norway&location=Bergen", {
      method: "POST",
      body: new URLSearchParams([["intent", "unset-affiliate"], ...chosen.map((id) => ["hotel", id])]),
      headers: { Origin: app.origin, "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.headers.get("Location")).toBe("/admin/hotels?country=Norway&location=Bergen");
    expect(await flashAfter(response)).toContain("Unset affiliate flag: 3 hotels.");
    const rows = await database.selectFrom("hotels").select(["hotel_id", "has_affiliate_url"]).where("location", "=", "Bergen").execute();
    for (const row of rows) if (chosen.includes(row.hotel_id)) expect(row.has_affiliate_url).toBe(false);
    expect(rows.filter((row) => !chosen.includes(row.hotel_id)).some((row) => row.has_affiliate_url)).toBe(true);
  });

  it("answers an empty selection with 'No hotels selected'", async () => {
    const response = await admin.post("/admin/hotels?rewrite=rewritten", { intent: "set-affiliate" });
    expect(response.headers.get("Location")).toBe("/admin/hotels?rewrite=rewritten");
    const text = await flashAfter(response);
    expect(text).toContain("No hotels selected");
    expect(text).toContain("Select at least one hotel to set the affiliate flag.");
  });

  it("says which engine the bulk rewrite runs, and starts it with the local engine", async () => {
    const { ids, text: table } = await page("?country=Sweden");
    expect(table).toContain("Engine: local (writes a Swedish description from the hotel");
    const response = await admin.post("/admin/hotels?country=Sweden", { intent: "rewrite-ai", hotel: ids[0]! });
    expect(response.headers.get("Location")).toMatch(/^\/admin\/jobs\/[0-9a-f-]{36}$/);
    expect(await flashAfter(response)).toContain("Rewrite started");
    const jobs = await (await db()).selectFrom("ai_jobs").select("total").execute();
    expect(jobs).toEqual([{ total: 1 }]);
  });

  it("generates partner URLs from the configured template", async () => {
    const database = await db();
    const hotel = await database
      .selectFrom("hotels")
      .select(["hotel_id", "name", "location"])
      .where("location", "=", "Tromsø")
      .orderBy("hotel_id")
      .executeTakeFirstOrThrow();
    await database
      .updateTable("hotels")
      .set({ affiliate_url: null, has_affiliate_url: false })
      .where("hotel_id", "=", hotel.hotel_id)
      .execute();
    const response = await admin.post("/admin/hotels", { intent: "generate-affiliate", hotel: hotel.hotel_id });
    expect(await flashAfter(response)).toContain("now link to partner.example");
    const after = await database
      .selectFrom("hotels")
      .select(["affiliate_url", "has_affiliate_url"])
      .where("hotel_id", "=", hotel.hotel_id)
      .executeTakeFirstOrThrow();
    expect(after.has_affiliate_url).toBe(true);
    expect(after.affiliate_url).toBe(
      `https://partner.example/hotel?q=${encodeURIComponent(`${hotel.name} ${hotel.location}`)}&id=${encodeURIComponent(hotel.hotel_id)}&aid=hg`,
    );
  });

  it("answers 400 to an unknown or missing intent, or a malformed switch, without changing anything", async () => {
    const before = await (
      await db()
    )
      .selectFrom("hotels")
      .select(["hotel_id", "has_affiliate_url", "is_description_rewritten"])
      .orderBy("hotel_id")
      .execute();
    const refused: Record<string, string>[] = [
      { intent: "drop-table", hotel: "x" },
      { hotel: before[0]!.hotel_id },
      { toggle: `affiliate:${before[0]!.hotel_id}:true` },
      { intent: "toggle", toggle: "affiliate:x" },
    ];
    for (const fields of refused) {
      const response = await admin.post("/admin/hotels", fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
    }
    const after = await (
      await db()
    )
      .selectFrom("hotels")
      .select(["hotel_id", "has_affiliate_url", "is_description_rewritten"])
      .orderBy("hotel_id")
      .execute();
    expect(after).toEqual(before);
  });
});
