/** Dates as Swedish readers write them, in Swedish time, the same on server and browser. */
const longDate = new Intl.DateTimeFormat("sv-SE", { dateStyle: "long", timeZone: "Europe/Stockholm" });

/** '21 november 2026'. */
export function swedishDate(iso: string | Date): string {
  return longDate.format(typeof iso === "string" ? new Date(iso) : iso);
}
