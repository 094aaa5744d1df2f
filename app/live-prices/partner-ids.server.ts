/**
 * Our hotels' ids at the partners whose APIs are asked live (hotel_partner_ids): written by the
 * hotel feed's `partner_ids` column and the back office's hotel screen, read before each live call.
 */
import type { Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import type { PartnerHotel } from "./connector.ts";

type DB = Kysely<Database>;

/** The partner's ids of those of `hotelIds` (hotels.id) it has one for, in no particular order. */
export async function partnerHotels(partnerId: string, hotelIds: readonly string[], db: DB = getAppDatabase().db): Promise<PartnerHotel[]> {
  if (!hotelIds.length) return [];
  const rows = await db
    .selectFrom("hotel_partner_ids")
    .select(["hotel_id", "partner_hotel_id"])
    .where("partner_id", "=", partnerId)
    .where("hotel_id", "in", [...hotelIds])
    .execute();
  return rows.map((row) => ({ hotelId: row.hotel_id, partnerHotelId: row.partner_hotel_id }));
}
