import type { Amenity } from "#app/hotels/hotel.ts";
import { formatCount, formatRating, wholeStars } from "#app/hotels/hotel.ts";
import { AmenityIcon, AmenityIconSymbols } from "./amenity-icon.tsx";

/** Whole stars, none when the hotel has no star rating. */
export function StarRating({ stars }: { stars: number }) {
  const count = wholeStars(stars);
  if (!count) return null;
  return (
    <span className="inline-flex items-center text-amber-500" role="img" aria-label={`${count} stjärnor`}>
      {Array.from({ length: count }, (_, i) => (
        <svg key={i} aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <use href="#icon-star" />
        </svg>
      ))}
    </span>
  );
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

const STAR_PATH = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z";

/**
 * Every icon once per page, as <symbol>s; cards refer to them with <use>, so a list of a
 * hundred hotels does not repeat the same paths hundreds of times.
 */
export function IconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute size-0 overflow-hidden">
      <symbol id="icon-star" viewBox="0 0 20 20">
        <path d={STAR_PATH} />
      </symbol>
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
