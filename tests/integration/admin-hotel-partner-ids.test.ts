/**
 * /admin/hotels/:id/partner-ids over HTTP: one hotel's id at each partner, edited without
 * JavaScript (POST, redirect, flash), refused values answered by their field with what was
 * typed, the hotel table's link to it, the audit log's entry. Administrators only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, signIn, startTestApp, TEST_ADMIN, type TestApp } from "#tests/app-server.ts";
import { createHotel, createUser, type CreatedHotel } from "#tests/factories.ts";
import { readable } from "#tests/partner-form-page.ts";

let app: TestApp;
let admin: Browser;
let hotel: CreatedHotel;
let path: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = new Browser(app.origin);
  await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
  const db = await app.db();
  await db
    .insertInto("partners")
    .values([
      { id: "booking", name: "Booking.com", host: "www.booking.example" },
      { id: "expedia", name: "Expedia", host: "www.expedia.example", active: false },
    ])
    .execute();
  hotel = await createHotel(db, { hotel_id: "HG 7/1", name: "Kvarnen" });
  await db.insertInto("hotel_partner_ids").values({ hotel_id: hotel.id, partner_id: "expedia", partner_hotel_id: "55" }).execute();
  path = `/admin/hotels/${encodeURIComponent(hotel.hotel_id)}/partner-ids`;
});
afterAll(async () => {
  await app?.close();
});

const stored = async () =>
  (
    await (
      await app.db()
    )
      .selectFrom("hotel_partner_ids")
      .select(["partner_id", "partner_hotel_id"])
      .where("hotel_id", "=", hotel.id)
      .orderBy("partner_id")
      .execute()
  ).map((row) => `${row.partner_id}:${row.partner_hotel_id}`);

/** The value an input named `name` posts ("" when it has none), or null when there is no such input. */
function inputValue(html: string, name: string): string | null {
  const input = new RegExp(`<input[^>]*name="${name.replace(".", "\\.")}"[^>]*>`).exec(html)?.[0];
  if (input === undefined) return null;
  return /value="([^"]*)"/.exec(input)?.[1] ?? "";
}

describe("the hotel's partner ids", () => {
  it("is linked from the hotel table, and lists every partner with the hotel's id there", async () => {
    const table = await (await admin.get(`/admin/hotels?q=${encodeURIComponent(hotel.hotel_id)}`)).text();
    expect(table).toContain(`href="${path.replace(/&/g, "&amp;")}"`);
    const response = await admin.get(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = readable(html);
    expect(text).toContain("Partner ids: Kvarnen");
    expect(text).toContain("Booking.com");
    expect(text).toContain("Expedia (inactive)");
    expect(inputValue(html, "ids.expedia")).toBe("55");
    expect(inputValue(html, "ids.booking")).toBe("");
  });

  it("saves without JavaScript: sets, replaces and clears, then says so after the redirect", async () => {
    const response = await admin.post(path, { intent: "save-partner-ids", "ids.booking": " 1001 ", "ids.expedia": "" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(path);
    const text = readable(await (await admin.follow(response)).text());
    expect(text).toContain("Partner ids saved");
    expect(text).toContain("The hotel's ids: Booking.com 1001.");
    expect(await stored()).toEqual(["booking:1001"]);

    const audit = await (
      await app.db()
    )
      .selectFrom("admin_audit_log")
      .selectAll()
      .where("screen", "=", "/admin/hotels/:id/partner-ids")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ intent: "save-partner-ids", row_ids: [hotel.hotel_id], outcome: "ok" });
  });

  it("answers a bad id by its field, keeping what was typed, and changes nothing", async () => {
    const response = await admin.post(path, { intent: "save-partner-ids", "ids.booking": "10 01", "ids.expedia": "ok-1" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(readable(html)).toContain("Use 1–64 letters, digits, dots, underscores or hyphens (e.g. 1001).");
    expect(inputValue(html, "ids.booking")).toBe("10 01");
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="ids\.booking"|<input[^>]*name="ids\.booking"[^>]*aria-invalid="true"/);
    expect(await stored()).toEqual(["booking:1001"]);
  });

  it("refuses a field for a partner we do not have, and answers 404 for an unknown hotel", async () => {
    const response = await admin.post(path, { intent: "save-partner-ids", "ids.nobody": "1" });
    expect(response.status).toBe(400);
    expect(readable(await response.text())).toContain("The form sent values this page cannot use, and nothing was changed.");
    expect(await stored()).toEqual(["booking:1001"]);
    expect((await admin.get("/admin/hotels/finns-inte/partner-ids")).status).toBe(404);
  });

  it("is for administrators only", async () => {
    const user = await createUser(await app.db());
    const member = new Browser(app.origin);
    await signIn(member, user.email, user.password);
    expect((await member.get(path)).headers.get("Location")).toBe("/");
    const post = await member.post(path, { intent: "save-partner-ids", "ids.booking": "666" });
    expect(post.headers.get("Location")).toBe("/");
    expect(await stored()).toEqual(["booking:1001"]);
  });
});
