/**
 * One row of a partner's offers feed (CSV, JSON or NDJSON): a partner's current price per
 * night for one hotel, checked with zod. Values are read as the hotel feed reads them
 * (app/feed/feed-values.ts), the landing URL by the rule /redirect applies before it
 * forwards, and the ranges are the hotel_offers table's constraints, so a row that passes is
 * never refused by the database. Whether the hotel and partner exist, and whether the URL is
 * the partner's, the importer asks the database. Pure: no I/O.
 */
import { z } from "#app/utils/zod.ts";
import { MAX_DESTINATION_LENGTH, redirectParamsSchema } from "#app/outbound/redirect-params.ts";
import { asBoolean, asNumber, asText, isBlank, issuesReason, numberMessage, preview } from "./feed-values.ts";
import { MAX_HOTEL_ID_LENGTH } from "./feed-row.ts";

export const OFFER_FIELDS: readonly string[] = [
  "hotel_id",
  "partner",
  "price_per_night",
  "currency",
  "url",
  "breakfast_included",
  "free_cancellation",
  "updated_at",
];

/** Prices compare across partners only in one currency, so the table holds SEK alone. */
export const OFFER_CURRENCY = "SEK";
/** hotel_offers.price_per_night is numeric(12,2) below a million. */
export const MAX_PRICE_PER_NIGHT = 1_000_000;
/** Partner clocks drift and time zones get mixed up; more than this ahead is a wrong date. */
export const MAX_FUTURE_MS = 24 * 3_600_000;

/** A field name as the row rules know it: 'Price per night' and ' HOTEL_ID ' alike. */
export const offerFieldName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const PRICE_MESSAGE = `must be a number above 0 and below ${MAX_PRICE_PER_NIGHT.toLocaleString("en")}`;

export const required = (message: string) =>
  z
    .string({ error: message })
    .min(1, { error: message })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: "must not contain control characters" });

/** Rounded to the öre the table keeps first, so 0.001 is refused here rather than stored as 0. */
const price = z
  .number({ error: numberMessage(PRICE_MESSAGE) })
  .transform((value) => Math.round(value * 100) / 100)
  .refine((value) => value > 0 && value < MAX_PRICE_PER_NIGHT, { error: PRICE_MESSAGE });

const currency = z
  .string({ error: `must be ${OFFER_CURRENCY}` })
  .transform((code) => code.toUpperCase())
  .refine((code) => code === OFFER_CURRENCY, {
    error: `must be ${OFFER_CURRENCY}: prices are compared in Swedish kronor only, as there is no source of exchange rates yet`,
  });

/** The rule /redirect applies before it forwards: absolute http(s), a host, no credentials, no control characters. */
export const landingUrl = z
  .string({ error: "is required: the partner's page for the hotel" })
  .min(1, { error: "is required: the partner's page for the hotel" })
  .max(MAX_DESTINATION_LENGTH, { error: `must be at most ${MAX_DESTINATION_LENGTH} characters` })
  .transform((value, ctx) => {
    const result = redirectParamsSchema.shape.to.safeParse(value);
    if (result.success) return result.data;
    ctx.addIssue({
      code: "custom",
      input: value,
      message: "must be an absolute http(s) address without user name, password or control characters",
    });
    return z.NEVER;
  });

/** A blank cell is a missing value: "is required" rather than an empty text. */
export const given = (value: unknown) => (isBlank(value) ? undefined : asText(value));

export const flag = z.boolean({ error: "must be true or false (also 1/0, yes/no, ja/nej)" });

/** With a time zone: a timestamp without one means a different moment on every server. */
export const timestamp = z.iso
  .datetime({ offset: true, error: "must be an ISO timestamp with a time zone, such as 2026-11-24T08:00:00Z" })
  .transform((value) => new Date(value));

export const offerRowSchema = z.object(
  {
    hotel_id: z.preprocess(
      given,
      required("is required (the hotel's id in the catalogue)").max(MAX_HOTEL_ID_LENGTH, {
        error: `must be at most ${MAX_HOTEL_ID_LENGTH} characters`,
      }),
    ),
    partner: z.preprocess(given, required("is required (the partner's id, such as resekompassen)")),
    price_per_night: z.preprocess(asNumber, price),
    currency: z.preprocess((value) => (isBlank(value) ? OFFER_CURRENCY : asText(value)), currency),
    url: z.preprocess(given, landingUrl),
    breakfast_included: z.preprocess((value) => (isBlank(value) ? false : asBoolean(value)), flag),
    free_cancellation: z.preprocess((value) => (isBlank(value) ? false : asBoolean(value)), flag),
    updated_at: z.preprocess(given, timestamp.optional()),
  },
  { error: "the row must be an object of offer fields" },
);

export interface FeedOffer {
  /** The catalogue's hotels.hotel_id. */
  hotel_id: string;
  /** partners.id */
  partner: string;
  price_per_night: number;
  currency: typeof OFFER_CURRENCY;
  /** The normalised landing URL (URL#href). */
  url: string;
  /** URL#host of the landing URL: lower case, default port dropped, as partners.host is kept. */
  host: string;
  breakfast_included: boolean;
  free_cancellation: boolean;
  /** When the partner's price was current; the import time when the row does not say. */
  updated_at: Date | null;
}

export type OfferRowResult = { ok: true; offer: FeedOffer } | { ok: false; reason: string };

/** The row with its field names as the rules know them (CSV headers are already). */
function withFieldNames(raw: unknown): unknown {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const row: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    const field = offerFieldName(name);
    if (!(field in row) || isBlank(row[field])) row[field] = value;
  }
  return row;
}

/** Checks one row; a rejected row gets every problem, field by field, in one line. */
export function parseOfferRow(raw: unknown, now: Date = new Date()): OfferRowResult {
  const result = offerRowSchema.safeParse(withFieldNames(raw), { reportInput: true });
  if (!result.success) return { ok: false, reason: issuesReason(result.error) };
  const { url, updated_at, ...offer } = result.data;
  if (updated_at && updated_at.getTime() > now.getTime() + MAX_FUTURE_MS) {
    return { ok: false, reason: `updated_at is more than a day in the future (got ${preview(updated_at.toISOString())})` };
  }
  return {
    ok: true,
    offer: { ...offer, currency: OFFER_CURRENCY, url: url.href, host: url.host, updated_at: updated_at ?? null },
  };
}
