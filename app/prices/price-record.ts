/**
 * One price as a partner's file states it, whatever the format (the CSV twin of nightly rates, a
 * Google Hotel Center Transaction message's <Result>/<RoomBundle>): what the price importer checks
 * against the database and writes into rate_plans / nightly_rates / itinerary_prices /
 * sold_out_itineraries (app/prices/rate-rows.server.ts). Format readers produce these, already
 * checked for shape (dates, decimals, currency, occupancy), or a reject with a reason.
 */
export interface PriceRecord {
  /** The partner's property id: our hotels.hotel_id. */
  property: string;
  /**
   * "night": one night of nightly rates (base null: the night is not for sale, the CSV's empty
   * base); "itinerary": check-in + nights → total; "sold-out": the itinerary cannot be sold.
   */
  kind: "night" | "itinerary" | "sold-out";
  /** YYYY-MM-DD: the night, or the itinerary's check-in. */
  checkIn: string;
  /** 1 for a night; 1–30 for an itinerary. */
  nights: number;
  /** The party the price is for: adults in all (1–8) in this many rooms (1–8). */
  adults: number;
  rooms: number;
  /** ISO 4217 (upper case); null only for "sold-out" (a night not for sale still names its plan's currency). */
  currency: string | null;
  /**
   * Plain decimals as written ("1234.50"); base > 0, tax and fees ≥ 0; null for "sold-out", and
   * base alone null (tax and fees too) for a "night" that is not for sale.
   */
  base: string | null;
  tax: string | null;
  fees: string | null;
  breakfastIncluded: boolean;
  /** Free cancellation: refundable, until this ISO timestamp (null: no deadline given). */
  refundable: boolean;
  freeCancellationUntil: string | null;
  payAtHotel: boolean;
  /** The partner's own room/rate key ('' when none) and the room's name to show (null when none). */
  roomKey: string;
  roomName: string | null;
  /** The partner's page for it; null: the partner's landing_url_template with {hotel_id}. */
  landingUrl: string | null;
  /** ISO timestamp: when the partner stated the price (a newer price wins, an older never overwrites). */
  confirmedAt: string;
  /** Where it is in the file, for the report and the rejects file: a line (CSV) or an element number (XML). */
  at: number;
}

/** A record a format reader refused, or a file-level failure; `at` as in PriceRecord. */
export interface PriceReject {
  at: number;
  reason: string;
  /** The record as read (escaped, cut), for the rejects file. */
  raw: string;
}

export type PriceItem = { record: PriceRecord } | { reject: PriceReject };

/** What the price tables hold: numeric(12,2) amounts, a night's total below ten million, an itinerary's below a hundred million. */
export const MAX_NIGHT_TOTAL = 10_000_000;
export const MAX_ITINERARY_TOTAL = 100_000_000;
export const MAX_ROOM_KEY_LENGTH = 200;
export const MAX_ITINERARY_NIGHTS = 30;
export const MAX_OCCUPANCY = 8;

const PLAIN_DECIMAL = /^\d{1,10}(?:\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The amount as stored (rounded to the hundredth), or null when it is not a plain decimal. */
const stored = (amount: string) => (PLAIN_DECIMAL.test(amount) ? Math.round(Number(amount) * 100) / 100 : null);

/**
 * Why the price tables would refuse a record, or null: the last check before a batch is written,
 * so that whatever a format reader lets through cannot fail the batch's transaction (and with it
 * the good records beside it).
 */
export function priceRecordProblem(record: PriceRecord): string | null {
  const { adults, rooms } = record;
  if (!Number.isInteger(adults) || !Number.isInteger(rooms) || adults < 1 || adults > MAX_OCCUPANCY || rooms < 1 || rooms > MAX_OCCUPANCY) {
    return `occupancy must be 1-${MAX_OCCUPANCY} adults in 1-${MAX_OCCUPANCY} rooms (got ${adults} adults, ${rooms} rooms)`;
  }
  if (rooms > adults) return `more rooms than adults (${rooms} rooms for ${adults} adults)`;
  if (!DATE.test(record.checkIn) || Number.isNaN(Date.parse(record.checkIn)))
    return `the date ${JSON.stringify(record.checkIn)} is not a date`;
  const longest = record.kind === "night" ? 1 : MAX_ITINERARY_NIGHTS;
  if (!Number.isInteger(record.nights) || record.nights < 1 || record.nights > longest) {
    return `nights must be ${longest === 1 ? "1 for a night" : `1-${longest}`} (got ${record.nights})`;
  }
  if (record.roomKey.length > MAX_ROOM_KEY_LENGTH) return `the room key is longer than ${MAX_ROOM_KEY_LENGTH} characters`;
  if (Number.isNaN(Date.parse(record.confirmedAt))) return "the time the price was confirmed is not a timestamp";
  if (record.kind === "sold-out" || (record.kind === "night" && record.base === null)) return null;
  if (record.currency === null || !/^[A-Z]{3}$/.test(record.currency)) return "a price needs an ISO 4217 currency";
  const [base, tax, fees] = [record.base, record.tax ?? "0", record.fees ?? "0"].map((amount) => (amount === null ? null : stored(amount)));
  if (base === null || base === undefined || tax === null || tax === undefined || fees === null || fees === undefined) {
    return "amounts must be plain decimals";
  }
  if (base <= 0) return "the base amount must be above 0";
  const most = record.kind === "night" ? MAX_NIGHT_TOTAL : MAX_ITINERARY_TOTAL;
  if (base + tax + fees >= most) return `the total must be below ${most.toLocaleString("en")}`;
  return null;
}
