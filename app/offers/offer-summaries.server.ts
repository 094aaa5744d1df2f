/**
 * The hotels' offer summaries (hotels.offer_price and offer_count, what lists filter, sort and
 * show) after a partner is switched off or on. The switch itself only flips `active`: a
 * trigger marks the partner's summaries as owed (partners.summary_pending), pages that read
 * offers leave an inactive partner out at once, and the job runner recomputes the owed
 * summaries here (owedSummariesJob, enqueued by the switch), a batch at a time, so no statement
 * grows with the catalogue. Until a partner's recompute is done, list cards take their price
 * from the offers themselves.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import { sql, type Kysely } from "kysely";
import { z } from "zod";
import { defineJob } from "#app/jobs/job-queue.server.ts";
import type { Database } from "#app/db/schema.ts";
import { cachedRead } from "#app/utils/catalogue-cache.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { todayInSweden } from "#app/utils/stay.ts";

type DB = Kysely<Database>;

/**
 * Hotels recomputed in one batch (one short transaction): a few hundred milliseconds on
 * PostgreSQL, far below the statement timeout, whatever the size of the catalogue.
 */
export const SUMMARY_BATCH = 200;

/** Whether some partner's hotels still wait for their summaries, cached like the partner list. */
export function summariesOwed(db: DB = getAppDatabase().db): Promise<boolean> {
  return cachedRead(db, "offer-summaries-owed", async () =>
    Boolean(await db.selectFrom("partners").select("id").where("summary_pending", "=", true).executeTakeFirst()),
  );
}

interface Summarised {
  id: string;
  offer_price: number | null;
  offer_count: number;
}

/**
 * The list page's hotels with their lowest price and partner count as the current offers make
 * them, while some partner's recompute is under way (else as they are): a card never shows a
 * price, or a number of partners, that the hotel page would not.
 */
export async function withCurrentOfferSummaries<Hotel extends Summarised>(hotels: Hotel[], db: DB = getAppDatabase().db): Promise<Hotel[]> {
  if (hotels.length === 0 || !(await summariesOwed(db))) return hotels;
  const { rows } = await sql<{ hotel_id: string; offer_price: string | number | null; offer_count: number }>`
    select hotel_id, offer_price, offer_count from current_offer_summary(${hotels.map((hotel) => hotel.id)}::uuid[])
  `.execute(db);
  const current = new Map(rows.map((row) => [row.hotel_id, row]));
  return hotels.map((hotel) => {
    const summary = current.get(hotel.id);
    return summary
      ? {
          ...hotel,
          offer_price: summary.offer_price === null ? null : Number(summary.offer_price),
          offer_count: Number(summary.offer_count),
        }
      : hotel;
  });
}

/**
 * Recomputes the next batch of one owed partner's hotels, in one transaction that holds the
 * partner's row: workers on other app servers take another partner or wait for the next
 * round, and a switch made meanwhile waits for this batch, then starts the partner over.
 * Returns how many hotels it did (0: nothing owed, or every owed partner is being done elsewhere).
 */
export async function recomputeOwedSummaries(batch: number = SUMMARY_BATCH, db: DB = getAppDatabase().db): Promise<number> {
  const { done } = await db.transaction().execute(async (trx) => {
    const partner = await trx
      .selectFrom("partners")
      .select(["id", "summary_done_through"])
      .where("summary_pending", "=", true)
      .orderBy("id")
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!partner) return { done: 0, finished: false };
    let next = trx.selectFrom("hotel_offers").select("hotel_id").where("partner_id", "=", partner.id);
    if (partner.summary_done_through !== null) next = next.where("hotel_id", ">", partner.summary_done_through);
    const hotels = (await next.orderBy("hotel_id").limit(batch).execute()).map((row) => row.hotel_id);
    if (hotels.length)
      await sql`select refresh_hotel_offer_summary(${hotels}::uuid[], ${todayInSweden()}::date, ${getEnv().OFFER_MAX_AGE_HOURS})`.execute(
        trx,
      );
    const finished = hotels.length < batch;
    await trx
      .updateTable("partners")
      .set(finished ? { summary_pending: false, summary_done_through: null } : { summary_done_through: hotels.at(-1)! })
      .where("id", "=", partner.id)
      .execute();
    return { done: Math.max(hotels.length, 1), finished };
  });
  return done;
}

/**
 * Recomputes every owed summary, batch by batch. "Stately": switches made while it runs queue
 * one more pass, however many they are (a debounce); the schedule catches summaries whose pass
 * failed every retry, or whose switch was made without the app.
 */
export const owedSummariesJob = defineJob({
  name: "offers.owed-summaries",
  schema: z.object({}),
  policy: "stately",
  schedule: "*/10 * * * *",
  retryDelaySeconds: 10,
  run: async (_data, job) => {
    while ((await recomputeOwedSummaries(undefined, job.db)) > 0);
  },
});
