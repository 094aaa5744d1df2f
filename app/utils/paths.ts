import { href } from "react-router";

/**
 * URLs of the public site, made with React Router's typed href() from the route table (app/routes.ts). A country or place segment is its name with spaces as hyphens
 * ('New York' → 'New-York'); the server matches segments case-, accent- and
 * hyphen-insensitively, so '/sweden/malmo' finds Malmö (see place_key in the schema).
 *
 * An address is only made from names that name something (see isPlaceName) and from a
 * hotel's stored slug: otherwise the path functions give null, "no page", and the caller
 * leaves the link out or falls back. A row stored around the importer (SQL, an old import)
 * can then never produce '///slug' or '/../../slug' (docs/decisions/044-one-address-per-hotel.md).
 */

/**
 * Whether a country or place name can be an address segment: it has a letter or a digit, in
 * any script. '', ' ', '.', '..' and '-' name nothing ('.' and '..' are even resolved away by
 * the browser). The feed importer refuses a hotel whose place fails this.
 */
export function isPlaceName(name: string | null | undefined): name is string {
  return typeof name === "string" && /[\p{L}\p{N}]/u.test(name);
}

/** The shape of a stored hotel slug: lowercase ASCII letters and digits in hyphenated words. */
const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function placeSegment(name: string): string {
  return encodeURIComponent(name.trim().replace(/\s+/g, "-"));
}

/** A country's page; null when the name names no country. */
export function countryPath(country: string | null | undefined): string | null {
  return isPlaceName(country) ? href("/:country", { country: placeSegment(country) }) : null;
}

/** A place's page; null when either name names nothing. */
export function placePath(country: string | null | undefined, location: string | null | undefined): string | null {
  return isPlaceName(country) && isPlaceName(location)
    ? href("/:country/:location", { country: placeSegment(country), location: placeSegment(location) })
    : null;
}

/**
 * A hotel's page, by its stored slug (hotels.slug, unique in its place); null for a hotel
 * without a page: no usable country or place, or no slug.
 */
export function hotelPath(hotel: { country: string | null; location: string | null; slug: string | null }): string | null {
  const { country, location, slug } = hotel;
  return isPlaceName(country) && isPlaceName(location) && slug && SLUG_SHAPE.test(slug)
    ? href("/:country/:location/:slug", { country: placeSegment(country), location: placeSegment(location), slug })
    : null;
}

/** A blog post's page: by slug, or by id while it has none. */
export function blogPostPath(post: { slug: string | null; id: string }): string {
  return href("/blog/:slug", { slug: encodeURIComponent(post.slug?.trim() || post.id) });
}

/** A search URL on /hotels with only the parameters that have a value. */
export function hotelsSearchPath(params: Record<string, string | number | undefined | null>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && String(value).trim() !== "") query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${href("/hotels")}?${search}` : href("/hotels");
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

/** Where a block may point: http(s) addresses, paths on this site, or an anchor. */
export function isSafeBlockUrl(value: string): boolean {
  if (value.startsWith("#")) return !/\s/.test(value);
  if (isLocalPath(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** An http(s) address or a path on this site: what an image (or a page link) may point to. */
export const isHttpOrLocalUrl = (value: string) => isSafeBlockUrl(value) && !value.startsWith("#");
