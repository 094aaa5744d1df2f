import { Link } from "react-router";
import type { CountryPlace } from "#app/hotels/places.server.ts";
import { hotelCount } from "#app/hotels/hotel-record.ts";
import { withStay, type Stay } from "#app/utils/stay.ts";
import { NO_PRICE_CHOICES, withPriceChoices, type PriceChoices } from "#app/hotels/search-params.ts";
import { placePath } from "#app/utils/paths.ts";

/** A country page's way down: its places as chips with their hotel counts, keeping the visitor's stay and price choices. */
export function CountryPlaces({
  country,
  countryName,
  places,
  stay,
  choices = NO_PRICE_CHOICES,
}: {
  country: string;
  countryName: string;
  places: CountryPlace[];
  stay: Stay;
  choices?: PriceChoices;
}) {
  // A place stored with a name that names nothing has no page: no chip.
  const linked = places.flatMap((place) => {
    const path = placePath(country, place.value);
    return path ? [{ ...place, path }] : [];
  });
  if (!linked.length) return null;
  return (
    <nav aria-labelledby="country-places-heading">
      <h2 id="country-places-heading" className="mb-2 text-sm font-semibold text-muted">
        Platser i {countryName}
      </h2>
      {/* One row to swipe on a phone (a country may have dozens of places), wrapped from 640 px;
          relative, so the screen-reader counts stay inside the scrolling box. */}
      <ul className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0">
        {linked.map((place) => (
          <li key={place.value} className="shrink-0">
            <Link
              to={withPriceChoices(withStay(place.path, stay), choices)}
              className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:border-brand-600 hover:bg-brand-50 hover:text-brand-700"
            >
              {place.label}
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-normal text-muted">
                <span aria-hidden="true">{place.hotelCount}</span>
                <span className="sr-only">({hotelCount(place.hotelCount)})</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
