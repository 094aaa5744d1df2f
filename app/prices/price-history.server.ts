/**
 * The price history (issue 38): what a stay cost at a partner, per hotel, check-in and length,
 * for two adults in one room (REFERENCE_PARTY), in SEK with taxes and fees, on the day it was seen.
 * Every price import batch and every stored live answer appends to it, set-based and in the
 * transaction of its own write; the demo seeds it through the same function (appendHistory). A
 * key gets a row on a day only when its price is new (first seen, or not the price of its latest
 * row), and a day keeps its lowest: the table grows with price changes, not with imports. The
 * deal signal (app/prices/deal.ts) reads the median of comparable stays from it. See
 * docs/decisions/073-price-history-and-deals.md.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { addDays, todayInSweden } from "#app/utils/stay.ts";
import { REFERENCE_PARTY, type PriceHistory, type UsualPrice } from "./deal.ts";

type DB = Kysely<Database>;

/** The stay lengths recorded from nightly rates (itineraries and live answers are recorded as they come). */
export const HISTORY_NIGHTS: readonly number[] = [1, 2, 3, 7];
/** Check-ins from today up to this many days ahead are recorded from an import. */
export const HISTORY_DAYS_AHEAD = 60;
/** How long observations are kept: the deal signal reads 12 months, the chart a year back from a stay a month ahead. */
export const KEEP_HISTORY_MONTHS = 13;

/** One observation: a stay's total in SEK at a partner. */
export interface Observation {
  hotelId: string;
  partnerId: string;
  checkIn: string;
  nights: number;
  totalSek: number;
}

/**
 * Appends the observations a query gives (columns hotel_id, partner_id, check_in, nights,
 * total_sek; several per key are taken at their lowest) as seen on `observedOn`: a key whose
 * latest row up to that day has the same price gets none, a key seen earlier that day keeps the
 * lower price. Returns the rows inserted or lowered.
 */
