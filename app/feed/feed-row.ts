/**
 * One row of a partner's hotel feed (CSV, JSON or NDJSON), checked with zod and turned into
 * the values the importer stores. The shapes and list rules are the catalogue's own (app/hotels/hotel.ts), applied by
 * the same functions the loaders use (amenityFeedValues, parseImagePaths); the ranges are the
 * hotels table's constraints, so a row that passes here is never refused by the database.
 * Pure: no I/O.
 */
import { isRewritten } from "#app/hotels/description-rule.ts";
import { z } from "#app/utils/zod.ts";
import { asBoolean, asNumber, asText, isBlank, issuesReason, preview, range } from "./feed-values.ts";
import { amenityFeedValues, parseImagePaths } from "#app/hotels/hotel-record.ts";
import { isLocalPath, isPlaceName } from "#app/utils/paths.ts";
import { MAX_DESTINATION_LENGTH, redirectParamsSchema } from "#app/outbound/redirect-params.ts";
import { PARTNER_ID_PATTERN } from "#app/offers/partner-form.ts";
import { isPartnerHotelId, type PartnerIdPair } from "#app/live-prices/partner-hotel-ids.ts";

/**
 * Partner data: written on every import, an empty value clearing the stored one, because
 * the feed is the partner's current description of the hotel.
 */
export const FEED_OWNED_FIELDS = [
  "name",
  "description",
  "rating",
  "review_count",
  "star_rating",
  "price_amount",
  "price_currency",
  "image_path",
  "additional_image_paths",
  "amenities",
  "location",
  "country",
  "latitude",
  "longitude",
  "address",
  "district",
] as const;

/**
 * Fields the site also writes (the back office's flags and partner links, the AI rewrite):
 * an import sets them on a new hotel, but changes an existing one only where the row gives
 * a value, so an import never undoes an editor's work.
 */
export const SITE_MANAGED_FIELDS = ["affiliate_url", "rewritten_text", "has_affiliate_url", "is_description_rewritten"] as const;

export type FeedOwnedField = (typeof FEED_OWNED_FIELDS)[number];
export type SiteManagedField = (typeof SITE_MANAGED_FIELDS)[number];

/**
 * Our hotel's id at each partner whose API is asked live (hotel_partner_ids), written
 * `booking:1001;expedia:55`. Not a hotels column: present, it replaces the hotel's whole set
 * (an empty value clears it); absent, the set is left as it is.
 */
export const PARTNER_IDS_FIELD = "partner_ids";

/** Every field a feed may carry; `id` is the spec's, but ours is generated, so it is ignored. */
export const FEED_FIELDS: readonly string[] = ["hotel_id", "id", ...FEED_OWNED_FIELDS, ...SITE_MANAGED_FIELDS, PARTNER_IDS_FIELD];

export const MAX_HOTEL_ID_LENGTH = 200;
/** The hotels table's limit on a district's name (hotels_district_shape). */
export const MAX_DISTRICT_LENGTH = 100;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * A list field (amenities, extra images) as a JSON value, JSON text (a CSV cell such as
 * `["Wifi","Pool"]`) or plain text separated by `|`, `;` or line breaks ('Wifi | Pool').
 */
function asList(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text.startsWith("[") || text.startsWith("{")) {
    try {
      return JSON.parse(text);
    } catch {
      return value; // refused below as not a list
    }
  }
  return text.split(/[|;\r\n]+/);
}

const isListShape = (value: unknown) => value !== null && typeof value === "object";
const LIST_MESSAGE = "must be a list, an object, JSON text or text separated by | or ;";

/** A feed-owned field: a blank value is null (cleared on update). */
const owned = <T extends z.ZodType>(prepare: (value: unknown) => unknown, schema: T) =>
  z.preprocess((value) => (isBlank(value) ? null : prepare(value)), schema.nullable());

/** A site-managed field: a blank value is undefined (left as it is on update). */
const managed = <T extends z.ZodType>(prepare: (value: unknown) => unknown, schema: T) =>
  z.preprocess((value) => (isBlank(value) ? undefined : prepare(value)), schema.optional());

