/**
 * What the alerts' stays cost now, for many alerts in one query (issue 38's scale: 10,000 alerts
 * after an import in well under a minute). Alerts with dates are grouped by stay, and each stay
 * asks stay_prices (migration 20261201100000) once for all its hotels; partners' live answers
 * still fresh for exactly that stay count too. An alert without dates watches the hotel's "från"
 * price per night (hotel_lead_prices, no conditions). The price is the cheapest in SEK, as the
 * hotel page shows it, with its partner.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { getEnv } from "#app/utils/env.server.ts";

export interface AlertPrice {
  alertId: string;
  /** SEK: the stay's total, or the price per night without dates. */
  price: number;
  partnerId: string;
}

/**
 * The query's text: the alerts `where` picks (its columns as `alert.…`), each with its current
 * price and partner (`alert_id`, `price`, `partner_id`); an alert nothing prices is absent.
 */
export function alertPricesSql(where: RawBuilder<unknown>): RawBuilder<{ alert_id: string; price: number; partner_id: string }> {
  return sql`
    with due as materialized (
      select alert.id, alert.hotel_id, alert.check_in, alert.nights, alert.adults, alert.rooms
      from price_alerts alert where ${where}
    ),
    stays as materialized (
      select check_in, nights, adults, rooms, array_agg(distinct hotel_id) as hotel_ids
      from due where check_in is not null
      group by check_in, nights, adults, rooms
    ),
    to_sek as materialized (
      select 'SEK'::text as currency, 1::numeric as factor
      union all
      select fx.currency, sek.per_eur / fx.per_eur
      from latest_fx() fx join latest_fx() sek on sek.currency = 'SEK'
      where fx.currency <> 'SEK'
    ),
    offered as (
      select stays.check_in, stays.nights, stays.adults, stays.rooms, price.hotel_id, price.partner_id, price.total_sek
      from stays
      cross join lateral stay_prices(stays.hotel_ids, stays.check_in, stays.nights::int, stays.adults::int, stays.rooms::int,
        ${getEnv().OFFER_MAX_AGE_HOURS}::int) price
      where price.total_sek is not null
      union all
      select stays.check_in, stays.nights, stays.adults, stays.rooms, answer.hotel_id, answer.partner_id,
        round((quote.value ->> 'total')::numeric * to_sek.factor, 2)
      from stays
      join live_price_answers answer on answer.check_in = stays.check_in and answer.check_out = stays.check_in + stays.nights
        and answer.adults = stays.adults and answer.rooms = stays.rooms and answer.hotel_id = any(stays.hotel_ids)
        and answer.expires_at > now()
      join partners partner on partner.id = answer.partner_id and partner.active
      cross join jsonb_array_elements(answer.quotes) quote
      join to_sek on to_sek.currency = quote.value ->> 'currency'
    ),
    dated as (
      select distinct on (due.id) due.id as alert_id, offered.total_sek as price, offered.partner_id
      from due
      join offered on offered.hotel_id = due.hotel_id and offered.check_in = due.check_in and offered.nights = due.nights
        and offered.adults = due.adults and offered.rooms = due.rooms
      order by due.id, offered.total_sek, offered.partner_id
    )
    select alert_id, price, partner_id from dated
    union all
    select due.id, lead.price, lead.partner_id
    from due join hotel_lead_prices lead on lead.hotel_id = due.hotel_id and lead.conditions = 0
    where due.check_in is null
  `;
}

/** The current price of each alert `where` picks. */
export async function alertPrices(where: RawBuilder<unknown>, db: Kysely<Database>): Promise<AlertPrice[]> {
  const { rows } = await alertPricesSql(where).execute(db);
  return rows.map((row) => ({ alertId: row.alert_id, price: Number(row.price), partnerId: row.partner_id }));
}
