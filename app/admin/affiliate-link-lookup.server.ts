/** The affiliate link generator's lookup: the hotel's real page, tagged with the partner's ids. */
import type { Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { hotelPath } from "#app/utils/paths.ts";
import type { AffiliateLinkRequest } from "#app/admin/affiliate-link.ts";

export type AffiliateLink = { url: string; hotelName: string } | { error: string };

/**
 * The link to the hotel's page (its country, place and name, as the site shows it) with the
 * affiliate id and UTM parameters; or why there is none. Nothing is stored.
 */
export async function buildAffiliateLink(
  request: AffiliateLinkRequest,
  db: Kysely<Database> = getAppDatabase().db,
): Promise<AffiliateLink> {
  const hotel = await db
    .selectFrom("hotels")
    .select(["hotel_id", "name", "location", "country", "slug"])
    .where("hotel_id", "=", request.hotel)
    .executeTakeFirst();
  if (!hotel) return { error: `No hotel found with this ID: ${request.hotel}` };
  const path = hotelPath(hotel);
  if (!path) return { error: "This hotel has no usable country or location, so it has no page to link to." };
  const url = new URL(path, getEnv().SITE_URL);
  url.searchParams.set("aff_id", request.affiliate);
  url.searchParams.set("utm_source", request.source);
  url.searchParams.set("utm_medium", request.medium);
  url.searchParams.set("utm_campaign", hotel.hotel_id);
  return { url: url.toString(), hotelName: hotel.name ?? hotel.hotel_id };
}
