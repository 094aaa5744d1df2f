/**
 * Supabase Auth behind our AuthProvider: sign-in, sign-up, token refresh and sign-out over its HTTP API.
 *
 * The server is stateless and keeps the provider's tokens in its own database session, so the
 * library must keep none: every call builds a fresh client with persistSession, autoRefreshToken
 * and detectSessionInUrl off. One shared client would be wrong, not just untidy: auth-js keeps
 * per-instance state (the session it just saved, a single-flight refresh promise shared by all
 * concurrent callers, a cached refresh failure), so concurrent visitors could see each other's
 * results. A client costs about 0.3 ms to build.
 *
 * How each call is made:
 * - sign in: `auth.signInWithPassword` → POST /auth/v1/token?grant_type=password
 * - sign up: `auth.signUp({ email, password, options: { data } })` → POST /auth/v1/signup
 * - get user: `auth.getUser(accessToken)` → GET /auth/v1/user with the user's bearer token
 * - sign out: `auth.admin.signOut(accessToken, scope)` → POST /auth/v1/logout?scope=… with the
 *   user's bearer token. Despite the `admin` namespace it needs no service-role key: it sends the
 *   client's anon apikey plus the JWT it is given, and `auth.signOut()` itself calls it the same
 *   way with the stored session's token (auth-js GoTrueClient._signOut).
 * - refresh: POST /auth/v1/token?grant_type=refresh_token, made here rather than through
 *   `auth.refreshSession`, because the library retries refreshes on its own (any 5xx or network
 *   error, 200 ms doubling for up to 30 s), which cannot be turned off: wrapped in our retry it
 *   would multiply, and on its own it can hold a page request for ~25 s during an outage. The
 *   request and the response and error bodies are the ones auth-js sends and reads.
 *
 * Every HTTP request goes through one retrying fetch: 502/503/504 and network errors are retried
 * with exponential back-off from 200 ms (200, 400, 800 ms; 3 retries), each attempt has a timeout,
 * and whatever is still failing after that becomes 'unavailable'. Tokens, passwords and e-mail
 * addresses are never logged.
 */
import { retry, type RetryOptions as GenericRetryOptions } from "#app/utils/retry.server.ts";
import { createClient, isAuthError } from "@supabase/supabase-js";
import type { SupabaseClient, User } from "@supabase/supabase-js";
import { log } from "#app/utils/log.server.ts";
import type {
  AuthErrorCode,
  AuthFailure,
  AuthProvider,
  AuthTokens,
  AuthUser,
  RefreshResult,
  SignInResult,
  SignUpResult,
} from "#app/auth/provider.server.ts";

/** Spec §9: a 30 s tick, refresh within 3 ticks (90 s) of expiry or after it. */
export const REFRESH_MARGIN_MS = 3 * 30_000;

/** Spec §8: the statuses the library treats as "try again". */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

const DEFAULT_RETRIES = 3;
const DEFAULT_BASE_DELAY_MS = 200;
const DEFAULT_TIMEOUT_MS = 10_000;
const API_VERSION = "2024-01-01";

/** The Swedish texts shown under 'Inloggningen misslyckades' / 'Registreringen misslyckades'. */
export const AUTH_MESSAGES = {
  invalidCredentials: "Fel e-postadress eller lösenord.",
  missingFields: "Du måste ange en e-postadress och ett lösenord.",
  invalidEmail: "Ange en giltig e-postadress.",
  emailNotConfirmed: "Bekräfta din e-postadress innan du loggar in.",
  emailTaken: "Det finns redan ett konto med den e-postadressen.",
  weakPassword: "Lösenordet är för svagt",
  sessionExpired: "Din inloggning har gått ut. Logga in igen.",
  rateLimited: "För många försök just nu. Vänta en stund och försök igen.",
  unavailable: "Inloggningstjänsten svarar inte just nu. Försök igen om en stund.",
} as const;

/** Supabase's weak-password reasons (GoTrue WeakPasswordError.Reasons) in Swedish. */
const WEAK_PASSWORD_REASONS: Record<string, string> = {
  length: "för kort",
  characters: "måste innehålla fler typer av tecken",
  pwned: "har läckt i ett dataintrång",
};

