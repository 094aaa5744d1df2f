import type { Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { goneNote } from "#app/hotels/compare-params.ts";
import { normalizeHotel } from "#app/hotels/hotel-record.ts";
import type { Stay } from "#app/utils/stay.ts";
import { shownOffer, type PriceOffer } from "#app/prices/price-offer.ts";
import { offersFor } from "#app/prices/stay-prices.server.ts";
import { redirectPath } from "#app/outbound/redirect-params.ts";
import { hotelPath } from "#app/utils/paths.ts";
import { withPlaceNames } from "#app/hotels/place-names.ts";
import { getPlaceNames } from "#app/hotels/place-name-rows.server.ts";
import { distanceTexts } from "#app/location/landmarks.server.ts";
import { log } from "#app/utils/log.server.ts";

type DB = Kysely<Database>;

/**
 * The offer a compared hotel shows: the one its hotel page shows (the cheapest meeting the
 * conditions, for the stay or without dates), with the way to it through /redirect, with the
 * stay, recorded as source "compare".
 */
export type ComparedOffer = PriceOffer & { href: string };

export interface ComparedHotel {
  id: string;
  name: string;
  /** The hotel's page (without the stay; the page adds it). */
  href: string;
  image_path: string;
  star_rating: number;
  rating: number;
  review_count: number;
  location_name: string;
  country_name: string;
  amenity_keys: string[];
  cheapest: ComparedOffer | null;
  /** How many partners have an offer (for the stay and conditions, when given). */
  offerCount: number;
  /** "1,2 km till centrum" (its own place's centre); null without coordinates or a centre. */
  distance: string | null;
}

/**
 * The hotels to compare, in the order asked for, with Swedish place names and their offers for
 * the stay meeting the wanted conditions: one query for the hotels (only what the page shows),
 * one for the offers. Ids that match no hotel, or a hotel without a page, are left out with a note.
 */
export async function loadComparison(
  ids: readonly string[],
  stay: Stay,
  wanted: number,
  db: DB = getAppDatabase().db,
): Promise<{ hotels: ComparedHotel[]; notes: string[] }> {
  if (!ids.length) return { hotels: [], notes: [] };
  const [rows, names, offers] = await Promise.all([
    db
      .selectFrom("hotels")
      .select([
        "id",
        "hotel_id",
        "name",
        "image_path",
        "star_rating",
        "rating",
        "review_count",
        "location",
        "country",
        "slug",
        "amenity_keys",
        "latitude",
        "longitude",
      ])
      .where("id", "in", [...ids])
      .execute(),
    getPlaceNames(db),
    offersFor(ids, stay, wanted, db),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const distances = new Map(
    (
      await distanceTexts(rows, null, db).catch((error: unknown) => {
        log.error("compare distances failed", error);
        return rows.map(() => null);
      })
    ).map((distance, index) => [rows[index]!.id, distance]),
  );
  const hotels: ComparedHotel[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    const hotel = withPlaceNames(names, normalizeHotel(row));
    const href = hotelPath(hotel);
    // A hotel without a page (no usable place) cannot be compared either: left out like a gone one.
    if (!href) continue;
    const hotelOffers = offers.get(id) ?? [];
    const cheapest = shownOffer(hotelOffers, wanted);
    hotels.push({
      id: row.id,
      name: hotel.name,
      href,
      image_path: hotel.image_path,
      star_rating: hotel.star_rating,
      rating: hotel.rating,
      review_count: hotel.review_count,
      location_name: hotel.location_name,
      country_name: hotel.country_name,
      amenity_keys: row.amenity_keys ?? [],
      offerCount: hotelOffers.length,
      distance: distances.get(id) ?? null,
      cheapest: cheapest && {
        ...cheapest,
        href: redirectPath(cheapest.landingUrl, { source: "compare", hotel: hotel.slug ?? hotel.hotel_id, hotelId: row.id, stay }),
      },
    });
  }
  const gone = ids.length - hotels.length;
  return { hotels, notes: gone ? [goneNote(gone)] : [] };
}
