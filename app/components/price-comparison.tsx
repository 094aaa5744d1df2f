import { Form } from "react-router";
import { formatPrice } from "#app/hotels/hotel.ts";
import { hasDates, nightsLabel, nightsOf, roomsLabel, stayLabel, type Stay } from "#app/offers/stay.ts";
import { StayFields } from "./stay-fields.tsx";

/** An offer as the hotel page shows it: the partner, the prices and the way there (/redirect). */
export interface ShownOffer {
  partnerId: string;
  partnerName: string;
  partnerLogo: string | null;
  pricePerNight: number;
  total: number | null;
  breakfastIncluded: boolean;
  freeCancellation: boolean;
  /** Serialized by the loader: a Date on the server, an ISO string after a client navigation. */
  updatedAt: Date | string;
  href: string;
}

const updatedFormat = new Intl.DateTimeFormat("sv-SE", {
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Stockholm",
});

/** 'Priserna uppdaterades senast 24 november 19:43.' from the freshest offer. */
export function pricesUpdatedText(offers: ShownOffer[]): string {
  const newest = Math.max(...offers.map((offer) => new Date(offer.updatedAt).getTime()));
  return `Priserna uppdaterades senast ${updatedFormat.format(new Date(newest))}.`;
}

// Text says yes or no; colour only repeats it.
const yesBadge = "rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900";
const noBadge = "rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700";

const PARTNER_PRICE_NOTE = "Slutpriset och villkoren sätts av sajten du bokar hos.";

/** The dates-and-guests form of a hotel page: a GET form to the page itself. */
export function StayForm({
  stay,
  today,
  action,
  submitLabel = "Visa priser",
}: {
  stay: Stay;
  today: string;
  action: string;
  submitLabel?: string;
}) {
  return (
    <Form method="get" action={action} preventScrollReset className="space-y-3">
      <StayFields stay={stay} today={today} narrow />
      <button type="submit" className="rounded-md border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
        {submitLabel}
      </button>
    </Form>
  );
}

/**
 * "Jämför priser": one row per partner, cheapest first, with the price per night and for the
 * whole stay, breakfast and cancellation, and a button to that partner through /redirect.
 */
export function PriceComparison({
  offers,
  stay,
  failed,
  bookable,
}: {
  offers: ShownOffer[];
  stay: Stay;
  failed: boolean;
  /** Whether the hotel can be booked through us at all (an offer or its own partner link). */
  bookable: boolean;
}) {
  const nights = nightsOf(stay);
  if (failed) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
        Det gick inte att hämta priserna just nu. Försök igen om en stund.
      </p>
    );
  }
  if (!offers.length) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-4 text-muted">
        {bookable
          ? "Vi har inga priser att jämföra för hotellet just nu. Du ser aktuellt pris och kan boka hos vår partner via Boka nu."
          : "Vi har inga priser att jämföra: hotellet går inte att boka via oss just nu."}
      </p>
    );
  }
  const totalLabel = nights === null ? null : `${nightsLabel(nights)}${stay.rooms > 1 ? `, ${roomsLabel(stay.rooms)}` : ""}`;
  return (
    <div className="space-y-3">
      {/* A list of rows rather than a table: on a phone each row wraps and its button stays in view. */}
      <ol
        aria-label={`Priser hos ${offers.length} ${offers.length === 1 ? "sajt" : "sajter"}, billigast först${hasDates(stay) ? `, för ${stayLabel(stay)}` : ""}`}
        className="divide-y divide-slate-200 rounded-lg border border-slate-200"
      >
        {offers.map((offer, index) => (
          <li key={offer.partnerId} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
            <div className="min-w-[9rem] flex-1">
              <p className="font-semibold">
                {offer.partnerName}
                {index === 0 && offers.length > 1 ? (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-green-900">
                    Lägst pris
                  </span>
                ) : null}
              </p>
              <ul className="mt-1 flex flex-wrap gap-1" aria-label="Villkor">
                <li className={offer.breakfastIncluded ? yesBadge : noBadge}>
                  {offer.breakfastIncluded ? "Frukost ingår" : "Utan frukost"}
                </li>
                <li className={offer.freeCancellation ? yesBadge : noBadge}>
                  {offer.freeCancellation ? "Fri avbokning" : "Ej avbokningsbar"}
                </li>
              </ul>
            </div>
            <p className="text-right">
              <span className="block text-lg font-bold whitespace-nowrap">
                {formatPrice(offer.pricePerNight)} <span className="text-sm font-normal text-muted">/ natt</span>
              </span>
              <span className="block text-sm whitespace-nowrap text-muted">
                {offer.total === null || totalLabel === null ? "Välj datum för totalpris" : `${formatPrice(offer.total)} för ${totalLabel}`}
              </span>
            </p>
            <a
              href={offer.href}
              rel="nofollow"
              className="rounded-md bg-brand-600 px-4 py-2 text-center font-semibold whitespace-nowrap text-white hover:bg-brand-700 max-sm:w-full"
            >
              Till {offer.partnerName}
            </a>
          </li>
        ))}
      </ol>
      <p className="text-xs text-muted">
        {pricesUpdatedText(offers)} {PARTNER_PRICE_NOTE}
      </p>
    </div>
  );
}

/** The booking box: the cheapest offer for the stay, and the way to it. */
export function BookingSummary({
  cheapest,
  stay,
  fallbackPrice,
  partner,
}: {
  cheapest: ShownOffer | undefined;
  stay: Stay;
  /** The feed's own price per night, shown when no partner has an offer. */
  fallbackPrice: string;
  /** Where "Boka nu" leads (a partner's name or host); null when the hotel cannot be booked. */
  partner: string | null;
}) {
  if (cheapest) {
    return (
      <div className="space-y-1">
        <p className="text-muted">
          från <span className="text-2xl font-bold text-ink">{formatPrice(cheapest.pricePerNight)}</span> / natt hos {cheapest.partnerName}
        </p>
        {cheapest.total !== null ? (
          <p className="text-sm">
            <span className="font-semibold">{formatPrice(cheapest.total)}</span> totalt för {stayLabel(stay)}
          </p>
        ) : (
          <p className="text-sm text-muted">Välj datum för att se vad hela vistelsen kostar.</p>
        )}
      </div>
    );
  }
  if (fallbackPrice) {
    return (
      <p className="text-muted">
        från <span className="text-2xl font-bold text-ink">{fallbackPrice}</span> / natt
      </p>
    );
  }
  return partner ? <p className="text-muted">Se aktuellt pris hos {partner}.</p> : null;
}

export { PARTNER_PRICE_NOTE };
