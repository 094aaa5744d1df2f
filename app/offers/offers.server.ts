/**
 * The per-night offers feed's offers (`npm run import -- --offers`, table hotel_offers): since
 * prices are per stay (app/prices/stay-prices.server.ts) they are undated lead-in prices, read
 * through lead_offers. Here only their age limit and housekeeping: offers older than
 * OFFER_MAX_AGE_HOURS are retired.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { getEnv } from "#app/utils/env.server.ts";

type DB = Kysely<Database>;

/** How old an offer may be and still be shown. */
export const offerMaxAgeHours = () => getEnv().OFFER_MAX_AGE_HOURS;

/**
 * Marks offers not refreshed within the maximum age as gone (housekeeping), so the lists'
 * lowest price and partner count stop counting them too. Returns how many.
 */
export async function retireStaleOffers(now: Date = new Date(), db: DB = getAppDatabase().db): Promise<number> {
  const result = await db
    .updateTable("hotel_offers")
    .set({ gone_at: now })
    .where("gone_at", "is", null)
    .where("updated_at", "<", new Date(now.getTime() - offerMaxAgeHours() * 3_600_000))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
