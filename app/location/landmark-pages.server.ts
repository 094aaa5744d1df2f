/**
 * Reads for the landmark pages, /{country}/{place}/nara/{landmark} (decision 080): how near the
 * nearest hotel is, how many hotels each landmark of a place has within the radius (the place
 * page's links), and the pages with enough of them to be indexed (the sitemap). Every count
 * finds its hotels by the boxes round the radius on the position index (migration
 * 20261206200000_hotel_positions), then by the exact great-circle distance.
 */
import { sql, type Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { haversineTerm, withinRadius } from "#app/hotels/hotel-queries.server.ts";
import { INDEXABLE_MIN_HOTELS, LANDMARK_RADIUS_METRES, landmarkLandingPath } from "#app/hotels/landing-pages.ts";
import { placeKey } from "#app/hotels/place-names.ts";
import { haversineLimit, haversineMetres, radiusBoxes, type Coordinates, type Radius } from "./distance.ts";
import { listLandmarks, type PlaceRef } from "./landmarks.server.ts";

type DB = Kysely<Database>;

/** How far the nearest hotel within the radius is, in metres; null when none is. */
export async function nearestHotelMetres(radius: Radius, db: DB = getAppDatabase().db): Promise<number | null> {
  const row = await db
    .selectFrom("hotels")
    .where(withinRadius(radius))
    .select(sql<number | null>`min(${haversineTerm(radius.centre)})`.as("term"))
    .executeTakeFirst();
  return row?.term === null || row?.term === undefined ? null : haversineMetres(Number(row.term));
}

interface Counted extends Coordinates {
  id: string;
}

/**
 * How many hotels lie within LANDMARK_RADIUS_METRES of each landmark, in one statement: a row per
 * box round each (two across the antimeridian), each counted on the position index, summed.
 */
async function hotelsNear(landmarks: readonly Counted[], db: DB): Promise<Map<string, number>> {
  if (!landmarks.length) return new Map();
  const rows = landmarks.flatMap((landmark) =>
    radiusBoxes({ centre: landmark, metres: LANDMARK_RADIUS_METRES }).map((box) => ({ ...box, landmark })),
  );
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => sql.val(rows.map(pick));
  const near = { latitude: sql.ref("l.latitude"), longitude: sql.ref("l.longitude") };
  const { rows: counts } = await sql<{ id: string; hotels: string }>`
    select l.id, sum(n.hotels) as hotels
    from unnest(
      ${column((row) => row.landmark.id)}::text[], ${column((row) => row.landmark.latitude)}::float8[],
      ${column((row) => row.landmark.longitude)}::float8[], ${column((row) => row.south)}::float8[],
      ${column((row) => row.west)}::float8[], ${column((row) => row.north)}::float8[], ${column((row) => row.east)}::float8[]
    ) as l(id, latitude, longitude, south, west, north, east)
    cross join lateral (
      select count(*) as hotels from hotels
      where point(longitude, latitude) <@ box(point(l.west, l.south), point(l.east, l.north))
        and ${haversineTerm(near)} <= ${haversineLimit(LANDMARK_RADIUS_METRES)}::float8
    ) n
    group by l.id
  `.execute(db);
  return new Map(counts.map((row) => [row.id, Number(row.hotels)]));
}

/** The place's landmarks with their number of hotels within the radius, most first (the place page's links). */
export async function placeLandmarkCounts(
  place: PlaceRef,
  db: DB = getAppDatabase().db,
): Promise<Array<{ slug: string; name: string; isCentre: boolean; hotels: number }>> {
  const landmarks = await listLandmarks(place, db);
  const counts = await hotelsNear(landmarks, db);
  return landmarks
    .map((landmark) => ({ slug: landmark.slug, name: landmark.name, isCentre: landmark.isCentre, hotels: counts.get(landmark.id) ?? 0 }))
    .sort((a, b) => b.hotels - a.hotels);
}

/**
 * The landmark pages with at least INDEXABLE_MIN_HOTELS hotels, for the sitemap: every landmark
 * of a place in the catalogue (editors enter a few per place), counted in one statement.
 */
export async function indexableLandmarkPaths(db: DB = getAppDatabase().db): Promise<string[]> {
  const landmarks = await db
    .selectFrom("place_landmarks as l")
    .innerJoin("catalogue_places as p", (join) =>
      join.onRef("p.country_key", "=", "l.country_key").onRef("p.location_key", "=", "l.location_key"),
    )
    .where("p.hotel_count", ">", 0)
    .select(["l.id", "l.slug", "l.latitude", "l.longitude", "p.country", "p.location"])
    .orderBy("l.country_key")
    .orderBy("l.location_key")
    .orderBy("l.slug")
    .execute();
  const counts = await hotelsNear(
    landmarks.map((row) => ({ id: row.id, latitude: Number(row.latitude), longitude: Number(row.longitude) })),
    db,
  );
  return landmarks.flatMap((row) =>
    (counts.get(row.id) ?? 0) >= INDEXABLE_MIN_HOTELS && placeKey(row.location)
      ? (landmarkLandingPath(row.country, row.location, row.slug) ?? [])
      : [],
  );
}
