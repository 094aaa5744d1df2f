/**
 * Expired sessions, idle rate-limit counters, past days' click salts, stale offers and prices of
 * dates that have passed are ignored by every read, so removing them is only tidying; uploaded blog images that no post uses would otherwise pile
 * up. An hourly job of the job runner (decision 071): one app server does it each hour.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "#app/db/schema.ts";
import { log } from "#app/utils/log.server.ts";
import { deleteExpiredSessions } from "#app/auth/session.server.ts";
import { clearIdleRateLimits } from "#app/http/rate-limit.server.ts";
import { forgetClickVisitors } from "#app/outbound/clicks.server.ts";
import { removeUnusedBlogImages, type BlogImageStorage } from "#app/blog/image-storage.server.ts";
import { imagesInUse } from "#app/blog/posts.server.ts";
import { retireStaleOffers } from "#app/offers/offers.server.ts";
import { deleteOldPriceHistory } from "#app/prices/price-history.server.ts";
import { todayInSweden } from "#app/utils/stay.ts";
import { deletePastPrices } from "#app/prices/price-upkeep.server.ts";
import { deleteOldLiveRecords } from "#app/live-prices/live-prices.server.ts";
import { defineJob } from "#app/jobs/job-queue.server.ts";

const HOUR_MS = 3_600_000;
/** Counters are kept a day after their last use (the longest window is an hour). */
const KEEP_COUNTERS_MS = 24 * HOUR_MS;
/** An uploaded image no post uses is kept a day: time enough to save the post it was uploaded for. */
const KEEP_UNUSED_IMAGES_MS = 24 * HOUR_MS;
/** The connector health screen reads the last hour; a week of calls is kept for looking back. */
const KEEP_CONNECTOR_CALLS_MS = 7 * 24 * HOUR_MS;

/** `imageStorage` defaults to the app's own (blogImageStorage()); tests name theirs. */
export async function runHousekeeping(now: Date = new Date(), imageStorage?: BlogImageStorage, db: Kysely<Database> = getAppDatabase().db) {
  const sessions = await deleteExpiredSessions(now, db);
  const rateLimits = await clearIdleRateLimits(new Date(now.getTime() - KEEP_COUNTERS_MS), db);
  const clickVisitors = await forgetClickVisitors(now, db);
  // Pages never show a stale offer; retiring it also takes it out of the lists' lowest price.
  const staleOffers = await retireStaleOffers(now, db);
  // Nights and check-ins before today in Sweden: no stay can be priced with them any more.
  const pastPrices = await deletePastPrices(todayInSweden(now), undefined, db);
  // Expired live answers are never read again; calls older than a week are no one's health.
  const live = await deleteOldLiveRecords(new Date(now.getTime() - KEEP_CONNECTOR_CALLS_MS), db);
  const history = await deleteOldPriceHistory(todayInSweden(now), db); // Observations older than 13 months (decision 073).
  // Storage is another service (Supabase): its outage is a warning, not a failed run.
  const unusedImages = await removeUnusedBlogImages({
    olderThan: new Date(now.getTime() - KEEP_UNUSED_IMAGES_MS),
    inUse: (names) => imagesInUse(names, db),
    storage: imageStorage,
  }).catch((error: unknown) => {
    log.warn("unused blog images not removed", { error: error instanceof Error ? error.message : String(error) });
    return 0;
  });
  return { sessions, rateLimits, clickVisitors, staleOffers, ...pastPrices, ...live, ...history, unusedImages };
}

export const housekeepingJob = defineJob({
  name: "operations.housekeeping",
  schema: z.object({}),
  schedule: "5 * * * *",
  run: async () => {
    const removed = await runHousekeeping();
    if (Object.values(removed).some(Boolean)) log.info("housekeeping", removed);
  },
});
