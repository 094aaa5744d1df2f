/**
 * Writing partners' prices per stay as their files state them (PriceRecord, app/feed/price-record.ts)
 * into rate_plans, nightly_rates, itinerary_prices and sold_out_itineraries: the checks a batch
 * needs from the database (the hotel exists, the landing URL is on the partner's host), then
 * set-based statements over arrays (one statement per table, whatever the batch's size). A newer
 * price wins and an older one never overwrites it, within a batch and against what is stored.
 * Each batch is one transaction, the hotels' lead prices recomputed inside it. See
 * docs/decisions/051-price-import-writes-by-arrays.md.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import type { PriceRecord } from "#app/prices/price-record.ts";
import { hotelIdsByFeedId } from "#app/offers/offer-rows.server.ts";
import { isKnownHost, redirectParamsSchema } from "#app/outbound/redirect-params.ts";
import { refreshLeadPrices } from "./stay-prices.server.ts";
import { recordImportedStays } from "./price-history.server.ts";
import { todayInSweden } from "#app/utils/stay.ts";

type DB = Kysely<Database>;

export interface PricePartner {
  id: string;
  host: string;
  /** The partner's landing URL with {hotel_id}, for records without one. */
  landingUrlTemplate: string | null;
}

/** The partner a price file is for, or undefined when there is none of that id. */
export async function pricePartner(partnerId: string, db: DB = getAppDatabase().db): Promise<PricePartner | undefined> {
  const row = await db.selectFrom("partners").select(["id", "host", "landing_url_template"]).where("id", "=", partnerId).executeTakeFirst();
  return row && { id: row.id, host: row.host, landingUrlTemplate: row.landing_url_template };
}

/** Every partner's id, sorted: what an operator can name with --partner. */
export async function partnerIds(db: DB = getAppDatabase().db): Promise<string[]> {
  const rows = await db.selectFrom("partners").select("id").orderBy("id").execute();
  return rows.map((row) => row.id);
}

/** A record the database check let through: the hotel's hotels.id and the landing URL to store. */
export interface CheckedPrice {
  record: PriceRecord;
  hotelId: string;
  /** Normalised; null for a sold-out itinerary or a night not for sale (they store none). */
  landingUrl: string | null;
}

/** The partner's URL for a hotel, from its template: {hotel_id} is the property id, URL-encoded. */
export const templateUrl = (template: string, property: string) => template.replaceAll("{hotel_id}", encodeURIComponent(property));

/** The landing URL to store, or why it cannot be. */
function landingUrlFor(record: PriceRecord, partner: PricePartner): { url: string } | { problem: string } {
  const given = record.landingUrl;
  if (given === null && partner.landingUrlTemplate === null) {
    return {
      problem: `the record has no landing URL and partner ${partner.id} has no landing URL template (set one in /admin/partners, or send a url)`,
    };
  }
  const text = given ?? templateUrl(partner.landingUrlTemplate!, record.property);
  const what = given === null ? "the partner's landing URL template" : "url";
  const parsed = redirectParamsSchema.shape.to.safeParse(text);
  if (!parsed.success) return { problem: `${what} is not an absolute http(s) address without user name or password` };
  if (!isKnownHost(parsed.data.host, [partner.host])) {
    return { problem: `${what} is on ${parsed.data.host}, not on the partner's host ${partner.host}` };
  }
  return { url: parsed.data.href };
}

/**
 * The records of a batch that can be written, and the others with their reason: a property that is
 * not a hotel of the catalogue, a landing URL that cannot be made or is not the partner's.
 */
