/**
 * The back office's hotel table and its writes (the affiliate flag, AI rewrite jobs, affiliate
 * URLs, reverting descriptions), on the checked rows or on every hotel the filters match; and
 * the translation screen's hotel search.
 */
import { hasRewrittenText } from "#app/hotels/description-sql.server.ts";
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import { listCountries, listLocations, type PlaceChoice } from "#app/hotels/places.server.ts";
import { getPlaceNames } from "#app/hotels/place-name-rows.server.ts";
import { normalizeHotel } from "#app/hotels/hotel-record.ts";
import { startRewrite } from "#app/ai/service.server.ts";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { log } from "#app/utils/log.server.ts";
import {
  ADMIN_HOTEL_ROWS,
  fillAffiliateTemplate,
  pageCount,
  type AdminHotelFilters,
  type HotelSort,
  type SortOrder,
} from "#app/admin/hotel-table.ts";
import { hotelPath } from "#app/utils/paths.ts";
import { likePattern } from "#app/utils/fold-text.ts";

type DB = Kysely<Database>;
type HotelsExpression = ExpressionBuilder<Database, "hotels">;

/** Which hotels a write is for: the ids of checked rows, or every hotel the filters match. */
export type HotelTarget = { hotels: readonly string[] } | { filters: AdminHotelFilters };

export interface AdminHotelRow {
  hotelId: string;
  /** The name the site shows: "Namnlöst hotell" for a hotel without one. */
  name: string;
  country: string | null;
  location: string | null;
  /** The country and place in Swedish, as the filters name them. */
  countryName: string | null;
  locationName: string | null;
  /** Its page on the site; null when it has none (no usable country or place). */
  publicPath: string | null;
  affiliateUrl: string | null;
  hasAffiliateUrl: boolean;
  rewritten: boolean;
}

/**
 * A typed hotel id, whatever its case: ids are stored as the feed spells them ("HG-000123"),
 * so the few spellings an editor types are compared with the unique index, not a scan.
 */
const idSpellings = (typed: string) => [...new Set([typed, typed.toUpperCase(), typed.toLowerCase()])];

/** A hotel whose name or place contains the text (case-insensitive; trigram indexes), or whose id it is. */
function matchesText(eb: HotelsExpression, typed: string) {
  const pattern = likePattern(typed);
  if (!pattern) return null;
  return eb.or([
    sql<boolean>`name ilike ${pattern} escape '\\'`,
    sql<boolean>`location ilike ${pattern} escape '\\'`,
    eb("hotel_id", "in", idSpellings(typed.trim())),
  ]);
}

function matching(eb: HotelsExpression, filters: AdminHotelFilters) {
  const conditions = [];
  const text = matchesText(eb, filters.q);
  if (text) conditions.push(text);
  if (filters.country) conditions.push(eb("country", "=", filters.country));
  if (filters.location) conditions.push(eb("location", "=", filters.location));
  if (filters.affiliate !== "all") conditions.push(eb("has_affiliate_url", "=", filters.affiliate === "has"));
  if (filters.rewrite !== "all") conditions.push(filters.rewrite === "rewritten" ? hasRewrittenText : eb.not(hasRewrittenText));
  return eb.and(conditions);
}

const targeted = (eb: HotelsExpression, target: HotelTarget) =>
  "hotels" in target ? eb("hotel_id", "in", [...target.hotels]) : matching(eb, target.filters);

const filtered = (filters: AdminHotelFilters, db: DB) => db.selectFrom("hotels").where((eb) => matching(eb, filters));

/**
 * The key of the name a hotel shows: "Namnlöst hotell" for one without a name, as the table
 * writes it (the database's hotel_name_key, indexed with hotel_id for the order by name).
 */
const shownNameKey = sql<string>`hotel_name_key(name)`;

/**
 * The orders the table offers, each on indexed keys (the name, country and place keys are
 * case- and accent-free) with hotel_id last, so pages never overlap or skip a hotel.
 */
const ORDER_KEYS: Record<HotelSort, readonly ("country_key" | "location_key" | typeof shownNameKey)[]> = {
  name: [shownNameKey],
  country: ["country_key", "location_key", shownNameKey],
  location: ["location_key", "country_key", shownNameKey],
};