const text = (max: number, missing = "must be text") =>
  z.string({ error: missing }).max(max, { error: `must be at most ${max} characters` });

/** The rule /redirect applies before it forwards: absolute http(s), a host, no credentials. */
const httpUrl = redirectParamsSchema.shape.to;
const isImageUrl = (value: string) => isLocalPath(value) || httpUrl.safeParse(value).success;
const IMAGE_MESSAGE = "must be an http(s) address or a path on this site starting with /";

const imageUrl = text(MAX_DESTINATION_LENGTH).refine(isImageUrl, { error: IMAGE_MESSAGE });

const imageList = z
  .unknown()
  .refine(isListShape, { error: LIST_MESSAGE })
  .transform((value) => parseImagePaths(value))
  .superRefine((paths, ctx) => {
    const bad = paths.find((path) => path.length > MAX_DESTINATION_LENGTH || !isImageUrl(path));
    // Names the bad entry itself: a long list would be cut short in the "got …" preview.
    if (bad !== undefined) ctx.addIssue({ code: "custom", message: `${IMAGE_MESSAGE}: ${preview(bad)}`, params: { named: true } });
  })
  .transform((paths) => (paths.length ? paths : null));

// Stored as the partner wrote them (each amenity once): the vocabulary turns them into Swedish
// labels when read and into `amenity_keys` when written, so a better vocabulary needs no re-import.
const amenityList = z
  .unknown()
  .refine(isListShape, { error: LIST_MESSAGE })
  .transform((value): string[] | null => {
    const amenities = amenityFeedValues(value);
    return amenities.length ? amenities : null;
  });

const PAIR_EXAMPLE = "write partner:id pairs separated by ; such as booking:1001;expedia:55";

/**
 * `booking:1001;expedia:55` as pairs (a JSON feed may also give `{"booking": "1001"}`); blank
 * is the empty set. A partner key is a partners.id (any case: stored lower-case), an id 1–64
 * characters of [A-Za-z0-9._-]; a partner named twice is refused rather than one guessed at.
 * Whether each key is a partner we have is the importer's check (the database knows).
 */
export function parsePartnerIds(value: unknown): { ok: true; pairs: PartnerIdPair[] } | { ok: false; reason: string } {
  if (isBlank(value)) return { ok: true, pairs: [] };
  let entries: Array<[string, unknown]>;
  if (typeof value === "string") {
    entries = [];
    for (const part of value.split(";")) {
      if (!part.trim()) continue;
      const colon = part.indexOf(":");
      if (colon < 0) return { ok: false, reason: `has "${part.trim()}" without a colon: ${PAIR_EXAMPLE}` };
      entries.push([part.slice(0, colon), part.slice(colon + 1)]);
    }
  } else if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    entries = Object.entries(value);
  } else {
    return { ok: false, reason: `must be text: ${PAIR_EXAMPLE}` };
  }
  const pairs: PartnerIdPair[] = [];
  for (const [rawKey, rawId] of entries) {
    const partnerId = rawKey.trim().toLowerCase();
    const partnerHotelId =
      typeof rawId === "number" && Number.isSafeInteger(rawId) ? String(rawId) : typeof rawId === "string" ? rawId.trim() : "";
    if (!PARTNER_ID_PATTERN.test(partnerId))
      return {
        ok: false,
        reason: `has the partner key ${preview(rawKey.trim())}, which is not a partner id (lower-case letters, digits and hyphens)`,
      };
    if (!isPartnerHotelId(partnerHotelId))
      return {
        ok: false,
        reason: `gives ${partnerId} the id ${preview(typeof rawId === "string" ? rawId.trim() : rawId)}: an id is 1–64 letters, digits, dots, underscores or hyphens`,
      };
    if (pairs.some((pair) => pair.partnerId === partnerId)) return { ok: false, reason: `names the partner ${partnerId} twice` };
    pairs.push({ partnerId, partnerHotelId });
  }
  return { ok: true, pairs };
}

