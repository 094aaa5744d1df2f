/**
 * The database steps of signing in or creating an account, for the /login action: the
 * attempt counted against the rate limits, and the new session. Each gets the app's
 * database unless given one.
 */
import type { Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { addressClaim, RATE_POLICIES, signInClaims, takeRateLimit, type RateDecision } from "#app/http/rate-limit.server.ts";
import { SIGN_UP, type AuthIntent } from "./credentials.ts";
import type { AuthTokens, AuthUser } from "./provider.server.ts";
import { createSession, destroySession, type UserSession } from "./session.server.ts";
import { recordSignIn } from "./accounts.server.ts";
import { isAdmin } from "./users.server.ts";

type DB = Kysely<Database>;

/**
 * Counts an attempt before any password is looked at, so concurrent attempts cannot slip
 * past the limit: a sign-in per e-mail and per address, a sign-up per address.
 */
export function countSignInAttempt(
  intent: AuthIntent,
  email: string,
  address: string | null,
  db: DB = getAppDatabase().db,
): Promise<RateDecision> {
  return takeRateLimit(
    intent === SIGN_UP ? [addressClaim("sign-up", address, RATE_POLICIES.signUpPerAddress)] : signInClaims(email, address),
    db,
  );
}

/**
 * Starts the signed-in user's session with a fresh id (any earlier session of this browser
 * ends) and notes the sign-in for the back office's list of people; its Set-Cookie value, and
 * whether the user is an administrator.
 */
export async function startUserSession(
  request: Request,
  input: { user: AuthUser; provider: UserSession["provider"]; tokens: AuthTokens | null },
  db: DB = getAppDatabase().db,
): Promise<{ setCookie: string; admin: boolean }> {
  await destroySession(request, db);
  const [setCookie, admin] = await Promise.all([
    createSession(input, undefined, db),
    isAdmin(input.user.id, db),
    recordSignIn(input.user, input.provider, undefined, db),
  ]);
  return { setCookie, admin };
}
