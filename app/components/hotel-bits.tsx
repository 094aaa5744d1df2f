import type { Amenity } from "#app/hotels/hotel-record.ts";
import { wholeStars } from "#app/hotels/hotel-record.ts";
import { AmenityIcon, AmenityIconSymbols } from "./amenity-icon.tsx";
import { formatRating, formatCount } from "#app/utils/format.ts";

/** Widths of 1–5 stars, one `w-4` a star (the star is repeated across the width, see .star-rating in app.css). */
const STAR_WIDTHS = ["", "w-4", "w-8", "w-12", "w-16", "w-20"] as const;

/**
 * Whole stars, none when the hotel has no star rating. One element drawn by the stylesheet
 * rather than an <svg> a star: a list page of 24 hotels had 226 elements of stars.
 */
export function StarRating({ stars }: { stars: number }) {
  const count = wholeStars(stars);
  if (!count) return null;
  return <span className={`star-rating shrink-0 text-amber-500 ${STAR_WIDTHS[count]}`} role="img" aria-label={`${count} stjärnor`} />;
}

/** The 0–10 rating badge, with the review count when there is one. */
export function RatingBadge({ rating, reviews }: { rating: number; reviews?: number }) {
  if (!rating) return null;
  return (
    <span className="inline-flex items-center gap-2 text-sm">
      <span className="rounded-md bg-brand-700 px-2 py-0.5 font-semibold text-white">
        <span className="sr-only">Betyg </span>
        {formatRating(rating)}
        <span className="sr-only"> av 10</span>
      </span>
      {reviews ? <span className="text-muted">{formatCount(reviews)} omdömen</span> : null}
    </span>
  );
}

/**
 * Every icon once per page, as <symbol>s; cards refer to them with <use>, so a list of a
 * hundred hotels does not repeat the same paths hundreds of times.
 */
export function IconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute size-0 overflow-hidden">
      <AmenityIconSymbols />
    </svg>
  );
}

/** A stable selection of amenities (the first N: a random pick would differ between the server's render and the browser's). */
export function AmenityList({ amenities, max = 6 }: { amenities: Amenity[]; max?: number }) {
  if (!amenities.length) return <p className="text-sm text-muted">Inga bekvämligheter angivna</p>;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-ink" aria-label="Bekvämligheter">
      {amenities.slice(0, max).map((amenity) => (
        <li key={amenity.key ?? amenity.label} className="inline-flex items-center gap-1">
          <AmenityIcon icon={amenity.icon} />
          {amenity.label}
        </li>
      ))}
    </ul>
  );
}
