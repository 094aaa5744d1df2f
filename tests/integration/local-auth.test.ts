/**
 * The local auth provider, password hashing, rate limiting and the administrator role, on
 * both drivers.
 */
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createLocalProvider } from "#app/auth/local-provider.server.ts";
import { hashPassword, verifyDummyPassword, verifyPassword } from "#app/auth/password.server.ts";
import type { AuthProvider } from "#app/auth/provider.server.ts";
import {
  checkRateLimit,
  clearOldAttempts,
  RATE_LIMIT_MESSAGE,
  rateLimitKeys,
  recordAttempt,
} from "#app/auth/rate-limit.server.ts";
import { createLocalUser, ensureBootstrapAdmin, isAdmin, setAdmin, UserInputError } from "#app/auth/users.server.ts";
import { openDatabase, type DatabaseHandle } from "#app/db/db.server.ts";
import { testDatabases } from "#tests/db.ts";

const MINUTE = 60_000;
let counter = 0;
/** A fresh address per test, so tests sharing one database do not meet. */
const uniqueEmail = (name = "anna") => `${name.toLowerCase()}.${++counter}.${Date.now()}@exempel.se`;

/** A PostgreSQL database nobody answers for: every query fails at once (connection refused). */
const unreachableDatabase = () => openDatabase({ databaseUrl: "postgres://nobody@127.0.0.1:1/none" });

