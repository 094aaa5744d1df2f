import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getAuthProvider } from "#app/auth/auth.server.ts";
import { destroySession } from "#app/auth/session.server.ts";
import { getAppDatabase } from "#app/db/db.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { log } from "#app/utils/log.server.ts";

/** Signing out changes state, so only a POST does it; a visit to /logout goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const { setCookie, session } = await destroySession(getAppDatabase().db, request);
  if (session?.tokens) {
    // Ends this browser's session at Supabase too; an outage is logged by the provider and
    // does not keep anyone signed in here, since our session row is already gone.
    await getAuthProvider().signOut(session.tokens, "local");
  }
  if (session) log.info("signed out", { userId: session.user.id });
  return redirectWithFlash("/login", { title: "Utloggad", description: "Du har loggats ut." }, { headers: { "Set-Cookie": setCookie } });
}