export async function checkPriceRecords(
  partner: PricePartner,
  records: readonly PriceRecord[],
  db: DB = getAppDatabase().db,
): Promise<{ accepted: CheckedPrice[]; rejected: Array<{ record: PriceRecord; reason: string }> }> {
  const hotels = await hotelIdsByFeedId(
    records.map((record) => record.property),
    db,
  );
  const accepted: CheckedPrice[] = [];
  const rejected: Array<{ record: PriceRecord; reason: string }> = [];
  // One template URL per property, not one per night.
  const urls = new Map<string, { url: string } | { problem: string }>();
  for (const record of records) {
    const hotelId = hotels.get(record.property);
    if (hotelId === undefined) {
      rejected.push({ record, reason: `hotel_id ${JSON.stringify(record.property)} is not a hotel in the catalogue` });
      continue;
    }
    const stored = record.kind === "sold-out" || record.base === null;
    if (stored) {
      accepted.push({ record, hotelId, landingUrl: null });
      continue;
    }
    const key = record.landingUrl === null ? `\u0000${record.property}` : record.landingUrl;
    let url = urls.get(key);
    if (!url) urls.set(key, (url = landingUrlFor(record, partner)));
    if ("problem" in url) rejected.push({ record, reason: url.problem });
    else accepted.push({ record, hotelId, landingUrl: url.url });
  }
  return { accepted, rejected };
}

export interface PriceCounts {
  /** Nights, itinerary prices and sold-out itineraries stored anew. */
  inserted: number;
  /** Replaced by a newer record that says something else (a new price, or the same confirmed again later). */
  updated: number;
  /** The record repeats what is stored. */
  unchanged: number;
  /** Older than what is stored: the stored, newer price was kept. */
  older: number;
  /** Nights removed by a record saying they are not for sale, and itinerary prices by a sold-out record. */
  removed: number;
}

export const NO_PRICE_COUNTS: PriceCounts = { inserted: 0, updated: 0, unchanged: 0, older: 0, removed: 0 };

export function addPriceCounts(into: PriceCounts, counts: PriceCounts): void {
  into.inserted += counts.inserted;
  into.updated += counts.updated;
  into.unchanged += counts.unchanged;
  into.older += counts.older;
  into.removed += counts.removed;
}

// ---------------------------------------------------------------------------------------------
// What a batch comes to: one record per key, the newest

const confirmedTimes = new WeakMap<PriceRecord, number>();
/** A record's confirmed_at in milliseconds, parsed once: a batch compares records many times. */
function confirmedMs(record: PriceRecord): number {
  let ms = confirmedTimes.get(record);
  if (ms === undefined) confirmedTimes.set(record, (ms = Date.parse(record.confirmedAt)));
  return ms;
}

/** Whether `a` supersedes `b`: confirmed later, or as late and later in the file. */
const supersedes = (a: PriceRecord, b: PriceRecord) =>
  confirmedMs(a) > confirmedMs(b) || (confirmedMs(a) === confirmedMs(b) && a.at > b.at);

const planKey = ({ record, hotelId }: CheckedPrice) =>
  [
    hotelId,
    record.adults,
    record.rooms,
    record.roomKey,
    record.breakfastIncluded,
    record.refundable,
    record.payAtHotel,
    record.currency,
  ].join("\u0000");
const itineraryKey = ({ record, hotelId }: CheckedPrice) => [hotelId, record.checkIn, record.nights].join("\u0000");

function keepNewest(into: Map<string, CheckedPrice>, key: string, price: CheckedPrice) {
  const earlier = into.get(key);
  if (!earlier || supersedes(price.record, earlier.record)) into.set(key, price);
}

interface BatchPlan {
  plans: CheckedPrice[];
  /** Per night, the index of its plan in `plans`. */
  nights: Array<{ price: CheckedPrice; plan: number }>;
  notForSale: CheckedPrice[];
  itineraries: Array<{ price: CheckedPrice; plan: number }>;
  soldOut: CheckedPrice[];
}

/**
 * One record per night of a plan, per itinerary of a plan and per sold-out itinerary: the newest
 * (the later in the file of two as new). A sold-out itinerary and the partner's priced ones for the
 * same stay cancel out the same way: only what came after the newest sold-out record is kept.
 */