/** The column in a row's schema: undefined when the row has no such field, else the pairs. */
const partnerIds = z
  .unknown()
  .transform((value, ctx): PartnerIdPair[] => {
    const parsed = parsePartnerIds(value);
    if (parsed.ok) return parsed.pairs;
    ctx.addIssue({ code: "custom", message: parsed.reason, params: { named: true } });
    return z.NEVER;
  })
  .optional();

const flag = z.boolean({ error: "must be true or false (also 1/0, yes/no)" });

/**
 * A country or place: required, because a hotel's page is /{country}/{place}/{slug}, and a name
 * with a letter or digit, because '', '.', '..' or '-' would make an address that leads nowhere
 * or to another site ('///slug', '/../../slug').
 */
const placeName = z.preprocess(
  (value) => (isBlank(value) ? undefined : asText(value)),
  text(200, "is required (the name of a place)").refine(isPlaceName, { error: "must name a place (a word with a letter or digit)" }),
);

export const feedRowSchema = z
  .object(
    {
      hotel_id: z.preprocess(
        asText,
        z
          .string({ error: "is required (text or a number)" })
          .min(1, { error: "is required (text or a number)" })
          .max(MAX_HOTEL_ID_LENGTH, { error: `must be at most ${MAX_HOTEL_ID_LENGTH} characters` })
          .refine((value) => !CONTROL_CHARACTERS.test(value), { error: "must not contain control characters" }),
      ),
      name: owned(asText, text(300)),
      description: owned(asText, text(20_000)),
      rating: owned(asNumber, range(0, 10)),
      review_count: owned(asNumber, range(0, 2_147_483_647, { integer: true })),
      // The table keeps 1–5 stars; 0 is how feeds say "unrated", stored as no stars.
      star_rating: owned(
        asNumber,
        range(0, 5, { integer: true }).transform((stars) => stars || null),
      ),
      price_amount: owned(asNumber, range(0, 9_999_999_999)),
      price_currency: owned(
        asText,
        z
          .string({ error: "must be a three-letter currency code such as SEK" })
          .regex(/^[A-Za-z]{3}$/, { error: "must be a three-letter currency code such as SEK" })
          .transform((code) => code.toUpperCase()),
      ),
      image_path: owned(asText, imageUrl),
      additional_image_paths: owned(asList, imageList),
      amenities: owned(asList, amenityList),
      country: placeName,
      location: placeName,
      latitude: owned(asNumber, range(-90, 90)),
      longitude: owned(asNumber, range(-180, 180)),
      address: owned(asText, text(500)),
      // The neighbourhood ('Södermalm'): its slug addresses /{country}/{place}/omrade/{slug}.
      district: owned(
        asText,
        text(MAX_DISTRICT_LENGTH).refine((value) => !CONTROL_CHARACTERS.test(value), { error: "must not contain control characters" }),
      ),
      affiliate_url: managed(
        asText,
        text(MAX_DESTINATION_LENGTH).refine((value) => httpUrl.safeParse(value).success, {
          error: "must be an absolute http(s) address without user name or password",
        }),
      ),
      rewritten_text: managed(asText, text(20_000)),
      has_affiliate_url: managed(asBoolean, flag),
      is_description_rewritten: managed(asBoolean, flag),
      partner_ids: partnerIds,
    },
    { error: "the row must be an object of hotel fields" },
  )
  .superRefine((row, ctx) => {
    if ((row.latitude === null) !== (row.longitude === null)) {
      ctx.addIssue({ code: "custom", path: ["latitude"], message: "and longitude must be given together" });
    }
  });

/**
 * A valid feed row: feed-owned fields null when empty, site-managed ones and `partner_ids`
 * undefined when not given.
 */
export type FeedHotel = z.output<typeof feedRowSchema>;

export type FeedRowResult = { ok: true; hotel: FeedHotel } | { ok: false; reason: string };

