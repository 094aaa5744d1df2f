/**
 * /admin/landmarks over HTTP: a place's landmarks added, edited (made the centre) and removed
 * without JavaScript (POST, redirect, flash), bad coordinates answered by their field, each write
 * in the audit log, and the public place page measuring from the result. Administrators only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, signIn, startTestApp, TEST_ADMIN, visibleText, type TestApp } from "#tests/app-server.ts";
import { createHotels, createUser } from "#tests/factories.ts";

let app: TestApp;
let admin: Browser;
const SCREEN = "/admin/landmarks?place=Sweden%2FStockholm";

beforeAll(async () => {
  app = await startTestApp();
  admin = new Browser(app.origin);
  await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
  await createHotels(await app.db(), [
    { hotel_id: "L1", name: "Hotell Vid Stationen", latitude: 59.3305, longitude: 18.059 },
    { hotel_id: "L2", name: "Hotell Slussen", latitude: 59.3195, longitude: 18.0722 },
    { hotel_id: "L3", name: "Hotell Triangeln", location: "Malmö", latitude: 55.5936, longitude: 13.0003 },
    // 55 more places, after Stockholm in Swedish order: the list of places takes two pages.
    ...Array.from({ length: 55 }, (_, i) => ({
      hotel_id: `Ö${i}`,
      name: `Hotell Östra ${i}`,
      location: `Östra ${String(i + 1).padStart(2, "0")}`,
    })),
  ]);
});
afterAll(async () => {
  await app?.close();
});

const landmarks = async () =>
  (await app.db())
    .selectFrom("place_landmarks")
    .select(["id", "slug", "name_sv", "kind", "latitude", "longitude", "is_centre"])
    .where("location_key", "=", "stockholm")
    .orderBy("slug")
    .execute();
const lastAudit = async () =>
  (await app.db())
    .selectFrom("admin_audit_log")
    .selectAll()
    .where("screen", "=", "/admin/landmarks")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
const fields = (values: Record<string, string>) => ({ name: "", slug: "", kind: "sevardhet", latitude: "", longitude: "", ...values });

describe("the landmarks screen", () => {
  it("lists the places with hotels, each with a link to its landmarks", async () => {
    const response = await admin.get("/admin/landmarks");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(visibleText(html)).toContain("Stockholm, Sverige");
    expect(html).toContain(`href="${SCREEN}"`);
  });

  it("pages the places by 50 and finds one by its name, with or without diacritics", async () => {
    const first = visibleText(await (await admin.get("/admin/landmarks")).text());
    expect(first).toContain("57 places with hotels.");
    expect(first).toContain("Page 1 of 2");
    expect(first).toContain("Östra 48, Sverige");
    expect(first).not.toContain("Östra 49, Sverige");
    const second = visibleText(await (await admin.get("/admin/landmarks?sida=2")).text());
    expect(second).toContain("Östra 55, Sverige");
    expect(second).not.toContain("Stockholm, Sverige");

    const found = await admin.get("/admin/landmarks?q=malmo");
    const text = visibleText(await found.text());
    expect(text).toContain("1 place match “malmo”.");
    expect(text).toContain("Malmö, Sverige");
    expect(text).not.toContain("Stockholm, Sverige");
    expect(text).not.toContain("Page 1");
    const none = visibleText(await (await admin.get(`/admin/landmarks?q=${"<x>".repeat(1000)}&sida=-4`)).text());
    expect(none).toContain("0 places match");
    expect(none).toContain("Show all places");
  });

  it("adds landmarks without JavaScript, the slug from the name, the centre when ticked", async () => {
    const station = await admin.post(
      SCREEN,
      fields({ intent: "add-landmark", name: "Centralstationen", kind: "station", latitude: "59,3303", longitude: "18.0586" }),
    );
    expect(station.status).toBe(302);
    expect(visibleText(await (await admin.follow(station)).text())).toContain("Landmark added");
    const centre = await admin.post(
      SCREEN,
      fields({
        intent: "add-landmark",
        name: "Sergels torg",
        slug: "centrum",
        kind: "centrum",
        latitude: "59.3326",
        longitude: "18.0649",
        centre: "on",
      }),
    );
    expect(centre.status).toBe(302);
    expect(await landmarks()).toMatchObject([
      { slug: "centralstationen", name_sv: "Centralstationen", kind: "station", latitude: 59.3303, longitude: 18.0586, is_centre: false },
      { slug: "centrum", name_sv: "Sergels torg", is_centre: true },
    ]);
    expect(await lastAudit()).toMatchObject({ intent: "add-landmark", outcome: "ok" });

    // The place page measures from the centre and offers the station.
    const page = visibleText(await (await admin.get("/Sweden/Stockholm?sortera=avstand")).text());
    expect(page).toContain("Närmast centrum");
    expect(page).toMatch(/Hotell Vid Stationen .*\d+\sm till centrum/);
  });

  it("answers coordinates out of range and a slug the place has by their fields, changing nothing", async () => {
    const response = await admin.post(SCREEN, fields({ intent: "add-landmark", name: "Globen", latitude: "159.3", longitude: "abc" }));
    expect(response.status).toBe(400);
    const text = visibleText(await response.text());
    expect(text).toContain("Latitude must be between -90 and 90");
    expect(text).toContain("Longitude must be a number in decimal degrees");
    const taken = await admin.post(
      SCREEN,
      fields({ intent: "add-landmark", name: "Centralstationen", latitude: "59.33", longitude: "18.05" }),
    );
    expect(taken.status).toBe(400);
    expect(visibleText(await taken.text())).toContain("Stockholm, Sverige has a landmark with the slug centralstationen already");
    expect(await landmarks()).toHaveLength(2);
  });

  it("edits a landmark into the centre, which takes the flag from the old one, and removes one after asking", async () => {
    const [station, centre] = await landmarks();
    const edit = await admin.post(
      `/admin/landmarks?place=Sweden%2FStockholm&edit=${station!.id}`,
      fields({
        intent: "edit-landmark",
        id: station!.id,
        name: "Stockholm C",
        slug: "centralstationen",
        kind: "station",
        latitude: "59.3303",
        longitude: "18.0586",
        centre: "on",
      }),
    );
    expect(edit.status).toBe(302);
    expect(visibleText(await (await admin.follow(edit)).text())).toContain("Landmark saved");
    expect((await landmarks()).map((row) => [row.slug, row.name_sv, row.is_centre])).toEqual([
      ["centralstationen", "Stockholm C", true],
      ["centrum", "Sergels torg", false],
    ]);
    expect(await lastAudit()).toMatchObject({ intent: "edit-landmark", row_ids: [station!.id], outcome: "ok" });

    // Without the confirmation the post goes to the question's page; with it, the landmark goes.
    const unconfirmed = await admin.post(SCREEN, { intent: "remove-landmark", id: centre!.id });
    expect(unconfirmed.headers.get("Location")).toBe(`/admin/landmarks?place=Sweden%2FStockholm&remove=${centre!.id}`);
    expect(visibleText(await (await admin.follow(unconfirmed)).text())).toContain("Remove Sergels torg?");
    const removed = await admin.post(SCREEN, { intent: "remove-landmark", id: centre!.id, confirm: "yes" });
    expect(removed.status).toBe(302);
    expect((await landmarks()).map((row) => row.slug)).toEqual(["centralstationen"]);
  });

  it("answers 404 for a place without hotels, and is for administrators only", async () => {
    const missing = await admin.get("/admin/landmarks?place=Sweden%2FAtlantis");
    expect(missing.status).toBe(404);
    // The site's Swedish not-found panel, inside the English back office, says it is Swedish.
    expect(await missing.text()).toMatch(/<div lang="sv">[\s\S]*Till startsidan/);
    const user = await createUser(await app.db());
    const member = new Browser(app.origin);
    await signIn(member, user.email, user.password);
    expect((await member.get(SCREEN)).headers.get("Location")).toBe("/");
    const post = await member.post(SCREEN, fields({ intent: "add-landmark", name: "Globen", latitude: "59.29", longitude: "18.08" }));
    expect(post.headers.get("Location")).toBe("/");
    expect(await landmarks()).toHaveLength(1);
  });
});
