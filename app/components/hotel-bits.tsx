import type { Amenity, AmenityIcon } from "#app/hotels/hotel.ts";
import { formatCount, formatRating, wholeStars } from "#app/hotels/hotel.ts";

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

const ICON_PATHS: Record<AmenityIcon, string> = {
  wifi: "M10 15.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3ZM3.3 9.2a9.5 9.5 0 0 1 13.4 0l-1.4 1.4a7.5 7.5 0 0 0-10.6 0L3.3 9.2Zm2.8 2.8a5.5 5.5 0 0 1 7.8 0l-1.4 1.4a3.5 3.5 0 0 0-5 0L6.1 12ZM.5 6.4a13.5 13.5 0 0 1 19 0L18.1 7.8a11.5 11.5 0 0 0-16.2 0L.5 6.4Z",
  restaurant:
    "M5 2h1.5v6a1.5 1.5 0 0 0 1 1.4V18h2V9.4A1.5 1.5 0 0 0 10.5 8V2H12v6a3.5 3.5 0 0 1-1.5 2.9V18a1 1 0 0 1-1 1h-2a1 1 0 0 1-1-1v-7.1A3.5 3.5 0 0 1 5 8V2Zm9 0c1.7 0 3 2 3 5v4h-1.5v7h-1.5V2Z",
  parking: "M4 2h7a5 5 0 0 1 0 10H7v6H4V2Zm3 3v4h4a2 2 0 0 0 0-4H7Z",
  pool: "M2 15c1.5 0 1.5-1 3-1s1.5 1 3 1 1.5-1 3-1 1.5 1 3 1 1.5-1 3-1v2c-1.5 0-1.5 1-3 1s-1.5-1-3-1-1.5 1-3 1-1.5-1-3-1-1.5 1-3 1v-2Zm4-3V4a2 2 0 0 1 4 0h-1.5a.5.5 0 0 0-1 0v3h4V4a2 2 0 0 1 4 0h-1.5a.5.5 0 0 0-1 0v8H12V9H8.5v3H6Z",
  gym: "M1 8h2V6h2v8H3v-2H1V8Zm4 1h10v2H5V9Zm10-3h2v2h2v4h-2v2h-2V6Z",
  coffee: "M3 6h11v5a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V6Zm11 1h1.5a2.5 2.5 0 0 1 0 5H14v-2h1.5a.5.5 0 0 0 0-1H14V7ZM2 17h13v1.5H2V17Z",
  "map-pin": "M10 1.5a6 6 0 0 1 6 6c0 4.3-6 11-6 11s-6-6.7-6-11a6 6 0 0 1 6-6Zm0 3.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z",
};

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
      {Object.entries(ICON_PATHS).map(([icon, path]) => (
        <symbol key={icon} id={`icon-${icon}`} viewBox="0 0 20 20">
          <path d={path} />
        </symbol>
      ))}
    </svg>
  );
}

export function AmenityIconSvg({ icon }: { icon: AmenityIcon }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-brand-600" fill="currentColor">
      <use href={`#icon-${icon}`} />
    </svg>
  );
}

/** A stable selection of amenities (the first N: a random pick would differ between the server's render and the browser's). */
export function AmenityList({ amenities, max = 6 }: { amenities: Amenity[]; max?: number }) {
  if (!amenities.length) return <p className="text-sm text-muted">Inga bekvämligheter angivna</p>;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-ink" aria-label="Bekvämligheter">
      {amenities.slice(0, max).map((amenity) => (
        <li key={amenity.label} className="inline-flex items-center gap-1">
          <AmenityIconSvg icon={amenity.icon} />
          {amenity.label}
        </li>
      ))}
    </ul>
  );
}
