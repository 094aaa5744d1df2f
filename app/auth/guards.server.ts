/**
 * Route guards for loaders and actions: administrators only in the back office, checked on the server on every request. Every admin loader and every
 * admin action calls requireAdmin itself: a layout's check does not protect an action,
 * because actions can be posted to directly.
 */
import { href, redirect, type RouterContextProvider } from "react-router";
import { isLocalPath } from "#app/utils/paths.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { requestAuth } from "./request-auth.server.ts";
import type { UserSession } from "./session.server.ts";

interface GuardArgs {
  /** The page's URL as React Router normalises it (the loader's `url` argument). */
  url: URL;
  context: Pick<Readonly<RouterContextProvider>, "get">;
}

/** /login with the page to come back to, e.g. /login?redirectTo=%2Fadmin%2Fhotels%3Fq%3Dx */
export function loginPath(returnTo?: string): string {
  return returnTo && isLocalPath(returnTo) && returnTo !== "/"
    ? `${href("/login")}?redirectTo=${encodeURIComponent(returnTo)}`
    : href("/login");
}

/** The signed-in user's session; anyone else is sent to sign in and brought back here after. */
export function requireUser({ url, context }: GuardArgs): UserSession {
  const { session } = requestAuth(context);
  if (!session) throw redirect(loginPath(url.pathname + url.search));
  return session;
}

/** What a signed-in user without the role reads on the home page they are sent to. */
export const NOT_AUTHORISED = {
  title: "Ej behörig",
  description: "Administrationen är bara öppen för administratörer. Logga in med ett administratörskonto.",
  variant: "destructive",
} as const;

/** The administrator's session; a signed-in user without the role is sent to the home page, told why. */
export async function requireAdmin(args: GuardArgs): Promise<UserSession> {
  const session = requireUser(args);
  if (!(await requestAuth(args.context).isAdmin())) throw await redirectWithFlash("/", NOT_AUTHORISED);
  return session;
}
