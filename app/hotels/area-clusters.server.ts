/**
 * The places on a place page's map worth listing on their own (decision 078): without
 * JavaScript there is no map to pan, so the page links to the lists of a few areas of about a
 * kilometre ("Visa hotell i närheten av …"), the same lists "Sök i det här området" makes.
 *
 * Until the place's landmarks are data, the areas are where its hotels cluster: the place's
 * best hotels (the first CLUSTER_SAMPLE in its list order, on hotels_place_recommended_idx, so a
 * place of 50,000 hotels costs what one of 2,000 does) grouped in cells of about a kilometre,
 * the fullest first, each named by its best-rated hotel.
 */
import { sql, type Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { areaAround, type MapArea } from "./map-area.ts";

const CLUSTER_SAMPLE = 2000;
const CLUSTER_LINKS = 4;
/** A cell's size in degrees of latitude (about 1.1 km); longitude's cell is twice as wide (about 1.1 km at 60° N). */
const CELL = 0.01;

export interface NearbyArea {
  /** What the area is near: 'Hotel Diplomat'. */
  name: string;
  area: MapArea;
  hotels: number;
}

export async function nearbyAreas(
  place: { country: string; location: string },
  db: Kysely<Database> = getAppDatabase().db,
): Promise<NearbyArea[]> {
  const rows = await sql<{ name: string; lat: number; lng: number; hotels: string }>`
    with sample as (
      select name, latitude, longitude, rating
      from hotels
      where country_key = place_key(${place.country}) and location_key = place_key(${place.location})
      order by has_affiliate_url desc, rating desc nulls last, review_count desc nulls last, id
      limit ${CLUSTER_SAMPLE}
    )
    select (array_agg(name order by rating desc nulls last, name))[1] as name,
      avg(latitude) as lat, avg(longitude) as lng, count(*) as hotels
    from sample
    where latitude is not null and longitude is not null and not (latitude = 0 and longitude = 0)
    group by floor(latitude / ${CELL}), floor(longitude / ${CELL * 2})
    having count(*) > 1
    order by count(*) desc, 1
    limit ${CLUSTER_LINKS}
  `.execute(db);
  return rows.rows.map((row) => ({ name: row.name, area: areaAround(Number(row.lat), Number(row.lng)), hotels: Number(row.hotels) }));
}
