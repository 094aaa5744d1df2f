/**
 * Stored currency rates: the ECB's euro reference rates by business day (fx_rates), written by the
 * rates import and read to show every price in the visitor's currency.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import type { FxRates } from "#app/utils/money.ts";
import { type EcbRate } from "#app/utils/money.ts";

type DB = Kysely<Database>;

/** Rows per statement: an insert's parameters stay far under PostgreSQL's 65,535. */
const ROWS_PER_STATEMENT = 2_000;

/**
 * Stores the rates (a day and currency already stored takes the new rate: the ECB corrects a
 * published rate only rarely, and the file is its word). Returns how many rows were written.
 */
export async function storeFxRates(rates: readonly EcbRate[], db: DB = getAppDatabase().db): Promise<number> {
  let written = 0;
  for (let start = 0; start < rates.length; start += ROWS_PER_STATEMENT) {
    const rows = rates.slice(start, start + ROWS_PER_STATEMENT).map((rate) => ({
      rate_date: rate.date,
      currency: rate.currency,
      per_eur: rate.perEur,
    }));
    const result = await db
      .insertInto("fx_rates")
      .values(rows)
      .onConflict((conflict) =>
        conflict.columns(["rate_date", "currency"]).doUpdateSet({ per_eur: (eb) => eb.ref("excluded.per_eur"), imported_at: sql`now()` }),
      )
      .executeTakeFirst();
    written += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
}

/**
 * The rates of the latest business day on or before `onOrBefore` (YYYY-MM-DD; default: any), or
 * null when none are stored. A weekend or a holiday has no rates of its own: the day before counts.
 */
export async function latestFxRates(onOrBefore?: string, db: DB = getAppDatabase().db): Promise<FxRates | null> {
  const rows = await db
    .selectFrom("fx_rates")
    .select([sql<string>`to_char(rate_date, 'YYYY-MM-DD')`.as("date"), "currency", "per_eur"])
    .where("rate_date", "=", (eb) => {
      let latest = eb.selectFrom("fx_rates").select((inner) => inner.fn.max("rate_date").as("latest"));
      if (onOrBefore) latest = latest.where("rate_date", "<=", onOrBefore);
      return latest;
    })
    .execute();
  if (rows.length === 0) return null;
  return { date: rows[0]!.date, perEur: new Map(rows.map((row) => [row.currency, Number(row.per_eur)])) };
}