/** Checks one row; a rejected row gets every problem, field by field, in one line. */
export function parseFeedRow(raw: unknown): FeedRowResult {
  const result = feedRowSchema.safeParse(raw, { reportInput: true });
  if (result.success) return { ok: true, hotel: result.data };
  return { ok: false, reason: issuesReason(result.error) };
}

/** A row of `hotel_id` and `partner_ids` alone: it sets the existing hotel's partner ids and nothing else. */
export interface PartnerIdsRow {
  hotel_id: string;
  partner_ids: PartnerIdPair[];
}

/** What a hotel feed's row asks for: a hotel (with its partner ids when given), or only a hotel's partner ids. */
export type HotelFeedRow = { kind: "hotel"; hotel: FeedHotel } | { kind: "partner-ids"; row: PartnerIdsRow };

const partnerIdsRowSchema = z.object({ hotel_id: feedRowSchema.shape.hotel_id, partner_ids: partnerIds });

/** The hotel fields a row gives, besides its key (`id` is ignored anyway). */
const HOTEL_FIELDS = [...FEED_OWNED_FIELDS, ...SITE_MANAGED_FIELDS];

/**
 * Checks one row of a hotel feed. A row with `partner_ids` and no other hotel field than
 * `hotel_id` (a CSV whose header is `hotel_id,partner_ids`) only sets that hotel's partner ids:
 * read as a whole hotel, its missing fields would clear the partner's data and its missing place
 * would refuse it. Any other row is a whole hotel, as before.
 */
export function parseHotelFeedRow(raw: unknown): { ok: true; value: HotelFeedRow } | { ok: false; reason: string } {
  if (raw !== null && typeof raw === "object" && !Array.isArray(raw)) {
    const fields = raw as Record<string, unknown>;
    if (fields[PARTNER_IDS_FIELD] !== undefined && HOTEL_FIELDS.every((field) => fields[field] === undefined)) {
      const result = partnerIdsRowSchema.safeParse(raw, { reportInput: true });
      if (!result.success) return { ok: false, reason: issuesReason(result.error) };
      return {
        ok: true,
        value: { kind: "partner-ids", row: { hotel_id: result.data.hotel_id, partner_ids: result.data.partner_ids ?? [] } },
      };
    }
  }
  const result = parseFeedRow(raw);
  return result.ok ? { ok: true, value: { kind: "hotel", hotel: result.hotel } } : result;
}

/**
 * The site-managed fields a row gives: these, and only these, it changes on an existing hotel.
 * "Description rewritten" is not the feed's to say: it follows the rewritten text (a database
 * trigger keeps it so), so it is written exactly when the text is.
 */
export function siteFieldsGiven(hotel: FeedHotel): SiteManagedField[] {
  return SITE_MANAGED_FIELDS.filter((field) =>
    field === "is_description_rewritten" ? hotel.rewritten_text !== undefined : hotel[field] !== undefined,
  );
}

/** Every column value of the row as stored for a new hotel; lists as plain values. */
export type FeedHotelValues = {
  hotel_id: string;
} & { [K in FeedOwnedField]: FeedHotel[K] } & {
  affiliate_url: string | null;
  rewritten_text: string | null;
  has_affiliate_url: boolean;
  is_description_rewritten: boolean;
};

/**
 * The values to store. A new hotel's affiliate flag follows its data unless the row sets it
 * (it has an affiliate URL when it came with one); it counts as rewritten exactly when it came
 * with a rewritten text, whatever the row's flag says.
 */
export function feedHotelValues(hotel: FeedHotel): FeedHotelValues {
  const {
    affiliate_url,
    rewritten_text,
    has_affiliate_url,
    is_description_rewritten: _ignored,
    partner_ids: _notAColumn,
    ...owned
  } = hotel;
  return {
    ...owned,
    affiliate_url: affiliate_url ?? null,
    rewritten_text: rewritten_text ?? null,
    has_affiliate_url: has_affiliate_url ?? affiliate_url !== undefined,
    is_description_rewritten: isRewritten(rewritten_text),
  };
}