/** True when the access token expires within 90 s or already has; also for an invalid date. */
export function needsRefresh(expiresAt: Date, now: Date = new Date()): boolean {
  const left = expiresAt.getTime() - now.getTime();
  return !(left > REFRESH_MARGIN_MS);
}

// ---------------------------------------------------------------------------------------------
// Retry

export type RetryOptions = Omit<GenericRetryOptions, "shouldRetry" | "delayFor"> & { shouldRetry?: (error: unknown) => boolean };

/** The status an error carries, as auth-js errors and our own retry errors do. */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" ? status : undefined;
}

/**
 * 502/503/504 (from a response, or an auth-js AuthRetryableFetchError carrying it) and network
 * errors: fetch's TypeError, or auth-js's AuthRetryableFetchError with status 0. Timeouts and
 * aborts are not retried, so one call is bounded by (retries + 1) × the attempt timeout.
 */
export function isRetryableError(error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined) {
    if (RETRY_STATUSES.has(status)) return true;
    return status === 0 && isAuthError(error) && error.name === "AuthRetryableFetchError";
  }
  return error instanceof TypeError;
}

/**
 * Runs `fn`, and again after 200, 400, 800 ms (by default) while it fails with a retryable
 * error; rethrows the last error once retries run out or a failure is not retryable.
 */
export function withRetry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  return retry(fn, {
    retries: DEFAULT_RETRIES,
    baseDelayMs: DEFAULT_BASE_DELAY_MS,
    ...options,
    shouldRetry: options.shouldRetry ?? isRetryableError,
  });
}

/** A 502/503/504 answer, thrown inside the retry loop and handed back as is when retries run out. */
class RetryableStatus extends Error {
  override name = "RetryableStatus";
  readonly response: Response;
  constructor(response: Response) {
    super(`HTTP ${response.status}`);
    this.response = response;
  }
  get status(): number {
    return this.response.status;
  }
}

type Fetch = typeof globalThis.fetch;

/** A fetch that retries 502/503/504 and network errors and gives each attempt a timeout. */
function retryingFetch(baseFetch: Fetch, retry: RetryOptions, timeoutMs: number): Fetch {
  return async (input, init) => {
    const path = requestPath(input);
    try {
      return await withRetry(
        async () => {
          const timeout = AbortSignal.timeout(timeoutMs);
          const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
          const response = await baseFetch(input, { ...init, signal });
          if (RETRY_STATUSES.has(response.status)) throw new RetryableStatus(response);
          return response;
        },
        {
          ...retry,
          onRetry: (info) => {
            if (info.error instanceof RetryableStatus) void info.error.response.body?.cancel().catch(() => {});
            log.warn("supabase auth: retrying", {
              path,
              attempt: info.attempt,
              delayMs: info.delayMs,
              status: statusOf(info.error) ?? null,
              error: info.error instanceof RetryableStatus ? undefined : errorName(info.error),
            });
            retry.onRetry?.(info);
          },
        },
      );
    } catch (error) {
      if (error instanceof RetryableStatus) return error.response;
      throw error;
    }
  };
}

/** The path of a request without its query (which never holds secrets here, but keep logs lean). */
function requestPath(input: RequestInfo | URL): string {
  const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  try {
    return new URL(raw).pathname;
  } catch {
    return "?";
  }
}

