/**
 * The places on a place page's map worth listing on their own (decision 078): without
 * JavaScript there is no map to pan, so the page links to the lists of a few areas of about a
 * kilometre or two ("Visa hotell i närheten av …"), the same lists "Sök i det här området" makes.
 *
 * The areas are a kilometre round each of the place's landmarks ("… av Centralstationen",
 * decision 077; its centre is "centrum"), up to LANDMARK_LINKS of them, each only when a hotel
 * is in it. A place without such landmarks (a feed's new place) gets the areas where its hotels cluster instead: the place's best hotels (the first CLUSTER_SAMPLE in its list order, on hotels_place_recommended_idx, so a
 * place of 50,000 hotels costs what one of 2,000 does) grouped in cells of about a kilometre,
 * the fullest first, each named by its best-rated hotel, its area the cell's hotels with a margin.
 */
import { sql, type Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { listLandmarks } from "#app/location/landmarks.server.ts";
import { inMapArea } from "./hotel-queries.server.ts";
import { areaAround, wrapLng, type MapArea } from "./map-area.ts";

const LANDMARK_LINKS = 6;
const CLUSTER_SAMPLE = 2000;
const CLUSTER_LINKS = 4;
/** A cell's size in degrees of latitude (about 1.1 km); longitude's cell is twice as wide (about 1.1 km at 60° N). */
const CELL = 0.01;
/** About 200 m round the cluster's hotels (4 decimals: the address keeps it as written). */
const MARGIN = 0.002;

export interface NearbyArea {
  /** What the area is near: 'Centralstationen', 'centrum', 'Hotel Diplomat'. */
  name: string;
  area: MapArea;
}

type Place = { country: string; location: string };

export async function nearbyAreas(place: Place, db: Kysely<Database> = getAppDatabase().db): Promise<NearbyArea[]> {
  const landmarks = (await listLandmarks(place, db)).slice(0, LANDMARK_LINKS).map((landmark) => ({
    name: landmark.isCentre ? "centrum" : landmark.name,
    area: areaAround(landmark.latitude, landmark.longitude, 1),
  }));
  // A link to an empty list is a dead end: only landmarks with a hotel near them (one probe each on hotels_position_idx).
  const near = await Promise.all(
    landmarks.map(async ({ area }) =>
      Boolean(
        await db
          .selectFrom("hotels")
          .select("id")
          .where(() => inMapArea(area))
          .limit(1)
          .executeTakeFirst(),
      ),
    ),
  );
  const withHotels = landmarks.filter((_, index) => near[index]);
  return withHotels.length ? withHotels : hotelClusters(place, db);
}

async function hotelClusters(place: Place, db: Kysely<Database>): Promise<NearbyArea[]> {
  const rows = await sql<{ name: string; south: number; west: number; north: number; east: number; hotels: string }>`
    with sample as (
      select name, latitude, longitude, rating
      from hotels
      where country_key = place_key(${place.country}) and location_key = place_key(${place.location})
      order by has_affiliate_url desc, rating desc nulls last, review_count desc nulls last, id
      limit ${CLUSTER_SAMPLE}
    )
    select (array_agg(name order by rating desc nulls last, name))[1] as name,
      min(latitude) as south, min(longitude) as west, max(latitude) as north, max(longitude) as east, count(*) as hotels
    from sample
    where latitude is not null and longitude is not null and not (latitude = 0 and longitude = 0)
    group by floor(latitude / ${CELL}), floor(longitude / ${CELL * 2})
    having count(*) > 1
    order by count(*) desc, 1
    limit ${CLUSTER_LINKS}
  `.execute(db);
  // Round the cluster's hotels with a margin: each of them, the one it is named by too, is in it.
  return rows.rows.map((row) => ({
    name: row.name,
    area: {
      south: Math.max(-90, Number(row.south) - MARGIN),
      west: wrapLng(Number(row.west) - MARGIN * 2),
      north: Math.min(90, Number(row.north) + MARGIN),
      east: wrapLng(Number(row.east) + MARGIN * 2),
    },
  }));
}
