/**
 * The place calendar as decision 074 first built it (main at 06b076f), kept only so that
 * `bench:calendar` times the old path beside the new one on the same data in the same run: the
 * floors read by hotel (a primary-key descent per hotel and month), bounds and per-pattern orders
 * in plain arrays, then rounds of exact prices from no hotel priced. Not used by the app.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { addDays } from "#app/utils/stay.ts";

const lowestShown = (bound: number) => Math.floor((bound + 1e-6) * 100) / 100;
const weekdayIndex = (date: string) => (Date.parse(`${date}T00:00:00Z`) / 86_400_000 + 3) % 7;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const lower = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

function stayBounds(floors: Map<string, Map<string, Array<number | null>>>, first: string, days: number, nights: number) {
  const dates = Array.from({ length: days + nights - 1 }, (_, index) => addDays(first, index));
  const months = dates.map((date) => date.slice(0, 7));
  const weekdays = dates.map(weekdayIndex);
  const byHotel = new Map<string, number[]>();
  for (const [hotelId, floorsByMonth] of floors) {
    const perNight = dates.map((_, index) => floorsByMonth.get(months[index]!)?.[weekdays[index]!] ?? Number.POSITIVE_INFINITY);
    const bound: number[] = [];
    for (let day = 0; day < days; day++) {
      let sum = 0;
      for (let night = day; night < day + nights; night++) sum += perNight[night]!;
      bound.push(sum);
    }
    byHotel.set(hotelId, bound);
  }
  const patterns = Array.from({ length: days }, (_, day) =>
    dates
      .slice(day, day + nights)
      .map((_, night) => `${months[day + night]}:${weekdays[day + night]}`)
      .join(),
  );
  return { byHotel, patterns };
}

async function cheapestByBounds(
  { byHotel, patterns }: ReturnType<typeof stayBounds>,
  price: (hotelIds: string[]) => Promise<Map<number, number>>,
  batch = 4,
): Promise<Map<number, number>> {
  const days = patterns.length;
  const best = new Map<number, number>();
  const priced = new Set<string>();
  const sorted = new Map<string, string[]>();
  const order = patterns.map((pattern, day) => {
    let hotels = sorted.get(pattern);
    if (!hotels) {
      hotels = [...byHotel]
        .filter(([, bound]) => Number.isFinite(bound[day]))
        .sort(([, a], [, b]) => a[day]! - b[day]!)
        .map(([hotelId]) => hotelId);
      sorted.set(pattern, hotels);
    }
    return hotels;
  });
  const next = order.map(() => 0);
  for (let size = batch; ; size *= 2) {
    const wanted = new Set<string>();
    for (let day = 0; day < days; day++) {
      const hotels = order[day]!;
      while (next[day]! < hotels.length && priced.has(hotels[next[day]!]!)) next[day]!++;
      const lowest = hotels[next[day]!];
      if (lowest === undefined) continue;
      const known = best.get(day);
      if (known !== undefined && known <= lowestShown(byHotel.get(lowest)![day]!)) continue;
      for (const hotelId of hotels.slice(next[day], next[day]! + size)) if (!priced.has(hotelId)) wanted.add(hotelId);
    }
    if (!wanted.size) return best;
    const totals = await price([...wanted]);
    for (const hotelId of wanted) priced.add(hotelId);
    for (const [day, total] of totals) if (total < (best.get(day) ?? Number.POSITIVE_INFINITY)) best.set(day, total);
  }
}

/** The old placeMonthPrices: the cheapest total in SEK per check-in of a place. */
export async function placeMonthPricesBefore(
  place: { country: string; location: string },
  range: { first: string; days: number },
  stay: { nights: number; adults: number; rooms: number },
  wanted: number,
  maxAgeHours: number,
  db: Kysely<Database>,
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
  const floors = new Map<string, Map<string, Array<number | null>>>();
  for (const row of rows) {
    const months = floors.get(row.hotel_id) ?? new Map<string, Array<number | null>>();
    const inSek = row.floors.map((floor) => (floor === null ? null : Number(floor) * Number(row.factor)));
    const other = months.get(row.month);
    months.set(row.month, other ? inSek.map((floor, day) => lower(floor, other[day] ?? null)) : inSek);
    floors.set(row.hotel_id, months);
  }
  const cheapest = await cheapestByBounds(stayBounds(floors, range.first, range.days, stay.nights), async (hotelIds) => {
    const { rows: totals } = await sql<{ check_in: string; total_sek: string | number }>`
      select to_char(calendar.check_in, 'YYYY-MM-DD') as check_in, calendar.total_sek
      from stay_price_calendar(${hotelIds}::uuid[], ${range.first}::date, ${range.days}, ${stay.nights}, ${stay.adults}, ${stay.rooms},
        ${maxAgeHours}, ${wanted}) calendar
    `.execute(db);
    return new Map(totals.map((row) => [dayNumber(row.check_in) - dayNumber(range.first), Number(row.total_sek)]));
  });
  return new Map([...cheapest].map(([day, total]) => [addDays(range.first, day), total]));
}
