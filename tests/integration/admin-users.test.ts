/**
 * /admin/users over HTTP with local accounts: the list of people, granting and revoking the
 * administrator role and ending sessions, each asked about first where the brief says so, and
 * the rules of the command line (an unverified sign-up is promoted only when confirmed) plus an
 * administrator's own (never their own role, never the last administrator). The rules
 * themselves are also run against the database directly, with two revocations at once.
 * (Non-admins: admin-guards.test.ts; Supabase Auth: admin-users-supabase.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, signIn, startTestApp, TEST_ADMIN, visibleText, type TestApp } from "#tests/app-server.ts";
import { testDatabases } from "#tests/db.ts";
import { createLocalUser, setAdmin, UserInputError } from "#app/auth/users.server.ts";

type Users = typeof import("#app/auth/users.server.ts");

let app: TestApp;
let admin: Browser;
let adminId: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = new Browser(app.origin);
  await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
  const row = await (await app.db()).selectFrom("users").select("id").where("email", "=", TEST_ADMIN.email).executeTakeFirstOrThrow();
  adminId = row.id;
});
afterAll(async () => {
  await app?.close();
});

const db = () => app.db();
const page = async (browser: Browser, path: string) => {
  const response = await browser.get(path);
  expect(response.status, path).toBe(200);
  return visibleText(await response.text());
};
const flashAfter = async (response: Response) => visibleText(await (await admin.follow(response)).text());
const isAdminNow = async (userId: string) =>
  Boolean(await (await db()).selectFrom("admin_users").select("user_id").where("user_id", "=", userId).executeTakeFirst());
const sessionsOf = async (userId: string) =>
  (await (await db()).selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).length;

/** A user signed up through the open form and signed in (their browser is returned). */
async function signedUp(email: string) {
  const browser = new Browser(app.origin);
  expect((await browser.post("/login", { intent: "sign-up", email, password: "ett-langt-losen-1" })).status).toBe(302);
  const row = await (await db()).selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return { browser, id: row.id };
}

/** A local user made by the operator (user:create), signed in. */
async function operatorMade(email: string) {
  const { createLocalUser: create } = await app.importApp<Users>("app/auth/users.server.ts");
  const { user } = await create({ email, password: "operatorns-losen-1" }, await db());
  const browser = new Browser(app.origin);
  await signIn(browser, email, "operatorns-losen-1");
  return { browser, id: user.id };
}

describe("the list of people", () => {
  it("shows each account with its role, creation, last sign-in and live sessions", async () => {
    const { id } = await signedUp("lista@hotellguiden.test");
    const text = await page(admin, "/admin/users");
    expect(text).toContain("Users");
    expect(text).toMatch(
      new RegExp(`${TEST_ADMIN.email} you ${adminId} Local Administrator \\S+ \\S+ \\S+, \\d\\d:\\d\\d \\S+ \\S+ \\S+, \\d\\d:\\d\\d 1`),
    );
    expect(text).toMatch(
      new RegExp(`lista@hotellguiden\\.test ${id} Local, signed up on the site User .* 1 Grant admin to lista@hotellguiden\\.test`),
    );
    // Searching narrows the list by address.
    const found = await page(admin, "/admin/users?q=LISTA");
    expect(found).toContain("lista@hotellguiden.test");
    expect(found).not.toContain(TEST_ADMIN.email + " you");
    expect(await page(admin, "/admin/users?q=ingen-sådan")).toContain("No account matches that address.");
  });
});

describe("granting the role", () => {
  it("grants it at once to an account the operator made, ending its sessions", async () => {
    const user = await operatorMade("redaktor@hotellguiden.test");
    const response = await admin.post("/admin/users", { intent: "grant", user: user.id });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/users");
    expect(await flashAfter(response)).toContain("redaktor@hotellguiden.test is an administrator. 1 of their sessions ended");
    expect(await isAdminNow(user.id)).toBe(true);
    expect(await sessionsOf(user.id)).toBe(0);
    expect((await user.browser.get("/admin")).headers.get("Location")).toBe("/login?redirectTo=%2Fadmin");
  });

  it("asks before promoting an account made through the open sign-up form, as the command line does", async () => {
    const user = await signedUp("okand@hotellguiden.test");
    const unconfirmed = await admin.post("/admin/users?q=okand", { intent: "grant", user: user.id });
    expect(unconfirmed.headers.get("Location")).toBe(`/admin/users?q=okand&ask=grant&user=${user.id}`);
    expect(await isAdminNow(user.id)).toBe(false);
    const question = await page(admin, unconfirmed.headers.get("Location")!);
    expect(question).toContain("Make okand@hotellguiden.test an administrator?");
    expect(question).toContain("does not verify addresses");
    const confirmed = await admin.post("/admin/users?q=okand", { intent: "grant", user: user.id, confirm: "yes" });
    expect(confirmed.headers.get("Location")).toBe("/admin/users?q=okand");
    expect(await isAdminNow(user.id)).toBe(true);
    // Vouched for now: the list no longer calls it signed up.
    expect(await page(admin, "/admin/users?q=okand")).toMatch(/okand@hotellguiden\.test \S+ Local Administrator/);
  });
});

