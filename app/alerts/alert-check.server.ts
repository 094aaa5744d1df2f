/**
 * Which confirmed alerts to write to now, decided for all of them in one statement (decision 072):
 * an alert fires when its price is at least 10% below the price it was last told (or confirmed
 * at), or below its target and lower than that price; at most once a day. The same statement
 * moves each fired alert's reference to the price it is told, and gives an alert confirmed while
 * nothing priced it its first price, so a drop is always measured from something the visitor saw
 * or could have seen.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { alertPricesSql, type AlertPrice } from "./alert-prices.server.ts";
import { CONFIRM_DAYS, forgetIdleSubscribers } from "./alerts.server.ts";

type DB = Kysely<Database>;

/** A fall this far below the reference (90%: at least 10%) fires an alert. */
export const DROP_FACTOR = 0.9;

/** The alerts that fire now, with the price and partner to tell; each is marked sent as it is returned. */
export async function claimDueAlerts(today: string, db: DB): Promise<AlertPrice[]> {
  const prices = alertPricesSql(sql`alert.status = 'confirmed' and (alert.check_in is null or alert.check_in >= ${today}::date)`);
  const { rows } = await sql<{ id: string; fire: boolean; price: number; partner_id: string }>`
    with prices as (${prices}),
    judged as (
      select alert.id, prices.price, prices.partner_id,
        (alert.last_sent_at is null or alert.last_sent_at <= now() - interval '1 day')
        and (
          (alert.reference_price is not null and prices.price <= alert.reference_price * ${DROP_FACTOR})
          or (alert.target_price is not null and prices.price < alert.target_price
            and (alert.reference_price is null or prices.price < alert.reference_price))
        ) as fire
      from price_alerts alert join prices on prices.alert_id = alert.id
    )
    update price_alerts alert
    set reference_price = judged.price,
      last_sent_at = case when judged.fire then now() else alert.last_sent_at end
    from judged
    where alert.id = judged.id and (judged.fire or alert.reference_price is null)
      -- Read again under the row's lock: a check running beside this one has not just told it.
      and (not judged.fire or alert.last_sent_at is null or alert.last_sent_at <= now() - interval '1 day')
    returning alert.id, judged.fire, judged.price, judged.partner_id
  `.execute(db);
  return rows.filter((row) => row.fire).map((row) => ({ alertId: row.id, price: Number(row.price), partnerId: row.partner_id }));
}

/**
 * Ends what has run its course: alerts for stays that have begun, alerts never confirmed within
 * the confirmation link's week, spent confirmation links, addresses left without alerts and the
 * mail counts older than the back office shows.
 */
export async function endStaleAlerts(today: string, db: DB) {
  const past = await db.deleteFrom("price_alerts").where("check_in", "<", today).executeTakeFirst();
  const unconfirmed = await db
    .deleteFrom("price_alerts")
    .where("status", "=", "pending")
    .where("created_at", "<", sql<Date>`now() - make_interval(days => ${CONFIRM_DAYS})`)
    .executeTakeFirst();
  await db
    .deleteFrom("alert_tokens")
    .where("expires_at", "<", sql<Date>`now()`)
    .execute();
  await db
    .deleteFrom("price_alert_mails")
    .where("sent_at", "<", sql<Date>`now() - interval '8 days'`)
    .execute();
  const subscribers = await forgetIdleSubscribers(db);
  return { pastAlerts: Number(past.numDeletedRows), unconfirmedAlerts: Number(unconfirmed.numDeletedRows), subscribers };
}
