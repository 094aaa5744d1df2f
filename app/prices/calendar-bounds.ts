/**
 * How a place's calendar finds the cheapest hotel per check-in without pricing every hotel
 * (decision 074): each hotel's price floors (hotel_price_floors: the cheapest night per month and
 * weekday of any of its plans that meet the wanted conditions) give a lower bound of every stay it
 * sells; hotels are priced exactly in order of their bound, and a check-in is settled once its
 * cheapest exact total is at most the lowest bound of the hotels not yet priced. The totals shown
 * are always exact prices; the bounds only decide which hotels need not be read. Pure.
 */
import { addDays } from "#app/utils/stay.ts";

/** A hotel's floors in SEK per month (YYYY-MM) as seven weekdays, Monday first; null: no night that weekday. */
export type HotelFloors = ReadonlyMap<string, ReadonlyArray<number | null>>;

/**
 * The lowest total in SEK a hotel with this bound can show: totals are rounded to the öre (after
 * conversion), so one at the bound can read as the bound rounded down; the float sum of floors may
 * be a hair above the exact one.
 */
const lowestShown = (bound: number) => Math.floor((bound + 1e-6) * 100) / 100;

/** Monday 0 … Sunday 6 of a YYYY-MM-DD date. */
const weekdayIndex = (date: string) => (Date.parse(`${date}T00:00:00Z`) / 86_400_000 + 3) % 7;

/**
 * Each hotel's lower bound of a stay of `nights` nights from each of the `days` check-ins from
 * `first`, per check-in index: Infinity when some night of the stay has no floor (the hotel sells
 * no such stay). A running sum over the nights, in typed arrays: a big place has 1,000 hotels.
 */
export function stayBounds(
  floors: ReadonlyMap<string, HotelFloors>,
  first: string,
  days: number,
  nights: number,
): Map<string, Float64Array> {
  const dates = Array.from({ length: days + nights - 1 }, (_, index) => addDays(first, index));
  const months = dates.map((date) => date.slice(0, 7));
  const weekdays = dates.map(weekdayIndex);
  const perNight = new Float64Array(dates.length);
  const byHotel = new Map<string, Float64Array>();
  for (const [hotelId, floorsByMonth] of floors) {
    for (let index = 0; index < dates.length; index++)
      perNight[index] = floorsByMonth.get(months[index]!)?.[weekdays[index]!] ?? Number.POSITIVE_INFINITY;
    const bound = new Float64Array(days);
    for (let day = 0; day < days; day++) {
      let sum = 0;
      for (let night = day; night < day + nights; night++) sum += perNight[night]!;
      bound[day] = sum;
    }
    byHotel.set(hotelId, bound);
  }
  return byHotel;
}

/** Hotels already priced and the cheapest of their totals per check-in index. */
export interface Priced {
  hotelIds: readonly string[];
  totals: ReadonlyMap<number, number>;
}

/**
 * The cheapest total per check-in over all hotels, pricing them exactly (`price`: the cheapest
 * total per check-in index of the given hotels) a few at a time in order of their bounds: after the
 * hotels `already` priced, the `batch` lowest-bound unpriced hotels of each unsettled check-in, then
 * twice as many, until every check-in is settled. A check-in no hotel can sell stays absent.
 */
export async function cheapestByBounds(
  byHotel: ReadonlyMap<string, ArrayLike<number>>,
  days: number,
  price: (hotelIds: string[]) => Promise<ReadonlyMap<number, number>>,
  { batch = 4, already = { hotelIds: [], totals: new Map() } }: { batch?: number; already?: Priced } = {},
): Promise<Map<number, number>> {
  const best = new Map(already.totals);
  const priced = new Set(already.hotelIds);
  for (let size = batch; ; size *= 2) {
    const open = [...byHotel].filter(([hotelId]) => !priced.has(hotelId));
    const wanted = new Set<string>();
    for (let day = 0; day < days; day++) {
      let lowest = Number.POSITIVE_INFINITY;
      for (const [, bound] of open) if (bound[day]! < lowest) lowest = bound[day]!;
      // Nobody else sells the stay, or nobody else can sell it for less.
      if (lowest === Number.POSITIVE_INFINITY) continue;
      if ((best.get(day) ?? Number.POSITIVE_INFINITY) <= lowestShown(lowest)) continue;
      const first = open
        .filter(([, bound]) => Number.isFinite(bound[day]))
        .sort(([, a], [, b]) => a[day]! - b[day]!)
        .slice(0, size);
      for (const [hotelId] of first) wanted.add(hotelId);
    }
    if (!wanted.size) return best;
    const totals = await price([...wanted]);
    for (const hotelId of wanted) priced.add(hotelId);
    for (const [day, total] of totals) if (total < (best.get(day) ?? Number.POSITIVE_INFINITY)) best.set(day, total);
  }
}
