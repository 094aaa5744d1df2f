/**
 * The month view of stay prices (issue 38, decision 074): which month and stay length an address
 * asks for (`kalender=YYYY-MM`, `natter=N`, the stay's `vuxna`/`rum`), the month's grid of weeks,
 * and which dates are the cheapest. Read leniently, like the stay: a value that cannot be used
 * falls back with a Swedish note, never an error page. Pure; shared by server and browser.
 */
import { addDays, hasDates, nightsLabel, nightsOf, type Stay } from "#app/utils/stay.ts";

export const CALENDAR_PARAM = "kalender";
/** The stay's length in the calendar (its check-ins each lead to a stay this long). */
export const CALENDAR_NIGHTS_PARAM = "natter";
export const CALENDAR_PARAM_NAMES: readonly string[] = [CALENDAR_PARAM, CALENDAR_NIGHTS_PARAM];
export const MIN_CALENDAR_NIGHTS = 1;
export const MAX_CALENDAR_NIGHTS = 14;
export const DEFAULT_CALENDAR_NIGHTS = 2;
/** Months the calendar goes ahead of the current one: partners sell about a year ahead. */
export const CALENDAR_MONTHS_AHEAD = 11;
/** The page section the calendar is in (links land on it). */
export const CALENDAR_ANCHOR = "kalender";

export interface CalendarChoice {
  /** YYYY-MM. */
  month: string;
  nights: number;
}

/** What the page's calendar shows (plain data for the browser). */
export interface CalendarData {
  choice: CalendarChoice;
  adults: number;
  rooms: number;
  /** [check-in, cheapest total in SEK] of the bookable check-ins with a price; a check-in absent has none. */
  prices: Array<[string, number]>;
  /** The neighbouring months the calendar shows, or null at either end. */
  previous: string | null;
  next: string | null;
  /** The address's parameters the calendar's links and form keep (filters, price choices), without the stay and the calendar's own. */
  kept: Array<[string, string]>;
  /** Why part of what the address asked for is not used, in Swedish. */
  notes: string[];
  /** The prices could not be read (the page says so instead of showing every date without rooms). */
  failed: boolean;
}

export interface CalendarReading {
  choice: CalendarChoice;
  notes: string[];
}

const MONTH_PATTERN = /^(\d{4})-(\d{2})$/;
const monthIndex = (month: string) => {
  const match = MONTH_PATTERN.exec(month)!;
  return Number(match[1]) * 12 + Number(match[2]) - 1;
};
const monthOfIndex = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;

/** The YYYY-MM of a YYYY-MM-DD date. */
export const monthOf = (date: string) => date.slice(0, 7);
/** The month `count` months after a YYYY-MM month. */
export const addMonths = (month: string, count: number) => monthOfIndex(monthIndex(month) + count);

/** The months the calendar shows: from today's to CALENDAR_MONTHS_AHEAD after it. */
export const isShownMonth = (month: string, today: string) => {
  const offset = monthIndex(month) - monthIndex(monthOf(today));
  return offset >= 0 && offset <= CALENDAR_MONTHS_AHEAD;
};

