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

/** How many hotels the place's first statement prices with its floors: those with the lowest floor. */
const FIRST_PRICED = 2;

/**
 * A place's cheapest total per check-in (decisions 074, 075). One statement reads its hotels' price
 * floors for the wanted conditions (one index range by place, conditions and month), prices
 * exactly the few hotels with the lowest floor, and returns the floors only of the hotels that
 * could still be cheaper for some check-in; then, only if any, exact prices of those hotels in
 * order of their bounds (calendar-bounds.ts).
 *
 * Which hotels cannot be cheaper, without summing 1,000 hotels' stays in SQL: take the first
 * priced hotel's floor on each night of the range (0 where it has none) and raise it, for each
 * check-in whose stay includes the night, by what that check-in's cheapest total exceeds the sum
 * of those floors over the stay, per night. A stay's sum of these per-night thresholds is then at
 * least its cheapest total, so a hotel whose floor is at or above the threshold of every night
 * (by month and weekday, the highest) has every stay's bound at or above the cheapest total: it
 * cannot show less. A check-in nothing priced sells leaves its nights open (every hotel with a
 * floor there is returned).
 */
async function placeMonthPrices(
  place: { country: string; location: string },
  range: { first: string; days: number },
  stay: CalendarStay,
  wanted: number,
  db: DB,
): Promise<Map<string, number>> {
  const { rows } = await sql<{
    hotel_id: string | null;
    month: string | null;
    floors: Array<number | null> | null;
    factor: number | null;
    check_in: string | null;
    total_sek: string | number | null;
  }>`
    with floor as materialized (
      select floor.hotel_id, floor.month, floor.floors, to_sek.factor::float8 as factor
      from hotel_price_floors floor
      join sek_factors() to_sek on to_sek.currency = floor.currency
      where floor.country_key = place_key(${place.country}) and floor.location_key = place_key(${place.location})
        and floor.conditions = ${wanted}
        and floor.month between date_trunc('month', ${range.first}::date) and ${addDays(range.first, range.days + stay.nights - 2)}::date
    ),
    candidate as materialized (
      select lowest.hotel_id, min(lowest.floor) as lowest
      from (
        select floor.hotel_id, least(floor.floors[1], floor.floors[2], floor.floors[3], floor.floors[4], floor.floors[5],
            floor.floors[6], floor.floors[7]) * floor.factor as floor
        from floor
        order by 2 nulls last
        limit ${FIRST_PRICED * 8}
      ) lowest
      group by lowest.hotel_id
      order by lowest
      limit ${FIRST_PRICED}
    ),
    -- A lateral call (not array(select …) as the argument) lets the function be inlined into this statement.
    priced as materialized (
      select calendar.check_in, calendar.total_sek
      from (select array_agg(candidate.hotel_id) as hotel_ids from candidate) first_priced
      cross join lateral stay_price_calendar(first_priced.hotel_ids, ${range.first}::date, ${range.days}, ${stay.nights},
        ${stay.adults}, ${stay.rooms}, ${getEnv().OFFER_MAX_AGE_HOURS}, ${wanted}) calendar
    ),
    -- The nights of the range, and the first priced hotel's floor on each in SEK (0: none).
    reference as materialized (
      select night.index, night.month, night.weekday, coalesce(min(floor.floors[night.weekday] * floor.factor), 0) as floor
      from (
        select index, date_trunc('month', ${range.first}::date + index)::date as month,
          extract(isodow from ${range.first}::date + index)::integer as weekday
        from generate_series(0, ${range.days + stay.nights - 2}) index
      ) night
      left join floor on floor.month = night.month
        and floor.hotel_id = (select candidate.hotel_id from candidate order by candidate.lowest limit 1)
      group by night.index, night.month, night.weekday
    ),
    -- Per check-in: what its cheapest total exceeds the reference's floors of its nights by, per night (null: nothing priced).
    excess as (
      select check_in.index, (priced.total_sek::float8 - sum(reference.floor)) / ${stay.nights} as per_night
      from generate_series(0, ${range.days - 1}) check_in(index)
      left join priced on priced.check_in = ${range.first}::date + check_in.index
      join reference on reference.index between check_in.index and check_in.index + ${stay.nights - 1}
      group by check_in.index, priced.total_sek
    ),
    -- Per month and weekday (isodow as the index): the highest threshold of its nights (Infinity: open; null: no night).
    threshold as (
      select month, array_agg(floor order by weekday) as floors
      from (
        select month.month, weekday.weekday,
          max(case when excess.per_night is null then 'Infinity'::float8 else reference.floor + greatest(excess.per_night, 0) end)
            filter (where reference.index is not null) as floor
        from (select distinct reference.month from reference) month(month)
        cross join generate_series(1, 7) weekday(weekday)
        left join reference on reference.month = month.month and reference.weekday = weekday.weekday
        left join excess on reference.index between excess.index and excess.index + ${stay.nights - 1}
        group by month.month, weekday.weekday
      ) cell
      group by month
    ),
    -- The hotels below a threshold somewhere (in any of their currencies).
    open as (
      select distinct floor.hotel_id from floor join threshold on threshold.month = floor.month
      where floor.floors[1] * floor.factor < threshold.floors[1] or floor.floors[2] * floor.factor < threshold.floors[2]
        or floor.floors[3] * floor.factor < threshold.floors[3] or floor.floors[4] * floor.factor < threshold.floors[4]
        or floor.floors[5] * floor.factor < threshold.floors[5] or floor.floors[6] * floor.factor < threshold.floors[6]
        or floor.floors[7] * floor.factor < threshold.floors[7]
      except
      select candidate.hotel_id from candidate
    )
    select floor.hotel_id, to_char(floor.month, 'YYYY-MM') as month, floor.floors, floor.factor, null::text as check_in,
      null::numeric as total_sek
    from floor join open on open.hotel_id = floor.hotel_id
    union all
    select candidate.hotel_id, null, null, null, null, null from candidate
    union all
    select null, null, null, null, to_char(priced.check_in, 'YYYY-MM-DD'), priced.total_sek from priced
  `.execute(db);
  // In SEK; a hotel priced in several currencies: the lowest of them per weekday.
  const floors = new Map<string, Map<string, Array<number | null>>>();
  const already = { hotelIds: [] as string[], totals: new Map<number, number>() };
  for (const row of rows) {
    if (row.check_in !== null) already.totals.set(dayNumber(row.check_in) - dayNumber(range.first), Number(row.total_sek));
    else if (row.floors === null) already.hotelIds.push(row.hotel_id!);
    else {
      const months = floors.get(row.hotel_id!) ?? new Map<string, Array<number | null>>();
      const inSek = row.floors.map((floor) => (floor === null ? null : Number(floor) * Number(row.factor)));
      const other = months.get(row.month!);
      floors.set(row.hotel_id!, months.set(row.month!, other ? inSek.map((floor, day) => lower(floor, other[day] ?? null)) : inSek));
    }
  }
  const cheapest = await cheapestByBounds(
    stayBounds(floors, range.first, range.days, stay.nights),
    range.days,
    async (hotelIds) => {
      const totals = await hotelsMonthPrices(sql`${hotelIds}::uuid[]`, range, stay, wanted, db);
      return new Map([...totals].map(([checkIn, total]) => [dayNumber(checkIn) - dayNumber(range.first), total]));
    },
    { already },
  );
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
