/**
 * Outbound clicks per partner per day as the back office shows and exports them: the periods
 * it offers and the CSV file. No I/O (partnerClicksPerDay in partners.server.ts reads them).
 */

export const CLICK_PERIODS = [7, 30, 90] as const;
export type ClickPeriod = (typeof CLICK_PERIODS)[number];
export const DEFAULT_CLICK_PERIOD: ClickPeriod = 30;

/** The period a `?period=` asks for; anything else is the default. */
export function readClickPeriod(value: string | null): ClickPeriod {
  return CLICK_PERIODS.find((period) => String(period) === value) ?? DEFAULT_CLICK_PERIOD;
}

export interface PartnerClicks {
  /** The period's days, oldest first (UTC dates, as on the dashboard). */
  days: string[];
  /** Every partner, by name, with its clicks on each of `days` (zeros included). */
  partners: { id: string; name: string; perDay: number[]; total: number }[];
}

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ cannot start a formula. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** `day,partner,clicks`, one row per day and partner (by day, then as listed), zeros included. */
export function partnerClicksCsv(clicks: PartnerClicks): string {
  const lines = ["day,partner,clicks"];
  for (const [index, day] of clicks.days.entries())
    for (const partner of clicks.partners) lines.push([day, csvField(partner.id), String(partner.perDay[index] ?? 0)].join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** The download's file name: partner-clicks-30-days-2026-11-24.csv. */
export const partnerClicksFileName = (clicks: PartnerClicks) =>
  `partner-clicks-${clicks.days.length}-days-${clicks.days[clicks.days.length - 1] ?? "none"}.csv`;
