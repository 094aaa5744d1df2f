/**
 * How an offer reads on the hotel page and /jamfor: its amount in the visitor's currency, the
 * per-night average, the parts the partner stated, its conditions in Swedish, how long ago the
 * partner confirmed it, and the fine print about conversion. Every amount goes through the money
 * module. Pure; shared by server and browser (the loader hands `now`, so both renders agree).
 */
import { CURRENCY_PARAM, formatMoney, HOME_CURRENCY, type DisplayCurrency, type Money, type PriceDisplay } from "#app/utils/money.ts";
import { CONDITIONS_PARAM, type ConditionKey } from "./conditions.ts";
import type { PriceOffer } from "./price-offer.ts";

/** The words every stay total carries. */
export const TOTAL_INCLUDES = "inkl. skatter och avgifter";

/**
 * The offer's total (or lead price per night) in the display currency: the partner's own amount
 * when it is already in it, else the SEK amount converted; null when it cannot be converted.
 */
export function shownAmount(offer: PriceOffer, display: PriceDisplay): Money | null {
  if (offer.currency === display.currency) return { amount: offer.total, currency: offer.currency };
  if (offer.totalSek === null) return null;
  return { amount: offer.totalSek * display.perSek, currency: display.currency };
}

/** "4 389 kr"; the partner's own amount when it cannot be converted. */
export function formatShown(offer: PriceOffer, display: PriceDisplay): string {
  return formatMoney(shownAmount(offer, display) ?? { amount: offer.total, currency: offer.currency });
}

/** "1 463 kr / natt i snitt" for a stay; null for a lead price (it is per night already). */
export function perNightText(offer: PriceOffer, display: PriceDisplay): string | null {
  if (offer.kind !== "stay" || !offer.nights) return null;
  const money = shownAmount(offer, display) ?? { amount: offer.total, currency: offer.currency };
  return `${formatMoney({ amount: money.amount / offer.nights, currency: money.currency })} / natt i snitt`;
}

/** "89,50 € hos partnern" when the partner prices in another currency than the page shows; else null. */
export function partnerAmountText(offer: PriceOffer, display: PriceDisplay): string | null {
  return offer.currency === display.currency ? null : `${formatMoney({ amount: offer.total, currency: offer.currency })} hos partnern`;
}

/**
 * "Pris 3 900 kr, skatter 390 kr, avgifter 99 kr", in the partner's currency (no taxes or fees
 * left out); null when the parts are unknown. A partner that gives its charges only as a sum
 * (Booking.com's display price less its base) gets "skatter och avgifter": a base price is
 * never shown as if it were all (Booking.com's "displaying pricing information").
 */
export function partsText(offer: PriceOffer): string | null {
  if (offer.base === null) return null;
  const part = (label: string, amount: number | null) =>
    amount === null || (amount === 0 && label !== "Pris") ? null : `${label} ${formatMoney({ amount, currency: offer.currency })}`;
  if (offer.tax === null && offer.fees === null && offer.kind === "stay") {
    const charges = Math.round((offer.total - offer.base) * 100) / 100;
    return charges > 0 ? [part("Pris", offer.base), part("skatter och avgifter", charges)].join(", ") : null;
  }
  return [part("Pris", offer.base), part("skatter", offer.tax), part("avgifter", offer.fees)].filter(Boolean).join(", ");
}

/** What is paid beyond the shown total: "+ 150 kr betalas på hotellet", and whether more may come; empty when nothing. */
export function chargesBeyondTotal(offer: PriceOffer): string[] {
  const texts: string[] = [];
  if (offer.payAtPropertyCharges) {
    texts.push(`+ ${formatMoney({ amount: offer.payAtPropertyCharges, currency: offer.currency })} betalas på hotellet`);
  }
  if (offer.moreChargesMayApply) texts.push("Tillkommande avgifter kan förekomma");
  return texts;
}

