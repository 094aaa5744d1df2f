/**
 * Price alerts' data (decision 072): who asked for which hotel and stay, the links' tokens, and
 * the back office's counts. Tokens are 32 random bytes in the link; only their SHA-256 is stored,
 * so a copy of the database cannot confirm, end or delete anything.
 */
import { createHash, randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { normalizeEmail } from "#app/utils/fold-text.ts";
import { addDays, hasDates, nightsOf, type Stay } from "#app/utils/stay.ts";
import { hotelPath } from "#app/utils/paths.ts";
import { alertPrices } from "./alert-prices.server.ts";

type DB = Kysely<Database>;

export type TokenPurpose = "confirm" | "unsubscribe" | "forget";

/** A confirmation link works for a week; an unconfirmed alert is deleted then too. */
export const CONFIRM_DAYS = 7;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A token as a link carries it: 43 URL-safe characters. Anything else is not one of ours. */
export const isTokenShaped = (value: string | null): value is string => value !== null && /^[A-Za-z0-9_-]{43}$/.test(value);

/** Stores a pending alert for the address (one per address, hotel and stay: asking again refreshes it); returns its id. */
export async function savePendingAlert(
  request: { email: string; target: number | null; hotelId: string; stay: Stay },
  /** Runs in the alert's transaction (the confirmation's job): a pending alert never lacks its mail. */
  onSaved: (alertId: string, trx: DB) => Promise<unknown> = async () => undefined,
  db: DB = getAppDatabase().db,
): Promise<string> {
  const { stay } = request;
  return db.transaction().execute(async (trx) => {
    const subscriber = await trx
      .insertInto("alert_subscribers")
      .values({ email: normalizeEmail(request.email) })
      .onConflict((oc) => oc.column("email").doUpdateSet({ email: (eb) => eb.ref("excluded.email") }))
      .returning("id")
      .executeTakeFirstOrThrow();
    const alert = await trx
      .insertInto("price_alerts")
      .values({
        subscriber_id: subscriber.id,
        hotel_id: request.hotelId,
        check_in: hasDates(stay) ? stay.checkIn : null,
        nights: nightsOf(stay),
        adults: stay.adults,
        rooms: stay.rooms,
        target_price: request.target,
      })
      .onConflict((oc) =>
        oc
          .columns(["subscriber_id", "hotel_id", "status", "check_in", "nights", "adults", "rooms"])
          .doUpdateSet({ target_price: request.target, created_at: sql`now()` }),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    await onSaved(alert.id, trx);
    return alert.id;
  });
}

/** New tokens for an alert's mail, one per purpose; the raw tokens go in the mail and are never stored. */
export async function mintTokens(
  owner: { subscriberId: string; alertId: string },
  purposes: readonly TokenPurpose[],
  db: DB = getAppDatabase().db,
): Promise<Record<TokenPurpose, string>> {
  return (await mintTokensFor([owner], purposes, db))[0]!;
}

/** mintTokens for many alerts' mails in one insert (the alert check's mails, a batch at a time). */
export async function mintTokensFor(
  owners: readonly { subscriberId: string; alertId: string }[],
  purposes: readonly TokenPurpose[],
  db: DB = getAppDatabase().db,
): Promise<Record<TokenPurpose, string>[]> {
  const tokens = owners.map(
    () => Object.fromEntries(purposes.map((purpose) => [purpose, randomBytes(32).toString("base64url")])) as Record<TokenPurpose, string>,
  );
  if (!owners.length) return tokens;
  await db
    .insertInto("alert_tokens")
    .values(
      owners.flatMap((owner, index) =>
        purposes.map((purpose) => ({
          hash: hashToken(tokens[index]![purpose]),
          purpose,
          subscriber_id: owner.subscriberId,
          alert_id: purpose === "forget" ? null : owner.alertId,
          expires_at: purpose === "confirm" ? sql<Date>`now() + make_interval(days => ${CONFIRM_DAYS})` : null,
        })),
      ),
    )
    .execute();
  return tokens;
}

/** What an alert's mail and pages say about it: the address, the hotel and its page, the stay. */
export interface AlertDetails {
  id: string;
  subscriberId: string;
  email: string;
  status: "pending" | "confirmed";
  hotelName: string;
  /** The hotel page with the stay, e.g. /sverige/visby/hotell-x?incheckning=…; null when the hotel has no page. */
  hotelPath: string | null;
  stay: Stay;
  targetPrice: number | null;
}

function alertDetailsQuery(db: DB) {
  return db
    .selectFrom("price_alerts as alert")
    .innerJoin("alert_subscribers as subscriber", "subscriber.id", "alert.subscriber_id")
    .innerJoin("hotels as hotel", "hotel.id", "alert.hotel_id")
    .select([
      "alert.id",
      "alert.subscriber_id",
      "subscriber.email",
      "alert.status",
      sql<string | null>`alert.check_in::text`.as("check_in"),
      "alert.nights",
      "alert.adults",
      "alert.rooms",
      "alert.target_price",
      "hotel.name",
      "hotel.hotel_id",
      "hotel.country",
      "hotel.location",
      "hotel.slug",
    ]);
}

type DetailsRow = Awaited<ReturnType<ReturnType<typeof alertDetailsQuery>["executeTakeFirstOrThrow"]>>;

function toDetails(row: DetailsRow): AlertDetails {
  const stay: Stay =
    row.check_in && row.nights
      ? { checkIn: row.check_in, checkOut: addDays(row.check_in, row.nights), adults: row.adults, rooms: row.rooms }
      : { checkIn: null, checkOut: null, adults: row.adults, rooms: row.rooms };
  return {
    id: row.id,
    subscriberId: row.subscriber_id,
    email: row.email,
    status: row.status,
    hotelName: row.name ?? row.hotel_id,
    hotelPath: hotelPath(row),
    stay,
    targetPrice: row.target_price === null ? null : Number(row.target_price),
  };
}

export async function alertDetails(alertId: string, db: DB = getAppDatabase().db): Promise<AlertDetails | null> {
  return (await alertDetailsOf([alertId], db))[0] ?? null;
}

/** The details of many alerts in one query (those that still exist). */
export async function alertDetailsOf(alertIds: readonly string[], db: DB = getAppDatabase().db): Promise<AlertDetails[]> {
  if (!alertIds.length) return [];
  const rows = await alertDetailsQuery(db).where("alert.id", "in", alertIds).execute();
  return rows.map(toDetails);
}

/** The alert (or, for a "forget" token, the address) a link's token stands for; null when it is unknown or expired. */
export async function readToken(
  token: string,
  db: DB = getAppDatabase().db,
): Promise<{ purpose: TokenPurpose; alert: AlertDetails | null; email: string } | null> {
  const row = await db
    .selectFrom("alert_tokens as token")
    .innerJoin("alert_subscribers as subscriber", "subscriber.id", "token.subscriber_id")
    .select(["token.purpose", "token.alert_id", "subscriber.email"])
    .where("token.hash", "=", hashToken(token))
    .where((eb) => eb.or([eb("token.expires_at", "is", null), eb("token.expires_at", ">", sql<Date>`now()`)]))
    .executeTakeFirst();
  if (!row) return null;
  const alert = row.alert_id ? await alertDetails(row.alert_id, db) : null;
  if (row.purpose !== "forget" && !alert) return null;
  return { purpose: row.purpose, alert, email: row.email };
}

/**
 * Confirms the alert a confirmation token names: it replaces the address's confirmed alert on the
 * same hotel and stay, and starts from today's price (a fall is measured from there). Null when
 * the token is unknown or expired (a second click finds it used).
 */
export async function confirmAlert(token: string, db: DB = getAppDatabase().db): Promise<AlertDetails | null> {
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .deleteFrom("alert_tokens")
      .where("hash", "=", hashToken(token))
      .where("purpose", "=", "confirm")
      .where("expires_at", ">", sql<Date>`now()`)
      .returning("alert_id")
      .executeTakeFirst();
    if (!used?.alert_id) return null;
    const alert = await trx.selectFrom("price_alerts").selectAll().where("id", "=", used.alert_id).forUpdate().executeTakeFirst();
    if (!alert) return null;
    await trx
      .deleteFrom("price_alerts")
      .where("subscriber_id", "=", alert.subscriber_id)
      .where("hotel_id", "=", alert.hotel_id)
      .where("status", "=", "confirmed")
      .where(
        sql<boolean>`(check_in, nights, adults, rooms) is not distinct from (${alert.check_in}::date, ${alert.nights}::smallint, ${alert.adults}::smallint, ${alert.rooms}::smallint)`,
      )
      .execute();
    const [now] = await alertPrices(sql`alert.id = ${alert.id}`, trx);
    await trx
      .updateTable("price_alerts")
      .set({ status: "confirmed", confirmed_at: sql`now()`, reference_price: now?.price ?? null })
      .where("id", "=", alert.id)
      .execute();
    // The other confirmation links of this alert (it was asked for more than once) are spent too.
    await trx.deleteFrom("alert_tokens").where("alert_id", "=", alert.id).where("purpose", "=", "confirm").execute();
    return alertDetails(alert.id, trx);
  });
}

