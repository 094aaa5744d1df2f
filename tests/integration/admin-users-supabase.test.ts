/**
 * /admin/users with Supabase Auth: its users are listed once they have signed in here (their
 * accounts live at Supabase), and the role and sessions are ours to change, as with local
 * accounts. Supabase's HTTP API is the msw stand-in; our own database is real.
 */
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, signIn, startTestApp, visibleText, type TestApp } from "#tests/app-server.ts";
import { createSupabaseAuthMock } from "#tests/msw/supabase-auth.ts";

const auth = createSupabaseAuthMock();
const server = setupServer(...auth.handlers);
type Users = typeof import("#app/auth/users.server.ts");

let app: TestApp;
const editor = { email: "chef@hotellguiden.test", password: "supabase-lösenord-1" };
const writer = { email: "skribent@hotellguiden.test", password: "supabase-lösenord-2" };
let admin: Browser;
let writerId: string;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "bypass" });
  app = await startTestApp({ SUPABASE_URL: auth.url, SUPABASE_ANON_KEY: auth.anonKey, ADMIN_EMAIL: "", ADMIN_PASSWORD: "" });
  const { setAdmin } = await app.importApp<Users>("app/auth/users.server.ts");
  await setAdmin({ userId: auth.addUser(editor).id, admin: true }, await app.db());
  writerId = auth.addUser(writer).id;
  admin = new Browser(app.origin);
  await signIn(admin, editor.email, editor.password);
});
afterAll(async () => {
  await app?.close();
  server.close();
});

const list = async () => visibleText(await (await admin.get("/admin/users")).text());
const isAdminNow = async () =>
  Boolean(await (await app.db()).selectFrom("admin_users").select("user_id").where("user_id", "=", writerId).executeTakeFirst());

describe("/admin/users with Supabase Auth", () => {
  it("lists a Supabase user once they have signed in here, and grants, revokes and signs them out", async () => {
    expect(await list()).not.toContain(writer.email);
    const browser = new Browser(app.origin);
    await signIn(browser, writer.email, writer.password);
    const text = await list();
    expect(text).toContain("Accounts sign in with Supabase Auth");
    expect(text).toMatch(new RegExp(`${writer.email} ${writerId} Supabase Auth User .* 1 Grant admin to ${writer.email}`));

    const granted = await admin.post("/admin/users", { intent: "grant", user: writerId });
    expect(visibleText(await (await admin.follow(granted)).text())).toContain(`${writer.email} is an administrator.`);
    expect(await isAdminNow()).toBe(true);
    // The role change ended their session here: they sign in again, and are an administrator.
    await signIn(browser, writer.email, writer.password);
    expect((await browser.get("/admin")).status).toBe(200);

    const revoked = await admin.post("/admin/users", { intent: "revoke", user: writerId, confirm: "yes" });
    expect(visibleText(await (await admin.follow(revoked)).text())).toContain(`${writer.email} is no longer an administrator.`);
    expect(await isAdminNow()).toBe(false);

    await signIn(browser, writer.email, writer.password);
    const ended = await admin.post("/admin/users", { intent: "end-sessions", user: writerId, confirm: "yes" });
    expect(visibleText(await (await admin.follow(ended)).text())).toContain(`1 session of ${writer.email} ended`);
    expect((await browser.get("/admin")).headers.get("Location")).toBe("/login?redirectTo=%2Fadmin");
  });
});
