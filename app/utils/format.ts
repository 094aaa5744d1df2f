/**
 * The one module that writes dates and numbers for people: dates as Swedish readers write them
 * (in Swedish time, the same on server and browser), the back office's date-time, ratings,
 * counts and cut text. Amounts of money are written by utils/money.ts (formatMoney, formatSek).
 */
const longDate = new Intl.DateTimeFormat("sv-SE", { dateStyle: "long", timeZone: "Europe/Stockholm" });

/** '21 november 2026'. */
export function swedishDate(iso: string | Date): string {
  return longDate.format(typeof iso === "string" ? new Date(iso) : iso);
}

/** Date and time as the back office (English) shows them, in Swedish time: '25 Nov 2026, 14:05'. */
export const adminDateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Stockholm" });

/** A time of day as the back office shows it, in Swedish time: '14:05'. */
export const adminTime = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Stockholm" });

/** The rating on the 0–10 scale with one decimal, Swedish style: 8.64 → '8,6'. */
export function formatRating(rating: number): string {
  const clamped = Math.min(10, Math.max(0, Number.isFinite(rating) ? rating : 0));
  return oneDecimal.format(Math.round(clamped * 10) / 10);
}

// Formatters are costly to make and a list page formats hundreds of numbers: make each once.
const oneDecimal = new Intl.NumberFormat("sv-SE", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const wholeNumber = new Intl.NumberFormat("sv-SE", { maximumFractionDigits: 0 });
/** A whole number the Swedish way: 1234567 → '1 234 567'. */
export function formatCount(value: number): string {
  return wholeNumber.format(value);
}

/** Cuts text at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function truncate(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max - 1);
  const endsOnWord = /\s/.test(value.charAt(max - 1));
  const lastSpace = cut.lastIndexOf(" ");
  const atWord = endsOnWord || lastSpace < max * 0.6 ? cut : cut.slice(0, lastSpace);
  return `${atWord.trimEnd().replace(/[,.;:]$/, "")}…`;
}
