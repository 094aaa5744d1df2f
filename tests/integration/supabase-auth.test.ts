/**
 * The Supabase Auth provider (its auth calls, the library's auth errors, the refresh margin
 * and back-off) against msw handlers that answer like Supabase's Auth HTTP API
 * (tests/msw/supabase-auth.ts), through the real @supabase/supabase-js client.
 * Retry waits are recorded instead of slept; the back-off schedule itself runs on fake timers.
 */
import {
  createClient,
  AuthApiError,
  AuthInvalidCredentialsError,
  AuthRetryableFetchError,
  AuthSessionMissingError,
  AuthWeakPasswordError,
} from "@supabase/supabase-js";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AUTH_MESSAGES,
  AuthUnavailableError,
  createSupabaseProvider,
  mapAuthError,
  needsRefresh,
  withRetry,
} from "#app/auth/supabase-provider.server.ts";
import type { AuthTokens } from "#app/auth/provider.server.ts";
import { createSupabaseAuthMock } from "#tests/msw/supabase-auth.ts";

const auth = createSupabaseAuthMock();
const server = setupServer(...auth.handlers);

/** Retry waits the provider asked for, in order (nothing actually waits). */
let delays: number[] = [];
const provider = createSupabaseProvider({
  url: auth.url,
  anonKey: auth.anonKey,
  retry: {
    sleep: async (ms) => {
      delays.push(ms);
    },
  },
});

const EMAIL = "anna@example.se";
const PASSWORD = "Rätt-lösen0rd";

/** Everything the code under test writes to stdout/stderr (log.server.ts writes JSON lines there). */
let output: string[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
beforeEach(() => {
  delays = [];
  output = [];
  const capture = (chunk: unknown) => {
    output.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, "write").mockImplementation(capture);
  vi.spyOn(process.stderr, "write").mockImplementation(capture);
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void output.push(args.map(String).join(" ")));
});
afterEach(() => {
  vi.restoreAllMocks();
  auth.reset();
});
afterAll(() => server.close());

async function signedIn(email = EMAIL, password = PASSWORD) {
  if (!auth.findUser(email)) auth.addUser({ email, password });
  const result = await provider.signIn(email, password);
  if (!result.ok || !result.tokens) throw new Error(`sign-in failed: ${JSON.stringify(result)}`);
  return { user: result.user, tokens: result.tokens };
}

describe("needsRefresh (within 3 ticks of 30 s, or expired)", () => {
  const now = new Date("2030-01-01T12:00:00Z");
  const inSeconds = (s: number) => new Date(now.getTime() + s * 1000);

  it("is false with 91 s left", () => expect(needsRefresh(inSeconds(91), now)).toBe(false));
  it("is true with exactly 90 s left", () => expect(needsRefresh(inSeconds(90), now)).toBe(true));
  it("is true with 89 s left and at the moment of expiry", () => {
    expect(needsRefresh(inSeconds(89), now)).toBe(true);
    expect(needsRefresh(inSeconds(0), now)).toBe(true);
  });
  it("is true once expired, and for an invalid date", () => {
    expect(needsRefresh(inSeconds(-3600), now)).toBe(true);
    expect(needsRefresh(new Date(Number.NaN), now)).toBe(true);
  });
  it("is false for a fresh hour-long token and defaults to the current time", () => {
    expect(needsRefresh(new Date(Date.now() + 3600_000))).toBe(false);
  });
});

describe("withRetry", () => {
  const status = (code: number) => Object.assign(new Error(`HTTP ${code}`), { status: code });

  it("backs off 200, 400, 800 ms on the clock", async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const result = withRetry(async () => {
        calls++;
        if (calls < 4) throw status(503);
        return "ok";
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(199);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toBe(2);
      await vi.advanceTimersByTimeAsync(399);
      expect(calls).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toBe(3);
      await vi.advanceTimersByTimeAsync(799);
      expect(calls).toBe(3);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toBe(4);
      await expect(result).resolves.toBe("ok");
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([502, 503, 504])("retries %i", async (code) => {
    const waits: number[] = [];
    let calls = 0;
    const result = await withRetry(
      async () => {
        if (++calls === 1) throw status(code);
        return calls;
      },
      { sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe(2);
    expect(waits).toEqual([200]);
  });

  it("retries network errors (fetch's TypeError and auth-js's status 0)", async () => {
    let calls = 0;
    await withRetry(
      async () => {
        calls++;
        if (calls === 1) throw new TypeError("fetch failed");
        if (calls === 2) throw new AuthRetryableFetchError("fetch failed", 0);
      },
      { sleep: async () => {} },
    );
    expect(calls).toBe(3);
  });

  it.each([400, 401, 422, 429, 500])("does not retry %i", async (code) => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw status(code);
        },
        { sleep: async () => {} },
      ),
    ).rejects.toMatchObject({ status: code });
    expect(calls).toBe(1);
  });

  it("gives up after the retries and rethrows the last error", async () => {
    const waits: number[] = [];
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          throw status(++calls === 4 ? 504 : 503);
        },
        { retries: 3, baseDelayMs: 200, sleep: async (ms) => void waits.push(ms) },
      ),
    ).rejects.toMatchObject({ status: 504 });
    expect(calls).toBe(4);
    expect(waits).toEqual([200, 400, 800]);
  });
});

