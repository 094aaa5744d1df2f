/**
 * Keeping stored prices current while the site runs: chores every app server may do, done once
 * for all of them (table price_tasks), and the removal of prices for dates that have passed.
 *
 * A server takes a chore by moving its lease forward in one statement (whoever's update lands
 * first; the others find it leased) and gives it back after one batch, so a pass over every
 * hotel is shared by the servers and carried on by another when one stops. Batches are short
 * transactions of their own: nothing holds a lock (or PGlite's only connection) for a pass.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { todayInSweden } from "#app/utils/stay.ts";
import { refreshLeadPrices } from "./stay-prices.server.ts";

type DB = Kysely<Database>;

export const PRICE_TASK = {
  /** Every hotel's lead prices, daily: "the next 30 days" move on at midnight. */
  leadPrices: "lead-prices",
  /** The ECB's rates from FX_RATES_URL, daily. */
  fxRates: "fx-rates",
} as const;
export type PriceTaskName = (typeof PRICE_TASK)[keyof typeof PRICE_TASK];

/** Hotels per batch of the lead-price pass: one short statement each. */
export const LEAD_PRICE_BATCH = 300;
/** Rows per delete of past prices. */
export const PAST_PRICES_BATCH = 5000;
/** How long a taken chore is its server's; a fetch of the rates holds it as long as its download may take. */
const TASK_LEASE_SECONDS = 120;

/** The next midnight in Sweden, when "today" and the next 30 days move on. */
const NEXT_SWEDISH_MIDNIGHT = sql<Date>`(date_trunc('day', now() at time zone 'Europe/Stockholm') + interval '1 day') at time zone 'Europe/Stockholm'`;
/** The next 17:00 in Frankfurt: the ECB publishes the day's rates at about 16:00 CET. */
const NEXT_ECB_PUBLICATION = sql<Date>`(date_trunc('day', now() at time zone 'Europe/Berlin' - interval '17 hours') + interval '1 day 17 hours') at time zone 'Europe/Berlin'`;

export const NEXT_DUE = {
  [PRICE_TASK.leadPrices]: NEXT_SWEDISH_MIDNIGHT,
  [PRICE_TASK.fxRates]: NEXT_ECB_PUBLICATION,
} as const;

export interface ClaimedTask {
  name: PriceTaskName;
  /** Where the pass goes on: after this hotels.id (null: from the start). */
  cursor: string | null;
  pass: number;
}

/**
 * Takes the chore for this server when it is due and nobody holds it; null when it is not this
 * server's to do now. A chore never seen before is due at once or at its next time.
 */
export async function claimPriceTask(
  name: PriceTaskName,
  options: { firstDueNow: boolean; leaseSeconds?: number },
  db: DB = getAppDatabase().db,
): Promise<ClaimedTask | null> {
  const claim = () =>
    db
      .updateTable("price_tasks")
      .set({ locked_until: sql<Date>`now() + make_interval(secs => ${options.leaseSeconds ?? TASK_LEASE_SECONDS})` })
      .where("name", "=", name)
      .where("due_at", "<=", sql<Date>`now()`)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", sql<Date>`now()`)]))
      .returning(["cursor", "pass"])
      .executeTakeFirst();
  // Most rounds find it not due: one update of no row, which writes nothing.
  let row = await claim();
  if (!row && !(await db.selectFrom("price_tasks").select("name").where("name", "=", name).executeTakeFirst())) {
    await db
      .insertInto("price_tasks")
      .values({ name, due_at: options.firstDueNow ? sql<Date>`now()` : NEXT_DUE[name] })
      .onConflict((conflict) => conflict.column("name").doNothing())
      .execute();
    row = await claim();
  }
  return row ? { name, cursor: row.cursor, pass: row.pass } : null;
}

/**
 * Gives a chore back. `next`: the pass goes on after this hotel; `done`: the pass is over, due
 * again at its next time (in an hour after an error). When the pass was started over while this
 * server held it (restartLeadPricePass), only the lease is given back.
 */
export async function releasePriceTask(
  task: ClaimedTask,
  result: { next: string } | { done: true; error?: string },
  db: DB = getAppDatabase().db,
) {
  const error = "done" in result && result.error ? result.error.slice(0, 1000) : null;
  const progress =
    "next" in result
      ? { cursor: result.next }
      : error
        ? { cursor: null, due_at: sql<Date>`now() + interval '1 hour'`, last_error: error }
        : { cursor: null, due_at: NEXT_DUE[task.name], last_finished_at: sql<Date>`now()`, last_error: null };
  const moved = await db
    .updateTable("price_tasks")
    .set({ locked_until: null, ...progress })
    .where("name", "=", task.name)
    .where("pass", "=", task.pass)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0)
    await db.updateTable("price_tasks").set({ locked_until: null }).where("name", "=", task.name).execute();
}

/** Starts the lead-price pass over, now (new rates change every converted price). */
export async function restartLeadPricePass(db: DB = getAppDatabase().db): Promise<void> {
  await db
    .insertInto("price_tasks")
    .values({ name: PRICE_TASK.leadPrices, due_at: sql<Date>`now()` })
    .onConflict((conflict) =>
      conflict.column("name").doUpdateSet({ due_at: sql<Date>`now()`, cursor: null, pass: sql<number>`price_tasks.pass + 1` }),
    )
    .execute();
}

/**
 * One batch of the daily pass over every hotel's lead prices, in hotels.id order; how many
 * hotels it did (0 when the pass is not due or another server holds it). The last batch
 * empties the catalogue caches, so lists sort by the new prices.
 */
export async function refreshLeadPricesBatch(
  now: Date = new Date(),
  batch: number = LEAD_PRICE_BATCH,
  db: DB = getAppDatabase().db,
): Promise<number> {
  const claimed = await claimPriceTask(PRICE_TASK.leadPrices, { firstDueNow: false }, db);
  if (!claimed) return 0;
  try {
    let next = db.selectFrom("hotels").select("id").orderBy("id").limit(batch);
    if (claimed.cursor) next = next.where("id", ">", claimed.cursor);
    const ids = (await next.execute()).map((row) => row.id);
    await refreshLeadPrices(ids, todayInSweden(now), db);
    if (ids.length < batch) {
      await releasePriceTask(claimed, { done: true }, db);
    } else {
      await releasePriceTask(claimed, { next: ids.at(-1)! }, db);
    }
    return Math.max(ids.length, 1);
  } catch (error) {
    await releasePriceTask(claimed, { done: true, error: error instanceof Error ? error.message : String(error) }, db);
    throw error;
  }
}

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
