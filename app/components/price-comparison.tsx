import { Form, Link } from "react-router";
import { datesLabel, hasDates, nightsLabel, stayEntries, stayLabel, withStay, type Stay } from "#app/utils/stay.ts";
import { CONDITIONS, CONDITIONS_PARAM, type ConditionKey } from "#app/prices/conditions.ts";
import {
  checkedAgoText,
  conditionLabels,
  conversionNote,
  formatShown,
  chargesBeyondTotal,
  partnerAmountText,
  partsText,
  perNightText,
  priceChoiceEntries,
  TOTAL_INCLUDES,
  withPriceChoices,
} from "#app/prices/offer-display.ts";
import type { PriceOffer } from "#app/prices/price-offer.ts";
import { lateNote } from "#app/live-prices/live-offers.ts";
import { DISPLAY_CURRENCIES, formatSek, type DisplayCurrency, type PriceDisplay } from "#app/utils/money.ts";
import { StayFields } from "./stay-fields.tsx";
import { Button, buttonClassName } from "./ui/button.tsx";

/** An offer as the hotel page shows it, with the way there (/redirect to that offer). */
export type ShownOffer = PriceOffer & { href: string };

/** What the visitor chose about prices: conditions the offer must meet, and the currency amounts are shown in. */
export interface PriceChoices {
  conditions: ConditionKey[];
  currency: DisplayCurrency;
}

/** The words of a lead price: what "från X kr / natt" is. */
export const LEAD_PRICE_NOTE = "Lägsta pris per natt de kommande 30 dagarna för 2 vuxna i 1 rum";

// Text says yes or no; colour only repeats it.
const yesBadge = "rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900";
const noBadge = "rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700";

export const NO_ROOMS = "Inga lediga rum för dina datum";
/** No rooms where we know, while a partner asked live has not answered: not the same as none at all. */
export const NO_ROOMS_YET = "Inga lediga rum hos sajterna som svarade";
export const NO_MATCH_FOR_DATES = "Inget erbjudande för dina datum uppfyller dina villkor";
export const NO_MATCH = "Inget erbjudande uppfyller dina villkor";

export const PARTNER_PRICE_NOTE = "Slutpriset och villkoren sätts av sajten du bokar hos.";

const Hidden = ({ entries }: { entries: Array<[string, string]> }) =>
  entries.map(([name, value]) => <input key={`${name}=${value}`} type="hidden" name={name} value={value} />);

/** The dates-and-guests form of a hotel page: a GET form to the page itself, keeping the price choices. */
export function StayForm({
  stay,
  today,
  action,
  choices,
  submitLabel = "Visa priser",
}: {
  stay: Stay;
  today: string;
  action: string;
  choices: PriceChoices;
  submitLabel?: string;
}) {
  return (
    <Form method="get" action={action} preventScrollReset className="space-y-3">
      <StayFields stay={stay} today={today} narrow />
      <Hidden entries={priceChoiceEntries(choices.conditions, choices.currency)} />
      <Button type="submit" variant="outline">
        {submitLabel}
      </Button>
    </Form>
  );
}

/** The conditions an offer must meet, as checkboxes of a GET form that keeps the stay and the currency. */
export function ConditionsForm({ action, stay, choices }: { action: string; stay: Stay; choices: PriceChoices }) {
  return (
    <Form method="get" action={`${action}#priser`} preventScrollReset className="rounded-lg border border-slate-200 p-3">
      <fieldset>
        <legend className="text-sm font-semibold">Visa bara erbjudanden med</legend>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
          {CONDITIONS.map((condition) => (
            <label key={condition.key} className="inline-flex min-h-6 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={CONDITIONS_PARAM}
                value={condition.key}
                defaultChecked={choices.conditions.includes(condition.key)}
                className="size-4"
              />
              {condition.filterLabel}
            </label>
          ))}
        </div>
      </fieldset>
      <Hidden entries={[...stayEntries(stay), ...priceChoiceEntries([], choices.currency)]} />
      <Button type="submit" variant="outline" className="mt-3">
        Visa erbjudanden
      </Button>
    </Form>
  );
}

/**
 * Links that show the page's amounts in another currency (plain links: they work without
 * JavaScript). nofollow: each is the same page (noindex) in other units, not worth a crawler's visit.
 */
export function CurrencySwitch({ path, stay, choices }: { path: string; stay: Stay; choices: PriceChoices }) {
  return (
    <nav aria-label="Valuta" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted">Visa priser i</span>
      {DISPLAY_CURRENCIES.map((currency) => (
        <Link
          key={currency}
          to={`${withPriceChoices(withStay(path, stay), choices.conditions, currency)}#priser`}
          preventScrollReset
          rel="nofollow"
          aria-current={currency === choices.currency ? "true" : undefined}
          className={
            currency === choices.currency
              ? "rounded-md bg-brand-600 px-2 py-1 font-semibold text-white"
              : "rounded-md px-2 py-1 text-brand-700 underline"
          }
        >
          {currency}
        </Link>
      ))}
    </nav>
  );
}