/**
 * The filters as applied, with the choices of the country and place selects: without
 * JavaScript, choosing another country sends the place chosen for the previous one along, so a
 * place that is not in the country is set aside, with a notice saying so. The table and a bulk
 * action on every match both read the filters this way.
 */
export async function settleFilters(requested: AdminHotelFilters, db: DB = getAppDatabase().db) {
  const [countries, locations] = await Promise.all([
    listCountries(db),
    requested.country ? listLocations(requested.country, db) : Promise.resolve([] as PlaceChoice[]),
  ]);
  const misplaced = requested.location !== "" && !locations.some((place) => place.value === requested.location);
  const filters = misplaced ? { ...requested, location: "" } : requested;
  const countryName = countries.find((country) => country.value === requested.country)?.label ?? requested.country;
  const notices = misplaced ? [`There is no location “${requested.location}” in ${countryName}, so all of ${countryName} is shown.`] : [];
  return { filters, notices, countries, locations };
}

/**
 * What the hotel screen shows: the settled filters and their notices and choices, and the page
 * of rows asked for with the count of all matches (null when the list could not be read: the
 * filters still show).
 */
export async function loadAdminHotelTable(requested: AdminHotelFilters, db: DB = getAppDatabase().db) {
  const { filters, notices, countries, locations } = await settleFilters(requested, db);
  const list = await listAdminHotels(filters, db).catch((error: unknown) => {
    log.error("admin hotel list failed", error);
    return null;
  });
  // The page shown, which is the last one when the address asked for one past it.
  return { filters: list ? { ...filters, page: list.page } : filters, notices, countries, locations, list };
}

/** How many hotels the filters match. */
export async function countMatchingHotels(filters: AdminHotelFilters, db: DB = getAppDatabase().db): Promise<number> {
  const count = await filtered(filters, db)
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return count.n;
}

const pageOf = (filters: AdminHotelFilters, sort: HotelSort, order: SortOrder, page: number, db: DB) => {
  let query = filtered(filters, db).select([
    "hotel_id",
    "name",
    "country",
    "location",
    "slug",
    "affiliate_url",
    "has_affiliate_url",
    hasRewrittenText.as("rewritten"),
  ]);
  for (const key of ORDER_KEYS[sort]) query = query.orderBy(key, order);
  return query
    .orderBy("hotel_id", order)
    .limit(ADMIN_HOTEL_ROWS)
    .offset((page - 1) * ADMIN_HOTEL_ROWS)
    .execute();
};

/**
 * One page of the matching hotels in the chosen order, and how many match in all. A page past
 * the last (the catalogue shrank, or a typed address) shows the last one; `page` says which.
 */
export async function listAdminHotels(
  filters: AdminHotelFilters,
  db: DB = getAppDatabase().db,
): Promise<{ hotels: AdminHotelRow[]; total: number; page: number; pageCount: number }> {
  const { sort, order } = filters;
  let page = filters.page;
  const [firstTry, total, names] = await Promise.all([
    pageOf(filters, sort, order, page, db),
    countMatchingHotels(filters, db),
    getPlaceNames(db),
  ]);
  let rows = firstTry;
  if (rows.length === 0 && page > pageCount(total)) {
    page = pageCount(total);
    rows = await pageOf(filters, sort, order, page, db);
  }
  return {
    total,
    page,
    pageCount: pageCount(total),
    hotels: rows.map((row) => ({
      hotelId: row.hotel_id,
      name: normalizeHotel({ hotel_id: row.hotel_id, name: row.name }).name,
      country: row.country,
      location: row.location,
      countryName: row.country === null ? null : names.country(row.country),
      locationName: row.location === null ? null : names.place(row.country ?? "", row.location),
      publicPath: hotelPath(row),
      affiliateUrl: row.affiliate_url,
      hasAffiliateUrl: row.has_affiliate_url,
      rewritten: row.rewritten,
    })),
  };
}

/** At most `limit` ids of the hotels the filters match (a bulk action on all of them). */
async function matchingIds(filters: AdminHotelFilters, limit: number, db: DB): Promise<string[]> {
  const rows = await filtered(filters, db).select("hotel_id").orderBy("hotel_id").limit(limit).execute();
  return rows.map((row) => row.hotel_id);
}

