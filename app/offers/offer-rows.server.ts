/**
 * Writing partners' offers (table hotel_offers) as offer feeds deliver them: the lookups a
 * batch needs, the upsert by hotel and partner, and marking the offers a full feed no longer
 * lists as gone. The hotels' lowest price and offer count follow by the table's triggers.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";

type DB = Kysely<Database>;

/** An offer as written: hotel_id is hotels.id; updated_at null means "now". */
export interface OfferValues {
  hotel_id: string;
  partner_id: string;
  price_per_night: number;
  currency: string;
  landing_url: string;
  breakfast_included: boolean;
  free_cancellation: boolean;
  updated_at: Date | null;
}

export interface OfferCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Rows older than the stored offer (a late or replayed feed): the stored, newer offer is kept. */
  older: number;
}

/** hotels.id by hotels.hotel_id, for the given hotel_ids that exist. */
export async function hotelIdsByFeedId(hotelIds: readonly string[], db: DB = getAppDatabase().db): Promise<Map<string, string>> {
  if (!hotelIds.length) return new Map();
  const rows = await db
    .selectFrom("hotels")
    .select(["id", "hotel_id"])
    .where("hotel_id", "in", [...new Set(hotelIds)])
    .execute();
  return new Map(rows.map((row) => [row.hotel_id, row.id]));
}

/** partners.host by partners.id, for the given ids that exist (active or not). */
export async function partnerHosts(partnerIds: readonly string[], db: DB = getAppDatabase().db): Promise<Map<string, string>> {
  if (!partnerIds.length) return new Map();
  const rows = await db
    .selectFrom("partners")
    .select(["id", "host"])
    .where("id", "in", [...new Set(partnerIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.host]));
}

/**
 * The offers as rows typed by the table itself, sent as one JSON parameter: prices compare as
 * stored (numeric(12,2)), and a batch costs one parameter instead of one per value. An offer
 * without a timestamp is current as of now.
 */
const incoming = (offers: readonly OfferValues[]) => sql`(
  select v.hotel_id, v.partner_id, v.price_per_night, v.currency, v.landing_url, v.breakfast_included, v.free_cancellation,
         coalesce(v.updated_at, now()) as updated_at
  from jsonb_populate_recordset(null::hotel_offers, ${JSON.stringify(offers)}::jsonb) as v
)`;

/** What a current offer holds; an offer that was gone comes back. */
const differs = (current: string, next: string) => sql<boolean>`
  (${sql.ref(`${current}.price_per_night`)}, ${sql.ref(`${current}.currency`)}, ${sql.ref(`${current}.landing_url`)},
   ${sql.ref(`${current}.breakfast_included`)}, ${sql.ref(`${current}.free_cancellation`)}, ${sql.ref(`${current}.updated_at`)},
   ${sql.ref(`${current}.gone_at`)})
  is distinct from
  (${sql.ref(`${next}.price_per_night`)}, ${sql.ref(`${next}.currency`)}, ${sql.ref(`${next}.landing_url`)},
   ${sql.ref(`${next}.breakfast_included`)}, ${sql.ref(`${next}.free_cancellation`)}, ${sql.ref(`${next}.updated_at`)},
   null::timestamptz)`;

/**
 * A row replaces the stored offer only when it is not older: a late or replayed feed must not
 * put back a price the partner has since changed (and that the site would then hide as stale).
 */
const notOlder = (current: string, next: string) => sql<boolean>`${sql.ref(`${next}.updated_at`)} >= ${sql.ref(`${current}.updated_at`)}`;

/**
 * Inserts new offers and rewrites existing ones (by hotel and partner) where anything differs
 * and the row is not older than the stored offer, clearing gone_at. An offer without a
 * timestamp is current as of now, so it is always rewritten; one whose row repeats what is
 * stored, timestamp included, is left alone (not even locked). The (hotel_id, partner_id) pairs
 * must be unique within one call.
 */
