/** The back office's hotel table and its writes (the affiliate flag, AI rewrite jobs, affiliate URLs). */
import { sql, type Kysely } from "kysely";
import { clearCatalogueCache } from "#app/hotels/catalogue-cache.server.ts";
import { likePattern } from "#app/hotels/hotel-queries.server.ts";
import { listCountries, listLocations, type PlaceChoice } from "#app/hotels/places.server.ts";
import { startRewrite } from "#app/ai/service.server.ts";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { log } from "#app/utils/log.server.ts";
import { ADMIN_HOTEL_ROWS, fillAffiliateTemplate, type AdminHotelFilters } from "#app/admin/hotel-table.ts";

type DB = Kysely<Database>;

/**
 * Whether a hotel's description is rewritten: it has a rewritten text that is not blank. The
 * stored is_description_rewritten says the same (a trigger derives it), but screens that count
 * or filter read the text itself.
 */
export const hasRewrittenText = sql<boolean>`(coalesce(btrim(rewritten_text), '') <> '')`;

export interface AdminHotelRow {
  hotelId: string;
  name: string;
  country: string | null;
  location: string | null;
  affiliateUrl: string | null;
  hasAffiliateUrl: boolean;
  rewritten: boolean;
}

function filtered(db: DB, filters: AdminHotelFilters) {
  return db.selectFrom("hotels").where((eb) => {
    const conditions = [];
    const pattern = likePattern(filters.q);
    if (pattern) {
      conditions.push(
        eb.or([
          sql<boolean>`name ilike ${pattern} escape '\\'`,
          sql<boolean>`location ilike ${pattern} escape '\\'`,
          eb("hotel_id", "=", filters.q.trim()),
        ]),
      );
    }
    if (filters.country) conditions.push(eb("country", "=", filters.country));
    if (filters.location) conditions.push(eb("location", "=", filters.location));
    if (filters.affiliate !== "all") conditions.push(eb("has_affiliate_url", "=", filters.affiliate === "has"));
    if (filters.rewrite !== "all") conditions.push(filters.rewrite === "rewritten" ? hasRewrittenText : eb.not(hasRewrittenText));
    return eb.and(conditions);
  });
}

/**
 * What the hotel screen shows: the filters' countries and places, the filters it applied, a
 * notice for each one it set aside, and the first rows with the count of all matches (null when
 * the list could not be read: the filters still show).
 */
export async function loadAdminHotelTable(requested: AdminHotelFilters, db: DB = getAppDatabase().db) {
  const [countries, locations] = await Promise.all([
    listCountries(db),
    requested.country ? listLocations(db, requested.country) : Promise.resolve([] as PlaceChoice[]),
  ]);
  // Without JavaScript, choosing another country sends the place chosen for the previous one
  // along: a place that is not in the country is set aside, and the screen says so.
  const misplaced = requested.location !== "" && !locations.some((place) => place.value === requested.location);
  const filters = misplaced ? { ...requested, location: "" } : requested;
  const countryName = countries.find((country) => country.value === requested.country)?.label ?? requested.country;
  const notices = misplaced ? [`There is no location “${requested.location}” in ${countryName}, so all of ${countryName} is shown.`] : [];
  const list = await listAdminHotels(filters, db).catch((error: unknown) => {
    log.error("admin hotel list failed", error);
    return null;
  });
  return { filters, notices, countries, locations, list };
}

/** The first 50 matching hotels by name, and how many match in all. */
export async function listAdminHotels(
  filters: AdminHotelFilters,
  db: DB = getAppDatabase().db,
): Promise<{ hotels: AdminHotelRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filters)
      .select(["hotel_id", "name", "country", "location", "affiliate_url", "has_affiliate_url", hasRewrittenText.as("rewritten")])
      .orderBy(sql`lower(name) asc nulls last`)
      .orderBy("hotel_id")
      .limit(ADMIN_HOTEL_ROWS)
      .execute(),
    filtered(db, filters)
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: count.n,
    hotels: rows.map((row) => ({
      hotelId: row.hotel_id,
      name: row.name?.trim() || row.hotel_id,
      country: row.country,
      location: row.location,
      affiliateUrl: row.affiliate_url,
      hasAffiliateUrl: row.has_affiliate_url,
      rewritten: row.rewritten,
    })),
  };
}

/** Sets or clears the affiliate flag of the given hotels; returns how many rows changed. */
export async function setAffiliateFlag(hotelIds: readonly string[], value: boolean, db: DB = getAppDatabase().db): Promise<number> {
  if (hotelIds.length === 0) return 0;
  const result = await db
    .updateTable("hotels")
    .set({ has_affiliate_url: value, updated_at: sql`now()` })
    .where("hotel_id", "in", [...hotelIds])
    .executeTakeFirst();
  clearCatalogueCache();
  return Number(result.numUpdatedRows);
}

/** Writes a partner URL from the template into each hotel's affiliate_url and sets the flag. */
export async function generateAffiliateUrls(hotelIds: readonly string[], template: string, db: DB = getAppDatabase().db): Promise<number> {
  if (hotelIds.length === 0) return 0;
  const hotels = await db
    .selectFrom("hotels")
    .select(["hotel_id", "name", "location", "country"])
    .where("hotel_id", "in", [...hotelIds])
    .execute();
  if (hotels.length === 0) return 0;
  // One statement for the whole selection (at most 50 rows), not one per hotel.
  const values = sql.join(hotels.map((hotel) => sql`(${hotel.hotel_id}::text, ${fillAffiliateTemplate(template, hotel)}::text)`));
  await sql`
    update hotels h set affiliate_url = v.url, has_affiliate_url = true, updated_at = now()
    from (values ${values}) as v (hotel_id, url)
    where h.hotel_id = v.hotel_id
  `.execute(db);
  clearCatalogueCache();
  return hotels.length;
}

/** Starts an AI rewrite job for the hotels; its id, or null when none of them exists. */
export function startHotelRewrite(
  hotelIds: readonly string[],
  createdBy: string | null,
  db: DB = getAppDatabase().db,
): Promise<string | null> {
  return startRewrite(db, hotelIds, createdBy);
}