function planBatch(prices: readonly CheckedPrice[]): BatchPlan {
  const nights = new Map<string, CheckedPrice>();
  const itineraries = new Map<string, CheckedPrice>();
  const soldOut = new Map<string, CheckedPrice>();
  for (const price of prices) {
    const { record } = price;
    if (record.kind === "night") keepNewest(nights, `${planKey(price)}\u0000${record.checkIn}`, price);
    else if (record.kind === "itinerary") keepNewest(itineraries, `${planKey(price)}\u0000${record.checkIn}\u0000${record.nights}`, price);
    else keepNewest(soldOut, itineraryKey(price), price);
  }
  const pricedAfterSoldOut = new Set<string>();
  const itineraryList = [...itineraries.values()].filter((price) => {
    const gone = soldOut.get(itineraryKey(price));
    if (!gone) return true;
    if (!supersedes(price.record, gone.record)) return false;
    pricedAfterSoldOut.add(itineraryKey(price));
    return true;
  });
  const plans = new Map<string, { price: CheckedPrice; index: number }>();
  const planOf = (price: CheckedPrice) => {
    const key = planKey(price);
    const known = plans.get(key);
    // The plan's room name and landing URL are the newest record's.
    if (!known) plans.set(key, { price, index: plans.size });
    else if (supersedes(price.record, known.price.record)) known.price = price;
    return plans.get(key)!.index;
  };
  const priced = [...nights.values()].filter((price) => price.record.base !== null);
  return {
    nights: priced.map((price) => ({ price, plan: planOf(price) })),
    notForSale: [...nights.values()].filter((price) => price.record.base === null),
    itineraries: itineraryList.map((price) => ({ price, plan: planOf(price) })),
    soldOut: [...soldOut.values()].filter((price) => !pricedAfterSoldOut.has(itineraryKey(price))),
    plans: [...plans.values()].map((plan) => plan.price),
  };
}

// ---------------------------------------------------------------------------------------------
// The statements: rows travel as one array per column and come back as a table by unnest()

/** The arrays of the plan key's columns (PLAN_KEY_COLUMNS), from each record. */
const planKeyArrays = (prices: readonly CheckedPrice[]) => sql`
  ${prices.map((price) => price.hotelId)}::uuid[],
  ${prices.map((price) => price.record.adults)}::int2[],
  ${prices.map((price) => price.record.rooms)}::int2[],
  ${prices.map((price) => price.record.roomKey)}::text[],
  ${prices.map((price) => price.record.breakfastIncluded)}::boolean[],
  ${prices.map((price) => price.record.refundable)}::boolean[],
  ${prices.map((price) => price.record.payAtHotel)}::boolean[],
  ${prices.map((price) => price.record.currency)}::text[]`;
const PLAN_KEY_COLUMNS = sql.raw("hotel_id, adults, rooms, room_key, breakfast_included, refundable, pay_at_hotel, currency");

const planRows = (prices: readonly CheckedPrice[]) => sql`unnest(
  ${prices.map((_, index) => index)}::int[],
  ${planKeyArrays(prices)},
  ${prices.map((price) => price.record.roomName)}::text[],
  ${prices.map((price) => price.landingUrl)}::text[]
) as v(ord, ${PLAN_KEY_COLUMNS}, room_name, landing_url)`;

const samePlan = (partnerId: string) => sql`p.partner_id = ${partnerId} and p.hotel_id = v.hotel_id and p.adults = v.adults
  and p.rooms = v.rooms and p.room_key = v.room_key and p.breakfast_included = v.breakfast_included
  and p.refundable = v.refundable and p.pay_at_hotel = v.pay_at_hotel and p.currency = v.currency`;

/** Finds or creates the plans; their ids in the order given (null: not stored, on a dry run). */
async function planIds(
  partnerId: string,
  plans: readonly CheckedPrice[],
  create: boolean,
  db: DB = getAppDatabase().db,
): Promise<Array<number | null>> {
  if (!plans.length) return [];
  if (create) {
    await sql`
      insert into rate_plans (hotel_id, partner_id, adults, rooms, room_key, room_name, breakfast_included, refundable, pay_at_hotel, currency, landing_url)
      select v.hotel_id, ${partnerId}, v.adults, v.rooms, v.room_key, v.room_name, v.breakfast_included, v.refundable, v.pay_at_hotel,
        v.currency, v.landing_url
      from ${planRows(plans)}
      on conflict (hotel_id, partner_id, adults, rooms, room_key, breakfast_included, refundable, pay_at_hotel, currency) do update
        set room_name = excluded.room_name, landing_url = excluded.landing_url
        where (rate_plans.room_name, rate_plans.landing_url) is distinct from (excluded.room_name, excluded.landing_url)
    `.execute(db);
  }
  const { rows } = await sql<{ ord: number; id: number | null }>`
    select v.ord, p.id from ${planRows(plans)} left join rate_plans p on ${samePlan(partnerId)}
  `.execute(db);
  const ids: Array<number | null> = plans.map(() => null);
  for (const row of rows) ids[row.ord] = row.id;
  return ids;
}

