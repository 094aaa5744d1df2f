/**
 * Partners' prices for hotels, as pages read them. Pages ask a PriceSource, never a table:
 * today's source reads the offers that feeds load (`npm run import -- --offers`); a live
 * partner API can be another PriceSource without touching a page. Offers older than
 * OFFER_MAX_AGE_HOURS, gone from a full feed, or of an inactive partner are never shown.
 */
import { sql, type Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { stayTotal, type Stay } from "./stay.ts";

type DB = Kysely<Database>;

export interface Offer {
  partnerId: string;
  partnerName: string;
  partnerHost: string;
  partnerLogo: string | null;
  pricePerNight: number;
  currency: string;
  /** The whole stay (every night, every room), null without dates. */
  total: number | null;
  /** The partner's page for the hotel; /redirect fills the stay into the partner's deep link. */
  landingUrl: string;
  breakfastIncluded: boolean;
  freeCancellation: boolean;
  updatedAt: Date;
}

export interface PriceSource {
  /** Current offers per hotel (hotels.id), cheapest first; hotels without any are absent. */
  offersFor(hotelIds: readonly string[], stay: Stay): Promise<Map<string, Offer[]>>;
}

/** How old an offer may be and still be shown. */
export const offerMaxAgeHours = () => getEnv().OFFER_MAX_AGE_HOURS;

/** The offers feeds have loaded (table hotel_offers). */
export function feedPriceSource(db: DB = getAppDatabase().db): PriceSource {
  return {
    async offersFor(hotelIds, stay) {
      const byHotel = new Map<string, Offer[]>();
      const ids = [...new Set(hotelIds)];
      if (!ids.length) return byHotel;
      const rows = await db
        .selectFrom("hotel_offers as offer")
        .innerJoin("partners as partner", "partner.id", "offer.partner_id")
        .select([
          "offer.hotel_id",
          "offer.partner_id",
          "offer.price_per_night",
          "offer.currency",
          "offer.landing_url",
          "offer.breakfast_included",
          "offer.free_cancellation",
          "offer.updated_at",
          "partner.name",
          "partner.host",
          "partner.logo_url",
        ])
        .where("offer.hotel_id", "in", ids)
        .where("offer.gone_at", "is", null)
        .where("partner.active", "=", true)
        .where("offer.updated_at", ">", sql<Date>`now() - make_interval(hours => ${offerMaxAgeHours()})`)
        .orderBy("offer.hotel_id")
        .orderBy("offer.price_per_night")
        .orderBy("partner.name")
        .execute();
      for (const row of rows) {
        const pricePerNight = Number(row.price_per_night);
        const offer: Offer = {
          partnerId: row.partner_id,
          partnerName: row.name,
          partnerHost: row.host,
          partnerLogo: row.logo_url,
          pricePerNight,
          currency: row.currency,
          total: stayTotal(pricePerNight, stay),
          landingUrl: row.landing_url,
          breakfastIncluded: row.breakfast_included,
          freeCancellation: row.free_cancellation,
          updatedAt: new Date(row.updated_at),
        };
        const list = byHotel.get(row.hotel_id);
        if (list) list.push(offer);
        else byHotel.set(row.hotel_id, [offer]);
      }
      return byHotel;
    },
  };
}

/** The price source pages use. */
export function priceSource(db: DB = getAppDatabase().db): PriceSource {
  return feedPriceSource(db);
}

/**
 * Marks offers not refreshed within the maximum age as gone (housekeeping), so the lists'
 * lowest price and partner count stop counting them too. Returns how many.
 */
export async function retireStaleOffers(db: DB, now: Date = new Date()): Promise<number> {
  const result = await db
    .updateTable("hotel_offers")
    .set({ gone_at: now })
    .where("gone_at", "is", null)
    .where("updated_at", "<", new Date(now.getTime() - offerMaxAgeHours() * 3_600_000))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
