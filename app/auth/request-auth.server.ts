/**
 * Who is asking: the sign-in session of one request, read (and its provider tokens
 * refreshed) once by the root middleware and handed to every loader and action through
 * the router context. The admin check runs at most once per request, and only when a
 * guard or a page asks for it.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import { createContext, type RouterContextProvider } from "react-router";
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { log } from "#app/utils/log.server.ts";
import type { AuthProvider } from "./provider.server.ts";
import { clearSessionCookie, getSession, refreshSessionTokens, type UserSession } from "./session.server.ts";
import { isAdmin } from "./users.server.ts";

export interface RequestAuth {
  session: UserSession | null;
  /** Whether the signed-in user is an administrator (false when signed out); memoised. */
  isAdmin(): Promise<boolean>;
}

/** The client's address as the server saw it (after trusted proxies), for rate limits. */
export const clientAddressContext = createContext<string | null>(null);

export const authContext = createContext<RequestAuth | null>(null);

type ContextReader = Pick<Readonly<RouterContextProvider>, "get">;

/** The request's auth as the root middleware left it. Loaders outside the middleware (tests) get "signed out". */
export function requestAuth(context: ContextReader): RequestAuth {
  try {
    return context.get(authContext) ?? SIGNED_OUT;
  } catch {
    return SIGNED_OUT;
  }
}

export function clientAddress(context: ContextReader): string | null {
  try {
    return context.get(clientAddressContext);
  } catch {
    return null;
  }
}

const SIGNED_OUT: RequestAuth = { session: null, isAdmin: async () => false };

export interface LoadedAuth {
  auth: RequestAuth;
  /** Set-Cookie for the response when the session ended during this request (a refused refresh). */
  setCookie: string | null;
}

/**
 * Reads the request's session and refreshes the provider's tokens when they are about to
 * expire. A provider outage keeps the session as it is (the next request tries again); a
 * refused refresh ends it.
 */
export async function loadRequestAuth(
  request: Request,
  provider: AuthProvider,
  db: Kysely<Database> = getAppDatabase().db,
): Promise<LoadedAuth> {
  let session = await getSession(request, undefined, db);
  let setCookie: string | null = null;
  if (session?.tokens && session.provider === provider.name) {
    const refreshed = await refreshSessionTokens(session, provider, undefined, db);
    if (!refreshed) {
      setCookie = await clearSessionCookie();
      log.info("session ended: the provider refused to refresh it", { userId: session.user.id });
    }
    session = refreshed;
  }
  if (!session) return { auth: SIGNED_OUT, setCookie };
  const user = session.user;
  let admin: Promise<boolean> | undefined;
  return {
    auth: { session, isAdmin: () => (admin ??= isAdmin(user.id, db)) },
    setCookie,
  };
}
