/**
 * One row of the CSV twin of nightly rates: one night of one room and rate of one hotel at the
 * importing partner, checked with zod and turned into a PriceRecord (app/feed/price-record.ts).
 * Values are read as the other feeds read them (app/feed/feed-values.ts: plain decimals with a
 * point or a comma, true/false, 1/0, yes/no, ja/nej); a blank base says the night is not for sale.
 * Whether the hotel exists and the URL is the partner's, the importer asks the database. Pure.
 */
import { z } from "#app/utils/zod.ts";
import { isCurrencyCode } from "#app/utils/money.ts";
import { addDays, MAX_DAYS_AHEAD, todayInSweden } from "#app/utils/stay.ts";
import { asBoolean, asNumber, asText, isBlank, issuesReason, numberMessage, preview, range } from "./feed-values.ts";
import { MAX_HOTEL_ID_LENGTH } from "./feed-row.ts";
import { flag, given, landingUrl, MAX_FUTURE_MS, offerFieldName, required, timestamp } from "./offer-feed-row.ts";
import { MAX_NIGHT_TOTAL, MAX_OCCUPANCY, MAX_ROOM_KEY_LENGTH, type PriceRecord } from "#app/prices/price-record.ts";

/** The columns of the CSV twin, in the order of docs/operations.md ("Price files"). */
export const PRICE_CSV_COLUMNS = [
  "hotel_id",
  "date",
  "adults",
  "rooms",
  "currency",
  "base",
  "tax",
  "fees",
  "breakfast_included",
  "free_cancellation_until",
  "pay_at_hotel",
  "room_name",
  "url",
  "updated_at",
] as const;

/** A price depends on them: a file without one of these columns is not read at all. */
export const PRICE_CSV_REQUIRED: readonly string[] = ["hotel_id", "date", "adults", "rooms", "currency", "base"];

/** A header naming these (as offerFieldName reads names) is the CSV twin. */
export const isPriceCsvHeader = (names: readonly string[]) => names.includes("date") && names.includes("base");

export const priceColumnName = offerFieldName;

const AMOUNT_MESSAGE = `must be a number of at least 0 and below ${MAX_NIGHT_TOTAL.toLocaleString("en")}`;
const BASE_MESSAGE = `must be a number above 0 and below ${MAX_NIGHT_TOTAL.toLocaleString("en")} (or empty: not for sale)`;

/** Rounded to the hundredth the tables keep first, so 0.001 is refused here rather than stored as 0; kept as plain text. */
const amount = (message: string, above: number) =>
  z
    .number({ error: numberMessage(message) })
    .refine((value) => Math.round(value * 100) / 100 >= above && value < MAX_NIGHT_TOTAL, { error: message })
    .transform((value) => (Math.round(value * 100) / 100).toFixed(2));

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (value: string) => DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const currency = z
  .string({ error: "is required: an ISO 4217 code such as SEK or EUR" })
  .min(1, { error: "is required: an ISO 4217 code such as SEK or EUR" })
  .refine((code) => isCurrencyCode(code.toUpperCase()), { error: "must be an ISO 4217 currency code such as SEK or EUR" })
  .transform((code) => code.toUpperCase());

const occupancy = range(1, MAX_OCCUPANCY, { integer: true });

/** Blank or no: not refundable; yes: free cancellation without a stated deadline; a timestamp: free cancellation until then. */
const cancellation = z.union([z.boolean(), timestamp], {
  error: "must be empty (not refundable), true (free cancellation) or an ISO timestamp with a time zone",
});

