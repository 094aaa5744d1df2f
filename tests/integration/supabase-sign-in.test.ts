/**
 * The running app with Supabase Auth configured: the sign-in form, the session's provider
 * tokens refreshed by the root middleware (once, even for concurrent requests), sign-out
 * with scope, sign-up that needs e-mail confirmation, and the blog storage set-up that the
 * admin layout runs. Supabase's HTTP API is the msw stand-in; our own database is real.
 */
import { sql } from "kysely";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Browser, signIn, startTestApp, visibleText, type TestApp } from "#tests/app-server.ts";
import { createSupabaseAuthMock } from "#tests/msw/supabase-auth.ts";

const auth = createSupabaseAuthMock();
const buckets = new Set<string>();
const storageRequests: string[] = [];
let storageDown = false;
const storage = [
  http.get(`${auth.url}/storage/v1/bucket/:id`, ({ params }) => {
    storageRequests.push(`GET ${String(params.id)}`);
    if (storageDown) return HttpResponse.json({ statusCode: "500", error: "internal", message: "down" }, { status: 500 });
    return buckets.has(String(params.id))
      ? HttpResponse.json({ id: params.id, name: params.id, public: true })
      : HttpResponse.json({ statusCode: "404", error: "Bucket not found", message: "Bucket not found" }, { status: 400 });
  }),
  http.post(`${auth.url}/storage/v1/bucket`, async ({ request }) => {
    const body = (await request.json()) as { name: string; public: boolean };
    storageRequests.push(`POST ${body.name} public=${body.public}`);
    if (storageDown) return HttpResponse.json({ statusCode: "500", error: "internal", message: "down" }, { status: 500 });
    buckets.add(body.name);
    return HttpResponse.json({ name: body.name });
  }),
  // The housekeeping's look for unused uploads (app/utils/housekeeping.server.ts): none here.
  http.post(`${auth.url}/storage/v1/object/list/:bucket`, ({ params }) =>
    buckets.has(String(params.bucket))
      ? HttpResponse.json([])
      : HttpResponse.json({ statusCode: "404", error: "Bucket not found", message: "Bucket not found" }, { status: 400 }),
  ),
  http.post(`${auth.url}/storage/v1/object/blog-images/:name`, async ({ request, params }) => {
    const bytes = new Uint8Array(await request.arrayBuffer());
    uploads.push({
      name: String(params.name),
      upsert: request.headers.get("x-upsert"),
      cacheControl: request.headers.get("cache-control"),
      contentType: request.headers.get("content-type"),
      size: bytes.length,
    });
    return HttpResponse.json({ Key: `blog-images/${String(params.name)}`, Id: "1" });
  }),
];
const uploads: { name: string; upsert: string | null; cacheControl: string | null; contentType: string | null; size: number }[] = [];
// Requests to the app itself (127.0.0.1) go through untouched.
const server = setupServer(...auth.handlers, ...storage);

let app: TestApp;
type Users = typeof import("#app/auth/users.server.ts");
const admin = { email: "redaktor@hotellguiden.test", password: "supabase-lösenord-1" };

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "bypass" });
  app = await startTestApp({ SUPABASE_URL: auth.url, SUPABASE_ANON_KEY: auth.anonKey, ADMIN_EMAIL: "", ADMIN_PASSWORD: "" });
  const user = auth.addUser(admin);
  const { setAdmin } = await app.importApp<Users>("app/auth/users.server.ts");
  await setAdmin({ userId: user.id, admin: true }, await db());
});
afterAll(async () => {
  await app?.close();
  server.close();
});

const db = () => app.db();

