/**
 * The query parameters each public page reads (decision 046). A GET for one of these pages
 * goes on without the parameters its page does not read: `/hotels?utm_source=nyhetsbrev` and
 * `/hotels?bust=123` are answered with, and cached as, `/hotels`. So junk in an address can
 * neither render a page again nor push others out of the page cache, and a loader never sees
 * a parameter it did not ask for. The visitor's address bar keeps what it had (no redirect:
 * a landing link from an ad or a newsletter costs no extra round trip), and every page names
 * its canonical address for crawlers.
 *
 * Keyed by route id (app/routes.ts). A route of the public site missing here would pass
 * every parameter through (tests/integration/page-cache.test.ts finds it); `null` says so on
 * purpose, for routes whose answers are never kept (no-store or per visitor). The back office
 * is never kept either and is left alone.
 */
import type { RequestHandler } from "express";
import { COMPARE_PARAM } from "#app/hotels/compare-params.ts";
import { LIST_PARAM_NAMES } from "#app/hotels/search-params.ts";
import { STAY_PARAM_NAMES } from "#app/utils/stay.ts";
import { CONDITIONS_PARAM } from "#app/prices/conditions.ts";
import { CURRENCY_PARAM } from "#app/utils/money.ts";
import { CALENDAR_PARAM_NAMES } from "#app/prices/calendar-month.ts";

/** The offer's conditions and the display currency: every page that shows prices reads them. */
const PRICE_PARAMS = [CONDITIONS_PARAM, CURRENCY_PARAM];
const STAY_AND_PRICES = [...STAY_PARAM_NAMES, ...PRICE_PARAMS];
const LIST_PAGE = [...LIST_PARAM_NAMES, ...STAY_AND_PRICES];
/** A country's pages fix the country, a place's pages the place: the list's own place fields are not read there. */
const COUNTRY_LIST = LIST_PAGE.filter((name) => name !== "country" && name !== "destination");
const PLACE_LIST = COUNTRY_LIST.filter((name) => name !== "location");
/** The month view of stay prices (a hotel's and a place's page). */
const WITH_CALENDAR = [...CALENDAR_PARAM_NAMES];

export const READ_PARAMS: Record<string, readonly string[] | null> = {
  "routes/site/home": ["plats"],
  "routes/site/hotels": LIST_PAGE,
  "routes/site/country": COUNTRY_LIST,
  "routes/site/place": [...PLACE_LIST, ...WITH_CALENDAR],
  "routes/site/place.omrade": PLACE_LIST,
  "routes/site/place.med": PLACE_LIST,
  // The landmark is the page's own: a `nara` in the address is not read either.
  "routes/site/place.nara": PLACE_LIST.filter((name) => name !== "nara"),
  "routes/site/hotel": [...STAY_AND_PRICES, ...WITH_CALENDAR],
  "routes/site/jamfor": [COMPARE_PARAM, ...STAY_AND_PRICES],
  "routes/site/about": [],
  "routes/site/contact": [],
  "routes/site/sitemap": [],
  "routes/blog/blog": ["sida"],
  "blog-post": [],
  "blog-post-with-id": [],
  "routes/auth/login": ["redirectTo", "tab"],
  flights: [],
  rentals: [],
  explore: [],
  "not-found": [],
  "routes/resources/resources.suggestions": ["q"],
  // Every page of the list at once: the page number is no part of it.
  "routes/resources/resources.map-markers.$": LIST_PAGE.filter((name) => name !== "sida"),
  "routes/resources/robots[.]txt": [],
  "routes/resources/sitemap[.]xml": [],
  "routes/resources/sitemaps.$file": [],
  // Never kept: the affiliate interstitial (no-store, its parameters are the partner's), a price
  // alert's link (private: its token) and signing out.
  "routes/site/redirect": null,
  "routes/site/bevakning": null,
  "routes/auth/logout": null,
};

/** React Router's own: the routes a single-fetch data request asks for, and an index route's action. */
const ROUTER_PARAMS = ["_routes", "index"];

const readByRoute = new Map(Object.entries(READ_PARAMS).map(([id, names]) => [id, names ? new Set([...names, ...ROUTER_PARAMS]) : null]));

/** The query without the parameters `read` does not hold, or null when it has none of those. */
export function withoutUnreadParams(search: string, read: ReadonlySet<string>): string | null {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  let dropped = false;
  for (const [name, value] of params) {
    if (read.has(name)) kept.append(name, value);
    else dropped = true;
  }
  if (!dropped) return null;
  const query = kept.toString();
  return query ? `?${query}` : "";
}

export function dropUnreadParams(routeIdFor: (pathname: string) => string | null): RequestHandler {
  return (req, res, next) => {
    const queryAt = req.url.indexOf("?");
    if ((req.method !== "GET" && req.method !== "HEAD") || queryAt === -1) return next();
    const routeId = routeIdFor(req.path);
    const read = routeId ? readByRoute.get(routeId) : undefined;
    if (!read) return next();
    const query = withoutUnreadParams(req.url.slice(queryAt), read);
    if (query !== null) req.url = req.originalUrl = req.url.slice(0, queryAt) + query;
    next();
  };
}