const idsOf = (target: HotelTarget, limit: number, db: DB) =>
  "hotels" in target ? Promise.resolve([...target.hotels]) : matchingIds(target.filters, limit, db);

export interface HotelMatch {
  hotelId: string;
  name: string;
  location: string | null;
  country: string | null;
  rewritten: boolean;
}

/**
 * The translation screen's search: the hotel whose id was typed (any case) opens directly;
 * otherwise hotels whose name or place contains the text, by name, at most `limit`.
 */
export async function findHotelsForRewrite(
  typed: string,
  limit = 25,
  db: DB = getAppDatabase().db,
): Promise<{ exact: string } | { matches: HotelMatch[]; more: boolean }> {
  const exact = await db
    .selectFrom("hotels")
    .select("hotel_id")
    .where("hotel_id", "in", idSpellings(typed))
    .orderBy("hotel_id")
    .executeTakeFirst();
  if (exact) return { exact: exact.hotel_id };
  const rows = await db
    .selectFrom("hotels")
    .select(["hotel_id", "name", "location", "country", hasRewrittenText.as("rewritten")])
    .where((eb) => matchesText(eb, typed) ?? eb.val(false))
    .orderBy(shownNameKey)
    .orderBy("hotel_id")
    .limit(limit + 1)
    .execute();
  return {
    more: rows.length > limit,
    matches: rows.slice(0, limit).map((row) => ({
      hotelId: row.hotel_id,
      name: normalizeHotel({ hotel_id: row.hotel_id, name: row.name }).name,
      location: row.location,
      country: row.country,
      rewritten: row.rewritten,
    })),
  };
}

/** Sets or clears the affiliate flag of the hotels (one statement, whatever the count); returns how many rows changed. */
export async function setAffiliateFlag(target: HotelTarget, value: boolean, db: DB = getAppDatabase().db): Promise<number> {
  if ("hotels" in target && target.hotels.length === 0) return 0;
  const result = await db
    .updateTable("hotels")
    .set({ has_affiliate_url: value, updated_at: sql`now()` })
    .where((eb) => targeted(eb, target))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Rows per statement when filling the template: a few hundred parameters, not thousands. */
const TEMPLATE_BATCH = 500;

/** Writes a partner URL from the template into each hotel's affiliate_url and sets the flag (at most `limit` hotels). */
export async function generateAffiliateUrls(
  target: HotelTarget,
  template: string,
  limit: number,
  db: DB = getAppDatabase().db,
): Promise<number> {
  const ids = await idsOf(target, limit, db);
  let written = 0;
  for (let start = 0; start < ids.length; start += TEMPLATE_BATCH) {
    const hotels = await db
      .selectFrom("hotels")
      .select(["hotel_id", "name", "location", "country"])
      .where("hotel_id", "in", ids.slice(start, start + TEMPLATE_BATCH))
      .execute();
    if (hotels.length === 0) continue;
    // One statement per batch, not one per hotel.
    const values = sql.join(hotels.map((hotel) => sql`(${hotel.hotel_id}::text, ${fillAffiliateTemplate(template, hotel)}::text)`));
    await sql`
      update hotels h set affiliate_url = v.url, has_affiliate_url = true, updated_at = now()
      from (values ${values}) as v (hotel_id, url)
      where h.hotel_id = v.hotel_id
    `.execute(db);
    written += hotels.length;
  }
  return written;
}

/** Starts an AI rewrite job for the hotels (at most `limit`); its id, or null when none of them exists. */
export async function startHotelRewrite(
  target: HotelTarget,
  createdBy: string | null,
  limit: number,
  db: DB = getAppDatabase().db,
): Promise<string | null> {
  return startRewrite(await idsOf(target, limit, db), createdBy, db);
}

/**
 * Reverts the hotels to their original descriptions (their rewritten texts are deleted; the
 * flag follows by the database's trigger). Returns how many had a rewritten text.
 */
export async function revertDescriptions(target: HotelTarget, db: DB = getAppDatabase().db): Promise<number> {
  if ("hotels" in target && target.hotels.length === 0) return 0;
  const result = await db
    .updateTable("hotels")
    .set({ rewritten_text: null, updated_at: sql`now()` })
    .where((eb) => eb.and([targeted(eb, target), hasRewrittenText]))
    .executeTakeFirst();
  const count = Number(result.numUpdatedRows);
  return count;
}