type Dated = { price: CheckedPrice; planId: number };

/** Nights (nights null) or itinerary prices of stored plans, as a table `v`. */
const priceRows = (prices: readonly Dated[], itinerary: boolean) => sql`unnest(
  ${prices.map(({ planId }) => planId)}::int[],
  ${prices.map(({ price }) => price.record.checkIn)}::date[],
  ${prices.map(({ price }) => price.record.nights)}::int2[],
  ${prices.map(({ price }) => price.record.base)}::numeric[],
  ${prices.map(({ price }) => price.record.tax ?? "0")}::numeric[],
  ${prices.map(({ price }) => price.record.fees ?? "0")}::numeric[],
  ${prices.map(({ price }) => (price.record.refundable ? price.record.freeCancellationUntil : null))}::timestamptz[],
  ${prices.map(({ price }) => price.record.confirmedAt)}::timestamptz[]
) as v(plan_id, ${sql.raw(itinerary ? "check_in" : "night")}, nights, base, tax, fees, free_cancellation_until, confirmed_at)`;

const PRICE_TABLES = {
  night: { table: "nightly_rates", key: ["plan_id", "night"] },
  itinerary: { table: "itinerary_prices", key: ["plan_id", "check_in", "nights"] },
} as const;

/** Counts from `written` (rows inserted or updated, xmax = 0 on an insert) and `older`. */
type Written = { inserted: number; updated: number; older: number };

/**
 * Upserts nights or itinerary prices: a row replaces the stored one only when it is not older and
 * says something else. Only when some were not written are the older ones counted (a second look
 * at the stored rows, which a file of new prices does not need).
 */
async function upsertPrices(kind: "night" | "itinerary", prices: readonly Dated[], db: DB = getAppDatabase().db): Promise<PriceCounts> {
  if (!prices.length) return { ...NO_PRICE_COUNTS };
  const { table, key } = PRICE_TABLES[kind];
  const columns = [...key, "base", "tax", "fees", "free_cancellation_until", "confirmed_at"];
  const target = sql.table(table);
  const on = sql.join(
    key.map((column) => sql`r.${sql.ref(column)} = v.${sql.ref(column)}`),
    sql` and `,
  );
  const values = sql.join(["base", "tax", "fees", "free_cancellation_until", "confirmed_at"].map((column) => sql.ref(column)));
  const stored = sql.join(
    ["base", "tax", "fees", "free_cancellation_until", "confirmed_at"].map((column) => sql`${target}.${sql.ref(column)}`),
  );
  const excluded = sql.join(
    ["base", "tax", "fees", "free_cancellation_until", "confirmed_at"].map((column) => sql`excluded.${sql.ref(column)}`),
  );
  const { rows } = await sql<Written>`
    with written as (
      insert into ${target} (${sql.join(columns.map((column) => sql.ref(column)))})
      select ${sql.join(columns.map((column) => sql`v.${sql.ref(column)}`))} from ${priceRows(prices, kind === "itinerary")}
      on conflict (${sql.join(key.map((column) => sql.ref(column)))}) do update set (${values}) = (${excluded})
        where excluded.confirmed_at >= ${target}.confirmed_at and (${stored}) is distinct from (${excluded})
      returning (xmax = 0) as inserted
    )
    select count(*) filter (where inserted)::int as inserted, count(*) filter (where not inserted)::int as updated, 0 as older
    from written
  `.execute(db);
  const written = rows[0]!;
  if (written.inserted + written.updated < prices.length) {
    // After the upsert, a stored row newer than the record is one the record was older than.
    const counted = await sql<{ older: number }>`
      select count(*)::int as older from ${priceRows(prices, kind === "itinerary")} join ${target} r on ${on} where r.confirmed_at > v.confirmed_at
    `.execute(db);
    written.older = counted.rows[0]?.older ?? 0;
  }
  return settle(written, prices.length);
}