/** The amount of an offer in large type with what it includes: a stay's total, or "från X / natt" without dates. */
function OfferAmount({ offer, display }: { offer: PriceOffer; display: PriceDisplay }) {
  const perNight = perNightText(offer, display);
  const parts = partsText(offer);
  const partner = partnerAmountText(offer, display);
  return (
    <div className="text-right">
      {offer.kind === "stay" ? (
        <p className="text-2xl font-bold whitespace-nowrap">{formatShown(offer, display)}</p>
      ) : (
        <p className="whitespace-nowrap text-muted">
          från <span className="text-2xl font-bold text-ink">{formatShown(offer, display)}</span> / natt
        </p>
      )}
      <p className="text-xs text-muted">{TOTAL_INCLUDES}</p>
      {perNight ? <p className="text-sm whitespace-nowrap">{perNight}</p> : null}
      {parts ? <p className="text-xs text-muted">{parts}</p> : null}
      {chargesBeyondTotal(offer).map((text) => (
        <p key={text} className="text-xs font-medium text-ink">
          {text}
        </p>
      ))}
      {partner ? <p className="text-xs text-muted">{partner}</p> : null}
    </div>
  );
}

/**
 * "Jämför priser": one row per partner, cheapest first, with the stay's total including taxes
 * and fees (or, without dates, the lowest price per night), the room and its conditions, when the
 * price was confirmed, and a button to that offer through /redirect. With dates: the partners that
 * have nothing, and when none has, nearby dates and an occupancy that fits.
 */
