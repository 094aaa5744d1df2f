/**
 * A visitor's stay: check-in, check-out, adults and rooms, as they travel in the address
 * (`incheckning`, `utcheckning`, `vuxna`, `rum`) between list, place, hotel and compare pages
 * and on to the partner. Read leniently: a value that cannot be used is left out with a
 * Swedish note saying so, never an error page. No I/O here; shared by server and browser.
 */

export const STAY_PARAMS = { checkIn: "incheckning", checkOut: "utcheckning", adults: "vuxna", rooms: "rum" } as const;
export const STAY_PARAM_NAMES: readonly string[] = Object.values(STAY_PARAMS);

export const DEFAULT_ADULTS = 2;
export const DEFAULT_ROOMS = 1;
export const MAX_ADULTS = 30;
export const MAX_ROOMS = 9;
export const MAX_NIGHTS = 30;
/** Partners take bookings about a year ahead; a check-in later than this is a typo. */
export const MAX_DAYS_AHEAD = 500;

export interface Stay {
  /** YYYY-MM-DD, both set or both null. */
  checkIn: string | null;
  checkOut: string | null;
  adults: number;
  rooms: number;
}

export interface DatedStay extends Stay {
  checkIn: string;
  checkOut: string;
}

export const NO_STAY: Stay = { checkIn: null, checkOut: null, adults: DEFAULT_ADULTS, rooms: DEFAULT_ROOMS };

export const hasDates = (stay: Stay): stay is DatedStay => stay.checkIn !== null && stay.checkOut !== null;

/** True when the address says anything about the stay (such pages are not indexed). */
export const isChosenStay = (stay: Stay) => hasDates(stay) || stay.adults !== DEFAULT_ADULTS || stay.rooms !== DEFAULT_ROOMS;

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a real calendar date in YYYY-MM-DD, else null ('2026-02-30' is null). */
function dayNumber(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return time / DAY_MS;
}

