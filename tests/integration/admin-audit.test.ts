/**
 * The audit log: every write in the back office is recorded by the admin layout's middleware
 * (who, the screen and intent, the ids the form named, when, how it ended), never what was
 * typed; reads and strangers' posts are not; /admin/audit lists the entries newest first,
 * paged, filtered by user and by screen with a GET form.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, formFields, signIn, startTestApp, TEST_ADMIN, visibleText, type TestApp } from "#tests/app-server.ts";

let app: TestApp;
let admin: Browser;
let adminId: string;

beforeAll(async () => {
  app = await startTestApp({ SEED_DEMO: "always", SEED_DEMO_PRICES: "none" });
  admin = new Browser(app.origin);
  await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
  adminId = await userIdOf(TEST_ADMIN.email);
});
afterAll(async () => {
  await app?.close();
});

const db = () => app.db();
const entries = async () => (await db()).selectFrom("admin_audit_log").selectAll().orderBy("id").execute();
const latest = async () => (await entries()).at(-1)!;
const userIdOf = async (email: string) =>
  (await (await db()).selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

describe("recording", () => {
  it("records a hotel's flag switch: who, screen, intent, the hotel, status and outcome", async () => {
    const hotel = await (await db()).selectFrom("hotels").select("hotel_id").orderBy("hotel_id").executeTakeFirstOrThrow();
    const before = (await entries()).length;
    const response = await admin.post("/admin/hotels", { intent: "toggle", toggle: `affiliate:${hotel.hotel_id}:true` });
    expect(response.status).toBe(302);
    const all = await entries();
    expect(all).toHaveLength(before + 1);
    expect(all.at(-1)).toMatchObject({
      actor: "admin",
      user_id: adminId,
      email: TEST_ADMIN.email,
      screen: "/admin/hotels",
      path: "/admin/hotels",
      method: "POST",
      intent: "toggle",
      row_ids: [`affiliate:${hotel.hotel_id}:true`],
      row_count: 1,
      status: 302,
      outcome: "ok",
    });
  });

  it("records adding a destination without keeping what was typed, and a refused one as refused", async () => {
    const fields = {
      intent: "add",
      name: "Granskningsstaden",
      description: "En hemlig beskrivning som inte ska loggas.",
      image: "/images/destinations/stockholm.jpg",
      price: "Från 990 kr",
      link: "/hotels?destination=stockholm",
    };
    const added = await admin.post("/admin/destinations", fields);
    expect(added.status).toBe(302);
    const entry = await latest();
    expect(entry).toMatchObject({ screen: "/admin/destinations", intent: "add", row_ids: [], status: 302, outcome: "ok" });
    expect(entry.message).toBe("Destination added");
    expect(JSON.stringify(entry)).not.toContain("hemlig beskrivning");

    const refused = await admin.post("/admin/destinations", { ...fields, link: "/hotels?destination=ingenstans-alls" });
    expect(refused.status).toBe(400);
    expect(await latest()).toMatchObject({ screen: "/admin/destinations", intent: "add", status: 400, outcome: "refused" });
  });

  it("records a save in the post editor (a multipart form) with the post's id, and the editor still gets the body", async () => {
    const post = await (
      await db()
    )
      .insertInto("hotels_blog_posts")
      .values({ title: "Granskad post", slug: "granskad-post", content: JSON.stringify([{ type: "paragraph", content: "Text." }]) })
      .returning(["id", "version"])
      .executeTakeFirstOrThrow();
    const html = await (await admin.get(`/admin/blog/edit/${post.id}`)).text();
    const body = new FormData();
    for (const [name, value] of formFields(html)) body.append(name, name === "title" ? "Granskad post, ny rubrik" : value);
    // The save button's intent, as the browser sends it.
    body.append("intent", "save");
    const response = await admin.request(`/admin/blog/edit/${post.id}`, { method: "POST", body, headers: { Origin: app.origin } });
    expect(response.status).toBe(302);
    const saved = await (await db()).selectFrom("hotels_blog_posts").select("title").where("id", "=", post.id).executeTakeFirstOrThrow();
    expect(saved.title).toBe("Granskad post, ny rubrik");
    const entry = await latest();
    expect(entry).toMatchObject({
      screen: "/admin/blog/edit/:id",
      path: `/admin/blog/edit/${post.id}`,
      intent: "save",
      status: 302,
      outcome: "ok",
    });
    expect(entry.row_ids[0]).toBe(post.id);
    expect(JSON.stringify(entry)).not.toContain("ny rubrik");
  });

  it("records a post made by the browser's router (JavaScript on) as well", async () => {
    const message = await (
      await db()
    )
      .insertInto("contact_messages")
      .values({ name: "Granskare", email: "g@exempel.se", message: "Hej, en fråga om ett hotell." })
      .returning("id")
      .executeTakeFirstOrThrow();
    const response = await admin.post("/admin/messages.data", { intent: "delete", id: message.id });
    expect(response.status).toBe(202);
    expect(await latest()).toMatchObject({
      screen: "/admin/messages",
      path: "/admin/messages",
      intent: "delete",
      row_ids: [message.id],
      outcome: "ok",
    });
  });

  it("records nothing for reads, or for posts from anyone but an administrator", async () => {
    const before = (await entries()).length;
    for (const path of ["/admin", "/admin/hotels", "/admin/users", "/admin/audit", "/admin/destinations.data"]) {
      expect((await admin.get(path)).status, path).toBe(200);
    }
    const stranger = new Browser(app.origin);
    expect((await stranger.post("/admin/destinations", { intent: "add", name: "x" })).status).toBe(302);
    const user = new Browser(app.origin);
    await user.post("/login", { intent: "sign-up", email: "vanlig@granskning.test", password: "vanligt-losen-1" });
    expect((await user.post("/admin/messages", { intent: "delete", id: crypto.randomUUID() })).headers.get("Location")).toBe("/");
    expect(await entries()).toHaveLength(before);
  });

  it("records a role change in /admin/users with the account as its row", async () => {
    const user = { id: await userIdOf("vanlig@granskning.test") };
    await admin.post("/admin/users", { intent: "grant", user: user.id, confirm: "yes" });
    expect(await latest()).toMatchObject({ screen: "/admin/users", intent: "grant", row_ids: [user.id], outcome: "ok" });
    await admin.post("/admin/users", { intent: "revoke", user: adminId, confirm: "yes" });
    expect(await latest()).toMatchObject({ screen: "/admin/users", intent: "revoke", row_ids: [adminId], status: 302, outcome: "refused" });
  });
});

describe("/admin/audit", () => {
  it("lists the entries newest first, with who, what, which rows and the outcome", async () => {
    const text = visibleText(await (await admin.get("/admin/audit")).text());
    expect(text).toMatch(/Audit log Every change made in the back office.*newest first \(\d+ entries\)/);
    const revoke = text.indexOf(`${TEST_ADMIN.email} ${adminId} revoke /admin/users ${adminId} Refused 302 Own role kept`);
    const grant = text.indexOf(`${TEST_ADMIN.email} ${adminId} grant /admin/users`);
    const toggle = text.indexOf("toggle /admin/hotels");
    expect(revoke).toBeGreaterThan(0);
    expect(grant).toBeGreaterThan(revoke);
    expect(toggle).toBeGreaterThan(grant);
  });

  it("filters by screen and by user with a GET form, and pages by 50", async () => {
    const byScreen = visibleText(await (await admin.get("/admin/audit?screen=%2Fadmin%2Fdestinations")).text());
    expect(byScreen).toContain("(2 entries)");
    expect(byScreen).not.toContain("/admin/hotels Done");

    const database = await db();
    await database
      .insertInto("admin_audit_log")
      .values(
        Array.from({ length: 60 }, (_, index) => ({
          actor: "cli" as const,
          screen: "user:admin",
          path: "npm run user:admin",
          method: "CLI",
          intent: "grant",
          row_ids: [`00000000-0000-4000-8000-${String(index).padStart(12, "0")}`],
          outcome: "ok" as const,
          at: new Date(Date.now() - 86_400_000 - index * 1000),
        })),
      )
      .execute();
    const first = visibleText(await (await admin.get("/admin/audit?who=cli")).text());
    expect(first).toContain("(60 entries)");
    expect(first).toContain("Page 1 of 2");
    expect(first).toContain("00000000-0000-4000-8000-000000000000");
    expect(first).not.toContain(TEST_ADMIN.email + " " + adminId);
    const second = visibleText(await (await admin.get("/admin/audit?who=cli&sida=2")).text());
    expect(second).toContain("Page 2 of 2");
    expect(second).toContain("00000000-0000-4000-8000-000000000059");
    expect(second).not.toContain("00000000-0000-4000-8000-000000000000");

    const mine = visibleText(await (await admin.get(`/admin/audit?who=${adminId}`)).text());
    expect(mine).not.toContain("npm run user:admin");
    expect(mine).toContain("toggle /admin/hotels");
    // An unknown filter value shows everything rather than failing.
    expect((await admin.get("/admin/audit?who=nobody&screen=%2Fnowhere")).status).toBe(200);
  });
});