const settle = (written: Written | undefined, total: number, removed = 0): PriceCounts => {
  const { inserted, updated, older } = written ?? { inserted: 0, updated: 0, older: 0 };
  return { inserted, updated, older, unchanged: total - inserted - updated - older, removed };
};

/** What upsertPrices would do, by reading only; prices of plans not stored yet are all new. */
async function countPrices(
  kind: "night" | "itinerary",
  prices: readonly Dated[],
  newPlans: number,
  db: DB = getAppDatabase().db,
): Promise<PriceCounts> {
  const counts = settle({ inserted: newPlans, updated: 0, older: 0 }, newPlans);
  if (!prices.length) return counts;
  const { table, key } = PRICE_TABLES[kind];
  const on = sql.join(
    key.map((column) => sql`r.${sql.ref(column)} = v.${sql.ref(column)}`),
    sql` and `,
  );
  const { rows } = await sql<Written>`
    select count(*) filter (where r.plan_id is null)::int as inserted,
      count(*) filter (where r.confirmed_at <= v.confirmed_at
        and (r.base, r.tax, r.fees, r.free_cancellation_until, r.confirmed_at)
          is distinct from (v.base::numeric(12, 2), v.tax::numeric(12, 2), v.fees::numeric(12, 2), v.free_cancellation_until, v.confirmed_at))::int as updated,
      count(*) filter (where r.confirmed_at > v.confirmed_at)::int as older
    from ${priceRows(prices, kind === "itinerary")} left join ${sql.table(table)} r on ${on}
  `.execute(db);
  addPriceCounts(counts, settle(rows[0], prices.length));
  return counts;
}

/** Sold-out itineraries or the stays of priced ones, as a table `v`. */
const stayRows = (prices: readonly CheckedPrice[]) => sql`unnest(
  ${prices.map((price) => price.hotelId)}::uuid[],
  ${prices.map((price) => price.record.checkIn)}::date[],
  ${prices.map((price) => price.record.nights)}::int2[],
  ${prices.map((price) => price.record.confirmedAt)}::timestamptz[]
) as v(hotel_id, check_in, nights, confirmed_at)`;

/**
 * Stores sold-out itineraries (a newer one refreshes the stored) and deletes the partner's
 * itinerary prices for them that are not newer.
 */
async function storeSoldOut(partnerId: string, soldOut: readonly CheckedPrice[], db: DB = getAppDatabase().db): Promise<PriceCounts> {
  if (!soldOut.length) return { ...NO_PRICE_COUNTS };
  const { rows } = await sql<Written & { removed: number }>`
    with v as materialized (select * from ${stayRows(soldOut)}),
    older as (
      select count(*) as count from v join sold_out_itineraries s on s.hotel_id = v.hotel_id and s.partner_id = ${partnerId}
        and s.check_in = v.check_in and s.nights = v.nights
      where s.confirmed_at > v.confirmed_at
    ),
    removed as (
      delete from itinerary_prices i using rate_plans p, v
      where p.id = i.plan_id and p.partner_id = ${partnerId} and p.hotel_id = v.hotel_id
        and i.check_in = v.check_in and i.nights = v.nights and i.confirmed_at <= v.confirmed_at
      returning 1
    ),
    written as (
      insert into sold_out_itineraries (hotel_id, partner_id, check_in, nights, confirmed_at)
      select v.hotel_id, ${partnerId}, v.check_in, v.nights, v.confirmed_at from v
      on conflict (hotel_id, partner_id, check_in, nights) do update set confirmed_at = excluded.confirmed_at
        where excluded.confirmed_at > sold_out_itineraries.confirmed_at
      returning (xmax = 0) as inserted
    )
    select (select count(*) filter (where inserted) from written)::int as inserted,
      (select count(*) filter (where not inserted) from written)::int as updated,
      (select count from older)::int as older, (select count(*) from removed)::int as removed
  `.execute(db);
  return settle(rows[0], soldOut.length, rows[0]?.removed ?? 0);
}