export function PriceComparison({
  offers,
  stay,
  display,
  now,
  failed,
  bookable,
  path,
  choices,
  soldOut,
  unmet,
  nearby,
  roomsThatFit,
  late = [],
}: {
  offers: ShownOffer[];
  stay: Stay;
  display: PriceDisplay;
  /** ISO timestamp of the request, so "kontrollerat för 2 timmar sedan" reads the same on server and client. */
  now: string;
  failed: boolean;
  /** Whether the hotel can be booked through us at all (an offer, a partner or its own partner link). */
  bookable: boolean;
  /** The hotel page's address, for the links that change the stay or the conditions. */
  path: string;
  choices: PriceChoices;
  soldOut: string[];
  unmet: string[];
  nearby: { checkIn: string; checkOut: string; totalSek: number }[];
  roomsThatFit: number | null;
  /** Partners asked live that did not answer in time: said in their row (their stored prices stay), or below. */
  late?: readonly { partnerId: string; partnerName: string }[];
}) {
  if (failed) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
        Det gick inte att hämta priserna just nu. Försök igen om en stund.
      </p>
    );
  }
  const dated = hasDates(stay);
  const link = (to: Stay, conditions = choices.conditions) =>
    `${withPriceChoices(withStay(path, to), conditions, choices.currency)}#priser`;
  const note = conversionNote(offers, display);
  const lateWithoutRow = late.filter((partner) => !offers.some((offer) => offer.partnerId === partner.partnerId));
  return (
    <div className="space-y-3">
      {offers.length ? (
        <>
          <p className="text-sm text-muted">
            {dated
              ? `Totalpris för ${stayLabel(stay)}, ${TOTAL_INCLUDES}.`
              : `${LEAD_PRICE_NOTE}. Välj datum för att se vad hela vistelsen kostar.`}
          </p>
          {/* A list of rows rather than a table: on a phone each row wraps and its button stays in view. */}
          <ol
            aria-label={`Priser hos ${offers.length} ${offers.length === 1 ? "sajt" : "sajter"}, billigast först${dated ? `, för ${stayLabel(stay)}` : ""}`}
            className="divide-y divide-slate-200 rounded-lg border border-slate-200"
          >
            {offers.map((offer, index) => (
              <li key={offer.partnerId} className="flex flex-wrap items-start gap-x-4 gap-y-2 p-4">
                <div className="min-w-[10rem] flex-1 space-y-1">
                  <p className="font-semibold">
                    {offer.partnerName}
                    {index === 0 && offers.length > 1 ? (
                      <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-green-900">
                        Lägst pris
                      </span>
                    ) : null}
                  </p>
                  {offer.roomName ? <p className="text-sm">{offer.roomName}</p> : null}
                  <ul className="flex flex-wrap gap-1" aria-label="Villkor">
                    {conditionLabels(offer).map((label) => (
                      <li key={label.key} className={label.yes ? yesBadge : noBadge}>
                        {label.text}
                      </li>
                    ))}
                  </ul>
                  <p className="text-xs text-muted">{checkedAgoText(offer.confirmedAt, now)}</p>
                  {late.some((partner) => partner.partnerId === offer.partnerId) ? (
                    <p className="text-xs text-amber-900">{lateNote(offer.partnerName)}</p>
                  ) : null}
                </div>
                <OfferAmount offer={offer} display={display} />
                <a
                  href={offer.href}
                  rel="nofollow"
                  className={buttonClassName({ className: "text-center whitespace-nowrap max-sm:w-full" })}
                >
                  Till {offer.partnerName}
                </a>
              </li>
            ))}
          </ol>
        </>
      ) : dated ? (
        <div role="status" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">{unmet.length ? NO_MATCH_FOR_DATES : late.length ? NO_ROOMS_YET : NO_ROOMS}</p>
          {unmet.length ? (
            <p>
              <Link to={link(stay, [])} className="font-medium underline">
                Visa erbjudanden utan villkor
              </Link>
            </p>
          ) : null}
          {roomsThatFit !== null ? (
            <p>
              Ingen partner har rum för {stay.adults} vuxna i {stay.rooms} rum.{" "}
              <Link to={link({ ...stay, rooms: roomsThatFit })} className="font-medium underline">
                {`Sök ${stay.adults} vuxna i ${roomsThatFit} rum`}
              </Link>
            </p>
          ) : null}
          {nearby.length ? (
            <div>
              <p>Lediga rum finns för de här datumen:</p>
              <ul className="mt-1 space-y-1">
                {nearby.map((date) => (
                  <li key={date.checkIn}>
                    <Link to={link({ ...stay, ...date })} className="font-medium underline">
                      {`${datesLabel({ ...stay, ...date })}: ${formatSek(date.totalSek, display)}`}
                    </Link>{" "}
                    <span className="text-sm">({TOTAL_INCLUDES})</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : choices.conditions.length ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <span className="font-semibold">{NO_MATCH}.</span>{" "}
          <Link to={link(stay, [])} className="font-medium underline">
            Visa erbjudanden utan villkor
          </Link>
        </p>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-muted">
          {bookable
            ? "Vi har inga priser att jämföra för hotellet just nu. Du kan se pris och boka hos vår partner via Boka nu."
            : "Vi har inga priser att jämföra: hotellet går inte att boka via oss just nu."}
        </p>
      )}
      {soldOut.length || unmet.length || lateWithoutRow.length ? (
        <ul aria-label="Partner utan erbjudande" className="space-y-1 text-sm text-muted">
          {lateWithoutRow.map((partner) => (
            <li key={partner.partnerId}>{lateNote(partner.partnerName)}</li>
          ))}
          {soldOut.map((name) => (
            <li key={name}>Inga lediga rum hos {name} för dina datum</li>
          ))}
          {unmet.map((name) => (
            <li key={name}>Inget erbjudande hos {name} uppfyller dina villkor</li>
          ))}
        </ul>
      ) : null}
      {offers.length ? (
        <p className="text-xs text-muted">
          {note ? `${note}. ` : ""}
          {PARTNER_PRICE_NOTE}
        </p>
      ) : null}
    </div>
  );
}

/** The booking box: the offer the hotel's price comes from, for the stay or per night, or why there is none. */
export function BookingSummary({
  shown,
  stay,
  display,
  partner,
  missing,
}: {
  shown: PriceOffer | null;
  stay: Stay;
  display: PriceDisplay;
  /** Where "Boka nu" leads (a partner's name or host); null when the hotel cannot be booked. */
  partner: string | null;
  /** Why no offer is shown although partners sell the hotel (no rooms for the dates, none on the conditions), or null. */
  missing: string | null;
}) {
  if (shown?.kind === "stay") {
    return (
      <div className="space-y-1">
        <p>
          <span className="text-3xl font-bold">{formatShown(shown, display)}</span>
        </p>
        <p className="text-sm">
          {TOTAL_INCLUDES}, för {stayLabel(stay)}
        </p>
        <p className="text-sm text-muted">
          {perNightText(shown, display)} hos {shown.partnerName}
        </p>
      </div>
    );
  }
  if (shown) {
    return (
      <div className="space-y-1">
        <p className="text-muted">
          från <span className="text-2xl font-bold text-ink">{formatShown(shown, display)}</span> / natt hos {shown.partnerName}
        </p>
        <p className="text-sm text-muted">
          {LEAD_PRICE_NOTE}, {TOTAL_INCLUDES}.
        </p>
      </div>
    );
  }
  if (missing) return <p className="font-semibold">{missing}</p>;
  return partner ? <p className="text-muted">Se aktuellt pris hos {partner}.</p> : null;
}

/** The booking bar's short price: "4 389 kr" "för 3 nätter, inkl. …", or "från" "1 290 kr" "/ natt". */
export function shortPriceText(shown: PriceOffer, display: PriceDisplay): { amount: string; detail: string; lead: boolean } {
  const amount = formatShown(shown, display);
  return shown.kind === "stay"
    ? { amount, detail: `för ${nightsLabel(shown.nights ?? 0)}, ${TOTAL_INCLUDES}`, lead: false }
    : { amount, detail: "/ natt", lead: true };
}
