/**
 * The month view of stay prices as a hotel page and a place page read it (issue 38, decision 074):
 * the cheapest total of the stay for each check-in of the month, in one query (the SQL function
 * stay_price_calendar of the migration 20261205300000), by the same rule as the price a hotel page
 * and a list show for that stay.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { log } from "#app/utils/log.server.ts";
import { addDays, readStay, STAY_PARAM_NAMES, todayInSweden, type Stay } from "#app/utils/stay.ts";
import { readConditions } from "./conditions.ts";
import { cheapestByBounds, stayBounds } from "./calendar-bounds.ts";
import { addMonths, bookableRange, CALENDAR_PARAM_NAMES, isShownMonth, readCalendar, type CalendarData } from "./calendar-month.ts";

type DB = Kysely<Database>;

/** Whose prices: one hotel's (hotels.id), or the cheapest hotel's of a place (as its page names it). */
export type CalendarTarget = { hotelId: string } | { country: string; location: string };

/** Address parameters the calendar leaves out of its links: its own, the stay's, and a list's page number. */
const NOT_KEPT = new Set([...CALENDAR_PARAM_NAMES, ...STAY_PARAM_NAMES, "sida"]);

interface CalendarStay {
  nights: number;
  adults: number;
  rooms: number;
}

/** The cheapest total in SEK per check-in of the range over the given hotels: one statement (stay_price_calendar). */
async function hotelsMonthPrices(
  hotelIds: RawBuilder<unknown>,
  range: { first: string; days: number },
  stay: CalendarStay,
  wanted: number,
  db: DB,
): Promise<Map<string, number>> {
  const { rows } = await sql<{ check_in: string; total_sek: string | number }>`
    select to_char(calendar.check_in, 'YYYY-MM-DD') as check_in, calendar.total_sek
    from stay_price_calendar(${hotelIds}, ${range.first}::date, ${range.days}, ${stay.nights}, ${stay.adults}, ${stay.rooms},
      ${getEnv().OFFER_MAX_AGE_HOURS}, ${wanted}) calendar
  `.execute(db);
  return new Map(rows.map((row) => [row.check_in, Number(row.total_sek)]));
}

/**
 * A place's cheapest total per check-in: its hotels' price floors for the wanted conditions first
 * (a row per hotel and month), then exact prices of the few hotels that can be the cheapest
 * (calendar-bounds.ts).
 */
async function placeMonthPrices(
  place: { country: string; location: string },
  range: { first: string; days: number },
  stay: CalendarStay,
  wanted: number,
  db: DB,
): Promise<Map<string, number>> {
  const { rows } = await sql<{ hotel_id: string; month: string; floors: Array<number | null>; factor: number }>`
    select floor.hotel_id, to_char(floor.month, 'YYYY-MM') as month, floor.floors, to_sek.factor::float8 as factor
    from hotel_price_floors floor
    join sek_factors() to_sek on to_sek.currency = floor.currency
    where floor.hotel_id = any(array(
        select hotel.id from hotels hotel
        where hotel.country_key = place_key(${place.country}) and hotel.location_key = place_key(${place.location})
      ))
      and floor.month between date_trunc('month', ${range.first}::date) and ${addDays(range.first, range.days + stay.nights - 2)}::date
      and floor.conditions = ${wanted}
  `.execute(db);
  // A hotel priced in several currencies: the lowest of them per weekday.
  const floors = new Map<string, Map<string, Array<number | null>>>();
  for (const row of rows) {
    const months = floors.get(row.hotel_id) ?? new Map<string, Array<number | null>>();
    const inSek = row.floors.map((floor) => (floor === null ? null : Number(floor) * Number(row.factor)));
    const other = months.get(row.month);
    months.set(row.month, other ? inSek.map((floor, day) => lower(floor, other[day] ?? null)) : inSek);
    floors.set(row.hotel_id, months);
  }
  const cheapest = await cheapestByBounds(stayBounds(floors, range.first, range.days, stay.nights), async (hotelIds) => {
    const totals = await hotelsMonthPrices(sql`${hotelIds}::uuid[]`, range, stay, wanted, db);
    return new Map([...totals].map(([checkIn, total]) => [dayNumber(checkIn) - dayNumber(range.first), total]));
  });
  return new Map([...cheapest].map(([day, total]) => [addDays(range.first, day), total]));
}

const lower = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** The cheapest total in SEK per check-in from `first` for `days` days, for a stay of `nights` nights for the party. */
export function monthStayPrices(
  target: CalendarTarget,
  range: { first: string; days: number },
  stay: CalendarStay,
  wanted: number,
  db: DB = getAppDatabase().db,
): Promise<Map<string, number>> {
  return "hotelId" in target
    ? hotelsMonthPrices(sql`array[${target.hotelId}]::uuid[]`, range, stay, wanted, db)
    : placeMonthPrices(target, range, stay, wanted, db);
}

/**
 * The calendar the address asks for (`kalender`), or null when it asks for none. Prices that cannot
 * be read leave the calendar without them (failed), never the page.
 */
export async function loadPriceCalendar(
  url: URL,
  { target, stay, today, wanted }: { target: CalendarTarget; stay: Stay; today: string; wanted: number },
  db?: DB,
): Promise<CalendarData | null> {
  const reading = readCalendar(url.searchParams, stay, today);
  if (!reading) return null;
  const { choice } = reading;
  const range = bookableRange(choice.month, today);
  let failed = false;
  const prices = range
    ? await monthStayPrices(target, range, { nights: choice.nights, adults: stay.adults, rooms: stay.rooms }, wanted, db).catch(
        (error: unknown) => {
          log.error("price calendar failed", error, { path: url.pathname });
          failed = true;
          return new Map<string, number>();
        },
      )
    : new Map<string, number>();
  const neighbour = (month: string) => (isShownMonth(month, today) ? month : null);
  return {
    choice,
    adults: stay.adults,
    rooms: stay.rooms,
    prices: [...prices],
    previous: neighbour(addMonths(choice.month, -1)),
    next: neighbour(addMonths(choice.month, 1)),
    kept: [...url.searchParams].filter(([name]) => !NOT_KEPT.has(name)),
    notes: reading.notes,
    failed,
  };
}

/** The calendar of a page's address (the stay and conditions as the page reads them), or null without `kalender`. */
export function pageCalendar(url: URL, target: CalendarTarget): Promise<CalendarData | null> {
  const today = todayInSweden();
  const { stay } = readStay(url.searchParams, today);
  return loadPriceCalendar(url, { target, stay, today, wanted: readConditions(url.searchParams).mask });
}