/** The days of a YYYY-MM month, YYYY-MM-DD. */
export function monthDays(month: string): string[] {
  const days: string[] = [];
  for (let day = `${month}-01`; monthOf(day) === month; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The month as weeks of seven days, Monday first (Swedish weeks); null where a week runs into another month. */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const days = monthDays(month);
  // 1970-01-01 was a Thursday (3 counted from Monday).
  const weekday = (Date.parse(`${days[0]}T00:00:00Z`) / 86_400_000 + 3) % 7;
  const cells: Array<string | null> = [...Array<null>(weekday).fill(null), ...days];
  while (cells.length % 7) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

/** The check-ins of the month that can still be booked: from today (or the month's first day) to its last. */
export function bookableRange(month: string, today: string): { first: string; days: number } | null {
  const days = monthDays(month).filter((day) => day >= today);
  return days.length ? { first: days[0]!, days: days.length } : null;
}

/** The nights the calendar starts with: the visitor's stay's when it has one the calendar can show, else 2. */
export function defaultNights(stay: Stay): number {
  const nights = nightsOf(stay);
  return nights !== null && nights >= MIN_CALENDAR_NIGHTS && nights <= MAX_CALENDAR_NIGHTS ? nights : DEFAULT_CALENDAR_NIGHTS;
}

const MAX_SHOWN = 20;
const shown = (value: string) => value.replace(/[\u0000-\u001f\u007f]/g, " ").slice(0, MAX_SHOWN);

/**
 * The calendar an address asks for, or null when it asks for none (no `kalender`). A month that is
 * not YYYY-MM, is past or too far ahead, shows the stay's month (or today's); a length outside
 * 1–14 the default. Each with a note.
 */
export function readCalendar(params: URLSearchParams, stay: Stay, today: string): CalendarReading | null {
  if (!params.has(CALENDAR_PARAM)) return null;
  const notes: string[] = [];
  const fallbackMonth = hasDates(stay) && isShownMonth(monthOf(stay.checkIn), today) ? monthOf(stay.checkIn) : monthOf(today);
  const asked = (params.get(CALENDAR_PARAM) ?? "").trim();
  let month = fallbackMonth;
  if (asked) {
    const match = MONTH_PATTERN.exec(asked);
    if (!match || Number(match[2]) < 1 || Number(match[2]) > 12) {
      notes.push(`Månaden ”${shown(asked)}” finns inte (skriv den som ÅÅÅÅ-MM), så vi visar ${monthLabel(fallbackMonth)}.`);
    } else if (monthIndex(asked) < monthIndex(monthOf(today))) {
      notes.push(`${capitalised(monthLabel(asked))} har redan varit, så vi visar ${monthLabel(fallbackMonth)}.`);
    } else if (!isShownMonth(asked, today)) {
      notes.push(`Så långt fram visar kalendern inga priser än, så vi visar ${monthLabel(fallbackMonth)}.`);
    } else {
      month = asked;
    }
  }
  const nightsText = (params.get(CALENDAR_NIGHTS_PARAM) ?? "").trim();
  let nights = defaultNights(stay);
  if (nightsText) {
    const value = Number(nightsText);
    if (Number.isInteger(value) && value >= MIN_CALENDAR_NIGHTS && value <= MAX_CALENDAR_NIGHTS) nights = value;
    else notes.push(`Antalet nätter måste vara ${MIN_CALENDAR_NIGHTS}–${MAX_CALENDAR_NIGHTS}, så vi räknar med ${nightsLabel(nights)}.`);
  }
  return { choice: { month, nights }, notes };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const monthFormat = new Intl.DateTimeFormat("sv-SE", { month: "long", year: "numeric", timeZone: "UTC" });
/** 'december 2026'. */
export const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));
const dayFormat = new Intl.DateTimeFormat("sv-SE", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
/** 'måndag 7 december'. */
export const dayLabel = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
/** The day of the month, '7'. */
export const dayOfMonth = (date: string) => String(Number(date.slice(8, 10)));

/** The weekdays as the grid's column headers: a short name shown, the full one for screen readers. */
export const WEEKDAYS = [
  { short: "mån", long: "måndag" },
  { short: "tis", long: "tisdag" },
  { short: "ons", long: "onsdag" },
  { short: "tor", long: "torsdag" },
  { short: "fre", long: "fredag" },
  { short: "lör", long: "lördag" },
  { short: "sön", long: "söndag" },
] as const;

/** The dates with the month's lowest total (all of them when several share it); none without prices. */
export function cheapestDates(prices: ReadonlyMap<string, number>): Set<string> {
  let lowest = Number.POSITIVE_INFINITY;
  for (const total of prices.values()) lowest = Math.min(lowest, total);
  return new Set([...prices].filter(([, total]) => total === lowest).map(([date]) => date));
}

/** The address parameters of a calendar: the month and, unless it is the stay's own or the default, the length. */
export function calendarEntries(choice: CalendarChoice, stay: Stay): Array<[string, string]> {
  const entries: Array<[string, string]> = [[CALENDAR_PARAM, choice.month]];
  if (choice.nights !== defaultNights(stay)) entries.push([CALENDAR_NIGHTS_PARAM, String(choice.nights)]);
  return entries;
}

/** An address with the calendar's parameters replaced by `entries` (none: the calendar closed). The hash is dropped. */
export function withCalendar(href: string, entries: Array<[string, string]>): string {
  const [path, query = ""] = href.split("#", 1)[0]!.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  for (const name of CALENDAR_PARAM_NAMES) params.delete(name);
  for (const [name, value] of entries) params.append(name, value);
  const search = params.toString();
  return `${path}${search ? `?${search}` : ""}`;
}
