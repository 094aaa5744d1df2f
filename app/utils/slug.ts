/**
 * Slugs: the ASCII, hyphenated form of a name that addresses are made of, and the match of a
 * URL's slug against a place's hotels. Pure; server and browser.
 */
import { foldText } from "#app/utils/fold-text.ts";

/** The name a hotel without one is shown with (the catalogue's default). */
export const UNNAMED_HOTEL = "Namnlöst hotell";

// Stand-ins for a missing name: the current one and the English one it replaced, which rows
// written before may still hold. Shown as the Swedish one, never part of a slug.
const NAME_STAND_INS = new Set<string>([UNNAMED_HOTEL, "Unnamed Hotel"]);

/** Whether a name is only a stand-in for a missing one. */
export const isNameStandIn = (name: string) => NAME_STAND_INS.has(name);

/**
 * Lowercase, hyphenated and ASCII: 'Hotel Åre Fjällby' → 'hotel-are-fjallby'. Swedish
 * letters lose their dots and rings (å, ä → a; ö → o), as Swedish URLs conventionally do.
 */
export function slugify(value: string): string {
  return foldText(value)
    .replace(/&/g, " och ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const MAX_SLUG_LENGTH = 200;

/**
 * The slug a new hotel starts from: from the name, or from hotel_id when the name is missing,
 * at most 200 characters, 'hotell' when neither has a letter or digit. The database's twin,
 * hotel_slug_base, gives a new hotel this or, when another hotel of its place has it, this
 * with -2, -3…: links use the stored slug (hotels.slug), never this.
 */
export function hotelSlug(hotel: { name?: string | null; hotel_id: string }): string {
  const name = hotel.name?.trim();
  const fromName = name && !NAME_STAND_INS.has(name) ? slugify(name) : "";
  return (fromName || slugify(hotel.hotel_id) || "hotell").slice(0, MAX_SLUG_LENGTH).replace(/-+$/, "");
}

/**
 * Finds the hotel a URL slug means among a place's hotels: the stored slug first, then the
 * same slug in another spelling (case, accents), then the slug of the hotel's current name
 * (a hotel keeps its slug when renamed), then a hotel whose slug contains it or is contained
 * in it (an old or shortened name). `exact` is false when the URL should be redirected.
 */
export function matchHotelSlug<T extends { name?: string | null; hotel_id: string; slug: string | null }>(
  candidates: readonly T[],
  slug: string,
): { hotel: T; exact: boolean } | null {
  const exact = candidates.find((hotel) => hotel.slug === slug);
  if (exact) return { hotel: exact, exact: true };
  const wanted = slugify(safeDecode(slug));
  if (!wanted) return null;
  const same = candidates.find((hotel) => hotel.slug === wanted) ?? candidates.find((hotel) => hotelSlug(hotel) === wanted);
  if (same) return { hotel: same, exact: false };
  const containing = candidates
    .filter((hotel) => {
      const candidate = hotel.slug ?? "";
      return candidate.includes(wanted) || (wanted.includes(candidate) && candidate.length >= 4);
    })
    // The closest in length is the likeliest meaning.
    .sort((a, b) => Math.abs((a.slug ?? "").length - wanted.length) - Math.abs((b.slug ?? "").length - wanted.length));
  return containing[0] ? { hotel: containing[0], exact: false } : null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
