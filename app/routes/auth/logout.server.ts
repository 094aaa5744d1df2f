import { href } from "react-router";
import { signOut } from "#app/auth/auth.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { log } from "#app/utils/log.server.ts";

/** Signing out: the session ends, its cookie is cleared, and the sign-in page says so. */
export async function signOutAction({ request }: { request: Request }) {
  const { setCookie, session } = await signOut(request);
  if (session) log.info("signed out", { userId: session.user.id });
  return redirectWithFlash(
    href("/login"),
    { title: "Utloggad", description: "Du har loggats ut." },
    { headers: { "Set-Cookie": setCookie } },
  );
}
