import { data, href } from "react-router";
import { isbot } from "isbot";
import type { Route } from "./+types/redirect";
import { findAffiliatePartner, recordOutboundClick } from "#app/outbound/clicks.server.ts";
import { fillDeepLink } from "#app/offers/deep-link.ts";
import { findHotelGlimpse } from "#app/hotels/hotel-detail.server.ts";
import { isChosenStay } from "#app/utils/stay.ts";
import { log } from "#app/utils/log.server.ts";
import { readRedirectParams } from "#app/outbound/redirect-params.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { clientAddress, requestAuth } from "#app/auth/request-auth.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";

/** Every answer of /redirect: never stored, never indexed. */
export const PAGE_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

/** Browsers' and React Router's speculative fetches are not clicks. */
function isPrefetch(request: Request): boolean {
  return /prefetch/i.test(`${request.headers.get("Sec-Purpose") ?? ""} ${request.headers.get("Purpose") ?? ""}`);
}

/**
 * Whether this request is a person following a partner link: not a HEAD or a prefetch, not a
 * crawler or a script without a user agent, and not our own staff trying the links.
 */
async function isCountableClick(request: Request, context: Route.LoaderArgs["context"]): Promise<boolean> {
  if (request.method !== "GET" || isPrefetch(request)) return false;
  const userAgent = request.headers.get("User-Agent") ?? "";
  if (userAgent === "" || isbot(userAgent)) return false;
  const auth = requestAuth(context);
  return !(auth.session && (await auth.isAdmin()));
}

/** The interstitial's data: a forward to a known partner (counted as a click), a warning for another host, or a refusal. */
export async function loadRedirectPage({ request, url, context }: Route.LoaderArgs) {
  const params = readRedirectParams(url.searchParams);
  if (params.kind === "missing") {
    return redirectWithFlash(
      href("/"),
      { title: "Omdirigeringsfel", description: "Måladress saknas. Du skickas till startsidan.", variant: "destructive" },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  if (params.kind === "invalid") {
    // Rendered by this route (not thrown to the root boundary) so the answer keeps its headers.
    return data({ kind: "invalid" as const }, { status: 400, headers: PAGE_HEADERS });
  }

  const match = await findAffiliatePartner(params.host, getEnv().AFFILIATE_HOSTS);
  if (!match.known)
    return data({ kind: "warning" as const, destination: params.destination, host: params.host }, { headers: PAGE_HEADERS });
  const [, hotel] = await Promise.all([
    // Only forwards to partners are recorded: outbound_clicks logs click-throughs to partners,
    // and a warning page is not a click-through. Recording unknown hosts would also let anyone
    // fill the table with host names of their choosing.
    isCountableClick(request, context).then((countable) =>
      countable
        ? recordOutboundClick(
            {
              hotel: params.hotel,
              source: params.source,
              targetHost: params.host,
              partnerId: match.partner?.id ?? null,
              stay: params.stay,
            },
            { address: clientAddress(context), userAgent: request.headers.get("User-Agent") ?? "" },
          )
        : null,
    ),
    // Only for the page's looks: a hotel that cannot be read leaves the page as it was.
    params.hotelId
      ? findHotelGlimpse(params.hotelId).catch((error: unknown) => {
          log.error("redirect hotel lookup failed", error);
          return null;
        })
      : null,
  ]);
  // A partner opens on the visitor's dates and guests: its deep link sets them on the same host.
  const destination = match.partner ? fillDeepLink(params.destination, match.partner.deepLinkTemplate, params.stay) : params.destination;
  return data(
    {
      kind: "forward" as const,
      destination,
      host: params.host,
      partner: match.partner ? { name: match.partner.name, logo: match.partner.logoUrl } : null,
      hotel,
      stay: isChosenStay(params.stay) ? params.stay : null,
    },
    { headers: PAGE_HEADERS },
  );
}