const dayMonth = new Intl.DateTimeFormat("sv-SE", { day: "numeric", month: "long", timeZone: "Europe/Stockholm" });
const fullDate = new Intl.DateTimeFormat("sv-SE", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** The offer's conditions as the visitor reads them, each with whether it is in the visitor's favour. */
export function conditionLabels(offer: PriceOffer): Array<{ key: ConditionKey; text: string; yes: boolean }> {
  const labels: Array<{ key: ConditionKey; text: string; yes: boolean }> = [
    { key: "frukost", text: offer.breakfastIncluded ? "Frukost ingår" : "Utan frukost", yes: offer.breakfastIncluded },
    {
      key: "avbokning",
      text: offer.refundable
        ? offer.freeCancellationUntil
          ? `Gratis avbokning till ${dayMonth.format(new Date(offer.freeCancellationUntil))}`
          : "Gratis avbokning"
        : "Ej återbetalningsbar",
      yes: offer.refundable,
    },
  ];
  if (offer.payAtHotel) labels.push({ key: "betala-pa-hotellet", text: "Betala på hotellet", yes: true });
  return labels;
}

const relative = new Intl.RelativeTimeFormat("sv", { numeric: "always" });

/**
 * "Pris kontrollerat för 2 timmar sedan": minutes under an hour, hours under a day, then days;
 * "Pris kontrollerat nyss" under a minute (or a clock a little ahead of ours).
 */
export function checkedAgoText(confirmedAt: string | Date, now: string | Date): string {
  const minutes = Math.floor((new Date(now).getTime() - new Date(confirmedAt).getTime()) / 60_000);
  if (!(minutes >= 1)) return "Pris kontrollerat nyss";
  if (minutes < 60) return `Pris kontrollerat ${relative.format(-minutes, "minute")}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Pris kontrollerat ${relative.format(-hours, "hour")}`;
  return `Pris kontrollerat ${relative.format(-Math.floor(hours / 24), "day")}`;
}

const CURRENCY_WORDS: Record<DisplayCurrency, string> = { SEK: "kronor", EUR: "euro", NOK: "norska kronor", DKK: "danska kronor" };

/** Why the page shows kronor although the visitor asked for another currency (no stored rate for it), or null. */
export function currencyFallbackNote(asked: DisplayCurrency, display: PriceDisplay): string | null {
  return asked === display.currency ? null : `Vi har ingen växelkurs för ${CURRENCY_WORDS[asked]} just nu, så priserna visas i kronor.`;
}

/** "Omräknat till kronor med ECB:s kurs den 26 november 2026"; null when no conversion was needed or no rates are stored. */
export function conversionNote(offers: readonly PriceOffer[], display: PriceDisplay): string | null {
  if (!display.ratesDate || offers.every((offer) => offer.currency === display.currency)) return null;
  return `Omräknat till ${CURRENCY_WORDS[display.currency]} med ECB:s kurs den ${fullDate.format(new Date(`${display.ratesDate}T00:00:00Z`))}`;
}

/** The visitor's price choices (conditions and display currency) as address parameters, to keep them on links and forms. */
export function priceChoiceEntries(conditions: readonly ConditionKey[], currency: DisplayCurrency): Array<[string, string]> {
  const entries: Array<[string, string]> = conditions.map((key) => [CONDITIONS_PARAM, key]);
  if (currency !== HOME_CURRENCY) entries.push([CURRENCY_PARAM, currency]);
  return entries;
}

/** A link on this site with the price choices set (replacing any it had, after the rest), the hash kept last. */
export function withPriceChoices(href: string, conditions: readonly ConditionKey[], currency: DisplayCurrency): string {
  const [withoutHash, hash] = href.split("#", 2) as [string, string?];
  const [path, query = ""] = withoutHash.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.delete(CONDITIONS_PARAM);
  params.delete(CURRENCY_PARAM);
  for (const [name, value] of priceChoiceEntries(conditions, currency)) params.append(name, value);
  const search = params.toString();
  return `${path}${search ? `?${search}` : ""}${hash ? `#${hash}` : ""}`;
}
