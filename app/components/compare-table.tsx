import type { ReactNode } from "react";
import { Link } from "react-router";
import { amenityRows, compareHrefWithout, sitesLabel } from "#app/hotels/compare-params.ts";
import type { ComparedHotel } from "#app/hotels/compare-offers.server.ts";
import { adultsLabel, hasDates, nightsLabel, nightsOf, roomsLabel, withStay, type Stay } from "#app/utils/stay.ts";
import { conditionLabels, conversionNote, formatShown, perNightText, TOTAL_INCLUDES, withPriceChoices } from "#app/prices/offer-display.ts";
import type { PriceDisplay } from "#app/utils/money.ts";
import { LEAD_PRICE_NOTE, type PriceChoices } from "./price-comparison.tsx";
import { AmenityIcon } from "./amenity-icon.tsx";
import { RatingBadge, StarRating } from "./hotel-bits.tsx";
import { buttonClassName } from "./ui/button.tsx";
import { CheckIcon, CrossIcon } from "./ui/stroke-icons.tsx";

function YesNo({ yes }: { yes: boolean }) {
  return (
    <span
      className={yes ? "inline-flex items-center gap-1.5 font-medium text-emerald-800" : "inline-flex items-center gap-1.5 text-slate-600"}
    >
      {yes ? <CheckIcon className="size-4 shrink-0" /> : <CrossIcon className="size-4 shrink-0" />}
      {yes ? "Ja" : "Nej"}
    </span>
  );
}

const rowHeader = "sticky left-0 z-10 w-28 min-w-28 bg-slate-50 p-3 text-left align-top text-sm font-semibold sm:w-44 sm:min-w-44";
const cell = "min-w-40 p-3 align-top sm:min-w-52";

