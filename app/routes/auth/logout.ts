import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "#app/auth/auth.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { log } from "#app/utils/log.server.ts";

/** Signing out changes state, so only a POST does it; a visit to /logout goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const { setCookie, session } = await signOut(request);
  if (session) log.info("signed out", { userId: session.user.id });
  return redirectWithFlash("/login", { title: "Utloggad", description: "Du har loggats ut." }, { headers: { "Set-Cookie": setCookie } });
}
