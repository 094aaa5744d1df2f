/**
 * A stand-in for Supabase Auth's HTTP API (GoTrue behind the API gateway) for msw v2, backed by
 * a small in-memory user store. Third-party HTTP only: never use msw for our own database.
 *
 * Shapes follow the real server, as @supabase/auth-js reads them (lib/fetch.js):
 * - session bodies {access_token, token_type, expires_in, expires_at, refresh_token, user};
 *   access tokens are JWT-shaped (unsigned) with sub, exp and session_id;
 * - errors {code, message} with an `x-supabase-api-version: 2024-01-01` answer header when the
 *   request sends that version (auth-js always does), else the legacy {code: status, error_code, msg};
 *   weak passwords add {weak_password: {reasons}} (422);
 * - the gateway refuses a missing or wrong `apikey` with 401 {message, hint} before GoTrue sees it;
 * - sign-up with e-mail confirmation on answers a bare user (no session), and a repeated sign-up
 *   an obfuscated user with no identities; with autoconfirm it answers 422 user_already_exists;
 * - refresh tokens rotate (a used one answers refresh_token_already_used); logout (204) deletes
 *   sessions, so their refresh tokens answer refresh_token_not_found.
 *
 * Each test file builds its own mock and server:
 *   const auth = createSupabaseAuthMock();
 *   const server = setupServer(...auth.handlers);
 */
import { randomBytes, randomUUID } from "node:crypto";
import { http, HttpResponse } from "msw";

export interface MockUser {
  id: string;
  email: string;
  password: string;
  emailConfirmedAt: string | null;
  userMetadata: Record<string, unknown>;
  createdAt: string;
  lastSignInAt: string | null;
}

/** One request as the server saw it (bodies are kept for assertions; this is test-only code). */
export interface RecordedRequest {
  method: string;
  /** e.g. /auth/v1/token */
  path: string;
  query: Record<string, string>;
  apikey: string | null;
  /** The bearer token of the Authorization header, if any. */
  bearer: string | null;
  body: unknown;
}

export interface SupabaseAuthMockOptions {
  /** Project URL (default https://mock-project.supabase.co). */
  url?: string;
  anonKey?: string;
  /** Confirm e-mail addresses at sign-up and hand out a session at once (default true). */
  autoconfirm?: boolean;
  /** Access token lifetime in seconds (default 3600, Supabase's default). */
  accessTokenTtlSeconds?: number;
  /** Answer errors in the pre-2024 format even when the client asks for 2024-01-01. */
  legacyErrors?: boolean;
  /** The server's clock in ms (default Date.now). */
  now?: () => number;
}

interface SessionRow {
  id: string;
  userId: string;
}

interface AccessTokenRow {
  userId: string;
  sessionId: string;
  /** Seconds since the epoch, like the JWT's exp. */
  exp: number;
}

interface RefreshTokenRow {
  sessionId: string;
  revoked: boolean;
}

type Failure = number | "network";

const API_VERSION = "2024-01-01";
const MIN_PASSWORD_LENGTH = 6;
const WEAK_PASSWORD_TEXT: Record<string, string> = {
  length: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
  characters: "Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.",
  pwned: "Password is known to be weak and easy to guess, please choose a different one.",
};

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