/** Everything written to stdout and stderr while `run` runs. */
async function captureOutput<T>(run: () => Promise<T>): Promise<{ result: T; output: string }> {
  const chunks: string[] = [];
  const capture = (chunk: unknown) => {
    chunks.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, "write").mockImplementation(capture);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(capture);
  try {
    const result = await run();
    return { result, output: chunks.join("") };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

describe("password hashing", () => {
  it("writes a self-describing scrypt hash", async () => {
    const hash = await hashPassword("hemligt123");
    const [scheme, n, r, p, salt, key, ...rest] = hash.split("$");
    expect([scheme, n, r, p, rest]).toEqual(["scrypt", "16384", "8", "1", []]);
    expect(Buffer.from(salt!, "base64")).toHaveLength(16);
    expect(Buffer.from(key!, "base64")).toHaveLength(64);
    expect(hash).not.toContain("hemligt123");
  });

  it("uses a new salt for every hash", async () => {
    const [a, b] = await Promise.all([hashPassword("hemligt123"), hashPassword("hemligt123")]);
    expect(a).not.toBe(b);
    expect(a.split("$")[4]).not.toBe(b.split("$")[4]);
  });

  it("verifies the right password only", async () => {
    const hash = await hashPassword("hemligt123");
    expect(await verifyPassword("hemligt123", hash)).toBe(true);
    expect(await verifyPassword("hemligt124", hash)).toBe(false);
    expect(await verifyPassword("Hemligt123", hash)).toBe(false);
    expect(await verifyPassword(" hemligt123", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("treats the same text in another Unicode form as the same password", async () => {
    const hash = await hashPassword("blåbärssylt");
    expect(await verifyPassword("blåbärssylt".normalize("NFD"), hash)).toBe(true);
  });

  it("answers false for a malformed or foreign hash instead of throwing", async () => {
    const good = await hashPassword("hemligt123");
    for (const stored of [
      "",
      "hemligt123",
      "bcrypt$2b$10$abc",
      good.replace("scrypt$16384", "scrypt$12345"),
      good.replace("scrypt$16384", "scrypt$1073741824"),
      good.split("$").slice(0, 5).join("$"),
    ]) {
      expect(await verifyPassword("hemligt123", stored), stored).toBe(false);
    }
  });

  it("has a dummy verification for unknown accounts that always fails", async () => {
    expect(await verifyDummyPassword("hemligt123")).toBe(false);
    expect(await verifyDummyPassword("")).toBe(false);
  });
});

describe.each(testDatabases())("local auth on $name", ({ open }) => {
  let handle: DatabaseHandle;
  let provider: AuthProvider;
  beforeAll(async () => {
    handle = await open();
    provider = createLocalProvider(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe("provider", () => {
    it("is named local", () => {
      expect(provider.name).toBe("local");
    });

    it("signs up, stores a normalised address and a hash, then signs in", async () => {
      const email = uniqueEmail("Sara");
      const signUp = await provider.signUp(`  ${email.toUpperCase()} `, "hemligt123");
      expect(signUp).toEqual({
        ok: true,
        user: { id: expect.any(String), email },
        tokens: null,
        needsConfirmation: false,
      });
      const row = await handle.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
      expect(row.password_hash).not.toContain("hemligt123");

      const signIn = await provider.signIn(email.toUpperCase(), "hemligt123");
      expect(signIn).toEqual({ ok: true, user: { id: row.id, email }, tokens: null });
      expect(JSON.stringify([signUp, signIn])).not.toContain("hemligt123");
    });

    it("turns down a wrong password and an unknown address with the same answer", async () => {
      const email = uniqueEmail();
      await provider.signUp(email, "hemligt123");
      const wrong = await provider.signIn(email, "hemligt124");
      const unknown = await provider.signIn(uniqueEmail("ingen"), "hemligt123");
      const expected = { ok: false, code: "invalid_credentials", message: "Fel e-postadress eller lösenord." };
      expect(wrong).toEqual(expected);
      expect(unknown).toEqual(expected);
    });

    it("does not trim passwords", async () => {
      const email = uniqueEmail();
      await provider.signUp(email, " hemligt123 ");
      expect((await provider.signIn(email, "hemligt123")).ok).toBe(false);
      expect((await provider.signIn(email, " hemligt123 ")).ok).toBe(true);
    });

    it("turns down a second account for the same address, whatever its case", async () => {
      const email = uniqueEmail();
      expect((await provider.signUp(email, "hemligt123")).ok).toBe(true);
      expect(await provider.signUp(` ${email.toUpperCase()}`, "annat-lösen-456")).toEqual({
        ok: false,
        code: "email_taken",
        message: "Det finns redan ett konto med den e-postadressen.",
      });
      // The first password still holds.
      expect((await provider.signIn(email, "hemligt123")).ok).toBe(true);
      expect((await provider.signIn(email, "annat-lösen-456")).ok).toBe(false);
    });

    it("lets only one of two simultaneous sign-ups for one address win", async () => {
      const email = uniqueEmail();
      const results = await Promise.all([provider.signUp(email, "hemligt123"), provider.signUp(email, "hemligt456")]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok && result.code === "email_taken")).toHaveLength(1);
      const rows = await handle.db.selectFrom("users").select("id").where("email", "=", email).execute();
      expect(rows).toHaveLength(1);
    });

    it.each([
      ["kort", "Lösenordet måste vara minst 8 tecken."],
      ["x".repeat(129), "Lösenordet får vara högst 128 tecken."],
      ["          ", "Lösenordet får inte bestå av bara blanksteg."],
    ])("turns down the weak password %j with its rule's message", async (password, message) => {
      const email = uniqueEmail();
      expect(await provider.signUp(email, password)).toEqual({ ok: false, code: "weak_password", message });
      expect(await handle.db.selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([]);
    });

    it.each([
      ["", "hemligt123"],
      ["   ", "hemligt123"],
      ["anna@exempel.se", ""],
    ])("asks for both fields (email %j, password %j)", async (email, password) => {
      const missing = { ok: false, code: "missing_fields", message: "Du måste ange en e-postadress och ett lösenord." };
      expect(await provider.signIn(email, password)).toEqual(missing);
      expect(await provider.signUp(email, password)).toEqual(missing);
    });

    it("turns down a malformed address at sign-up", async () => {
      expect(await provider.signUp("inte-en-adress", "hemligt123")).toEqual({
        ok: false,
        code: "missing_fields",
        message: "Ange en giltig e-postadress.",
      });
    });

    it("turns down an absurdly long password at sign-in without an error", async () => {
      const email = uniqueEmail();
      await provider.signUp(email, "hemligt123");
      expect(await provider.signIn(email, "x".repeat(100_000))).toMatchObject({ ok: false, code: "invalid_credentials" });
    });

    it("finds a user by id, and nobody for an unknown or malformed id", async () => {
      const email = uniqueEmail();
      const signUp = await provider.signUp(email, "hemligt123");
      if (!signUp.ok || !signUp.user) throw new Error("sign-up failed");
      expect(await provider.getUser(null, signUp.user.id)).toEqual({ id: signUp.user.id, email });
      expect(await provider.getUser(null, "00000000-0000-4000-8000-000000000000")).toBeNull();
      expect(await provider.getUser(null, "not-a-uuid")).toBeNull();
    });

    it("has nothing to sign out of and cannot refresh", async () => {
      await expect(provider.signOut(null)).resolves.toBeUndefined();
      expect(await provider.refresh("anything")).toMatchObject({ ok: false, code: "unavailable" });
    });

    it("answers unavailable, and logs no password, when the database fails", async () => {
      const broken = unreachableDatabase();
      const brokenProvider = createLocalProvider(broken.db);
      const { result, output } = await captureOutput(() => brokenProvider.signIn("anna@exempel.se", "hemligt123"));
      await broken.close();
      expect(result).toMatchObject({ ok: false, code: "unavailable" });
      expect(output).toContain("local sign-in failed");
      expect(output).not.toContain("hemligt123");
    });
  });

  describe("rate limit", () => {
    const keysFor = (name: string) => rateLimitKeys({ email: uniqueEmail(name), ip: `10.0.${counter}.1` });

    it("builds keys from the normalised address and the client address", () => {
      expect(rateLimitKeys({ email: " Anna@X.se ", ip: "1.2.3.4" })).toEqual(["email:anna@x.se", "ip:1.2.3.4"]);
      expect(rateLimitKeys({ email: "", ip: null })).toEqual([]);
    });

    it("limits a key after 5 failures in 15 minutes", async () => {
      const keys = keysFor("limit");
      for (let i = 0; i < 4; i++) await recordAttempt(handle.db, keys, false);
      expect(await checkRateLimit(handle.db, keys)).toEqual({ limited: false, retryAfterSeconds: 0 });
      await recordAttempt(handle.db, keys, false);
      const result = await checkRateLimit(handle.db, keys);
      expect(result.limited).toBe(true);
      expect(result.retryAfterSeconds).toBeGreaterThan(0);
      expect(result.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
      // Each key on its own is limited too.
      expect((await checkRateLimit(handle.db, [keys[0]!])).limited).toBe(true);
      expect((await checkRateLimit(handle.db, [keys[1]!])).limited).toBe(true);
      expect(RATE_LIMIT_MESSAGE).toBe("För många misslyckade försök. Vänta en stund och försök igen.");
    });

    it("does not count successes", async () => {
      const keys = keysFor("success");
      for (let i = 0; i < 10; i++) await recordAttempt(handle.db, keys, true);
      for (let i = 0; i < 4; i++) await recordAttempt(handle.db, keys, false);
      expect((await checkRateLimit(handle.db, keys)).limited).toBe(false);
    });

    it("leaves other keys alone", async () => {
      const limited = keysFor("limited");
      for (let i = 0; i < 5; i++) await recordAttempt(handle.db, limited, false);
      const other = keysFor("other");
      expect(await checkRateLimit(handle.db, other)).toEqual({ limited: false, retryAfterSeconds: 0 });
      // A request sharing only the client address is limited by it.
      expect((await checkRateLimit(handle.db, [other[0]!, limited[1]!])).limited).toBe(true);
    });

    it("forgets failures older than 15 minutes", async () => {
      const keys = keysFor("old");
      const now = Date.now();
      for (let i = 0; i < 10; i++) {
        await recordAttempt(handle.db, keys, false, new Date(now - 16 * MINUTE - i * MINUTE));
      }
      for (let i = 0; i < 4; i++) await recordAttempt(handle.db, keys, false);
      expect((await checkRateLimit(handle.db, keys)).limited).toBe(false);
    });

    it("says when the fifth most recent failure leaves the window", async () => {
      const [key] = keysFor("retry");
      const now = new Date("2026-06-01T12:00:00Z");
      // Failures 12, 10, 9, 8, 7 and 6 minutes ago: the fifth most recent is 10 minutes old,
      // so the key is allowed again in 5 minutes.
      for (const minutesAgo of [12, 10, 9, 8, 7, 6]) {
        await recordAttempt(handle.db, [key!], false, new Date(now.getTime() - minutesAgo * MINUTE));
      }
      expect(await checkRateLimit(handle.db, [key!], now)).toEqual({ limited: true, retryAfterSeconds: 300 });
      expect(await checkRateLimit(handle.db, [key!], new Date(now.getTime() + 5 * MINUTE + 1000))).toEqual({
        limited: false,
        retryAfterSeconds: 0,
      });
    });

    it("answers at once for no keys", async () => {
      expect(await checkRateLimit(handle.db, [])).toEqual({ limited: false, retryAfterSeconds: 0 });
      await recordAttempt(handle.db, [], false);
    });

    it("clears old attempts", async () => {
      const [key] = keysFor("clear");
      const now = Date.now();
      await recordAttempt(handle.db, [key!], false, new Date(now - 2 * 24 * 60 * MINUTE));
      await recordAttempt(handle.db, [key!], false);
      expect(await clearOldAttempts(handle.db, new Date(now - 24 * 60 * MINUTE))).toBeGreaterThanOrEqual(1);
      const left = await handle.db.selectFrom("login_attempts").select("id").where("key", "=", key!).execute();
      expect(left).toHaveLength(1);
    });

    it("uses the (key, attempted_at) index", async () => {
      await handle.db
        .insertInto("login_attempts")
        .values(Array.from({ length: 5000 }, (_, i) => ({ key: `ip:bulk-${i % 500}`, succeeded: i % 3 === 0 })))
        .execute();
      await sql`analyze login_attempts`.execute(handle.db);
      const explained = await sql<{ "QUERY PLAN": string }>`explain select 1 from login_attempts
        where key = 'ip:bulk-7' and succeeded = false and attempted_at > now() - interval '15 minutes'
        order by attempted_at desc offset 4 limit 1`.execute(handle.db);
      expect(explained.rows.map((row) => row["QUERY PLAN"]).join("\n")).toContain("login_attempts_key_time_idx");
    });
  });

  describe("users and administrators", () => {
    it("creates a local administrator, and replaces the password on a second run", async () => {
      const email = uniqueEmail("admin");
      const first = await createLocalUser(handle.db, { email: ` ${email.toUpperCase()} `, password: "hemligt123", admin: true });
      expect(first).toEqual({ user: { id: expect.any(String), email }, created: true, admin: true });
      expect(await isAdmin(handle.db, first.user.id)).toBe(true);

      const second = await createLocalUser(handle.db, { email, password: "nytt-lösen-456" });
      expect(second).toEqual({ user: first.user, created: false, admin: true });
      expect((await provider.signIn(email, "hemligt123")).ok).toBe(false);
      expect(await provider.signIn(email, "nytt-lösen-456")).toMatchObject({ ok: true, user: first.user });
    });

    it("creates a user without the role", async () => {
      const { user, admin } = await createLocalUser(handle.db, { email: uniqueEmail(), password: "hemligt123" });
      expect(admin).toBe(false);
      expect(await isAdmin(handle.db, user.id)).toBe(false);
    });

    it("turns down a bad address or password without repeating the password", async () => {
      await expect(createLocalUser(handle.db, { email: "x", password: "hemligt123" })).rejects.toThrow(UserInputError);
      const weak = createLocalUser(handle.db, { email: uniqueEmail(), password: "kort" });
      await expect(weak).rejects.toThrow(/Lösenordet måste vara minst 8 tecken/);
      await expect(weak).rejects.not.toThrow(/kort/);
    });

    it("grants and revokes the role by e-mail address", async () => {
      const email = uniqueEmail();
      const { user } = await createLocalUser(handle.db, { email, password: "hemligt123" });
      expect(await setAdmin(handle.db, { email: email.toUpperCase(), admin: true })).toEqual({
        userId: user.id,
        email,
        admin: true,
        changed: true,
      });
      expect(await isAdmin(handle.db, user.id)).toBe(true);
      expect((await setAdmin(handle.db, { email, admin: true })).changed).toBe(false);
      expect((await setAdmin(handle.db, { email, admin: false })).changed).toBe(true);
      expect(await isAdmin(handle.db, user.id)).toBe(false);
      expect((await setAdmin(handle.db, { email, admin: false })).changed).toBe(false);
    });

    it("grants the role to any provider's user id", async () => {
      const supabaseUser = crypto.randomUUID();
      expect(await setAdmin(handle.db, { userId: supabaseUser.toUpperCase(), admin: true })).toEqual({
        userId: supabaseUser,
        email: null,
        admin: true,
        changed: true,
      });
      expect(await isAdmin(handle.db, supabaseUser)).toBe(true);
      await setAdmin(handle.db, { userId: supabaseUser, admin: false });
      expect(await isAdmin(handle.db, supabaseUser)).toBe(false);
    });

    it("explains an unknown address or a malformed id", async () => {
      await expect(setAdmin(handle.db, { email: uniqueEmail("ingen"), admin: true })).rejects.toThrow(/--user-id/);
      await expect(setAdmin(handle.db, { userId: "42", admin: true })).rejects.toThrow(UserInputError);
    });

    it("says no for a malformed id, and logs and says no when the database fails", async () => {
      expect(await isAdmin(handle.db, "not-a-uuid")).toBe(false);
      const broken = unreachableDatabase();
      const { result, output } = await captureOutput(() => isAdmin(broken.db, crypto.randomUUID()));
      await broken.close();
      expect(result).toBe(false);
      expect(JSON.parse(output.trim())).toMatchObject({ level: "error", msg: "admin check failed" });
    });

    describe("bootstrap administrator", () => {
      it("does nothing unless both settings are set", async () => {
        const before = await handle.db.selectFrom("users").select("id").execute();
        expect(await ensureBootstrapAdmin(handle.db, {})).toBe("skipped");
        const { result, output } = await captureOutput(() =>
          ensureBootstrapAdmin(handle.db, { ADMIN_EMAIL: uniqueEmail("halv") }),
        );
        expect(result).toBe("skipped");
        expect(output).toContain("ADMIN_PASSWORD");
        const onlyPassword = await captureOutput(() => ensureBootstrapAdmin(handle.db, { ADMIN_PASSWORD: "hemligt-start-1" }));
        expect(onlyPassword.result).toBe("skipped");
        expect(onlyPassword.output).not.toContain("hemligt-start-1");
        expect(await handle.db.selectFrom("users").select("id").execute()).toHaveLength(before.length);
      });

      it("creates, keeps, re-grants and updates that local administrator, never logging the password", async () => {
        const email = uniqueEmail("boot");
        const env = { ADMIN_EMAIL: email, ADMIN_PASSWORD: "hemligt-start-1" };
        const created = await captureOutput(() => ensureBootstrapAdmin(handle.db, env));
        expect(created.result).toBe("created");
        expect(created.output).toContain(email);
        const user = await handle.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
        expect(await isAdmin(handle.db, user.id)).toBe(true);

        const again = await captureOutput(() => ensureBootstrapAdmin(handle.db, env));
        expect(again.result).toBe("unchanged");
        const unchanged = await handle.db.selectFrom("users").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
        expect(unchanged.password_hash).toBe(user.password_hash);

        await setAdmin(handle.db, { userId: user.id, admin: false });
        const regranted = await captureOutput(() => ensureBootstrapAdmin(handle.db, env));
        expect(regranted.result).toBe("updated");
        expect(await isAdmin(handle.db, user.id)).toBe(true);

        const changed = await captureOutput(() =>
          ensureBootstrapAdmin(handle.db, { ADMIN_EMAIL: email.toUpperCase(), ADMIN_PASSWORD: "hemligt-start-2" }),
        );
        expect(changed.result).toBe("updated");
        expect(await provider.signIn(email, "hemligt-start-2")).toMatchObject({ ok: true, user: { id: user.id } });
        expect((await provider.signIn(email, "hemligt-start-1")).ok).toBe(false);

        for (const { output } of [created, again, regranted, changed]) {
          expect(output).not.toContain("hemligt-start");
        }
      });

      it("stops on a password that breaks the rules, without repeating it", async () => {
        const attempt = ensureBootstrapAdmin(handle.db, { ADMIN_EMAIL: uniqueEmail(), ADMIN_PASSWORD: "        " });
        await expect(attempt).rejects.toThrow(/^ADMIN_PASSWORD: Lösenordet får inte bestå av bara blanksteg\.$/);
      });
    });
  });
});