/** The offer the hotel's page shows, the same way: the stay's total with its taxes and conditions, or "från X / natt". */
function PriceCell({
  hotel,
  stay,
  display,
  cheapestOfAll,
}: {
  hotel: ComparedHotel;
  stay: Stay;
  display: PriceDisplay;
  cheapestOfAll: boolean;
}) {
  const offer = hotel.cheapest;
  if (!offer) {
    return hasDates(stay) ? (
      <span className="font-medium">Inga lediga rum för dina datum</span>
    ) : (
      <span className="text-muted">Inget pris just nu</span>
    );
  }
  const nights = nightsOf(stay);
  return (
    <div className="space-y-1">
      {offer.kind === "stay" && nights !== null ? (
        <>
          <p className="text-xl font-bold">{formatShown(offer, display)}</p>
          <p className="text-sm">
            {TOTAL_INCLUDES}, för {nightsLabel(nights)}, {adultsLabel(stay.adults)}, {roomsLabel(stay.rooms)}
          </p>
          <p className="text-sm">{perNightText(offer, display)}</p>
        </>
      ) : (
        <>
          <p>
            <span className="text-sm text-muted">från </span>
            <span className="text-xl font-bold">{formatShown(offer, display)}</span> <span className="text-sm text-muted">/ natt</span>
          </p>
          <p className="text-xs text-muted">{LEAD_PRICE_NOTE}</p>
        </>
      )}
      <ul aria-label="Villkor" className="space-y-0.5 text-sm">
        {conditionLabels(offer).map((label) => (
          <li key={label.key} className={label.yes ? "font-medium text-emerald-800" : "text-slate-600"}>
            {label.text}
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted">
        Lägst hos {offer.partnerName}, priser {sitesLabel(hotel.offerCount)}
      </p>
      {cheapestOfAll ? (
        <p className="inline-block rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Lägst pris i jämförelsen</p>
      ) : null}
    </div>
  );
}

/** The chosen hotels side by side: picture, price, booking, stars, rating, place and amenities, each one removable. */
export function CompareTable({
  hotels,
  stay,
  choices,
  display,
}: {
  hotels: ComparedHotel[];
  stay: Stay;
  choices: PriceChoices;
  display: PriceDisplay;
}) {
  const ids = hotels.map((hotel) => hotel.id);
  const amenities = amenityRows(hotels);
  const prices = hotels.flatMap((hotel) => (hotel.cheapest?.totalSek != null ? [hotel.cheapest.totalSek] : []));
  const lowest = prices.length > 1 ? Math.min(...prices) : null;
  const keep = (href: string) => withPriceChoices(withStay(href, stay), choices.conditions, choices.currency);
  const note = conversionNote(
    hotels.flatMap((hotel) => (hotel.cheapest ? [hotel.cheapest] : [])),
    display,
  );
  const row = (label: string, render: (hotel: ComparedHotel) => ReactNode) => (
    <tr className="border-t border-slate-200">
      <th scope="row" className={rowHeader}>
        {label}
      </th>
      {hotels.map((hotel) => (
        <td key={hotel.id} className={cell}>
          {render(hotel)}
        </td>
      ))}
    </tr>
  );
  return (
    // Scrolls inside its own box on a narrow screen; focusable so a keyboard can scroll it too.
    <div
      role="region"
      aria-labelledby="compare-caption"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="relative max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className="w-full border-collapse text-left">
        <caption id="compare-caption" className="p-3 text-left text-lg font-semibold">
          {hotels.length} hotell jämförda
          {hasDates(stay) ? (
            <span className="block text-sm font-normal text-muted">
              Priser för {nightsLabel(nightsOf(stay)!)}, {adultsLabel(stay.adults)}, {roomsLabel(stay.rooms)}, {TOTAL_INCLUDES}
            </span>
          ) : null}
          {note ? <span className="block text-sm font-normal text-muted">{note}</span> : null}
        </caption>
        <thead>
          <tr className="border-t border-slate-200">
            <td className={rowHeader}>
              <span className="sr-only">Hotell</span>
            </td>
            {hotels.map((hotel) => (
              <th key={hotel.id} scope="col" className={`${cell} text-base font-semibold`}>
                <Link to={keep(hotel.href)} className="text-brand-700 underline">
                  {hotel.name}
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {row("Bild", (hotel) => (
            <img
              src={hotel.image_path}
              alt={hotel.name}
              width={300}
              height={200}
              loading="lazy"
              decoding="async"
              className="aspect-[3/2] w-full rounded-md bg-slate-100 object-cover"
            />
          ))}
          {row("Lägsta pris", (hotel) => (
            <PriceCell hotel={hotel} stay={stay} display={display} cheapestOfAll={lowest !== null && hotel.cheapest?.totalSek === lowest} />
          ))}
          {row("Boka", (hotel) =>
            hotel.cheapest ? (
              <a href={hotel.cheapest.href} rel="nofollow" className={buttonClassName({ className: "w-full" })}>
                Till {hotel.cheapest.partnerName}
                <span className="sr-only">: {hotel.name}</span>
              </a>
            ) : (
              <Link to={keep(hotel.href)} className={buttonClassName({ variant: "secondary", className: "w-full" })}>
                Visa hotell<span className="sr-only">: {hotel.name}</span>
              </Link>
            ),
          )}
          {row("Stjärnor", (hotel) =>
            hotel.star_rating > 0 ? <StarRating stars={hotel.star_rating} /> : <span className="text-muted">Ingen klassning</span>,
          )}
          {row("Gästbetyg", (hotel) =>
            hotel.rating > 0 ? (
              <RatingBadge rating={hotel.rating} reviews={hotel.review_count} />
            ) : (
              <span className="text-muted">Inget betyg än</span>
            ),
          )}
          {row(
            "Plats",
            (hotel) => [hotel.location_name, hotel.country_name].filter(Boolean).join(", ") || <span className="text-muted">Okänd</span>,
          )}
          {row("Avstånd", (hotel) => hotel.distance ?? <span className="text-muted">Okänt</span>)}
        </tbody>
        <tbody>
          <tr className="border-t border-slate-200 bg-slate-50">
            <th scope="colgroup" colSpan={hotels.length + 1} className="sticky left-0 p-3 text-left font-semibold">
              Bekvämligheter
            </th>
          </tr>
          {amenities.length ? (
            amenities.map((amenity) => (
              <tr key={amenity.key} className="border-t border-slate-200">
                <th scope="row" className={rowHeader}>
                  <span className="inline-flex items-center gap-1.5 font-medium">
                    <AmenityIcon icon={amenity.icon} />
                    {amenity.label}
                  </span>
                </th>
                {amenity.has.map((yes, index) => (
                  <td key={ids[index]} className={cell}>
                    <YesNo yes={yes} />
                  </td>
                ))}
              </tr>
            ))
          ) : (
            <tr className="border-t border-slate-200">
              <td colSpan={hotels.length + 1} className="p-3 text-muted">
                Inga bekvämligheter angivna
              </td>
            </tr>
          )}
        </tbody>
        <tbody>
          {row("Ta bort", (hotel) => (
            <Link
              to={withPriceChoices(compareHrefWithout(ids, hotel.id, stay), choices.conditions, choices.currency)}
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
            >
              <CrossIcon />
              Ta bort<span className="sr-only"> {hotel.name} från jämförelsen</span>
            </Link>
          ))}
        </tbody>
      </table>
    </div>
  );
}
