import { createContext, data } from "react-router";
import type { Route } from "./+types/bevakning";
import { confirmAlert, forgetSubscriber, isTokenShaped, readToken, unsubscribeAlert } from "#app/alerts/alerts.server.ts";
import { PRIVATE } from "#app/http/cache-control.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { withStay, stayLabel, hasDates } from "#app/utils/stay.ts";

const headers = { "Cache-Control": PRIVATE };

/**
 * Set by the action: the page after it is the action's answer, and the link's token, now spent,
 * must not turn that answer into a 404 when the loader runs again for the page.
 */
const usedContext = createContext(false);

/** What a link from a price alert's mail opens: the question it asks (a GET changes nothing: mail scanners follow links). */
export async function loadAlertLink({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const found = isTokenShaped(token) ? await readToken(token) : null;
  if (!found || !token) return data({ kind: "invalid" as const }, { status: context.get(usedContext) ? 200 : 404, headers });
  const alert = found.alert && {
    hotelName: found.alert.hotelName,
    stay: hasDates(found.alert.stay) ? stayLabel(found.alert.stay) : null,
    targetPrice: found.alert.targetPrice,
  };
  return data({ kind: found.purpose, token, alert }, { headers });
}

/**
 * The link's one action. For the unsubscribe link this is RFC 8058's one-click POST too: the mail
 * program posts `List-Unsubscribe=One-Click` with no cookie and no page before it, so nothing but
 * the token is asked for, and the answer is the page itself (never a redirect).
 */
export async function alertLinkAction({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const found = isTokenShaped(token) ? await readToken(token) : null;
  if (!found || !token) return data({ done: "invalid" as const }, { status: 404, headers });
  context.set(usedContext, true);
  if (found.purpose === "confirm") {
    const alert = await confirmAlert(token);
    if (!alert) return data({ done: "invalid" as const }, { status: 404, headers });
    const page = alert.hotelPath ? withStay(alert.hotelPath, alert.stay) : "/";
    return redirectWithFlash(page, {
      title: "Bevakningen är bekräftad",
      description: "Vi mejlar dig när priset sjunker, högst en gång om dagen.",
    });
  }
  if (found.purpose === "unsubscribe") {
    await unsubscribeAlert(token);
    return data({ done: "unsubscribed" as const }, { headers });
  }
  await forgetSubscriber(token);
  return data({ done: "forgotten" as const }, { headers });
}
