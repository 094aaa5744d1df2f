/**
 * The site's caching rule, applied to every response by the root middleware:
 * anonymous GETs may be served by a CDN for a short while and refreshed in the background;
 * anything that sets a cookie, or answers a request that carries one of ours, is private.
 * A route that sets its own Cache-Control keeps it, unless cookies make the answer private.
 */
import { FLASH_COOKIE } from "./flash.server.ts";

export const PUBLIC_PAGE = "public, max-age=0, s-maxage=300, stale-while-revalidate=600";
export const PUBLIC_NOT_FOUND = "public, max-age=0, s-maxage=60";
export const PRIVATE = "private, no-store";

/** Cookies whose presence means the page may depend on who is asking. */
const PERSONAL_COOKIES = [FLASH_COOKIE, "hg_session"];

/** True when the request carries a cookie that can make our answer personal. */
export function carriesPersonalCookie(cookieHeader: string | null | undefined): boolean {
  const cookie = cookieHeader ?? "";
  return PERSONAL_COOKIES.some((name) => cookie.includes(`${name}=`));
}

export function cacheControlFor(request: Request, response: Response): string | null {
  if (response.headers.has("Set-Cookie") || carriesPersonalCookie(request.headers.get("Cookie"))) return PRIVATE;
  const own = response.headers.get("Cache-Control");
  if (own) return own;
  if (request.method !== "GET" && request.method !== "HEAD") return PRIVATE;
  if (response.status === 200) return PUBLIC_PAGE;
  if (response.status === 404) return PUBLIC_NOT_FOUND;
  if (response.status === 301) return "public, max-age=3600";
  return PRIVATE;
}
