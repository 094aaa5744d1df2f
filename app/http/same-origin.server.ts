/**
 * Cross-site form posts (CSRF) are refused before any action runs. Browsers send `Origin`
 * with every POST; a post whose Origin is not the site's own — its configured SITE_URL, or
 * the address it was reached at — is answered with 403. Requests without Origin (curl,
 * server-to-server) carry no visitor's cookies by accident and pass, unless the browser
 * marks them cross-site with Sec-Fetch-Site. Session cookies are SameSite=Lax as well.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface OriginCheckInput {
  method: string;
  origin: string | null | undefined;
  secFetchSite: string | null | undefined;
  /** Origins the site answers at, e.g. ["https://hotellguiden.se", "http://localhost:3000"]. */
  ownOrigins: readonly string[];
}

export function isForeignOriginWrite({ method, origin, secFetchSite, ownOrigins }: OriginCheckInput): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (origin === undefined || origin === null || origin === "") return secFetchSite === "cross-site";
  if (origin === "null") return true; // sandboxed frames, data: URLs, some redirects
  let host: string;
  try {
    host = new URL(origin).origin;
  } catch {
    return true;
  }
  return !ownOrigins.some((own) => own === host);
}

export const FOREIGN_ORIGIN_MESSAGE =
  "Begäran avvisades: formuläret skickades från en annan webbplats. Öppna sidan på nytt och försök igen.";