export async function upsertOffers(offers: readonly OfferValues[], db: DB = getAppDatabase().db): Promise<OfferCounts> {
  if (!offers.length) return { inserted: 0, updated: 0, unchanged: 0, older: 0 };
  const { rows } = await sql<{ inserted: number; updated: number; older: number }>`
    with v as materialized ${incoming(offers)},
    written as (
      insert into hotel_offers
        (hotel_id, partner_id, price_per_night, currency, landing_url, breakfast_included, free_cancellation, updated_at, gone_at)
      select v.hotel_id, v.partner_id, v.price_per_night, v.currency, v.landing_url, v.breakfast_included, v.free_cancellation,
             v.updated_at, null
      from v
      left join hotel_offers as o on o.hotel_id = v.hotel_id and o.partner_id = v.partner_id
      where o.hotel_id is null or (${notOlder("o", "v")} and ${differs("o", "v")})
      on conflict (hotel_id, partner_id) do update
        set price_per_night = excluded.price_per_night, currency = excluded.currency, landing_url = excluded.landing_url,
            breakfast_included = excluded.breakfast_included, free_cancellation = excluded.free_cancellation,
            updated_at = excluded.updated_at, gone_at = null
        where ${notOlder("hotel_offers", "excluded")} and ${differs("hotel_offers", "excluded")}
      -- xmax is 0 only on a freshly inserted row.
      returning (xmax = 0) as inserted
    )
    select (select count(*) filter (where inserted) from written)::int as inserted,
           (select count(*) filter (where not inserted) from written)::int as updated,
           (select count(*) from v join hotel_offers as o on o.hotel_id = v.hotel_id and o.partner_id = v.partner_id
             where v.updated_at < o.updated_at)::int as older
  `.execute(db);
  const { inserted, updated, older } = rows[0] ?? { inserted: 0, updated: 0, older: 0 };
  return { inserted, updated, older, unchanged: offers.length - inserted - updated - older };
}

/** What `upsertOffers` would do with these offers, found by reading only. */
export async function countOfferChanges(offers: readonly OfferValues[], db: DB = getAppDatabase().db): Promise<OfferCounts> {
  if (!offers.length) return { inserted: 0, updated: 0, unchanged: 0, older: 0 };
  const { rows } = await sql<{ inserted: number; updated: number; older: number }>`
    select count(*) filter (where o.hotel_id is null)::int as inserted,
           count(*) filter (where o.hotel_id is not null and ${notOlder("o", "v")} and ${differs("o", "v")})::int as updated,
           count(*) filter (where v.updated_at < o.updated_at)::int as older
    from ${incoming(offers)} as v
    left join hotel_offers as o on o.hotel_id = v.hotel_id and o.partner_id = v.partner_id
  `.execute(db);
  const { inserted, updated, older } = rows[0] ?? { inserted: 0, updated: 0, older: 0 };
  return { inserted, updated, older, unchanged: offers.length - inserted - updated - older };
}

const TOUCHED_CHUNK = 10_000;

/**
 * Marks gone (never deletes) every current offer of the given partners whose hotel is not in
 * `touched` for that partner: what a partner's complete feed no longer lists. One
 * transaction, so pages see the partner's offers before or after, never half-way. Returns
 * how many offers were marked.
 */
export async function markUntouchedOffersGone(
  touched: ReadonlyMap<string, readonly string[]>,
  db: DB = getAppDatabase().db,
): Promise<number> {
  const partners = [...touched.keys()];
  if (!partners.length) return 0;
  return db.transaction().execute(async (trx) => {
    // A temporary table lives on the transaction's own connection and goes with it.
    await sql`create temporary table offer_feed_touched (hotel_id uuid not null, partner_id text not null) on commit drop`.execute(trx);
    for (const [partner, hotels] of touched) {
      for (let start = 0; start < hotels.length; start += TOUCHED_CHUNK) {
        const chunk = hotels.slice(start, start + TOUCHED_CHUNK);
        await sql`
          insert into offer_feed_touched (hotel_id, partner_id)
          select value::uuid, ${partner} from jsonb_array_elements_text(${JSON.stringify(chunk)}::jsonb)
        `.execute(trx);
      }
    }
    await sql`analyze offer_feed_touched`.execute(trx);
    const result = await sql`
      update hotel_offers as o set gone_at = now()
      where o.partner_id in (${sql.join(partners)}) and o.gone_at is null
        and not exists (select 1 from offer_feed_touched t where t.hotel_id = o.hotel_id and t.partner_id = o.partner_id)
    `.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}
