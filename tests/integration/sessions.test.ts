import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "test-secret-0123456789-abcdefghijklmnop";

const { createSession, deleteExpiredSessions, destroySession, getSession, refreshSessionTokens, tokensNeedRefresh } =
  await import("#app/auth/session.server.ts");
const { testDatabases } = await import("#tests/db.ts");
import type { AuthProvider, AuthTokens, RefreshResult } from "#app/auth/provider.server.ts";
import type { DatabaseHandle } from "#app/db/db.server.ts";

const user = { id: "6f1d2c1e-7a55-4c4c-9a51-3f6f0f1b2a10", email: "anna@example.se" };
const requestWith = (setCookie: string) => new Request("http://localhost/admin", { headers: { Cookie: setCookie.split(";")[0]! } });

/** A provider whose refresh takes a while and counts its calls; no HTTP involved. */
function countingProvider(result: (token: string) => RefreshResult): AuthProvider & { calls: string[] } {
  const calls: string[] = [];
  return {
    name: "supabase",
    calls,
    signIn: async () => ({ ok: false, code: "unavailable", message: "" }),
    signUp: async () => ({ ok: false, code: "unavailable", message: "" }),
    signOut: async () => {},
    getUser: async () => null,
    async refresh(token) {
      calls.push(token);
      await new Promise((resolve) => setImmediate(resolve));
      return result(token);
    },
  };
}

describe.each(testDatabases())("sessions on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("keeps only a signed random id in the cookie, and the user in the database", async () => {
    const setCookie = await createSession({ user, provider: "local", tokens: null }, undefined, handle.db);
    expect(setCookie).toMatch(/^hg_session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toContain(user.email);
    const session = await getSession(requestWith(setCookie), undefined, handle.db);
    expect(session?.user).toEqual(user);
    expect(session?.provider).toBe("local");
    const rows = await handle.db.selectFrom("sessions").select("id").execute();
    const cookieValue = decodeURIComponent(setCookie.split(";")[0]!.split("=")[1]!);
    expect(rows.some((row) => cookieValue.includes(row.id))).toBe(false); // the row key is a hash
  });

  it("gives every sign-in a new id", async () => {
    const a = await createSession({ user, provider: "local", tokens: null }, undefined, handle.db);
    const b = await createSession({ user, provider: "local", tokens: null }, undefined, handle.db);
    expect(a.split(";")[0]).not.toBe(b.split(";")[0]);
  });

  it("ignores forged, unknown and expired sessions", async () => {
    expect(
      await getSession(new Request("http://localhost/", { headers: { Cookie: "hg_session=forged" } }), undefined, handle.db),
    ).toBeNull();
    const setCookie = await createSession({ user, provider: "local", tokens: null }, new Date("2020-01-01T00:00:00Z"), handle.db);
    expect(await getSession(requestWith(setCookie), undefined, handle.db)).toBeNull();
    expect(await deleteExpiredSessions(undefined, handle.db)).toBeGreaterThanOrEqual(1);
  });

  it("signs out by deleting the row and clearing the cookie", async () => {
    const setCookie = await createSession({ user, provider: "local", tokens: null }, undefined, handle.db);
    const { setCookie: cleared, session } = await destroySession(requestWith(setCookie), handle.db);
    expect(session?.user.email).toBe(user.email);
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await getSession(requestWith(setCookie), undefined, handle.db)).toBeNull();
  });

  it("refreshes provider tokens near expiry exactly once, even for concurrent requests", async () => {
    const now = new Date();
    const tokens: AuthTokens = { accessToken: "a1", refreshToken: "r1", expiresAt: new Date(now.getTime() + 60_000) };
    expect(tokensNeedRefresh(tokens, now)).toBe(true);
    expect(tokensNeedRefresh({ ...tokens, expiresAt: new Date(now.getTime() + 91_000) }, now)).toBe(false);
    const setCookie = await createSession({ user, provider: "supabase", tokens }, undefined, handle.db);
    const session = (await getSession(requestWith(setCookie), undefined, handle.db))!;
    const provider = countingProvider(() => ({
      ok: true,
      user,
      tokens: { accessToken: "a2", refreshToken: "r2", expiresAt: new Date(now.getTime() + 3_600_000) },
    }));
    const [first, second] = await Promise.all([
      refreshSessionTokens(session, provider, now, handle.db),
      refreshSessionTokens(session, provider, now, handle.db),
    ]);
    expect(provider.calls).toEqual(["r1"]);
    expect(first?.tokens?.refreshToken).toBe("r2");
    expect(second?.tokens?.refreshToken).toBe("r2");
    expect((await getSession(requestWith(setCookie), undefined, handle.db))?.tokens?.accessToken).toBe("a2");
  });

  it("ends the session when the provider refuses the refresh token", async () => {
    const now = new Date();
    const tokens: AuthTokens = { accessToken: "x", refreshToken: "revoked", expiresAt: new Date(now.getTime() - 1000) };
    const setCookie = await createSession({ user, provider: "supabase", tokens }, undefined, handle.db);
    const session = (await getSession(requestWith(setCookie), undefined, handle.db))!;
    const provider = countingProvider(() => ({ ok: false, code: "invalid_credentials", message: "utgången" }));
    expect(await refreshSessionTokens(session, provider, now, handle.db)).toBeNull();
    expect(await getSession(requestWith(setCookie), undefined, handle.db)).toBeNull();
  });

  it("keeps the session when the provider is unavailable, so the next request can try again", async () => {
    const now = new Date();
    const tokens: AuthTokens = { accessToken: "y", refreshToken: "still-good", expiresAt: new Date(now.getTime() - 1000) };
    const setCookie = await createSession({ user, provider: "supabase", tokens }, undefined, handle.db);
    const session = (await getSession(requestWith(setCookie), undefined, handle.db))!;
    const provider = countingProvider(() => ({ ok: false, code: "unavailable", message: "nere" }));
    expect((await refreshSessionTokens(session, provider, now, handle.db))?.tokens?.refreshToken).toBe("still-good");
    expect((await getSession(requestWith(setCookie), undefined, handle.db))?.tokens?.refreshToken).toBe("still-good");
  });
});