describe("revoking the role", () => {
  it("asks first, then revokes it and signs the user out everywhere", async () => {
    const user = await operatorMade("tidigare@hotellguiden.test");
    await setAdminOf(user.id, true);
    await signIn(user.browser, "tidigare@hotellguiden.test", "operatorns-losen-1");
    expect((await user.browser.get("/admin")).status).toBe(200);

    const unconfirmed = await admin.post("/admin/users", { intent: "revoke", user: user.id });
    expect(unconfirmed.headers.get("Location")).toBe(`/admin/users?ask=revoke&user=${user.id}`);
    expect(await isAdminNow(user.id)).toBe(true);
    const question = await page(admin, unconfirmed.headers.get("Location")!);
    expect(question).toContain("Revoke the administrator role of tidigare@hotellguiden.test?");
    expect(question).toContain("Cancel Yes, revoke");

    const confirmed = await admin.post("/admin/users", { intent: "revoke", user: user.id, confirm: "yes" });
    expect(await flashAfter(confirmed)).toContain("tidigare@hotellguiden.test is no longer an administrator. 1 of their sessions ended");
    expect(await isAdminNow(user.id)).toBe(false);
    expect((await user.browser.get("/admin")).headers.get("Location")).toBe("/login?redirectTo=%2Fadmin");
  });

  it("never takes an administrator's own role, and offers no button for it", async () => {
    const response = await admin.post("/admin/users", { intent: "revoke", user: adminId, confirm: "yes" });
    expect(await flashAfter(response)).toContain("Own role kept You cannot revoke your own administrator role");
    expect(await isAdminNow(adminId)).toBe(true);
    expect(await page(admin, "/admin/users")).not.toContain(`Revoke admin of ${TEST_ADMIN.email}`);
  });
});

async function setAdminOf(userId: string, admin: boolean) {
  const { setAdmin: set } = await app.importApp<Users>("app/auth/users.server.ts");
  await set({ userId, admin, promoteSelfRegistered: true }, await db());
}

describe("ending sessions", () => {
  it("asks first, then signs another user out on every device without changing their role", async () => {
    const user = await signedUp("flera@hotellguiden.test");
    const second = new Browser(app.origin);
    await signIn(second, "flera@hotellguiden.test", "ett-langt-losen-1");
    expect(await sessionsOf(user.id)).toBe(2);
    const unconfirmed = await admin.post("/admin/users", { intent: "end-sessions", user: user.id });
    expect(unconfirmed.headers.get("Location")).toBe(`/admin/users?ask=end-sessions&user=${user.id}`);
    expect(await page(admin, unconfirmed.headers.get("Location")!)).toContain("End every session of flera@hotellguiden.test?");
    expect(await sessionsOf(user.id)).toBe(2);
    const confirmed = await admin.post("/admin/users", { intent: "end-sessions", user: user.id, confirm: "yes" });
    expect(await flashAfter(confirmed)).toContain("2 sessions of flera@hotellguiden.test ended");
    expect(await sessionsOf(user.id)).toBe(0);
    // Signed out: the back office asks them to sign in (not "Ej behörig", which a signed-in user gets).
    for (const browser of [user.browser, second])
      expect((await browser.get("/admin")).headers.get("Location")).toBe("/login?redirectTo=%2Fadmin");
  });

  it("ends an administrator's other sessions and keeps the one asking", async () => {
    const elsewhere = new Browser(app.origin);
    await signIn(elsewhere, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(await page(admin, "/admin/users")).toContain("End my other sessions");
    const response = await admin.post("/admin/users", { intent: "end-sessions", user: adminId, confirm: "yes" });
    expect(await flashAfter(response)).toContain("1 of your other sessions ended; this one stays signed in.");
    expect((await admin.get("/admin/users")).status).toBe(200);
    expect((await elsewhere.get("/admin")).headers.get("Location")).toBe("/login?redirectTo=%2Fadmin");
    expect(await page(admin, "/admin/users")).not.toContain("End my other sessions");
  });
});

describe("hand-made posts", () => {
  it("refuses an unknown intent or a malformed account with 400, and names an account that is gone", async () => {
    expect((await admin.post("/admin/users", { intent: "delete", user: adminId })).status).toBe(400);
    expect((await admin.post("/admin/users", { intent: "grant", user: "42" })).status).toBe(400);
    const gone = await admin.post("/admin/users", { intent: "grant", user: crypto.randomUUID() });
    expect(await flashAfter(gone)).toContain("That account no longer exists.");
  });
});

describe.each(testDatabases())("the role rules in the database ($name)", (database) => {
  it("keeps at least one administrator, even when two revoke each other at once", async () => {
    const handle = await database.open();
    try {
      const [a, b] = await Promise.all(
        ["a@regler.test", "b@regler.test"].map(
          async (email) => (await createLocalUser({ email, password: "regel-losen-1", admin: true }, handle.db)).user,
        ),
      );
      const results = await Promise.allSettled([
        setAdmin({ userId: a!.id, admin: false, by: { userId: b!.id } }, handle.db),
        setAdmin({ userId: b!.id, admin: false, by: { userId: a!.id } }, handle.db),
      ]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(UserInputError);
      expect((refused.reason as UserInputError).rule).toBe("last-admin");
      expect(await handle.db.selectFrom("admin_users").select("user_id").execute()).toHaveLength(1);
      // The command line (no acting administrator) may still revoke the last one: the operator can grant it again.
      const last = (await handle.db.selectFrom("admin_users").select("user_id").executeTakeFirstOrThrow()).user_id;
      expect((await setAdmin({ userId: last, admin: false }, handle.db)).changed).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