/** Ends the alert an unsubscribe token names (and forgets the address when it was its last); false when the token is unknown. */
export async function unsubscribeAlert(token: string, db: DB = getAppDatabase().db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("alert_tokens")
      .select(["alert_id", "subscriber_id"])
      .where("hash", "=", hashToken(token))
      .where("purpose", "=", "unsubscribe")
      .executeTakeFirst();
    if (!row?.alert_id) return false;
    await trx.deleteFrom("price_alerts").where("id", "=", row.alert_id).execute();
    await forgetIdleSubscribers(trx, row.subscriber_id);
    return true;
  });
}

/** Deletes the address a forget token names, with all its alerts and links; false when the token is unknown. */
export async function forgetSubscriber(token: string, db: DB = getAppDatabase().db): Promise<boolean> {
  const row = await db
    .selectFrom("alert_tokens")
    .select("subscriber_id")
    .where("hash", "=", hashToken(token))
    .where("purpose", "=", "forget")
    .executeTakeFirst();
  if (!row) return false;
  await db.deleteFrom("alert_subscribers").where("id", "=", row.subscriber_id).execute();
  return true;
}

/** Deletes addresses without alerts (all of them, or one): nothing is kept about someone we no longer write to. */
export async function forgetIdleSubscribers(db: DB, subscriberId?: string): Promise<number> {
  let query = db.deleteFrom("alert_subscribers").where(({ not, exists, selectFrom }) =>
    not(
      exists(
        selectFrom("price_alerts")
          .select(sql`1`.as("one"))
          .whereRef("price_alerts.subscriber_id", "=", "alert_subscribers.id"),
      ),
    ),
  );
  if (subscriberId) query = query.where("id", "=", subscriberId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Notes sent mails for the back office's counts (no address, no alert). */
export async function countMail(kind: "confirm" | "alert", db: DB = getAppDatabase().db, count = 1): Promise<void> {
  if (count < 1) return;
  await db
    .insertInto("price_alert_mails")
    .values(Array.from({ length: count }, () => ({ kind })))
    .execute();
}

/** The back office's figures: never an address. */
export async function alertCounts(db: DB = getAppDatabase().db): Promise<{ pending: number; confirmed: number; sentLastWeek: number }> {
  const { rows } = await sql<{ pending: number; confirmed: number; sent: number }>`
    select
      (select count(*) from price_alerts where status = 'pending')::int as pending,
      (select count(*) from price_alerts where status = 'confirmed')::int as confirmed,
      (select count(*) from price_alert_mails where kind = 'alert' and sent_at > now() - interval '7 days')::int as sent
  `.execute(db);
  const row = rows[0]!;
  return { pending: Number(row.pending), confirmed: Number(row.confirmed), sentLastWeek: Number(row.sent) };
}