function errorName(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

// ---------------------------------------------------------------------------------------------
// Errors

/** What mapAuthError reads: an auth-js AuthError, or the same fields from a raw error body. */
export interface AuthErrorLike {
  name?: string;
  status?: number;
  code?: string;
  message?: string;
  reasons?: readonly string[];
}

function fields(error: unknown): AuthErrorLike {
  if (typeof error !== "object" || error === null) return { message: String(error) };
  const e = error as Record<string, unknown>;
  const reasons = Array.isArray(e.reasons) ? e.reasons.filter((r): r is string => typeof r === "string") : undefined;
  return {
    name: typeof e.name === "string" ? e.name : undefined,
    status: typeof e.status === "number" ? e.status : undefined,
    code: typeof e.code === "string" ? e.code : undefined,
    message: typeof e.message === "string" ? e.message : undefined,
    reasons,
  };
}

function failure(code: AuthErrorCode, message: string): AuthFailure {
  return { ok: false, code, message };
}

/** 'Lösenordet är för svagt: för kort, har läckt i ett dataintrång.' */
export function weakPasswordMessage(reasons: readonly string[] = []): string {
  const parts = [...new Set(reasons)].map((reason) => WEAK_PASSWORD_REASONS[reason]).filter((p) => p !== undefined);
  return parts.length ? `${AUTH_MESSAGES.weakPassword}: ${parts.join(", ")}.` : `${AUTH_MESSAGES.weakPassword}.`;
}

const SERVICE_ERROR_NAMES = new Set([
  "AuthRetryableFetchError",
  "AuthUnknownError",
  "AuthInvalidTokenResponseError",
  "TimeoutError",
  "AbortError",
]);

const SESSION_GONE_CODES = new Set([
  "refresh_token_not_found",
  "refresh_token_already_used",
  "session_expired",
  "session_not_found",
  "bad_jwt",
  "no_authorization",
  "user_not_found",
  "user_banned",
]);

/**
 * Whether the failure is the service's (network, 5xx, rate limit, or our API key refused) rather
 * than the visitor's; such failures must not end a session.
 */
export function isServiceProblem(error: unknown): boolean {
  if (error instanceof TypeError) return true; // fetch's network failure
  const e = fields(error);
  if (e.name && SERVICE_ERROR_NAMES.has(e.name)) return true;
  if (e.status !== undefined && (e.status === 0 || e.status >= 500 || e.status === 429)) return true;
  return /api key/i.test(e.message ?? "");
}

/**
 * Maps a Supabase Auth error (auth-js AuthError, or the fields of a raw error body) to a failure
 * with a Swedish message that is safe to show. Codes are read first; the messages are matched too
 * because older servers answer OAuth-style ({error, error_description}) without a code.
 */
export function mapAuthError(error: unknown): AuthFailure {
  const e = fields(error);
  const code = e.code;
  const message = e.message ?? "";

  if (e.status === 429 || code === "over_request_rate_limit" || code === "over_email_send_rate_limit") {
    return failure("unavailable", AUTH_MESSAGES.rateLimited);
  }
  if (isServiceProblem(error)) return failure("unavailable", AUTH_MESSAGES.unavailable);

  if (e.name === "AuthWeakPasswordError" || code === "weak_password") {
    return failure("weak_password", weakPasswordMessage(e.reasons));
  }
  if (code === "invalid_credentials" || /^invalid login credentials$/i.test(message)) {
    return failure("invalid_credentials", AUTH_MESSAGES.invalidCredentials);
  }
  if (code === "email_not_confirmed" || /^email not confirmed$/i.test(message)) {
    return failure("email_not_confirmed", AUTH_MESSAGES.emailNotConfirmed);
  }
  if (code === "user_already_exists" || code === "email_exists" || /^user already registered$/i.test(message)) {
    return failure("email_taken", AUTH_MESSAGES.emailTaken);
  }
  if (code === "email_address_invalid") return failure("missing_fields", AUTH_MESSAGES.invalidEmail);
  if (
    e.name === "AuthInvalidCredentialsError" ||
    code === "validation_failed" ||
    /must provide either an email or phone number and a password/i.test(message)
  ) {
    return failure("missing_fields", AUTH_MESSAGES.missingFields);
  }
  if (
    e.name === "AuthSessionMissingError" ||
    (code !== undefined && SESSION_GONE_CODES.has(code)) ||
    /invalid refresh token/i.test(message)
  ) {
    return failure("invalid_credentials", AUTH_MESSAGES.sessionExpired);
  }
  return failure("unavailable", AUTH_MESSAGES.unavailable);
}

/** Thrown by getUser when Supabase cannot say whether the token is valid (outage, not the visitor's fault). */
export class AuthUnavailableError extends Error {
  override name = "AuthUnavailableError";
}

// ---------------------------------------------------------------------------------------------
// Sessions and users

interface SessionBody {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  expires_at?: unknown;
  user?: unknown;
}

/** Tokens from a session body: expires_at (seconds) when given, else now + expires_in. */
export function tokensFromSession(session: SessionBody, now: Date = new Date()): AuthTokens | null {
  const { access_token, refresh_token, expires_in, expires_at } = session;
  if (typeof access_token !== "string" || !access_token || typeof refresh_token !== "string" || !refresh_token) {
    return null;
  }
  let expiresAt: Date;
  if (typeof expires_at === "number" && Number.isFinite(expires_at)) expiresAt = new Date(expires_at * 1000);
  else if (typeof expires_in === "number" && Number.isFinite(expires_in)) expiresAt = new Date(now.getTime() + expires_in * 1000);
  else return null;
  return { accessToken: access_token, refreshToken: refresh_token, expiresAt };
}

function toAuthUser(user: unknown): AuthUser | null {
  if (typeof user !== "object" || user === null) return null;
  const { id, email } = user as { id?: unknown; email?: unknown };
  if (typeof id !== "string" || !id) return null;
  return { id, email: typeof email === "string" ? email : "" };
}

// ---------------------------------------------------------------------------------------------
// The provider

export interface SupabaseProviderOptions {
  /** The project URL, e.g. https://abcd.supabase.co (SUPABASE_URL). */
  url: string;
  /** The public anon key (SUPABASE_ANON_KEY). */
  anonKey: string;
  /** Defaults to the global fetch, looked up on each call. */
  fetch?: Fetch;
  /** Retry settings for every request (default 3 retries from 200 ms). */
  retry?: Omit<RetryOptions, "shouldRetry">;
  /** Per-attempt timeout (default 10 s). */
  timeoutMs?: number;
}

export function createSupabaseProvider(options: SupabaseProviderOptions): AuthProvider {
  const projectUrl = options.url.trim().replace(/\/+$/, "");
  const authUrl = `${projectUrl}/auth/v1`;
  const { anonKey } = options;
  const baseFetch: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const fetch = retryingFetch(baseFetch, options.retry ?? {}, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);

  const client = (): SupabaseClient =>
    createClient(projectUrl, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch },
    });

  /** Maps an error and logs what an operator needs (never tokens, passwords or addresses). */
  function fail(operation: string, error: unknown): AuthFailure {
    const result = mapAuthError(error);
    const e = fields(error);
    const details = { operation, status: e.status ?? null, code: e.code ?? null, name: e.name ?? null };
    if (/api key/i.test(e.message ?? "")) log.error("supabase auth: the API key was refused; check SUPABASE_ANON_KEY", undefined, details);
    else if (result.code === "unavailable") {
      // 4xx messages can quote the address the visitor typed; the code says enough there.
      const clientError = e.status !== undefined && e.status >= 400 && e.status < 500;
      log.warn("supabase auth: unavailable", { ...details, error: clientError ? null : (e.message ?? null) });
    }
    return result;
  }

  /** Runs a call; a throw (network, timeout, or a bug) becomes a failure too. */
  async function guarded<T>(operation: string, run: () => Promise<T>, onError: (failure: AuthFailure) => T): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isAuthError(error) || isServiceProblem(error)) return onError(fail(operation, error));
      log.error(`supabase auth: ${operation} failed`, error);
      return onError(failure("unavailable", AUTH_MESSAGES.unavailable));
    }
  }

  async function refresh(refreshToken: string): Promise<RefreshResult> {
    if (!refreshToken) return failure("invalid_credentials", AUTH_MESSAGES.sessionExpired);
    return guarded<RefreshResult>(
      "refresh",
      async () => {
        const response = await fetch(`${authUrl}/token?grant_type=refresh_token`, {
          method: "POST",
          headers: {
            apikey: anonKey,
            Authorization: `Bearer ${anonKey}`,
            "Content-Type": "application/json;charset=UTF-8",
            "X-Supabase-Api-Version": API_VERSION,
          },
          body: JSON.stringify({ refresh_token: refreshToken }),
        });
        const body: unknown = await response.json().catch(() => null);
        if (!response.ok) return fail("refresh", errorFromBody(response.status, body));
        const session = (body ?? {}) as SessionBody;
        const tokens = tokensFromSession(session);
        const user = toAuthUser(session.user);
        if (!tokens || !user)
          return fail("refresh", { name: "AuthInvalidTokenResponseError", status: 500, message: "Auth session or user missing" });
        return { ok: true, tokens, user };
      },
      (f) => f,
    );
  }

  return {
    name: "supabase",

    async signIn(email, password): Promise<SignInResult> {
      const address = email.trim();
      if (!address || !password) return failure("missing_fields", AUTH_MESSAGES.missingFields);
      return guarded<SignInResult>(
        "signIn",
        async () => {
          const { data, error } = await client().auth.signInWithPassword({ email: address, password });
          if (error) return fail("signIn", error);
          const user = toAuthUser(data.user);
          const tokens = data.session ? tokensFromSession(data.session) : null;
          if (!user || !tokens) return fail("signIn", { name: "AuthInvalidTokenResponseError", status: 500 });
          return { ok: true, user, tokens };
        },
        (f) => f,
      );
    },

    async signUp(email, password, data): Promise<SignUpResult> {
      const address = email.trim();
      if (!address || !password) return failure("missing_fields", AUTH_MESSAGES.missingFields);
      return guarded<SignUpResult>(
        "signUp",
        async () => {
          const result = await client().auth.signUp({ email: address, password, options: { data: data ?? {} } });
          if (result.error) return fail("signUp", result.error);
          const { session } = result.data;
          const tokens = session ? tokensFromSession(session) : null;
          // With e-mail confirmation on, Supabase answers a repeated sign-up like a new one, with an
          // obfuscated user that has no identities (so addresses cannot be probed); that user's id
          // is not real, so it is not handed on.
          const sbUser: User | null = result.data.user;
          const obfuscated = !tokens && Array.isArray(sbUser?.identities) && sbUser.identities.length === 0;
          const user = obfuscated ? null : toAuthUser(sbUser);
          return { ok: true, user, tokens, needsConfirmation: tokens === null };
        },
        (f) => f,
      );
    },

    async signOut(tokens, scope = "global") {
      if (!tokens) return;
      let accessToken = tokens.accessToken;
      // An expired access token cannot end the session (logout answers 403 and the refresh token
      // stays valid), so trade the refresh token for a fresh one first.
      if (needsRefresh(tokens.expiresAt)) {
        const refreshed = await refresh(tokens.refreshToken);
        if (!refreshed.ok) return; // already gone, or the service is down (logged by refresh)
        accessToken = refreshed.tokens.accessToken;
      }
      await guarded<void>(
        "signOut",
        async () => {
          const { error } = await client().auth.admin.signOut(accessToken, scope);
          // Like auth-js: 401/403/404 and a missing session mean there is nothing left to end.
          if (error && isServiceProblem(error)) fail("signOut", error);
        },
        () => undefined,
      );
    },

    refresh,

    async getUser(tokens, userId) {
      if (!tokens) return null;
      try {
        const { data, error } = await client().auth.getUser(tokens.accessToken);
        if (error) {
          if (isServiceProblem(error)) {
            fail("getUser", error);
            throw new AuthUnavailableError(AUTH_MESSAGES.unavailable, { cause: error });
          }
          return null;
        }
        const user = toAuthUser(data.user);
        return user && user.id === userId ? user : null;
      } catch (error) {
        if (error instanceof AuthUnavailableError) throw error;
        log.error("supabase auth: getUser failed", error);
        throw new AuthUnavailableError(AUTH_MESSAGES.unavailable, { cause: error });
      }
    },
  };
}

/** The fields auth-js reads from an error body (lib/fetch.js handleError), for the direct refresh call. */
function errorFromBody(status: number, body: unknown): AuthErrorLike {
  if (status >= 500 || status === 0) return { name: "AuthRetryableFetchError", status, message: `HTTP ${status}` };
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const text = (key: string) => (typeof b[key] === "string" ? (b[key] as string) : undefined);
  const code = text("code") ?? text("error_code");
  const message = text("msg") ?? text("message") ?? text("error_description") ?? text("error") ?? `HTTP ${status}`;
  const weak = b.weak_password as { reasons?: unknown } | undefined;
  const reasons = Array.isArray(weak?.reasons) ? weak.reasons.filter((r): r is string => typeof r === "string") : undefined;
  return { name: "AuthApiError", status, code, message, reasons };
}