export function createSupabaseAuthMock(options: SupabaseAuthMockOptions = {}) {
  const url = (options.url ?? "https://mock-project.supabase.co").replace(/\/+$/, "");
  const anonKey = options.anonKey ?? "mock-anon-key";
  const ttl = options.accessTokenTtlSeconds ?? 3600;
  const now = options.now ?? (() => Date.now());
  const auth = `${url}/auth/v1`;

  let autoconfirm = options.autoconfirm ?? true;
  let legacyErrors = options.legacyErrors ?? false;
  let forcedWeakReasons: string[] | null = null;
  const pendingFailures: Failure[] = [];

  const users = new Map<string, MockUser>(); // by lower-case e-mail
  const sessions = new Map<string, SessionRow>();
  const accessTokens = new Map<string, AccessTokenRow>();
  const refreshTokens = new Map<string, RefreshTokenRow>();
  const requests: RecordedRequest[] = [];

  const iso = () => new Date(now()).toISOString();
  const seconds = () => Math.floor(now() / 1000);
  const userById = (id: string) => [...users.values()].find((u) => u.id === id);

  function publicUser(user: MockUser) {
    const identityData = { email: user.email, email_verified: user.emailConfirmedAt !== null, phone_verified: false, sub: user.id };
    return {
      id: user.id,
      aud: "authenticated",
      role: "authenticated",
      email: user.email,
      email_confirmed_at: user.emailConfirmedAt,
      phone: "",
      confirmation_sent_at: user.emailConfirmedAt ? undefined : user.createdAt,
      confirmed_at: user.emailConfirmedAt,
      last_sign_in_at: user.lastSignInAt,
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { ...user.userMetadata, ...identityData },
      identities: [
        {
          identity_id: randomUUID(),
          id: user.id,
          user_id: user.id,
          identity_data: identityData,
          provider: "email",
          last_sign_in_at: user.lastSignInAt ?? user.createdAt,
          created_at: user.createdAt,
          updated_at: user.createdAt,
          email: user.email,
        },
      ],
      created_at: user.createdAt,
      updated_at: user.createdAt,
      is_anonymous: false,
    };
  }

  function accessTokenFor(user: MockUser, sessionId: string, exp: number) {
    const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
    const payload = base64url(
      JSON.stringify({
        iss: auth,
        sub: user.id,
        aud: "authenticated",
        exp,
        iat: seconds(),
        email: user.email,
        phone: "",
        role: "authenticated",
        aal: "aal1",
        session_id: sessionId,
        is_anonymous: false,
        jti: randomUUID(),
      }),
    );
    return `${header}.${payload}.${base64url(randomBytes(32))}`;
  }

  /** A session body as GoTrue's AccessTokenResponse, for a new or continuing session. */
  function issueTokens(user: MockUser, sessionId: string) {
    const exp = seconds() + ttl;
    const access_token = accessTokenFor(user, sessionId, exp);
    const refresh_token = randomBytes(9).toString("base64url");
    accessTokens.set(access_token, { userId: user.id, sessionId, exp });
    refreshTokens.set(refresh_token, { sessionId, revoked: false });
    return { access_token, token_type: "bearer", expires_in: ttl, expires_at: exp, refresh_token, user: publicUser(user) };
  }

  function startSession(user: MockUser) {
    const id = randomUUID();
    sessions.set(id, { id, userId: user.id });
    user.lastSignInAt = iso();
    return issueTokens(user, id);
  }

  function endSession(sessionId: string) {
    sessions.delete(sessionId);
    for (const [token, row] of refreshTokens) if (row.sessionId === sessionId) refreshTokens.delete(token);
  }

  function versioned(request: Request) {
    const asked = request.headers.get("x-supabase-api-version") ?? "";
    return !legacyErrors && /^\d{4}-\d{2}-\d{2}$/.test(asked) && asked >= API_VERSION;
  }

  function apiError(request: Request, status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    if (versioned(request)) {
      return HttpResponse.json({ code, message, ...extra }, { status, headers: { "x-supabase-api-version": API_VERSION } });
    }
    return HttpResponse.json({ code: status, error_code: code, msg: message, ...extra }, { status });
  }

  function bearerOf(request: Request) {
    const header = request.headers.get("authorization") ?? "";
    const match = /^Bearer\s+(.+)$/i.exec(header);
    return match?.[1] ?? null;
  }

  /** The signed-in caller of /user and /logout, or the error GoTrue answers. */
  function authenticate(request: Request): { user: MockUser; sessionId: string } | Response {
    const token = bearerOf(request);
    if (!token || token === anonKey) {
      return apiError(request, 401, "no_authorization", "This endpoint requires a valid Bearer token");
    }
    const row = accessTokens.get(token);
    if (!row) return apiError(request, 403, "bad_jwt", "invalid JWT: unable to parse or verify signature, token signature is invalid");
    if (row.exp <= seconds()) {
      return apiError(
        request,
        403,
        "bad_jwt",
        "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired",
      );
    }
    if (!sessions.has(row.sessionId)) {
      return apiError(request, 403, "session_not_found", "Session from session_id claim in JWT does not exist");
    }
    const user = userById(row.userId);
    if (!user) return apiError(request, 403, "user_not_found", "User from sub claim in JWT does not exist");
    return { user, sessionId: row.sessionId };
  }

  async function jsonBody(request: Request): Promise<Record<string, unknown>> {
    try {
      const body: unknown = await request.json();
      return typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }

  const str = (value: unknown) => (typeof value === "string" ? value : "");

  function weakReasons(password: string) {
    const reasons = password.length < MIN_PASSWORD_LENGTH ? ["length"] : [];
    for (const reason of forcedWeakReasons ?? []) if (!reasons.includes(reason)) reasons.push(reason);
    return reasons;
  }

  function addUser(input: { email: string; password: string; confirmed?: boolean; data?: Record<string, unknown> }): MockUser {
    const email = input.email.trim().toLowerCase();
    const createdAt = iso();
    const user: MockUser = {
      id: randomUUID(),
      email,
      password: input.password,
      emailConfirmedAt: input.confirmed === false ? null : createdAt,
      userMetadata: { ...input.data },
      createdAt,
      lastSignInAt: null,
    };
    users.set(email, user);
    return user;
  }

  const handlers = [
    // The gateway: records every call, injects failures, checks the apikey; then falls through.
    http.all(`${auth}/*`, async ({ request }) => {
      const target = new URL(request.url);
      let body: unknown = null;
      const text = await request.clone().text();
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      requests.push({
        method: request.method,
        path: target.pathname,
        query: Object.fromEntries(target.searchParams),
        apikey: request.headers.get("apikey"),
        bearer: bearerOf(request),
        body,
      });
      const failure = pendingFailures.shift();
      if (failure === "network") return HttpResponse.error();
      if (failure !== undefined) return HttpResponse.json({ message: "upstream service unavailable" }, { status: failure });
      const apikey = request.headers.get("apikey");
      if (!apikey) {
        return HttpResponse.json(
          { message: "No API key found in request", hint: "No `apikey` request header or url param was found." },
          { status: 401 },
        );
      }
      if (apikey !== anonKey) {
        return HttpResponse.json(
          { message: "Invalid API key", hint: "Double check your Supabase `anon` or `service_role` API key." },
          { status: 401 },
        );
      }
      return undefined;
    }),

    http.post(`${auth}/token`, async ({ request }) => {
      const grantType = new URL(request.url).searchParams.get("grant_type");
      const body = await jsonBody(request);

      if (grantType === "password") {
        const email = str(body.email).trim().toLowerCase();
        if (!email && !str(body.phone)) return apiError(request, 400, "validation_failed", "missing email or phone");
        const user = users.get(email);
        if (!user || user.password !== str(body.password)) {
          return apiError(request, 400, "invalid_credentials", "Invalid login credentials");
        }
        if (!user.emailConfirmedAt) return apiError(request, 400, "email_not_confirmed", "Email not confirmed");
        return HttpResponse.json(startSession(user));
      }

      if (grantType === "refresh_token") {
        const token = str(body.refresh_token);
        if (!token) return apiError(request, 400, "validation_failed", "refresh_token required");
        const row = refreshTokens.get(token);
        if (!row || !sessions.has(row.sessionId)) {
          return apiError(request, 400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
        }
        if (row.revoked) return apiError(request, 400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
        const session = sessions.get(row.sessionId);
        const user = session ? userById(session.userId) : undefined;
        if (!session || !user) return apiError(request, 400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
        row.revoked = true;
        return HttpResponse.json(issueTokens(user, session.id));
      }

      return HttpResponse.json({ error: "unsupported_grant_type", error_description: "" }, { status: 400 });
    }),

    http.post(`${auth}/signup`, async ({ request }) => {
      const body = await jsonBody(request);
      const email = str(body.email).trim().toLowerCase();
      const password = str(body.password);
      if (!password) return apiError(request, 400, "validation_failed", "Signup requires a valid password");
      if (!email) return apiError(request, 400, "validation_failed", "To signup, please provide your email");
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
        return apiError(request, 400, "email_address_invalid", "Unable to validate email address: invalid format");
      }
      const reasons = weakReasons(password);
      if (reasons.length) {
        const message = reasons.map((reason) => WEAK_PASSWORD_TEXT[reason] ?? reason).join(" ");
        return apiError(request, 422, "weak_password", message, { weak_password: { reasons } });
      }
      const data = typeof body.data === "object" && body.data !== null ? (body.data as Record<string, unknown>) : {};
      if (users.has(email)) {
        if (autoconfirm) return apiError(request, 422, "user_already_exists", "User already registered");
        // Obfuscated: a fresh id and no identities, so the answer does not reveal the account.
        const fake = publicUser(unsavedUser(email, data));
        return HttpResponse.json({ ...fake, identities: [] });
      }
      const user = addUser({ email, password, confirmed: autoconfirm, data });
      if (autoconfirm) return HttpResponse.json(startSession(user));
      return HttpResponse.json(publicUser(user));
    }),

    http.get(`${auth}/user`, ({ request }) => {
      const caller = authenticate(request);
      if (caller instanceof Response) return caller;
      return HttpResponse.json(publicUser(caller.user));
    }),

    http.post(`${auth}/logout`, ({ request }) => {
      const scope = new URL(request.url).searchParams.get("scope") ?? "global";
      if (!["global", "local", "others"].includes(scope)) {
        return apiError(request, 400, "validation_failed", `Unsupported logout scope "${scope}"`);
      }
      const caller = authenticate(request);
      if (caller instanceof Response) return caller;
      for (const session of [...sessions.values()]) {
        if (session.userId !== caller.user.id) continue;
        const mine = session.id === caller.sessionId;
        if (scope === "global" || (scope === "local" && mine) || (scope === "others" && !mine)) endSession(session.id);
      }
      return new HttpResponse(null, { status: 204 });
    }),
  ];

  /** A user that is never stored, for the obfuscated answer to a repeated sign-up. */
  function unsavedUser(email: string, data: Record<string, unknown>): MockUser {
    const createdAt = iso();
    return { id: randomUUID(), email, password: "", emailConfirmedAt: null, userMetadata: { ...data }, createdAt, lastSignInAt: null };
  }

  return {
    url,
    anonKey,
    handlers,
    /** Every request seen, oldest first. */
    requests,
    /** The requests to one path, e.g. '/auth/v1/token'. */
    requestsTo: (path: string) => requests.filter((r) => r.path === path),
    addUser,
    findUser: (email: string) => users.get(email.trim().toLowerCase()),
    /** The ids of the user's live sessions. */
    sessionsOf: (userId: string) => [...sessions.values()].filter((s) => s.userId === userId).map((s) => s.id),
    /** Confirms an address (as the link in the confirmation mail does). */
    confirm(email: string) {
      const user = users.get(email.trim().toLowerCase());
      if (user) user.emailConfirmedAt = iso();
    },
    /** The next `count` requests fail with `status` (default 503) or a network error, before any other check. */
    failNext(count: number, failure: Failure = 503) {
      for (let i = 0; i < count; i++) pendingFailures.push(failure);
    },
    /** Every access token issued so far is expired from now on (new ones are not). */
    expireAccessTokens() {
      for (const row of accessTokens.values()) row.exp = seconds() - 1;
    },
    /** Sign-up answers weak_password with these reasons (besides 'length' for short ones); null stops it. */
    setWeakPasswordReasons(reasons: string[] | null) {
      forcedWeakReasons = reasons;
    },
    /** On: sign-up confirms at once and signs in. Off: sign-up needs the e-mail link, sign-in says email_not_confirmed. */
    setAutoconfirm(value: boolean) {
      autoconfirm = value;
    },
    setLegacyErrors(value: boolean) {
      legacyErrors = value;
    },
    /** Forgets users, sessions, tokens, requests and switches. */
    reset() {
      users.clear();
      sessions.clear();
      accessTokens.clear();
      refreshTokens.clear();
      requests.length = 0;
      pendingFailures.length = 0;
      forcedWeakReasons = null;
      autoconfirm = options.autoconfirm ?? true;
      legacyErrors = options.legacyErrors ?? false;
    },
  };
}

export type SupabaseAuthMock = ReturnType<typeof createSupabaseAuthMock>;