describe("mapAuthError (the library's auth errors)", () => {
  it.each([
    [
      "invalid credentials (code)",
      new AuthApiError("Invalid login credentials", 400, "invalid_credentials"),
      "invalid_credentials",
      AUTH_MESSAGES.invalidCredentials,
    ],
    [
      "invalid credentials (message only, older servers)",
      new AuthApiError("Invalid login credentials", 400, undefined),
      "invalid_credentials",
      AUTH_MESSAGES.invalidCredentials,
    ],
    [
      "missing email or phone (client side)",
      new AuthInvalidCredentialsError("You must provide either an email or phone number and a password"),
      "missing_fields",
      AUTH_MESSAGES.missingFields,
    ],
    [
      "missing email or phone (server)",
      new AuthApiError("missing email or phone", 400, "validation_failed"),
      "missing_fields",
      AUTH_MESSAGES.missingFields,
    ],
    [
      "email not confirmed",
      new AuthApiError("Email not confirmed", 400, "email_not_confirmed"),
      "email_not_confirmed",
      AUTH_MESSAGES.emailNotConfirmed,
    ],
    [
      "user already exists",
      new AuthApiError("User already registered", 422, "user_already_exists"),
      "email_taken",
      AUTH_MESSAGES.emailTaken,
    ],
    [
      "invalid address",
      new AuthApiError("Unable to validate email address: invalid format", 400, "email_address_invalid"),
      "missing_fields",
      AUTH_MESSAGES.invalidEmail,
    ],
    ["session missing", new AuthSessionMissingError(), "invalid_credentials", AUTH_MESSAGES.sessionExpired],
    [
      "revoked refresh token",
      new AuthApiError("Invalid Refresh Token: Refresh Token Not Found", 400, "refresh_token_not_found"),
      "invalid_credentials",
      AUTH_MESSAGES.sessionExpired,
    ],
    ["503 after retries", new AuthRetryableFetchError("{}", 503), "unavailable", AUTH_MESSAGES.unavailable],
    ["500", new AuthRetryableFetchError("{}", 500), "unavailable", AUTH_MESSAGES.unavailable],
    ["network", new AuthRetryableFetchError("fetch failed", 0), "unavailable", AUTH_MESSAGES.unavailable],
    [
      "rate limit",
      new AuthApiError("Request rate limit reached", 429, "over_request_rate_limit"),
      "unavailable",
      AUTH_MESSAGES.rateLimited,
    ],
    ["API key refused", new AuthApiError("Invalid API key", 401, undefined), "unavailable", AUTH_MESSAGES.unavailable],
    [
      "anything else",
      new AuthApiError("Signups not allowed for this instance", 422, "signup_disabled"),
      "unavailable",
      AUTH_MESSAGES.unavailable,
    ],
    ["not an auth error", new Error("boom"), "unavailable", AUTH_MESSAGES.unavailable],
  ])("%s", (_name, error, code, message) => {
    expect(mapAuthError(error)).toEqual({ ok: false, code, message });
  });

  it("lists weak-password reasons in Swedish", () => {
    expect(mapAuthError(new AuthWeakPasswordError("Password is weak", 422, ["length", "characters", "pwned"]))).toEqual({
      ok: false,
      code: "weak_password",
      message: "Lösenordet är för svagt: för kort, måste innehålla fler typer av tecken, har läckt i ett dataintrång.",
    });
    expect(mapAuthError({ status: 422, code: "weak_password", reasons: ["pwned"] }).message).toBe(
      "Lösenordet är för svagt: har läckt i ett dataintrång.",
    );
    expect(mapAuthError({ status: 422, code: "weak_password" }).message).toBe("Lösenordet är för svagt.");
  });

  it("maps what the real client makes of the server's missing-email answer", async () => {
    const client = createClient(auth.url, auth.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const { error } = await client.auth.signInWithPassword({ email: "", password: PASSWORD });
    expect(error).toMatchObject({ status: 400, code: "validation_failed" });
    expect(mapAuthError(error)).toMatchObject({ code: "missing_fields", message: AUTH_MESSAGES.missingFields });
  });
});

describe("signIn", () => {
  it("signs in and returns the user and tokens", async () => {
    const stored = auth.addUser({ email: EMAIL, password: PASSWORD });
    const before = Date.now();
    const result = await provider.signIn(` ${EMAIL} `, PASSWORD);
    expect(result).toMatchObject({ ok: true, user: { id: stored.id, email: EMAIL } });
    if (!result.ok || !result.tokens) throw new Error("expected tokens");
    expect(result.tokens.accessToken.split(".")).toHaveLength(3);
    expect(result.tokens.refreshToken).toBeTruthy();
    // expires_at is whole seconds, an hour ahead.
    expect(result.tokens.expiresAt.getTime() % 1000).toBe(0);
    expect(result.tokens.expiresAt.getTime()).toBeGreaterThan(before + 3590_000);
    expect(result.tokens.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600_000);

    const [request] = auth.requestsTo("/auth/v1/token");
    expect(request).toMatchObject({
      method: "POST",
      query: { grant_type: "password" },
      apikey: auth.anonKey,
      body: { email: EMAIL, password: PASSWORD },
    });
  });

  it("refuses a wrong password and an unknown address alike", async () => {
    auth.addUser({ email: EMAIL, password: PASSWORD });
    const expected = { ok: false, code: "invalid_credentials", message: "Fel e-postadress eller lösenord." };
    expect(await provider.signIn(EMAIL, "fel")).toEqual(expected);
    expect(await provider.signIn("okand@example.se", PASSWORD)).toEqual(expected);
  });

  it("also understands the pre-2024 error format", async () => {
    auth.setLegacyErrors(true);
    auth.addUser({ email: EMAIL, password: PASSWORD });
    expect(await provider.signIn(EMAIL, "fel")).toMatchObject({ code: "invalid_credentials" });
  });

  it.each([
    ["", PASSWORD],
    ["   ", PASSWORD],
    [EMAIL, ""],
  ])("asks for both fields without calling Supabase: %j / %j", async (email, password) => {
    expect(await provider.signIn(email, password)).toEqual({
      ok: false,
      code: "missing_fields",
      message: "Du måste ange en e-postadress och ett lösenord.",
    });
    expect(auth.requests).toHaveLength(0);
  });

  it("asks an unconfirmed user to confirm the address first", async () => {
    auth.addUser({ email: EMAIL, password: PASSWORD, confirmed: false });
    expect(await provider.signIn(EMAIL, PASSWORD)).toEqual({
      ok: false,
      code: "email_not_confirmed",
      message: "Bekräfta din e-postadress innan du loggar in.",
    });
  });
});

describe("signUp", () => {
  it("creates the account with its data and signs in at once when no confirmation is needed", async () => {
    const result = await provider.signUp("ny@example.se", PASSWORD, { full_name: "Ny Användare" });
    const stored = auth.findUser("ny@example.se");
    expect(stored?.userMetadata).toEqual({ full_name: "Ny Användare" });
    expect(result).toMatchObject({ ok: true, user: { id: stored?.id, email: "ny@example.se" }, needsConfirmation: false });
    if (!result.ok) throw new Error("expected success");
    expect(result.tokens?.accessToken).toBeTruthy();
    expect(auth.requestsTo("/auth/v1/signup")[0]?.body).toMatchObject({
      email: "ny@example.se",
      password: PASSWORD,
      data: { full_name: "Ny Användare" },
    });
  });

  it("sends empty data when none is given", async () => {
    await provider.signUp("ny@example.se", PASSWORD);
    expect(auth.requestsTo("/auth/v1/signup")[0]?.body).toMatchObject({ data: {} });
  });

  it("needs confirmation when Supabase answers without a session", async () => {
    auth.setAutoconfirm(false);
    const result = await provider.signUp("ny@example.se", PASSWORD);
    expect(result).toEqual({
      ok: true,
      user: { id: auth.findUser("ny@example.se")?.id, email: "ny@example.se" },
      tokens: null,
      needsConfirmation: true,
    });
    expect(await provider.signIn("ny@example.se", PASSWORD)).toMatchObject({ code: "email_not_confirmed" });
    auth.confirm("ny@example.se");
    expect(await provider.signIn("ny@example.se", PASSWORD)).toMatchObject({ ok: true });
  });

  it("explains a weak password with Supabase's reasons", async () => {
    auth.setWeakPasswordReasons(["characters", "pwned"]);
    const result = await provider.signUp("ny@example.se", "abc");
    expect(result).toEqual({
      ok: false,
      code: "weak_password",
      message: "Lösenordet är för svagt: för kort, måste innehålla fler typer av tecken, har läckt i ett dataintrång.",
    });
    expect(auth.findUser("ny@example.se")).toBeUndefined();
  });

  it("says the address is taken when confirmations are off", async () => {
    auth.addUser({ email: EMAIL, password: PASSWORD });
    expect(await provider.signUp(EMAIL, "Annat-lösen0rd")).toEqual({
      ok: false,
      code: "email_taken",
      message: "Det finns redan ett konto med den e-postadressen.",
    });
  });

  it("passes on Supabase's obfuscated answer to a repeated sign-up when confirmations are on", async () => {
    auth.setAutoconfirm(false);
    const existing = auth.addUser({ email: EMAIL, password: PASSWORD });
    expect(await provider.signUp(EMAIL, "Annat-lösen0rd")).toEqual({ ok: true, user: null, tokens: null, needsConfirmation: true });
    expect(auth.findUser(EMAIL)).toMatchObject({ id: existing.id, password: PASSWORD });
  });

  it("rejects a malformed address and missing fields", async () => {
    expect(await provider.signUp("inte-en-adress", PASSWORD)).toMatchObject({
      code: "missing_fields",
      message: "Ange en giltig e-postadress.",
    });
    expect(await provider.signUp("", PASSWORD)).toMatchObject({ code: "missing_fields", message: AUTH_MESSAGES.missingFields });
  });
});

describe("refresh", () => {
  it("trades the refresh token for new tokens", async () => {
    const { user, tokens } = await signedIn();
    const result = await provider.refresh(tokens.refreshToken);
    expect(result).toMatchObject({ ok: true, user });
    if (!result.ok) throw new Error("expected success");
    expect(result.tokens.accessToken).not.toBe(tokens.accessToken);
    expect(result.tokens.refreshToken).not.toBe(tokens.refreshToken);
    expect(needsRefresh(result.tokens.expiresAt)).toBe(false);
    expect(await provider.getUser(result.tokens, user.id)).toEqual(user);

    const request = auth.requestsTo("/auth/v1/token").at(-1);
    expect(request).toMatchObject({
      method: "POST",
      query: { grant_type: "refresh_token" },
      apikey: auth.anonKey,
      body: { refresh_token: tokens.refreshToken },
    });
  });

  it("refreshes an expired session", async () => {
    const { user, tokens } = await signedIn();
    auth.expireAccessTokens();
    expect(await provider.getUser(tokens, user.id)).toBeNull();
    const result = await provider.refresh(tokens.refreshToken);
    if (!result.ok) throw new Error("expected success");
    expect(await provider.getUser(result.tokens, user.id)).toEqual(user);
  });

  it("fails for a used (rotated), revoked or unknown refresh token", async () => {
    const expired = { ok: false, code: "invalid_credentials", message: "Din inloggning har gått ut. Logga in igen." };
    const { tokens } = await signedIn();
    expect(await provider.refresh(tokens.refreshToken)).toMatchObject({ ok: true });
    expect(await provider.refresh(tokens.refreshToken)).toEqual(expired);

    const second = await signedIn();
    await provider.signOut(second.tokens, "local");
    expect(await provider.refresh(second.tokens.refreshToken)).toEqual(expired);

    expect(await provider.refresh("no-such-token")).toEqual(expired);
    const calls = auth.requests.length;
    expect(await provider.refresh("")).toEqual(expired);
    expect(auth.requests).toHaveLength(calls);
  });

  it("retries 503 and says 'unavailable' (not 'expired') when Supabase stays down", async () => {
    const { tokens } = await signedIn();
    auth.failNext(1);
    expect(await provider.refresh(tokens.refreshToken)).toMatchObject({ ok: true });
    expect(delays).toEqual([200]);

    delays = [];
    const before = auth.requestsTo("/auth/v1/token").length;
    auth.failNext(4);
    expect(await provider.refresh(tokens.refreshToken)).toEqual({ ok: false, code: "unavailable", message: AUTH_MESSAGES.unavailable });
    expect(auth.requestsTo("/auth/v1/token").length - before).toBe(4);
    expect(delays).toEqual([200, 400, 800]);
  });
});

describe("retries (502, 503, 504 with back-off from 200 ms)", () => {
  beforeEach(() => auth.addUser({ email: EMAIL, password: PASSWORD }));

  it("retries 503 and then succeeds", async () => {
    auth.failNext(2, 503);
    expect(await provider.signIn(EMAIL, PASSWORD)).toMatchObject({ ok: true });
    expect(auth.requestsTo("/auth/v1/token")).toHaveLength(3);
    expect(delays).toEqual([200, 400]);
  });

  it("retries 502, 504 and a dropped connection", async () => {
    auth.failNext(1, 502);
    auth.failNext(1, 504);
    auth.failNext(1, "network");
    expect(await provider.signIn(EMAIL, PASSWORD)).toMatchObject({ ok: true });
    expect(auth.requestsTo("/auth/v1/token")).toHaveLength(4);
    expect(delays).toEqual([200, 400, 800]);
  });

  it("does not retry a 400", async () => {
    expect(await provider.signIn(EMAIL, "fel")).toMatchObject({ code: "invalid_credentials" });
    expect(auth.requestsTo("/auth/v1/token")).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it("does not retry a 500", async () => {
    auth.failNext(1, 500);
    expect(await provider.signIn(EMAIL, PASSWORD)).toMatchObject({ code: "unavailable" });
    expect(auth.requestsTo("/auth/v1/token")).toHaveLength(1);
  });

  it("gives up after 3 retries with 'unavailable'", async () => {
    auth.failNext(10, 503);
    expect(await provider.signIn(EMAIL, PASSWORD)).toEqual({
      ok: false,
      code: "unavailable",
      message: "Inloggningstjänsten svarar inte just nu. Försök igen om en stund.",
    });
    expect(auth.requestsTo("/auth/v1/token")).toHaveLength(4);
    expect(delays).toEqual([200, 400, 800]);
  });

  it("gives up on a connection that keeps dropping", async () => {
    auth.failNext(4, "network");
    expect(await provider.signUp("ny@example.se", PASSWORD)).toMatchObject({ code: "unavailable" });
    expect(auth.requestsTo("/auth/v1/signup")).toHaveLength(4);
  });

  it("times out a hanging request and does not retry it", async () => {
    let calls = 0;
    const hanging = createSupabaseProvider({
      url: auth.url,
      anonKey: auth.anonKey,
      timeoutMs: 20,
      retry: { sleep: async (ms) => void delays.push(ms) },
      fetch: (_input, init) => {
        calls++;
        return new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        });
      },
    });
    expect(await hanging.signIn(EMAIL, PASSWORD)).toMatchObject({ code: "unavailable" });
    expect(await hanging.refresh("some-refresh-token")).toMatchObject({ code: "unavailable" });
    expect(calls).toBe(2);
    expect(delays).toEqual([]);
  });

  it("honours the retry settings", async () => {
    const waits: number[] = [];
    const quick = createSupabaseProvider({
      url: auth.url,
      anonKey: auth.anonKey,
      retry: { retries: 1, baseDelayMs: 5, sleep: async (ms) => void waits.push(ms) },
    });
    auth.failNext(3);
    expect(await quick.signIn(EMAIL, PASSWORD)).toMatchObject({ code: "unavailable" });
    expect(auth.requestsTo("/auth/v1/token")).toHaveLength(2);
    expect(waits).toEqual([5]);
  });
});

describe("getUser", () => {
  it("returns the user behind a valid access token", async () => {
    const { user, tokens } = await signedIn();
    expect(await provider.getUser(tokens, user.id)).toEqual({ id: user.id, email: EMAIL });
    const request = auth.requestsTo("/auth/v1/user").at(-1);
    expect(request).toMatchObject({ method: "GET", bearer: tokens.accessToken, apikey: auth.anonKey });
  });

  it("returns null for an expired token, another user's id, an ended session or no tokens", async () => {
    const { user, tokens } = await signedIn();
    expect(await provider.getUser(tokens, "00000000-0000-0000-0000-000000000000")).toBeNull();
    expect(await provider.getUser(null, user.id)).toBeNull();
    expect(await provider.getUser({ ...tokens, accessToken: "not.a.token" }, user.id)).toBeNull();

    auth.expireAccessTokens();
    expect(await provider.getUser(tokens, user.id)).toBeNull();

    const other = await signedIn("bo@example.se");
    await provider.signOut(other.tokens, "local");
    expect(await provider.getUser(other.tokens, other.user.id)).toBeNull();
  });

  it("throws AuthUnavailableError rather than ending the session when Supabase is down", async () => {
    const { user, tokens } = await signedIn();
    auth.failNext(4);
    await expect(provider.getUser(tokens, user.id)).rejects.toBeInstanceOf(AuthUnavailableError);
    expect(delays).toEqual([200, 400, 800]);
  });
});

describe("signOut", () => {
  it("posts logout with the scope and the user's own token", async () => {
    const { user, tokens } = await signedIn();
    await provider.signOut(tokens, "local");
    const [request] = auth.requestsTo("/auth/v1/logout");
    expect(request).toMatchObject({
      method: "POST",
      query: { scope: "local" },
      bearer: tokens.accessToken,
      apikey: auth.anonKey,
    });
    expect(auth.sessionsOf(user.id)).toEqual([]);
  });

  it("ends every session by default (scope global)", async () => {
    const first = await signedIn();
    await signedIn();
    expect(auth.sessionsOf(first.user.id)).toHaveLength(2);
    await provider.signOut(first.tokens);
    expect(auth.requestsTo("/auth/v1/logout")[0]?.query).toEqual({ scope: "global" });
    expect(auth.sessionsOf(first.user.id)).toEqual([]);
  });

  it("ends only the other sessions with scope others", async () => {
    const first = await signedIn();
    const second = await signedIn();
    await provider.signOut(first.tokens, "others");
    expect(await provider.getUser(first.tokens, first.user.id)).toEqual(first.user);
    expect(await provider.getUser(second.tokens, second.user.id)).toBeNull();
  });

  it("refreshes an expired access token first, so the session really ends", async () => {
    const { user, tokens } = await signedIn();
    auth.expireAccessTokens();
    const expiredTokens: AuthTokens = { ...tokens, expiresAt: new Date(Date.now() - 1000) };
    await provider.signOut(expiredTokens, "local");
    const paths = auth.requests.slice(-2).map((r) => `${r.path}?${new URLSearchParams(r.query)}`);
    expect(paths).toEqual(["/auth/v1/token?grant_type=refresh_token", "/auth/v1/logout?scope=local"]);
    expect(auth.requestsTo("/auth/v1/logout")[0]?.bearer).not.toBe(tokens.accessToken);
    expect(auth.sessionsOf(user.id)).toEqual([]);
  });

  it("does nothing without tokens and never throws when Supabase is down", async () => {
    await provider.signOut(null);
    expect(auth.requests).toHaveLength(0);
    const { tokens } = await signedIn();
    auth.failNext(10);
    await expect(provider.signOut(tokens, "local")).resolves.toBeUndefined();
    expect(auth.requestsTo("/auth/v1/logout")).toHaveLength(4);
  });
});

describe("operations", () => {
  it("reports a refused API key as unavailable and says which setting to check", async () => {
    const misconfigured = createSupabaseProvider({ url: auth.url, anonKey: "wrong-key", retry: { sleep: async () => {} } });
    auth.addUser({ email: EMAIL, password: PASSWORD });
    expect(await misconfigured.signIn(EMAIL, PASSWORD)).toMatchObject({ code: "unavailable" });
    expect(output.join("")).toContain("SUPABASE_ANON_KEY");
  });

  it("never logs passwords or tokens", async () => {
    const { user, tokens } = await signedIn();
    auth.failNext(2);
    await provider.signIn(EMAIL, "Fel-lösen0rd-123");
    auth.failNext(4);
    await provider.refresh(tokens.refreshToken);
    auth.failNext(4, "network");
    await provider.getUser(tokens, user.id).catch(() => null);
    auth.failNext(4);
    await provider.signOut(tokens);
    const logged = output.join("\n");
    expect(logged).toContain("supabase auth");
    for (const secret of [PASSWORD, "Fel-lösen0rd-123", tokens.accessToken, tokens.refreshToken, EMAIL]) {
      expect(logged).not.toContain(secret);
    }
  });
});
