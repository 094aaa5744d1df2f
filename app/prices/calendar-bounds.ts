/**
 * How a place's calendar finds the cheapest hotel per check-in without pricing every hotel
 * (decision 074): each hotel's price floors (hotel_price_floors: the cheapest night per month and
 * weekday of any of its plans that meet the wanted conditions) give a lower bound of every stay it sells; hotels are priced
 * exactly in order of their bound, and a check-in is settled once its cheapest exact total is at
 * most the next unpriced hotel's bound. The totals shown are always exact prices; the bounds only
 * decide which hotels need not be read. Pure.
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

/** Each hotel's lower bound per check-in, and which check-ins' stays cover the same weekdays of the same months. */
export interface StayBounds {
  /** Per hotel, per check-in index: Infinity when some night of the stay has no floor (the hotel sells no such stay). */
  byHotel: Map<string, number[]>;
  /** Per check-in index: equal for check-ins whose bounds are equal at every hotel. */
  patterns: string[];
}

/** Each hotel's lower bound of a stay of `nights` nights from each of the `days` check-ins from `first`. */
export function stayBounds(floors: ReadonlyMap<string, HotelFloors>, first: string, days: number, nights: number): StayBounds {
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

/**
 * The cheapest total per check-in over all hotels, pricing them exactly (`price`: the cheapest
 * total per check-in index of the given hotels) a few at a time in order of their bounds: first
 * the `batch` lowest-bound hotels of each unsettled check-in, then twice as many, until every
 * check-in is settled. A check-in no hotel can sell stays absent.
 */
export async function cheapestByBounds(
  { byHotel, patterns }: StayBounds,
  price: (hotelIds: string[]) => Promise<Map<number, number>>,
  batch = 4,
): Promise<Map<number, number>> {
  const days = patterns.length;
  const best = new Map<number, number>();
  const priced = new Set<string>();
  // Check-ins with the same pattern have the same order of hotels: sorted once.
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