/** A priced itinerary sells the stay again: the partner's sold-out row for it goes, unless it is newer. */
async function clearSoldOut(partnerId: string, priced: readonly CheckedPrice[], db: DB = getAppDatabase().db): Promise<void> {
  if (!priced.length) return;
  await sql`
    delete from sold_out_itineraries s using ${stayRows(priced)}
    where s.hotel_id = v.hotel_id and s.partner_id = ${partnerId} and s.check_in = v.check_in and s.nights = v.nights
      and s.confirmed_at <= v.confirmed_at
  `.execute(db);
}

/** Nights a record said are not for sale, as a table `v` naming their plans by key. */
const unsoldRows = (prices: readonly CheckedPrice[]) => sql`unnest(
  ${planKeyArrays(prices)},
  ${prices.map((price) => price.record.checkIn)}::date[],
  ${prices.map((price) => price.record.confirmedAt)}::timestamptz[]
) as v(${PLAN_KEY_COLUMNS}, night, confirmed_at)`;

/** Deletes (or, on a dry run, counts) the stored nights the records say are not for sale, unless they are newer. */
async function removeUnsoldNights(
  partnerId: string,
  prices: readonly CheckedPrice[],
  write: boolean,
  db: DB = getAppDatabase().db,
): Promise<number> {
  if (!prices.length) return 0;
  const where = sql`${samePlan(partnerId)} and r.plan_id = p.id and r.night = v.night and r.confirmed_at <= v.confirmed_at`;
  if (!write) {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from nightly_rates r, rate_plans p, ${unsoldRows(prices)} where ${where}
    `.execute(db);
    return rows[0]?.count ?? 0;
  }
  const result = await sql`delete from nightly_rates r using rate_plans p, ${unsoldRows(prices)} where ${where}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Writes checked records (as `checkPriceRecords` let them through) of one partner, all in the
 * transaction `trx`, then recomputes the lead prices of the hotels they touch and appends what
 * their stays now cost to the price history (as seen on `today`, in Sweden). With `write` false
 * nothing is written and the counts say what would be.
 */
export async function writePrices(
  partnerId: string,
  prices: readonly CheckedPrice[],
  write = true,
  trx: DB = getAppDatabase().db,
  today: string = todayInSweden(),
): Promise<PriceCounts> {
  const batch = planBatch(prices);
  const ids = await planIds(partnerId, batch.plans, write, trx);
  const dated = (list: BatchPlan["nights"]) => {
    const stored: Dated[] = [];
    let unstored = 0;
    for (const { price, plan } of list) {
      const planId = ids[plan];
      if (planId === null || planId === undefined) unstored++;
      else stored.push({ price, planId });
    }
    return { stored, unstored };
  };
  const nights = dated(batch.nights);
  const itineraries = dated(batch.itineraries);
  const counts = { ...NO_PRICE_COUNTS };
  if (write) {
    addPriceCounts(counts, await upsertPrices("night", nights.stored, trx));
    addPriceCounts(counts, await storeSoldOut(partnerId, batch.soldOut, trx));
    addPriceCounts(counts, await upsertPrices("itinerary", itineraries.stored, trx));
    await clearSoldOut(
      partnerId,
      batch.itineraries.map(({ price }) => price),
      trx,
    );
    counts.removed += await removeUnsoldNights(partnerId, batch.notForSale, true, trx);
    const hotelIds = [...new Set(prices.map((price) => price.hotelId))];
    await refreshLeadPrices(hotelIds, undefined, trx);
    await recordImportedStays(partnerId, hotelIds, today, trx);
  } else {
    addPriceCounts(counts, await countPrices("night", nights.stored, nights.unstored, trx));
    addPriceCounts(counts, await countPrices("itinerary", itineraries.stored, itineraries.unstored, trx));
    // A dry run does not say what sold-out records would remove.
    addPriceCounts(counts, settle({ inserted: batch.soldOut.length, updated: 0, older: 0 }, batch.soldOut.length));
    counts.removed += await removeUnsoldNights(partnerId, batch.notForSale, false, trx);
  }
  // Records that lost to a newer one of the same batch repeat nothing stored: they count as unchanged.
  const kept = batch.nights.length + batch.itineraries.length + batch.soldOut.length + batch.notForSale.length;
  counts.unchanged += prices.length - kept;
  return counts;
}