function rowSchema(now: Date) {
  const today = todayInSweden(now);
  const last = addDays(today, MAX_DAYS_AHEAD);
  const night = z
    .string({ error: "is required: the night, as YYYY-MM-DD" })
    .refine(isRealDate, { error: "must be a date as YYYY-MM-DD", abort: true })
    .refine((value) => value >= today, { error: `is in the past (today is ${today} in Sweden)` })
    .refine((value) => value <= last, { error: `is more than ${MAX_DAYS_AHEAD} days ahead (after ${last})` });
  return z.object(
    {
      hotel_id: z.preprocess(
        given,
        required("is required (the hotel's id in the catalogue)").max(MAX_HOTEL_ID_LENGTH, {
          error: `must be at most ${MAX_HOTEL_ID_LENGTH} characters`,
        }),
      ),
      date: z.preprocess(given, night),
      adults: z.preprocess(asNumber, occupancy),
      rooms: z.preprocess(asNumber, occupancy),
      currency: z.preprocess(given, currency),
      base: z.preprocess((value) => (isBlank(value) ? null : asNumber(value)), amount(BASE_MESSAGE, 0.01).nullable()),
      tax: z.preprocess((value) => (isBlank(value) ? 0 : asNumber(value)), amount(AMOUNT_MESSAGE, 0)),
      fees: z.preprocess((value) => (isBlank(value) ? 0 : asNumber(value)), amount(AMOUNT_MESSAGE, 0)),
      breakfast_included: z.preprocess((value) => (isBlank(value) ? false : asBoolean(value)), flag),
      free_cancellation_until: z.preprocess((value) => {
        if (isBlank(value)) return false;
        const yesOrNo = asBoolean(value);
        return typeof yesOrNo === "boolean" ? yesOrNo : asText(value);
      }, cancellation),
      pay_at_hotel: z.preprocess((value) => (isBlank(value) ? false : asBoolean(value)), flag),
      room_name: z.preprocess(
        given,
        required("must be text")
          .max(MAX_ROOM_KEY_LENGTH, { error: `must be at most ${MAX_ROOM_KEY_LENGTH} characters` })
          .optional(),
      ),
      url: z.preprocess(given, landingUrl.optional()),
      updated_at: z.preprocess(given, timestamp.optional()),
    },
    { error: "the row must be an object of price fields" },
  );
}

/** A PriceRecord without its place in the file, which the reader knows. */
export type PriceValue = Omit<PriceRecord, "at">;

export type PriceRowResult = { ok: true; value: PriceValue } | { ok: false; reason: string };

type PriceRow = z.output<ReturnType<typeof rowSchema>>;

const PLAIN_AMOUNT = /^\d{1,7}(?:\.\d{1,2})?$/;
const OCCUPANCY = /^[1-8]$/;
const CONTROL_OR_EDGE_SPACE = /[\u0000-\u001f\u007f]|^\s|\s$/;
const FLAGS: Record<string, boolean> = { "": false, false: false, true: true, "0": false, "1": true };
const MAX_REMEMBERED = 10_000;

/** A function of a text remembered for the texts a file repeats (its URLs, dates, timestamps). */
function remembered<T>(compute: (text: string) => T): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    let value = known.get(text);
    if (value === undefined && !known.has(text)) {
      if (known.size >= MAX_REMEMBERED) known.clear();
      value = compute(text);
      known.set(text, value);
    }
    return value as T;
  };
}

/**
 * The row as the schema reads it when every value is already in its plain form (as files written
 * by a program are: 1290.50, true, 2026-12-12), without zod; null for anything else, which the
 * schema then reads and, if it must, refuses with its reasons. A file of a million nights is read
 * at the pace the database writes it. Never accepts what the schema refuses (a test compares them).
 */
