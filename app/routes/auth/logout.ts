import { href, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOutAction } from "./logout.server.ts";

/** Signing out changes state, so only a POST does it; a visit to /logout goes home. */
export function loader() {
  return redirect(href("/"));
}

export async function action(args: Route.ActionArgs) {
  return signOutAction(args);
}