describe("with Supabase Auth", () => {
  // First: the set-up runs once per process, at the first admin page view.
  it("sets up the blog-images bucket for administrators; a failure is only a warning and is retried", async () => {
    const user = auth.findUser(admin.email) ?? auth.addUser(admin);
    const { setAdmin } = await app.importApp<Users>("app/auth/users.server.ts");
    await setAdmin({ userId: user.id, admin: true }, await db());
    const browser = new Browser(app.origin);
    await signIn(browser, admin.email, admin.password);

    const warnings: string[] = [];
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      warnings.push(String(chunk));
      return true;
    });
    storageDown = true;
    try {
      expect((await browser.get("/admin")).status).toBe(200);
      await vi.waitFor(() => expect(warnings.join("")).toContain('"msg":"blog storage setup failed"'), { timeout: 5000 });
    } finally {
      storageDown = false;
      stderr.mockRestore();
    }
    expect(warnings.join("")).toContain('"level":"warn"');

    expect((await browser.get("/admin")).status).toBe(200);
    await vi.waitFor(() => expect(storageRequests).toContain("POST blog-images public=true"), { timeout: 5000 });
    // Once it exists, this process does not ask again.
    const count = storageRequests.length;
    expect((await browser.get("/admin")).status).toBe(200);
    expect(storageRequests.length).toBe(count);
  });

  it("signs in through Supabase and keeps its tokens in our session row", async () => {
    const browser = new Browser(app.origin);
    const response = await signIn(browser, admin.email, admin.password);
    expect(response.headers.get("Location")).toBe("/admin");
    expect(auth.requestsTo("/auth/v1/token").at(-1)?.query.grant_type).toBe("password");
    const row = await (await db()).selectFrom("sessions").selectAll().where("email", "=", admin.email).executeTakeFirstOrThrow();
    expect(row.provider).toBe("supabase");
    expect(row.access_token).toBeTruthy();
    expect(row.refresh_token).toBeTruthy();
    expect((await browser.get("/admin")).status).toBe(200);
  });

  it("shows Supabase's refusal in Swedish and counts it towards the limit", async () => {
    const response = await new Browser(app.origin).post("/login", { intent: "sign-in", email: admin.email, password: "fel-fel-fel-1" });
    expect(response.status).toBe(400);
    const text = visibleText(await response.text());
    expect(text).toContain("Inloggningen misslyckades");
    expect(text).toContain("Fel e-postadress eller lösenord.");
    const counter = await (
      await db()
    )
      .selectFrom("rate_limits")
      .select(sql<number>`cardinality(hits)`.as("failures"))
      .where("key", "=", `sign-in:email:${admin.email}`)
      .executeTakeFirstOrThrow();
    expect(counter.failures).toBe(1);
  });

  it("refreshes tokens near expiry in the middleware, once for two concurrent requests", async () => {
    const browser = new Browser(app.origin);
    await signIn(browser, admin.email, admin.password);
    const database = await db();
    const before = await database.selectFrom("sessions").selectAll().orderBy("created_at", "desc").executeTakeFirstOrThrow();
    // Our row says the access token expires within the 90-second margin.
    await database
      .updateTable("sessions")
      .set({ token_expires_at: new Date(Date.now() + 30_000) })
      .where("id", "=", before.id)
      .execute();
    const refreshesBefore = auth.requestsTo("/auth/v1/token").filter((r) => r.query.grant_type === "refresh_token").length;

    const [a, b] = await Promise.all([browser.get("/admin"), browser.get("/about")]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);

    const refreshes = auth.requestsTo("/auth/v1/token").filter((r) => r.query.grant_type === "refresh_token");
    expect(refreshes.length - refreshesBefore).toBe(1);
    const after = await database.selectFrom("sessions").selectAll().where("id", "=", before.id).executeTakeFirstOrThrow();
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.token_expires_at!.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
  });

  it("ends our session when Supabase no longer knows the refresh token", async () => {
    const browser = new Browser(app.origin);
    await signIn(browser, admin.email, admin.password);
    const database = await db();
    const row = await database.selectFrom("sessions").selectAll().orderBy("created_at", "desc").executeTakeFirstOrThrow();
    await database
      .updateTable("sessions")
      .set({ refresh_token: "unknown-token", token_expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", row.id)
      .execute();
    const response = await browser.get("/admin");
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin");
    expect(browser.cookies.has("hg_session")).toBe(false);
  });

  it("keeps the visitor signed in while Supabase is down", async () => {
    const browser = new Browser(app.origin);
    await signIn(browser, admin.email, admin.password);
    const database = await db();
    const row = await database.selectFrom("sessions").selectAll().orderBy("created_at", "desc").executeTakeFirstOrThrow();
    await database
      .updateTable("sessions")
      .set({ token_expires_at: new Date(Date.now() + 10_000) })
      .where("id", "=", row.id)
      .execute();
    auth.failNext(10, 503);
    const response = await browser.get("/admin");
    auth.reset();
    auth.addUser(admin);
    expect(response.status).toBe(200);
    expect(browser.cookies.has("hg_session")).toBe(true);
  });

  it("signs out at Supabase with scope=local", async () => {
    const user = auth.findUser(admin.email) ?? auth.addUser(admin);
    const { setAdmin } = await app.importApp<Users>("app/auth/users.server.ts");
    await setAdmin({ userId: user.id, admin: true }, await db());
    const browser = new Browser(app.origin);
    await signIn(browser, admin.email, admin.password);
    expect(auth.sessionsOf(user.id).length).toBeGreaterThan(0);
    const live = auth.sessionsOf(user.id).length;
    const response = await browser.post("/logout", {});
    expect(response.headers.get("Location")).toBe("/login");
    const logout = auth.requestsTo("/auth/v1/logout").at(-1)!;
    expect(logout.query.scope).toBe("local");
    expect(auth.sessionsOf(user.id).length).toBe(live - 1);
  });

  it("asks a new account to confirm the e-mail address when Supabase requires it", async () => {
    auth.setAutoconfirm(false);
    const browser = new Browser(app.origin);
    const response = await browser.post("/login", { intent: "sign-up", email: "bekrafta@hotellguiden.test", password: "nytt-lösenord-1" });
    auth.setAutoconfirm(true);
    expect(response.headers.get("Location")).toBe("/login");
    expect(browser.cookies.has("hg_session")).toBe(false);
    const text = visibleText(await (await browser.follow(response)).text());
    expect(text).toContain("Konto skapat");
    expect(text).toContain("Kontrollera din e-post för att bekräfta kontot.");
    expect(auth.findUser("bekrafta@hotellguiden.test")?.userMetadata).toMatchObject({ locale: "sv-SE" });
  });
});

describe("blog image uploads to Supabase Storage", () => {
  it("stores an image under a random UUID name, no overwrite, cached for an hour, and returns its public URL", async () => {
    const { storeBlogImage, UploadError } =
      await app.importApp<typeof import("#app/blog/image-storage.server.ts")>("app/blog/image-storage.server.ts");
    const jpeg = new File([Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46])], "Semester.jpeg", {
      type: "image/jpeg",
    });
    const { url } = await storeBlogImage(jpeg, { kind: "supabase", url: auth.url, key: auth.anonKey });
    const upload = uploads.at(-1)!;
    expect(upload.name).toMatch(/^[0-9a-f-]{36}\.jpeg$/);
    expect(upload).toMatchObject({ upsert: "false", cacheControl: "max-age=3600", contentType: "image/jpeg", size: 10 });
    expect(url).toBe(`${auth.url}/storage/v1/object/public/blog-images/${upload.name}`);
    await expect(
      storeBlogImage(new File(["GIF? no"], "x.gif"), { kind: "supabase", url: auth.url, key: auth.anonKey }),
    ).rejects.toBeInstanceOf(UploadError);
  });
});
