/**
 * The deal signal (issue 38): a hotel's price for the visitor's stay is "Lägre pris än vanligt"
 * only when it is at least DEAL_DROP_PERCENT below the median of comparable stays (the same hotel
 * and length, check-ins in the same calendar month) seen over the last 12 months, the lowest of
 * the partners' medians, and there are at least DEAL_MIN_OBSERVATIONS of them. Anything less is no badge: never a fake deal. The
 * history is kept for two adults in one room (REFERENCE_PARTY), so only such a stay is compared.
 * Pure; shared by server and browser. See docs/decisions/073-price-history-and-deals.md.
 */
import { formatSek, type PriceDisplay } from "#app/utils/money.ts";
import { hasDates, nightsOf, type Stay } from "#app/utils/stay.ts";

export const DEAL_DROP_PERCENT = 15;
export const DEAL_MIN_OBSERVATIONS = 20;
/** The party the history is kept for: the default stay, the lead price's, and most searches'. */
export const REFERENCE_PARTY = { adults: 2, rooms: 1 } as const;

/** What comparable stays usually cost: the median total in SEK of `observations` seen. */
export interface UsualPrice {
  /** The check-in month compared, 1–12. */
  month: number;
  nights: number;
  medianSek: number;
  observations: number;
}

/** The price history of a hotel's stays of one length, per check-in month: what the hotel page's chart shows. */
export interface PriceHistory {
  nights: number;
  /** Twelve entries, January to December; a month without observations has medianSek null. */
  months: Array<{ month: number; medianSek: number | null; observations: number }>;
}

/** The usual price of the history's stays with check-ins in `month`, or null when none were seen. */
export function usualIn(history: PriceHistory, month: number): UsualPrice | null {
  const entry = history.months.find((candidate) => candidate.month === month);
  return entry && entry.medianSek !== null
    ? { month, nights: history.nights, medianSek: entry.medianSek, observations: entry.observations }
    : null;
}

/** The season a check-in (YYYY-MM-DD) is compared within: its calendar month, 1–12. */
export const seasonOf = (checkIn: string) => Number(checkIn.slice(5, 7));

/** The stay the history can speak for: dates, and the reference party. Else null (no badge). */
export function comparableStay(stay: Stay): { checkIn: string; nights: number; month: number } | null {
  if (!hasDates(stay) || stay.adults !== REFERENCE_PARTY.adults || stay.rooms !== REFERENCE_PARTY.rooms) return null;
  return { checkIn: stay.checkIn, nights: nightsOf(stay)!, month: seasonOf(stay.checkIn) };
}

/**
 * Whether a shown total (SEK) is a deal against the usual price: enough observations and at
 * least 15 % below their median. Compared in öre, so 850 kr against 1 000 kr is exactly 15 %.
 */
export function isDeal(totalSek: number | null | undefined, usual: UsualPrice | null | undefined): usual is UsualPrice {
  if (totalSek === null || totalSek === undefined || !usual || usual.observations < DEAL_MIN_OBSERVATIONS) return false;
  const total = Math.round(totalSek * 100);
  const median = Math.round(usual.medianSek * 100);
  return total > 0 && total * 100 <= median * (100 - DEAL_DROP_PERCENT);
}

export const MONTHS_SV = [
  "januari",
  "februari",
  "mars",
  "april",
  "maj",
  "juni",
  "juli",
  "augusti",
  "september",
  "oktober",
  "november",
  "december",
] as const;

export const nightsText = (nights: number) => `${nights} ${nights === 1 ? "natt" : "nätter"}`;

/** The badge's one-line reason: "Vanligtvis 1 650 kr för 2 nätter i mars; nu 1 390 kr". */
export function dealExplanation(usual: UsualPrice, totalSek: number, display: PriceDisplay): string {
  return `Vanligtvis ${formatSek(usual.medianSek, display)} för ${nightsText(usual.nights)} i ${MONTHS_SV[usual.month - 1]}; nu ${formatSek(totalSek, display)}`;
}

export const DEAL_BADGE_TEXT = "Lägre pris än vanligt";
