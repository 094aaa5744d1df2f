import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { matchHotelSlug, normalizeHotel, type Hotel } from "#app/domain/hotel.ts";
import { withoutControlChars } from "#app/domain/search-params.ts";
import { hotelListQuery, toHotelSummary, type HotelSummary } from "./hotels.server.ts";

type DB = Kysely<Database>;

/**
 * The hotel for /{country}/{location}/{slug}: the place's hotels are matched by slug rule
 * (names only, a light query), then the one found is read in full. `exact` is false when
 * the URL spelled the slug differently and should be redirected to the canonical one.
 */
export async function findHotel(db: DB, country: string, location: string, slug: string): Promise<{ hotel: Hotel; exact: boolean } | null> {
  const candidates = await db
    .selectFrom("hotels")
    .select(["id", "name", "hotel_id"])
    .where(sql<boolean>`country_key = place_key(${withoutControlChars(country)}) and location_key = place_key(${withoutControlChars(location)})`)
    .orderBy("name")
    .orderBy("id")
    .execute();
  const match = matchHotelSlug(candidates, slug);
  if (!match) return null;
  const row = await db.selectFrom("hotels").selectAll().where("id", "=", match.hotel.id).executeTakeFirst();
  return row ? { hotel: normalizeHotel(row), exact: match.exact } : null;
}

/** Other hotels in the same place, best rated first, without the current one. */
export async function relatedHotels(db: DB, country: string, location: string, excludeId: string | null, limit: number): Promise<HotelSummary[]> {
  // One query: the list without its count, which nobody shows here.
  const rows = await hotelListQuery(db, { country, location, sort: "betyg", limit: limit + 1 }).execute();
  return rows.map(toHotelSummary).filter((hotel) => hotel.id !== excludeId).slice(0, limit);
}
