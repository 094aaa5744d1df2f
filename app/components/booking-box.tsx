import { hasDates, type Stay } from "#app/utils/stay.ts";
import type { PriceOffer } from "#app/prices/price-offer.ts";
import type { PriceDisplay } from "#app/utils/money.ts";
import { buttonClassName } from "./ui/button.tsx";
import {
  BookingSummary,
  NO_MATCH,
  NO_MATCH_FOR_DATES,
  NO_ROOMS,
  NO_ROOMS_YET,
  PARTNER_PRICE_NOTE,
  StayForm,
  type PriceChoices,
} from "./price-comparison.tsx";

/** The hotel page's way to book: the partner's landing page through /redirect, for the box and for the phone's bar. */
export interface Booking {
  href: string;
  barHref: string;
  partner: string;
}

/** Why the page shows no price although partners sell the hotel, or null when it is not so. */
export function missingText(
  stay: Stay,
  prices: { soldOut: readonly unknown[]; unmet: readonly unknown[]; offers: readonly unknown[]; late?: readonly unknown[] },
  conditionsChosen: boolean,
): string | null {
  if (prices.offers.length) return null;
  if (hasDates(stay) && prices.unmet.length) return NO_MATCH_FOR_DATES;
  if (hasDates(stay) && prices.late?.length) return NO_ROOMS_YET;
  if (hasDates(stay) && prices.soldOut.length) return NO_ROOMS;
  return conditionsChosen ? NO_MATCH : null;
}

/** The hotel page's booking box: the stay, the price it comes to and the way to book. */
export function BookingBox({
  booking,
  shown,
  stay,
  today,
  display,
  choices,
  action,
  notices,
  missing,
  unbookable,
  dateHelp,
}: {
  booking: Booking | null;
  shown: PriceOffer | null;
  stay: Stay;
  today: string;
  display: PriceDisplay;
  choices: PriceChoices;
  /** The hotel's page, where the stay form sends its choice. */
  action: string;
  notices: readonly string[];
  missing: string | null;
  /** No way to book, no partner and no price: the box says so and nothing else. */
  unbookable: boolean;
  /** Shown under the dates (the way to the month's prices). */
  dateHelp?: React.ReactNode;
}) {
  return (
    <aside
      aria-labelledby="booking-heading"
      className="h-fit space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm lg:sticky lg:top-6"
    >
      <h2 id="booking-heading" className="text-xl font-semibold">
        {unbookable ? "Bokning" : "Boka ditt rum"}
      </h2>
      {notices.map((notice) => (
        <p key={notice} role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}
        </p>
      ))}
      {unbookable ? (
        <p className="rounded-md bg-slate-100 p-3 text-sm">Det här hotellet går inte att boka via oss just nu.</p>
      ) : (
        <>
          <StayForm stay={stay} today={today} action={action} choices={choices} />
          {dateHelp}
          <BookingSummary shown={shown} stay={stay} display={display} partner={booking?.partner ?? null} missing={missing} />
        </>
      )}
      {booking ? (
        <>
          <a href={booking.href} rel="nofollow" className={buttonClassName({ size: "lg", className: "w-full text-center" })}>
            Boka nu<span className="sr-only"> hos {booking.partner}</span>
          </a>
          <p className="text-xs text-muted">
            {shown ? `${PARTNER_PRICE_NOTE} ` : ""}Du bokar hos vår partner {booking.partner}. Vi kan få provision, utan extra kostnad för
            dig.
          </p>
        </>
      ) : null}
    </aside>
  );
}

/**
 * The booking bar of a phone or a tablet (below 1024 px, where the booking box is not beside the
 * page but far down it): the price and the same way to book, kept at the bottom of the screen.
 * Sticky, as the page's last element, rather than fixed: it stays in view while the page
 * scrolls, and at the page's end it takes its own place, so it never covers the last content
 * or the footer. Plain markup: it works without JavaScript.
 */
export function BookingBar({
  href,
  partner,
  hotelName,
  price,
}: {
  href: string;
  partner: string;
  hotelName: string;
  /** The shown offer's amount and what it is for ("för 3 nätter, inkl. …" or "/ natt"), or null without one. */
  price: { amount: string; detail: string; lead: boolean } | null;
}) {
  return (
    <section
      aria-label={`Boka ${hotelName}`}
      data-booking-bar
      className="sticky bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(15,23,42,0.12)] backdrop-blur lg:hidden"
    >
      <div className="container-page flex items-center justify-between gap-3 py-3">
        <p className="min-w-0 text-sm leading-snug">
          {price ? (
            <>
              {price.lead ? <span className="text-muted">från </span> : null}
              <span className="text-lg font-bold whitespace-nowrap">{price.amount}</span>
              <span className="text-muted"> {price.lead ? price.detail : ""}</span>
              {/* A stay's words wrap rather than lose "inkl. skatter och avgifter". */}
              <span className={price.lead ? "block truncate text-muted" : "block text-muted"}>
                {price.lead ? `hos ${partner}` : price.detail}
              </span>
            </>
          ) : (
            <span className="text-muted">Se pris och boka hos {partner}</span>
          )}
        </p>
        <a href={href} rel="nofollow" className={buttonClassName({ size: "lg", className: "shrink-0 text-center whitespace-nowrap" })}>
          Boka nu<span className="sr-only"> hos {partner}</span>
        </a>
      </div>
    </section>
  );
}
