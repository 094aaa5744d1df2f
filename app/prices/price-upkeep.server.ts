/**
 * Keeping stored prices current while the site runs: the daily pass over every hotel's lead
 * prices, a job of the job runner (decision 071) that one app server does, and the removal of
 * prices for dates that have passed (housekeeping's). Batches are short statements of their own:
 * nothing holds a lock (or PGlite's only connection) for a pass.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "#app/db/schema.ts";
import { defineJob } from "#app/jobs/job-queue.server.ts";
import { todayInSweden } from "#app/utils/stay.ts";
import { refreshLeadPrices } from "./stay-prices.server.ts";

type DB = Kysely<Database>;

/** Hotels per batch of the lead-price pass: one short statement each. */
export const LEAD_PRICE_BATCH = 300;
/** Rows per delete of past prices. */
export const PAST_PRICES_BATCH = 5000;

/**
 * Every hotel's lead prices, a batch at a time in hotels.id order; the hotels of each batch. The
 * last batch empties the catalogue caches, so lists sort by the new prices.
 */
export async function refreshAllLeadPrices(
  now: Date = new Date(),
  batch: number = LEAD_PRICE_BATCH,
  db: DB = getAppDatabase().db,
): Promise<number[]> {
  const batches: number[] = [];
  let cursor: string | null = null;
  for (;;) {
    let next = db.selectFrom("hotels").select("id").orderBy("id").limit(batch);
    if (cursor) next = next.where("id", ">", cursor);
    const ids = (await next.execute()).map((row) => row.id);
    if (ids.length) await refreshLeadPrices(ids, todayInSweden(now), db);
    batches.push(ids.length);
    if (ids.length < batch) return batches;
    cursor = ids.at(-1)!;
  }
}

/**
 * The pass, daily at midnight in Sweden ("the next 30 days" move on) and after new exchange rates
 * (every converted price changes). One waiting and one running at most: a pass asked for while
 * one runs starts after it, so hotels it had already done get the new rates too.
 */
export const leadPricesJob = defineJob({
  name: "prices.lead-prices",
  schema: z.object({}),
  schedule: "0 0 * * *",
  policy: "stately",
  expireInSeconds: 3600,
  run: async () => void (await refreshAllLeadPrices()),
});

/** Deletes from a table, a batch at a time, the rows whose `column` is before `today`; how many. */
async function deleteBefore(
  table: string,
  key: string,
  column: string,
  today: string,
  batch: number,
  db: DB = getAppDatabase().db,
): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql`
      delete from ${sql.table(table)} where (${sql.raw(key)}) in (
        select ${sql.raw(key)} from ${sql.table(table)} where ${sql.ref(column)} < ${today}::date limit ${batch}
      )
    `.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0);
    total += deleted;
    if (deleted < batch) return total;
  }
}

/**
 * Removes nightly rates of nights before `today`, itinerary prices and sold-out itineraries of
 * check-ins before it: no stay can use them any more. A batch at a time (the date indexes), so
 * no statement holds many rows; rate plans themselves stay (small, and the next file reuses them).
 */
export async function deletePastPrices(today: string, batch: number = PAST_PRICES_BATCH, db: DB = getAppDatabase().db) {
  const nights = await deleteBefore("nightly_rates", "plan_id, night", "night", today, batch, db);
  const itineraries = await deleteBefore("itinerary_prices", "plan_id, check_in, nights", "check_in", today, batch, db);
  const soldOut = await deleteBefore("sold_out_itineraries", "hotel_id, partner_id, check_in, nights", "check_in", today, batch, db);
  return { nights, itineraries, soldOut };
}