function plainRowReader(now: Date): (raw: unknown) => PriceRow | null {
  const today = todayInSweden(now);
  const last = addDays(today, MAX_DAYS_AHEAD);
  const goodDate = remembered((text) => isRealDate(text) && text >= today && text <= last);
  const url = remembered((text) => landingUrl.safeParse(text).data ?? null);
  const updated = remembered((text) => timestamp.safeParse(text).data ?? null);
  const text = (value: unknown) => (value === undefined ? "" : typeof value === "string" ? value : null);
  return (raw) => {
    if (raw === null || typeof raw !== "object") return null;
    const row = raw as Record<string, unknown>;
    const cell = (column: (typeof PRICE_CSV_COLUMNS)[number]) => text(row[column]);
    const [hotelId, date, adults, rooms, currency, base, tax, fees] = [
      cell("hotel_id"),
      cell("date"),
      cell("adults"),
      cell("rooms"),
      cell("currency"),
      cell("base"),
      cell("tax"),
      cell("fees"),
    ];
    const [breakfast, cancellation, payAtHotel, roomName, link, updatedAt] = [
      cell("breakfast_included"),
      cell("free_cancellation_until"),
      cell("pay_at_hotel"),
      cell("room_name"),
      cell("url"),
      cell("updated_at"),
    ];
    if (!hotelId || hotelId.length > MAX_HOTEL_ID_LENGTH || CONTROL_OR_EDGE_SPACE.test(hotelId)) return null;
    if (!date || !goodDate(date) || !adults || !OCCUPANCY.test(adults) || !rooms || !OCCUPANCY.test(rooms)) return null;
    if (!currency || !isCurrencyCode(currency) || !base || !PLAIN_AMOUNT.test(base) || Number(base) <= 0) return null;
    if (tax === null || (tax && !PLAIN_AMOUNT.test(tax)) || fees === null || (fees && !PLAIN_AMOUNT.test(fees))) return null;
    const flags = [breakfast, cancellation, payAtHotel].map((flag) => (flag === null ? undefined : FLAGS[flag]));
    if (
      flags.includes(undefined) ||
      roomName === null ||
      roomName.length > MAX_ROOM_KEY_LENGTH ||
      (roomName && CONTROL_OR_EDGE_SPACE.test(roomName))
    ) {
      return null;
    }
    const landing = link ? url(link) : undefined;
    const confirmed = updatedAt ? updated(updatedAt) : undefined;
    if (landing === null || confirmed === null || link === null || updatedAt === null) return null;
    return {
      hotel_id: hotelId,
      date,
      adults: Number(adults),
      rooms: Number(rooms),
      currency,
      base: Number(base).toFixed(2),
      tax: Number(tax || 0).toFixed(2),
      fees: Number(fees || 0).toFixed(2),
      breakfast_included: flags[0]!,
      free_cancellation_until: flags[1]!,
      pay_at_hotel: flags[2]!,
      room_name: roomName || undefined,
      url: landing,
      updated_at: confirmed,
    };
  };
}

/**
 * The rules for rows read relative to `now` (the date in Sweden, and how far ahead a date or a
 * timestamp may be); make one per import. `plain: false` reads every row with the schema (tests).
 */
export function priceRowReader(now: Date = new Date(), { plain = true }: { plain?: boolean } = {}): (raw: unknown) => PriceRowResult {
  const schema = rowSchema(now);
  const readPlain = plain ? plainRowReader(now) : () => null;
  const confirmedNow = now.toISOString();
  return (raw) => {
    let row = readPlain(raw);
    if (!row) {
      const result = schema.safeParse(raw, { reportInput: true });
      if (!result.success) return { ok: false, reason: issuesReason(result.error) };
      row = result.data;
    }
    // Checked once every field is good: they compare fields.
    if (row.rooms > row.adults)
      return { ok: false, reason: `rooms must not be more than adults (${row.rooms} rooms for ${row.adults} adults)` };
    if (row.base !== null && Number(row.base) + Number(row.tax) + Number(row.fees) >= MAX_NIGHT_TOTAL) {
      return { ok: false, reason: `base + tax + fees must be below ${MAX_NIGHT_TOTAL.toLocaleString("en")}` };
    }
    if (row.updated_at && row.updated_at.getTime() > now.getTime() + MAX_FUTURE_MS) {
      return { ok: false, reason: `updated_at is more than a day in the future (got ${preview(row.updated_at.toISOString())})` };
    }
    const until = row.free_cancellation_until;
    return {
      ok: true,
      value: {
        property: row.hotel_id,
        kind: "night",
        checkIn: row.date,
        nights: 1,
        adults: row.adults,
        rooms: row.rooms,
        currency: row.currency,
        base: row.base,
        tax: row.base === null ? null : row.tax,
        fees: row.base === null ? null : row.fees,
        breakfastIncluded: row.breakfast_included,
        refundable: until !== false,
        freeCancellationUntil: until instanceof Date ? until.toISOString() : null,
        payAtHotel: row.pay_at_hotel,
        // The CSV has no key of its own: the room's name tells its rooms apart.
        roomKey: row.room_name ?? "",
        roomName: row.room_name ?? null,
        landingUrl: row.url?.href ?? null,
        confirmedAt: row.updated_at?.toISOString() ?? confirmedNow,
      },
    };
  };
}
