/** Dates as Swedish readers write them, in Swedish time, the same on server and browser. */
const longDate = new Intl.DateTimeFormat("sv-SE", { dateStyle: "long", timeZone: "Europe/Stockholm" });

/** '21 november 2026'. */
export function swedishDate(iso: string | Date): string {
  return longDate.format(typeof iso === "string" ? new Date(iso) : iso);
}

/** Date and time as the back office (English) shows them, in Swedish time: '25 Nov 2026, 14:05'. */
export const adminDateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Stockholm" });
