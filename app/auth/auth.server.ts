/**
 * Sign-in and sign-up through remix-auth: one Authenticator with a FormStrategy per form,
 * whose verify step asks the configured provider — Supabase Auth when SUPABASE_URL and
 * SUPABASE_ANON_KEY are set, else local accounts in our own database.
 */
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { credentialsSchema, newAccountSchema, SIGN_IN, SIGN_UP, type AuthIntent } from "#app/auth/credentials.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { createLocalProvider } from "./local-provider.server.ts";
import type { AuthFailure, AuthProvider, AuthTokens, AuthUser } from "./provider.server.ts";
import { destroySession } from "./session.server.ts";
import { createSupabaseProvider } from "./supabase-provider.server.ts";

let provider: AuthProvider | undefined;

export function getAuthProvider(): AuthProvider {
  if (provider) return provider;
  const env = getEnv();
  provider =
    env.SUPABASE_URL && env.SUPABASE_ANON_KEY
      ? createSupabaseProvider({ url: env.SUPABASE_URL, anonKey: env.SUPABASE_ANON_KEY })
      : createLocalProvider(getAppDatabase().db);
  return provider;
}

/** What a successful sign-in or sign-up hands back. A sign-up may need e-mail confirmation first. */
export type AuthOutcome = { kind: "signed-in"; user: AuthUser; tokens: AuthTokens | null } | { kind: "confirm-email" };

/** The provider said no; `failure.message` is Swedish and meant for the visitor. */
export class AuthFailureError extends Error {
  override name = "AuthFailureError";
  readonly failure: AuthFailure;
  constructor(failure: AuthFailure) {
    super(failure.message);
    this.failure = failure;
  }
}

let authenticator: Authenticator<AuthOutcome> | undefined;

function getAuthenticator(): Authenticator<AuthOutcome> {
  if (authenticator) return authenticator;
  authenticator = new Authenticator<AuthOutcome>()
    .use(
      new FormStrategy(async ({ form }) => {
        // The route has already shown the visitor any field errors; this parse only guards the call.
        const { email, password } = credentialsSchema.parse(Object.fromEntries(form));
        const result = await getAuthProvider().signIn(email, password);
        if (!result.ok) throw new AuthFailureError(result);
        return { kind: "signed-in", user: result.user, tokens: result.tokens };
      }),
      SIGN_IN,
    )
    .use(
      new FormStrategy(async ({ form }) => {
        const { email, password } = newAccountSchema.parse(Object.fromEntries(form));
        const result = await getAuthProvider().signUp(email, password, { locale: "sv-SE" });
        if (!result.ok) throw new AuthFailureError(result);
        if (result.needsConfirmation || !result.user) return { kind: "confirm-email" };
        return { kind: "signed-in", user: result.user, tokens: result.tokens };
      }),
      SIGN_UP,
    );
  return authenticator;
}

/** Runs the form's strategy; throws AuthFailureError when the provider refuses. */
export function authenticate(intent: AuthIntent, request: Request): Promise<AuthOutcome> {
  return getAuthenticator().authenticate(intent, request);
}

/**
 * Signs this browser out: deletes our session, then ends it at Supabase too when it holds the
 * provider's tokens. An outage there is logged by the provider and keeps nobody signed in here,
 * since our session row is already gone. Returns the Set-Cookie value that clears the cookie
 * and the session that ended, if there was one.
 */
export async function signOut(request: Request, db: Kysely<Database> = getAppDatabase().db): ReturnType<typeof destroySession> {
  const ended = await destroySession(request, db);
  if (ended.session?.tokens) await getAuthProvider().signOut(ended.session.tokens, "local");
  return ended;
}
