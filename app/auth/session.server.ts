/**
 * Sign-in sessions in the database: the cookie carries only a random id, signed;
 * the row — keyed by the id's SHA-256, so a leaked table cannot be replayed as cookies —
 * holds the user, the provider's tokens and the expiry. Any app server can read any session.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import crypto from "node:crypto";
import { createCookie } from "react-router";
import type { Kysely } from "kysely";
import type { Database, SessionRow } from "#app/db/schema.ts";
import { cookiesAreSecure, getSessionSecrets } from "#app/http/cookie-secrets.server.ts";
import type { AuthProvider, AuthTokens, AuthUser } from "./provider.server.ts";

export const SESSION_COOKIE = "hg_session";
export const SESSION_DAYS = 30;
/** Provider tokens are refreshed when they expire within this many seconds, so a request never carries one that runs out on the way. */
export const REFRESH_MARGIN_SECONDS = 90;

type DB = Kysely<Database>;

export interface UserSession {
  /** The row key (hash of the cookie's id). */
  key: string;
  user: AuthUser;
  provider: "local" | "supabase";
  tokens: AuthTokens | null;
  expiresAt: Date;
}

let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  cookie ??= createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: cookiesAreSecure(),
    secrets: getSessionSecrets(),
    maxAge: SESSION_DAYS * 86_400,
  });
  return cookie;
}

const keyOf = (id: string) => crypto.createHash("sha256").update(id).digest("hex");

/** Starts a new session (a fresh id at every sign-in) and returns its Set-Cookie value. */
export async function createSession(
  input: { user: AuthUser; provider: UserSession["provider"]; tokens: AuthTokens | null },
  now: Date = new Date(),
  db: DB = getAppDatabase().db,
): Promise<string> {
  const id = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({
      id: keyOf(id),
      user_id: input.user.id,
      email: input.user.email,
      provider: input.provider,
      access_token: input.tokens?.accessToken ?? null,
      refresh_token: input.tokens?.refreshToken ?? null,
      token_expires_at: input.tokens?.expiresAt ?? null,
      expires_at: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
    })
    .execute();
  return sessionCookie().serialize(id);
}

async function readId(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${SESSION_COOKIE}=`)) return null;
  const value: unknown = await sessionCookie().parse(header);
  return typeof value === "string" && value.length >= 32 ? value : null;
}

/** The request's session, or null: no cookie, a forged or unknown id, or an expired row. */
export async function getSession(request: Request, now: Date = new Date(), db: DB = getAppDatabase().db): Promise<UserSession | null> {
  const id = await readId(request);
  if (!id) return null;
  const row = await db.selectFrom("sessions").selectAll().where("id", "=", keyOf(id)).where("expires_at", ">", now).executeTakeFirst();
  return row ? toSession(row) : null;
}

function toSession(row: SessionRow): UserSession {
  return {
    key: row.id,
    user: { id: row.user_id, email: row.email },
    provider: row.provider === "supabase" ? "supabase" : "local",
    tokens:
      row.access_token && row.refresh_token && row.token_expires_at
        ? { accessToken: row.access_token, refreshToken: row.refresh_token, expiresAt: row.token_expires_at }
        : null,
    expiresAt: row.expires_at,
  };
}

/** A Set-Cookie value that removes the session cookie from the browser. */
export function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0 });
}

/** Ends the request's session: deletes the row and returns the Set-Cookie value that clears the cookie. */
export async function destroySession(
  request: Request,
  db: DB = getAppDatabase().db,
): Promise<{ setCookie: string; session: UserSession | null }> {
  const session = await getSession(request, undefined, db);
  const id = await readId(request);
  if (id) await db.deleteFrom("sessions").where("id", "=", keyOf(id)).execute();
  return { setCookie: await clearSessionCookie(), session };
}

/**
 * Ends every session of a user, on every device: when they gain the administrator role or
 * their password is replaced, whoever was signed in as them before must prove it again.
 * `except` keeps one session (its key): an administrator signing themselves out elsewhere.
 */
export async function endUserSessions(userId: string, except?: string, db: DB = getAppDatabase().db): Promise<number> {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (except) query = query.where("id", "<>", except);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes expired rows (they are already ignored by getSession). */
export async function deleteExpiredSessions(now: Date = new Date(), db: DB = getAppDatabase().db): Promise<number> {
  const result = await db.deleteFrom("sessions").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function tokensNeedRefresh(tokens: AuthTokens, now: Date = new Date()): boolean {
  return tokens.expiresAt.getTime() - now.getTime() <= REFRESH_MARGIN_SECONDS * 1000;
}

/**
 * Refreshes the session's provider tokens when they are about to expire. The row is locked
 * while the provider is asked, so two concurrent requests — on one server or several — never
 * both spend the same single-use refresh token: the second waits and finds the new tokens.
 * A refused refresh ends the session (null); an unavailable provider leaves it as it is.
 */
export async function refreshSessionTokens(
  session: UserSession,
  provider: AuthProvider,
  now: Date = new Date(),
  db: DB = getAppDatabase().db,
): Promise<UserSession | null> {
  if (!session.tokens || !tokensNeedRefresh(session.tokens, now)) return session;
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("sessions").selectAll().where("id", "=", session.key).forUpdate().executeTakeFirst();
    if (!row) return null;
    const current = toSession(row);
    if (!current.tokens || !tokensNeedRefresh(current.tokens, now)) return current; // someone else refreshed
    const result = await provider.refresh(current.tokens.refreshToken);
    // An outage is not the visitor's fault: keep the session, the next request tries again.
    if (!result.ok && result.code === "unavailable") return current;
    if (!result.ok) {
      await trx.deleteFrom("sessions").where("id", "=", session.key).execute();
      return null;
    }
    await trx
      .updateTable("sessions")
      .set({
        access_token: result.tokens.accessToken,
        refresh_token: result.tokens.refreshToken,
        token_expires_at: result.tokens.expiresAt,
        email: result.user.email,
      })
      .where("id", "=", session.key)
      .execute();
    return { ...current, user: result.user, tokens: result.tokens };
  });
}
