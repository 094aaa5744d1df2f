import type { Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { goneNote } from "#app/hotels/compare.ts";
import { normalizeHotel } from "#app/hotels/hotel.ts";
import { priceSource, type PriceSource } from "#app/offers/offers.server.ts";
import type { Stay } from "#app/offers/stay.ts";
import { redirectPath } from "#app/outbound/redirect-params.ts";
import { hotelPath } from "#app/utils/paths.ts";
import { withPlaceNames } from "./place-names.ts";
import { getPlaceNames } from "./place-names.server.ts";

type DB = Kysely<Database>;

/** The cheapest current offer of a compared hotel, as its column shows it. */
export interface ComparedOffer {
  partnerName: string;
  pricePerNight: number;
  currency: string;
  /** The whole stay, null without dates. */
  total: number | null;
  /** Through /redirect, with the stay, recorded as source "compare". */
  href: string;
}

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
  /** How many partners offer the hotel now. */
  offerCount: number;
}

/**
 * The hotels to compare, in the order asked for, with Swedish place names and their offers for
 * the stay: one query for the hotels (only what the page shows), one for the offers. Ids that
 * match no hotel, or a hotel without a page, are left out with a note.
 */
export async function loadComparison(
  ids: readonly string[],
  stay: Stay,
  db: DB = getAppDatabase().db,
  prices: PriceSource = priceSource(db),
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
      ])
      .where("id", "in", [...ids])
      .execute(),
    getPlaceNames(db),
    prices.offersFor(ids, stay),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const hotels: ComparedHotel[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    const hotel = withPlaceNames(names, normalizeHotel(row));
    const href = hotelPath(hotel);
    // A hotel without a page (no usable place) cannot be compared either: left out like a gone one.
    if (!href) continue;
    const hotelOffers = offers.get(id) ?? [];
    const cheapest = hotelOffers[0];
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
      cheapest: cheapest
        ? {
            partnerName: cheapest.partnerName,
            pricePerNight: cheapest.pricePerNight,
            currency: cheapest.currency,
            total: cheapest.total,
            href: redirectPath(cheapest.landingUrl, { source: "compare", hotel: hotel.slug ?? hotel.hotel_id, hotelId: row.id, stay }),
          }
        : null,
    });
  }
  const gone = ids.length - hotels.length;
  return { hotels, notes: gone ? [goneNote(gone)] : [] };
}
