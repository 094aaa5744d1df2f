/**
 * The local auth provider, password hashing and the administrator role, on both drivers
 * (the rate limits are in rate-limit.test.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createLocalProvider } from "#app/auth/local-provider.server.ts";
import { hashPassword, verifyDummyPassword, verifyPassword } from "#app/auth/password-hash.server.ts";
import type { AuthProvider } from "#app/auth/provider.server.ts";
import { createLocalUser, ensureBootstrapAdmin, isAdmin, setAdmin, UserInputError } from "#app/auth/users.server.ts";
import { openDatabase, type DatabaseHandle } from "#app/db/db.server.ts";
import { testDatabases } from "#tests/db.ts";

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

  describe("users and administrators", () => {
    it("creates a local administrator, and replaces the password on a second run", async () => {
      const email = uniqueEmail("admin");
      const first = await createLocalUser({ email: ` ${email.toUpperCase()} `, password: "hemligt123", admin: true }, handle.db);
      expect(first).toEqual({ user: { id: expect.any(String), email }, created: true, admin: true, granted: true, endedSessions: 0 });
      expect(await isAdmin(first.user.id, handle.db)).toBe(true);

      const second = await createLocalUser({ email, password: "nytt-lösen-456" }, handle.db);
      expect(second).toEqual({ user: first.user, created: false, admin: true, granted: false, endedSessions: 0 });
      expect((await provider.signIn(email, "hemligt123")).ok).toBe(false);
      expect(await provider.signIn(email, "nytt-lösen-456")).toMatchObject({ ok: true, user: first.user });
    });

    it("creates a user without the role", async () => {
      const { user, admin } = await createLocalUser({ email: uniqueEmail(), password: "hemligt123" }, handle.db);
      expect(admin).toBe(false);
      expect(await isAdmin(user.id, handle.db)).toBe(false);
    });

    it("turns down a bad address or password without repeating the password", async () => {
      await expect(createLocalUser({ email: "x", password: "hemligt123" }, handle.db)).rejects.toThrow(UserInputError);
      const weak = createLocalUser({ email: uniqueEmail(), password: "kort" }, handle.db);
      await expect(weak).rejects.toThrow(/Lösenordet måste vara minst 8 tecken/);
      await expect(weak).rejects.not.toThrow(/kort/);
    });

    it("grants and revokes the role by e-mail address", async () => {
      const email = uniqueEmail();
      const { user } = await createLocalUser({ email, password: "hemligt123" }, handle.db);
      expect(await setAdmin({ email: email.toUpperCase(), admin: true }, handle.db)).toEqual({
        userId: user.id,
        email,
        admin: true,
        changed: true,
        endedSessions: 0,
      });
      expect(await isAdmin(user.id, handle.db)).toBe(true);
      expect((await setAdmin({ email, admin: true }, handle.db)).changed).toBe(false);
      expect((await setAdmin({ email, admin: false }, handle.db)).changed).toBe(true);
      expect(await isAdmin(user.id, handle.db)).toBe(false);
      expect((await setAdmin({ email, admin: false }, handle.db)).changed).toBe(false);
    });

    it("grants the role to any provider's user id", async () => {
      const supabaseUser = crypto.randomUUID();
      expect(await setAdmin({ userId: supabaseUser.toUpperCase(), admin: true }, handle.db)).toEqual({
        userId: supabaseUser,
        email: null,
        admin: true,
        changed: true,
        endedSessions: 0,
      });
      expect(await isAdmin(supabaseUser, handle.db)).toBe(true);
      await setAdmin({ userId: supabaseUser, admin: false }, handle.db);
      expect(await isAdmin(supabaseUser, handle.db)).toBe(false);
    });

    describe("an address someone signed up first", () => {
      /** A squatter signs up the boss's address through the open form and stays signed in. */
      async function squat(email: string) {
        const signedUp = await provider.signUp(email, "squatter-pw-1", { locale: "sv-SE" });
        if (!signedUp.ok || !signedUp.user) throw new Error("sign-up failed");
        const userId = signedUp.user.id;
        await handle.db
          .insertInto("sessions")
          .values({ id: `squat-${userId}`, user_id: userId, email, provider: "local", expires_at: new Date(Date.now() + 86_400_000) })
          .execute();
        const sessions = () => handle.db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute();
        return { userId, sessions };
      }

      it("is not made an administrator by user:create without the explicit flag, and says why", async () => {
        const email = uniqueEmail("boss");
        const { userId, sessions } = await squat(email);
        const refused = createLocalUser({ email, password: "operatorns-lösen-1", admin: true }, handle.db);
        await expect(refused).rejects.toThrow(UserInputError);
        await expect(refused).rejects.toThrow(/registered through the site's open sign-up form.*--promote-self-registered/);
        // Nothing changed: not an admin, the password and the session as they were.
        expect(await isAdmin(userId, handle.db)).toBe(false);
        expect((await provider.signIn(email, "squatter-pw-1")).ok).toBe(true);
        expect(await sessions()).toHaveLength(1);
      });

      it("with --promote-self-registered: promoted, the password replaced and the squatter's sessions ended", async () => {
        const email = uniqueEmail("boss");
        const { userId, sessions } = await squat(email);
        const result = await createLocalUser(
          {
            email,
            password: "operatorns-lösen-1",
            admin: true,
            promoteSelfRegistered: true,
          },
          handle.db,
        );
        expect(result).toMatchObject({ created: false, admin: true, endedSessions: 1 });
        expect(await isAdmin(userId, handle.db)).toBe(true);
        expect(await sessions()).toHaveLength(0);
        expect((await provider.signIn(email, "squatter-pw-1")).ok).toBe(false);
      });

      it("is not granted the role by user:admin without the flag; with it, the sessions end", async () => {
        const email = uniqueEmail("boss");
        const { userId, sessions } = await squat(email);
        await expect(setAdmin({ email, admin: true }, handle.db)).rejects.toThrow(/--promote-self-registered/);
        expect(await isAdmin(userId, handle.db)).toBe(false);
        const granted = await setAdmin({ email, admin: true, promoteSelfRegistered: true }, handle.db);
        expect(granted).toMatchObject({ changed: true, endedSessions: 1 });
        expect(await sessions()).toHaveLength(0);
      });

      it("is taken over by ADMIN_EMAIL: new password, the role, and the squatter signed out", async () => {
        const email = uniqueEmail("boss");
        const { userId, sessions } = await squat(email);
        const { result, output } = await captureOutput(() =>
          ensureBootstrapAdmin({ ADMIN_EMAIL: email, ADMIN_PASSWORD: "operatorns-lösen-1" }, handle.db),
        );
        expect(result).toBe("updated");
        expect(output).toContain("takes over an account made through the sign-up form");
        expect(await isAdmin(userId, handle.db)).toBe(true);
        expect(await sessions()).toHaveLength(0);
        expect((await provider.signIn(email, "squatter-pw-1")).ok).toBe(false);
      });

      it("ends every session when the operator replaces a password", async () => {
        const email = uniqueEmail("glomsk");
        const { sessions } = await squat(email);
        const result = await createLocalUser({ email, password: "nytt-lösen-789" }, handle.db);
        expect(result).toMatchObject({ created: false, admin: false, endedSessions: 1 });
        expect(await sessions()).toHaveLength(0);
      });
    });

    it("explains an unknown address or a malformed id", async () => {
      await expect(setAdmin({ email: uniqueEmail("ingen"), admin: true }, handle.db)).rejects.toThrow(/--user-id/);
      await expect(setAdmin({ userId: "42", admin: true }, handle.db)).rejects.toThrow(UserInputError);
    });

    it("says no for a malformed id, and logs and says no when the database fails", async () => {
      expect(await isAdmin("not-a-uuid", handle.db)).toBe(false);
      const broken = unreachableDatabase();
      const { result, output } = await captureOutput(() => isAdmin(crypto.randomUUID(), broken.db));
      await broken.close();
      expect(result).toBe(false);
      expect(JSON.parse(output.trim())).toMatchObject({ level: "error", msg: "admin check failed" });
    });

    describe("bootstrap administrator", () => {
      it("does nothing unless both settings are set", async () => {
        const before = await handle.db.selectFrom("users").select("id").execute();
        expect(await ensureBootstrapAdmin({}, handle.db)).toBe("skipped");
        const { result, output } = await captureOutput(() => ensureBootstrapAdmin({ ADMIN_EMAIL: uniqueEmail("halv") }, handle.db));
        expect(result).toBe("skipped");
        expect(output).toContain("ADMIN_PASSWORD");
        const onlyPassword = await captureOutput(() => ensureBootstrapAdmin({ ADMIN_PASSWORD: "hemligt-start-1" }, handle.db));
        expect(onlyPassword.result).toBe("skipped");
        expect(onlyPassword.output).not.toContain("hemligt-start-1");
        expect(await handle.db.selectFrom("users").select("id").execute()).toHaveLength(before.length);
      });

      it("creates, keeps, re-grants and updates that local administrator, never logging the password", async () => {
        const email = uniqueEmail("boot");
        const env = { ADMIN_EMAIL: email, ADMIN_PASSWORD: "hemligt-start-1" };
        const created = await captureOutput(() => ensureBootstrapAdmin(env, handle.db));
        expect(created.result).toBe("created");
        expect(created.output).toContain(email);
        const user = await handle.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
        expect(await isAdmin(user.id, handle.db)).toBe(true);

        const again = await captureOutput(() => ensureBootstrapAdmin(env, handle.db));
        expect(again.result).toBe("unchanged");
        const unchanged = await handle.db.selectFrom("users").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
        expect(unchanged.password_hash).toBe(user.password_hash);

        await setAdmin({ userId: user.id, admin: false }, handle.db);
        const regranted = await captureOutput(() => ensureBootstrapAdmin(env, handle.db));
        expect(regranted.result).toBe("updated");
        expect(await isAdmin(user.id, handle.db)).toBe(true);

        const changed = await captureOutput(() =>
          ensureBootstrapAdmin({ ADMIN_EMAIL: email.toUpperCase(), ADMIN_PASSWORD: "hemligt-start-2" }, handle.db),
        );
        expect(changed.result).toBe("updated");
        expect(await provider.signIn(email, "hemligt-start-2")).toMatchObject({ ok: true, user: { id: user.id } });
        expect((await provider.signIn(email, "hemligt-start-1")).ok).toBe(false);

        for (const { output } of [created, again, regranted, changed]) {
          expect(output).not.toContain("hemligt-start");
        }
      });

      it("stops on a password that breaks the rules, without repeating it", async () => {
        const attempt = ensureBootstrapAdmin({ ADMIN_EMAIL: uniqueEmail(), ADMIN_PASSWORD: "        " }, handle.db);
        await expect(attempt).rejects.toThrow(/^ADMIN_PASSWORD: Lösenordet får inte bestå av bara blanksteg\.$/);
      });
    });
  });
});
