import { hotelSlug } from "#app/hotels/hotel.ts";

/**
 * URLs of the public site. A country or place segment is its name with spaces as hyphens
 * ('New York' → 'New-York'); the server matches segments case-, accent- and
 * hyphen-insensitively, so '/sweden/malmo' finds Malmö (see place_key in the schema).
 */
export function placeSegment(name: string): string {
  return encodeURIComponent(name.trim().replace(/\s+/g, "-"));
}

export function countryPath(country: string): string {
  return `/${placeSegment(country)}`;
}

export function placePath(country: string, location: string): string {
  return `${countryPath(country)}/${placeSegment(location)}`;
}

export function hotelPath(hotel: { country: string; location: string; name?: string | null; hotel_id: string }): string {
  return `${placePath(hotel.country, hotel.location)}/${hotelSlug(hotel)}`;
}

/** A blog post's page: by slug, or by id while it has none. */
export function blogPostPath(post: { slug: string | null; id: string }): string {
  return `/blog/${encodeURIComponent(post.slug?.trim() || post.id)}`;
}

/** A search URL on /hotels with only the parameters that have a value. */
export function hotelsSearchPath(params: Record<string, string | number | undefined | null>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && String(value).trim() !== "") query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `/hotels?${search}` : "/hotels";
}

/**
 * Only site-relative paths are safe places to send someone back to: not '//host', and no
 * backslashes or control characters, which browsers drop or turn into '/' ('/\t/host').
 */
export function isLocalPath(value: unknown): value is string {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") && !/[\\\u0000-\u001f\u007f]/.test(value);
}

const RETURN_BASE = "http://return.invalid";

/**
 * A site-relative path to send someone back to, as it may go into a Location header: anything
 * a browser could read as another site is refused (null), and characters outside ASCII
 * ('/。evil', '/ü') are percent-encoded, since a header cannot carry them.
 */
export function returnPath(value: unknown): string | null {
  if (!isLocalPath(value)) return null;
  let url: URL;
  try {
    url = new URL(value, RETURN_BASE);
  } catch {
    return null;
  }
  if (url.origin !== RETURN_BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