export async function appendHistory(source: RawBuilder<unknown>, observedOn: string, db: DB = getAppDatabase().db): Promise<number> {
  const result = await sql`
    insert into price_history (hotel_id, partner_id, check_in, nights, observed_on, total_sek)
    select seen.hotel_id, seen.partner_id, seen.check_in, seen.nights, ${observedOn}::date, seen.total_sek
    from (
      select source.hotel_id, source.partner_id, source.check_in, source.nights, min(source.total_sek) as total_sek
      from (${source}) as source(hotel_id, partner_id, check_in, nights, total_sek)
      where source.total_sek > 0 and source.total_sek < 10000000 and source.nights between 1 and 30
      group by source.hotel_id, source.partner_id, source.check_in, source.nights
    ) seen
    where seen.total_sek is distinct from (
      select latest.total_sek from price_history latest
      where latest.hotel_id = seen.hotel_id and latest.nights = seen.nights and latest.check_in = seen.check_in
        and latest.partner_id = seen.partner_id and latest.observed_on <= ${observedOn}::date
      order by latest.observed_on desc limit 1
    )
    on conflict (hotel_id, nights, check_in, partner_id, observed_on) do update set total_sek = excluded.total_sek
      where excluded.total_sek < price_history.total_sek
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Observations given in SEK (the demo's backdated history, tests). */
export function appendObservations(
  observations: readonly Observation[],
  observedOn: string,
  db: DB = getAppDatabase().db,
): Promise<number> {
  if (!observations.length) return Promise.resolve(0);
  return appendHistory(
    sql`select * from unnest(
      ${observations.map((row) => row.hotelId)}::uuid[],
      ${observations.map((row) => row.partnerId)}::text[],
      ${observations.map((row) => row.checkIn)}::date[],
      ${observations.map((row) => row.nights)}::int[],
      ${observations.map((row) => row.totalSek)}::numeric[]
    )`,
    observedOn,
    db,
  );
}

/** The latest ECB rates as factors to SEK (as stay_prices converts), a table `to_sek(currency, factor)`. */
const TO_SEK = sql`(
  select 'SEK'::text as currency, 1::numeric as factor
  union all
  select fx.currency, sek.per_eur / fx.per_eur from latest_fx() fx join latest_fx() sek on sek.currency = 'SEK' where fx.currency <> 'SEK'
) to_sek`;

/**
 * Appends what the partner's stays at these hotels now cost, by the shown-price rule of
 * stay_prices for the reference party: check-ins from today to HISTORY_DAYS_AHEAD days ahead,
 * HISTORY_NIGHTS-long sums of nightly rates (every night priced and fresh) where the partner has
 * no itinerary price for the stay, the partner's itinerary prices of any length, nothing for a
 * stay it said is sold out; per stay the cheapest plan. Set-based: one pass over each plan's
 * nights of the window (window sums) instead of a stay_prices call per stay, which tripled the
 * import's database time (decision 073). Call it in the batch's transaction, after its writes.
 */
export async function recordImportedStays(
  partnerId: string,
  hotelIds: readonly string[],
  today: string = todayInSweden(),
  db: DB = getAppDatabase().db,
): Promise<number> {
  if (!hotelIds.length) return 0;
  const maxAge = getEnv().OFFER_MAX_AGE_HOURS;
  const fresh = (alias: string) => sql`${sql.ref(`${alias}.confirmed_at`)} > now() - make_interval(hours => ${maxAge})`;
  const lastCheckIn = addDays(today, HISTORY_DAYS_AHEAD - 1);
  // Per length: the sum of the night and the following ones, and whether they are consecutive.
  const windows = sql.join(
    HISTORY_NIGHTS.map(
      (
        length,
      ) => sql`sum(night.total) over (partition by night.plan_id order by night.night rows between current row and ${sql.lit(length - 1)} following)
          as ${sql.ref(`total_${length}`)},
        lead(night.night, ${sql.lit(length - 1)}) over (partition by night.plan_id order by night.night) = night.night + ${sql.lit(length - 1)}
          as ${sql.ref(`whole_${length}`)}`,
    ),
  );
  const lengths = sql.join(
    HISTORY_NIGHTS.map(
      (length) => sql`(${sql.lit(length)}, windowed.${sql.ref(`total_${length}`)}, windowed.${sql.ref(`whole_${length}`)})`,
    ),
  );
  return appendHistory(
    sql`with plans as materialized (
        select plan.id, plan.hotel_id, plan.currency from rate_plans plan
        join partners partner on partner.id = plan.partner_id and partner.active
        where plan.hotel_id = any(${[...new Set(hotelIds)]}::uuid[]) and plan.partner_id = ${partnerId}
          and plan.rooms = ${REFERENCE_PARTY.rooms} and plan.adults >= ${REFERENCE_PARTY.adults}
      ),
      night as (
        select plans.hotel_id, plans.currency, n.plan_id, n.night, n.base + n.tax + n.fees as total
        from plans join nightly_rates n on n.plan_id = plans.id
        where n.night >= ${today}::date and n.night < ${addDays(lastCheckIn, Math.max(...HISTORY_NIGHTS))}::date and ${fresh("n")}
      ),
      windowed as (
        select night.hotel_id, night.currency, night.night, ${windows} from night
      ),
      summed as (
        select windowed.hotel_id, windowed.currency, windowed.night as check_in, stay.nights, stay.total
        from windowed cross join lateral (values ${lengths}) as stay(nights, total, whole)
        where stay.whole and windowed.night <= ${lastCheckIn}::date
      ),
      itinerary as (
        select plans.hotel_id, plans.currency, i.check_in, i.nights::int as nights, i.base + i.tax + i.fees as total
        from plans join itinerary_prices i on i.plan_id = plans.id
        where i.check_in between ${today}::date and ${lastCheckIn}::date and ${fresh("i")}
      ),
      stays as (
        select * from itinerary
        union all
        select * from summed
        where not exists (
          select 1 from itinerary where itinerary.hotel_id = summed.hotel_id and itinerary.check_in = summed.check_in
            and itinerary.nights = summed.nights
        )
      )
      select stays.hotel_id, ${partnerId}::text, stays.check_in, stays.nights, round(stays.total * to_sek.factor, 2)
      from stays join ${TO_SEK} on to_sek.currency = stays.currency
      where not exists (
        select 1 from sold_out_itineraries gone
        where gone.hotel_id = stays.hotel_id and gone.partner_id = ${partnerId} and gone.check_in = stays.check_in
          and gone.nights = stays.nights
      )`,
    today,
    db,
  );
}

/** A live answer's quote for a hotel, in the partner's currency. */
export interface LiveTotal {
  hotelId: string;
  currency: string;
  total: number;
}

/**
 * Appends a partner's live answer for a stay of the reference party (each hotel's cheapest quote,
 * in SEK at the latest ECB rates; a currency without a rate is not recorded).
 */
export async function recordLiveTotals(
  partnerId: string,
  stay: { checkIn: string; nights: number },
  totals: readonly LiveTotal[],
  today: string = todayInSweden(),
  db: DB = getAppDatabase().db,
): Promise<number> {
  if (!totals.length) return 0;
  return appendHistory(
    sql`select quote.hotel_id, ${partnerId}::text, ${stay.checkIn}::date, ${stay.nights}::int, round(quote.total * to_sek.factor, 2)
      from unnest(${totals.map((row) => row.hotelId)}::uuid[], ${totals.map((row) => row.currency)}::text[],
        ${totals.map((row) => row.total)}::numeric[]) as quote(hotel_id, currency, total)
      join ${TO_SEK} on to_sek.currency = quote.currency`,
    today,
    db,
  );
}

/** Removes observations older than KEEP_HISTORY_MONTHS; returns how many. */
export async function deleteOldPriceHistory(
  today: string = todayInSweden(),
  db: DB = getAppDatabase().db,
): Promise<{ priceHistory: number }> {
  const result = await sql`
    delete from price_history where observed_on < (${today}::date - make_interval(months => ${KEEP_HISTORY_MONTHS}))::date
  `.execute(db);
  return { priceHistory: Number(result.numAffectedRows ?? 0) };
}

/** Observations the deal signal and the chart read: seen within the last 12 months. */
const lastYear = (today: string) => sql`h.observed_on > (${today}::date - interval '12 months')::date`;

/**
 * Each hotel's usual price for stays of `nights` with check-ins in `month`, and the number of
 * observations it rests on: one query for a list page's hotels. The usual price is the lowest of
 * the partners' medians of the last 12 months, counted by that partner's observations alone, not
 * the median of every partner's prices: a page
 * shows the cheapest partner's price, and against the dearer partners' prices mixed in, a hotel
 * whose partners differ by 15 % would look like a deal every day (the demo showed it).
 */
export async function usualPrices(
  hotelIds: readonly string[],
  { nights, month }: { nights: number; month: number },
  today: string = todayInSweden(),
  db: DB = getAppDatabase().db,
): Promise<Map<string, UsualPrice>> {
  const ids = [...new Set(hotelIds)];
  if (!ids.length) return new Map();
  const { rows } = await sql<{ hotel_id: string; median: number | string; observations: number | string }>`
    select per_partner.hotel_id, min(per_partner.median) as median,
      -- The observations the usual price rests on: its own partner's, not every partner's.
      (array_agg(per_partner.observations order by per_partner.median))[1] as observations
    from (
      select h.hotel_id, percentile_cont(0.5) within group (order by h.total_sek) as median, count(*) as observations
      from price_history h
      where h.hotel_id = any(${ids}::uuid[]) and h.nights = ${nights} and extract(month from h.check_in) = ${month} and ${lastYear(today)}
      group by h.hotel_id, h.partner_id
    ) per_partner
    group by per_partner.hotel_id
  `.execute(db);
  return new Map(
    rows.map((row) => [row.hotel_id, { month, nights, medianSek: Number(row.median), observations: Number(row.observations) }]),
  );
}

/** The usual price (as usualPrices has it) of a hotel's stays of `nights` for each check-in month, in one query. */
export async function hotelPriceHistory(
  hotelId: string,
  nights: number,
  today: string = todayInSweden(),
  db: DB = getAppDatabase().db,
): Promise<PriceHistory> {
  const { rows } = await sql<{ month: number | string; median: number | string; observations: number | string }>`
    select per_partner.month, min(per_partner.median) as median,
      (array_agg(per_partner.observations order by per_partner.median))[1] as observations
    from (
      select extract(month from h.check_in) as month, percentile_cont(0.5) within group (order by h.total_sek) as median,
        count(*) as observations
      from price_history h
      where h.hotel_id = ${hotelId}::uuid and h.nights = ${nights} and ${lastYear(today)}
      group by 1, h.partner_id
    ) per_partner
    group by per_partner.month
  `.execute(db);
  const byMonth = new Map(rows.map((row) => [Number(row.month), row]));
  return {
    nights,
    months: Array.from({ length: 12 }, (_, index) => {
      const row = byMonth.get(index + 1);
      return { month: index + 1, medianSek: row ? Number(row.median) : null, observations: row ? Number(row.observations) : 0 };
    }),
  };
}