/** The date in Sweden (where our visitors' "today" is), YYYY-MM-DD. */
export function todayInSweden(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** A date `days` after a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const start = dayNumber(date);
  if (start === null) throw new Error(`not a date: ${date}`);
  return new Date((start + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Nights between check-in and check-out (null without dates). */
export function nightsOf(stay: Stay): number | null {
  if (!hasDates(stay)) return null;
  return (dayNumber(stay.checkOut) ?? 0) - (dayNumber(stay.checkIn) ?? 0);
}

/** '3 nätter', '1 natt'. */
export const nightsLabel = (nights: number) => `${nights} ${nights === 1 ? "natt" : "nätter"}`;
/** '2 vuxna', '1 vuxen'. */
export const adultsLabel = (adults: number) => `${adults} ${adults === 1 ? "vuxen" : "vuxna"}`;
/** '1 rum'. */
export const roomsLabel = (rooms: number) => `${rooms} rum`;

const dayAndMonth = new Intl.DateTimeFormat("sv-SE", { day: "numeric", month: "long", timeZone: "UTC" });
/** '12–15 mars', '30 mars–2 april', '30 december 2026–2 januari 2027' (the platform's range format). */
export function datesLabel(stay: DatedStay): string {
  const date = (value: string) => new Date(`${value}T00:00:00Z`);
  return dayAndMonth.formatRange(date(stay.checkIn), date(stay.checkOut));
}

/** '12–15 mars, 3 nätter, 2 vuxna, 1 rum' (without dates: the guests only). */
export function stayLabel(stay: Stay): string {
  const guests = `${adultsLabel(stay.adults)}, ${roomsLabel(stay.rooms)}`;
  return hasDates(stay) ? `${datesLabel(stay)}, ${nightsLabel(nightsOf(stay)!)}, ${guests}` : guests;
}

/** What a whole stay costs at a price per night: every night, every room. */
export function stayTotal(pricePerNight: number, stay: Stay): number | null {
  const nights = nightsOf(stay);
  return nights === null ? null : pricePerNight * nights * stay.rooms;
}

export interface StayReading {
  stay: Stay;
  /** Why part of what was asked for is not used, in Swedish, for the page to show. */
  notes: string[];
}

const MAX_SHOWN = 40;
const shown = (value: string) => value.replace(/[\u0000-\u001f\u007f]/g, " ").slice(0, MAX_SHOWN);

function count(raw: string | null, { min, max, fallback }: { min: number; max: number; fallback: number }): number | null {
  if (raw === null || raw.trim() === "") return fallback;
  const value = Number(raw.trim());
  return Number.isInteger(value) && value >= min && value <= max ? value : null;
}

/**
 * The stay in an address. `today` is the visitor's date (todayInSweden()): a check-in before
 * it, a check-out not after the check-in, a stay longer than MAX_NIGHTS or a date that does
 * not exist leave both dates out; guests outside their range fall back to the default. Each
 * with a note.
 */
export function readStay(params: URLSearchParams, today: string): StayReading {
  const notes: string[] = [];
  const adults = count(params.get(STAY_PARAMS.adults), { min: 1, max: MAX_ADULTS, fallback: DEFAULT_ADULTS });
  if (adults === null) notes.push(`Antalet vuxna måste vara 1–${MAX_ADULTS}, så vi räknar med ${DEFAULT_ADULTS} vuxna.`);
  let rooms = count(params.get(STAY_PARAMS.rooms), { min: 1, max: MAX_ROOMS, fallback: DEFAULT_ROOMS });
  if (rooms === null) notes.push(`Antalet rum måste vara 1–${MAX_ROOMS}, så vi räknar med ${DEFAULT_ROOMS} rum.`);
  const guests = adults ?? DEFAULT_ADULTS;
  rooms ??= DEFAULT_ROOMS;
  if (rooms > guests) {
    notes.push(`Varje rum behöver minst en vuxen, så vi räknar med ${roomsLabel(guests)}.`);
    rooms = guests;
  }

  const checkInText = (params.get(STAY_PARAMS.checkIn) ?? "").trim();
  const checkOutText = (params.get(STAY_PARAMS.checkOut) ?? "").trim();
  const stay: Stay = { checkIn: null, checkOut: null, adults: guests, rooms };
  if (!checkInText && !checkOutText) return { stay, notes };

  const checkIn = dayNumber(checkInText);
  const checkOut = dayNumber(checkOutText);
  const todayNumber = dayNumber(today) ?? 0;
  const ignored = "så vi visar priser per natt utan datum.";
  if (!checkInText || !checkOutText) {
    notes.push(`Välj både incheckning och utcheckning, ${ignored}`);
  } else if (checkIn === null || checkOut === null) {
    const bad = checkIn === null ? checkInText : checkOutText;
    notes.push(`Datumet ”${shown(bad)}” finns inte (skriv det som ÅÅÅÅ-MM-DD), ${ignored}`);
  } else if (checkIn < todayNumber) {
    notes.push(`Incheckningen ${checkInText} har redan varit, ${ignored}`);
  } else if (checkOut <= checkIn) {
    notes.push(`Utcheckningen måste vara efter incheckningen, ${ignored}`);
  } else if (checkOut - checkIn > MAX_NIGHTS) {
    notes.push(`En vistelse kan vara högst ${MAX_NIGHTS} nätter, ${ignored}`);
  } else if (checkIn - todayNumber > MAX_DAYS_AHEAD) {
    notes.push(`Så långt fram går det inte att boka än, ${ignored}`);
  } else {
    stay.checkIn = checkInText;
    stay.checkOut = checkOutText;
  }
  return { stay, notes };
}

/** True for a form value the address can do without: an empty date, or the default guests. */
export function isDefaultStayField(name: string, value: string): boolean {
  if (name === STAY_PARAMS.adults) return value.trim() === "" || Number(value) === DEFAULT_ADULTS;
  if (name === STAY_PARAMS.rooms) return value.trim() === "" || Number(value) === DEFAULT_ROOMS;
  if (name === STAY_PARAMS.checkIn || name === STAY_PARAMS.checkOut) return value.trim() === "";
  return false;
}

/** The stay as address parameters: dates when chosen, guests when not the default. */
export function stayEntries(stay: Stay): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  if (hasDates(stay)) entries.push([STAY_PARAMS.checkIn, stay.checkIn], [STAY_PARAMS.checkOut, stay.checkOut]);
  if (stay.adults !== DEFAULT_ADULTS) entries.push([STAY_PARAMS.adults, String(stay.adults)]);
  if (stay.rooms !== DEFAULT_ROOMS) entries.push([STAY_PARAMS.rooms, String(stay.rooms)]);
  return entries;
}

/**
 * A link on this site with the stay added (replacing any stay it had), so the visitor's dates
 * follow them from list to hotel to compare page. The hash stays last.
 */
export function withStay(href: string, stay: Stay): string {
  const entries = stayEntries(stay);
  const [withoutHash, hash = ""] = href.split("#", 2) as [string, string?];
  const [path, query = ""] = withoutHash.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  for (const name of STAY_PARAM_NAMES) params.delete(name);
  for (const [name, value] of entries) params.append(name, value);
  const search = params.toString();
  return `${path}${search ? `?${search}` : ""}${hash ? `#${hash}` : ""}`;
}
