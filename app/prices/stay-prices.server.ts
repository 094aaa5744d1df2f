/**
 * What stays cost, as pages read it (DESIGN.md §4.11, decision 050): every partner's offers for a
 * stay or without dates, the price each hotel of a list shows, and the lead prices lists sort by.
 * The SQL is in the migration 20261201100000_stay_prices (stay_prices, lead_offers,
 * refresh_hotel_offer_summary), the same on PGlite and PostgreSQL. Prices confirmed longer ago than
 * OFFER_MAX_AGE_HOURS and partners switched off are never read.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { hasDates, nightsOf, todayInSweden, type DatedStay, type Stay } from "#app/utils/stay.ts";
import { bestPerPartner, type ListPrice, type PriceOffer } from "./price-offer.ts";

type DB = Kysely<Database>;

/** How old a price may be and still be shown. */
const maxAgeHours = () => getEnv().OFFER_MAX_AGE_HOURS;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const num = (value: number | string | null) => (value === null ? null : Number(value));

interface OfferRowBase {
  hotel_id: string;
  partner_id: string;
  conditions: number;
  currency: string;
  breakfast_included: boolean;
  refundable: boolean;
  pay_at_hotel: boolean;
  room_name: string | null;
  landing_url: string;
  confirmed_at: Date | string;
  name: string;
  host: string;
  logo_url: string | null;
}

interface StayRow extends OfferRowBase {
  source: "itinerary" | "nightly";
  base: number | string;
  tax: number | string;
  fees: number | string;
  total: number | string;
  total_sek: number | string | null;
  free_cancellation_until: Date | string | null;
}

interface LeadRow extends OfferRowBase {
  plan_id: number | null;
  per_night: number | string;
  per_night_sek: number | string | null;
}

function group(offers: Iterable<[string, PriceOffer]>, wanted: number): Map<string, PriceOffer[]> {
  const all = new Map<string, PriceOffer[]>();
  for (const [hotelId, offer] of offers) {
    const list = all.get(hotelId);
    if (list) list.push(offer);
    else all.set(hotelId, [offer]);
  }
  const best = new Map<string, PriceOffer[]>();
  for (const [hotelId, list] of all) {
    const offers = bestPerPartner(list, wanted);
    if (offers.length) best.set(hotelId, offers);
  }
  return best;
}

/**
 * Every partner's cheapest offer for the stay that meets the wanted conditions, per hotel
 * (hotels.id), cheapest first; a hotel no partner can sell the stay at is absent.
 */
export async function stayOffers(
  hotelIds: readonly string[],
  stay: DatedStay,
  wanted: number,
  db: DB = getAppDatabase().db,
): Promise<Map<string, PriceOffer[]>> {
  const ids = [...new Set(hotelIds)];
  if (!ids.length) return new Map();
  const nights = nightsOf(stay)!;
  const { rows } = await sql<StayRow>`
    select price.*, partner.name, partner.host, partner.logo_url
    from stay_prices(${ids}::uuid[], ${stay.checkIn}::date, ${nights}, ${stay.adults}, ${stay.rooms}, ${maxAgeHours()}) price
    join partners partner on partner.id = price.partner_id
  `.execute(db);
  return group(
    rows.map((row) => [
      row.hotel_id,
      {
        ...offerBase(row),
        kind: "stay",
        source: row.source,
        base: Number(row.base),
        tax: Number(row.tax),
        fees: Number(row.fees),
        total: Number(row.total),
        totalSek: num(row.total_sek),
        nights,
        freeCancellationUntil: iso(row.free_cancellation_until),
      },
    ]),
    wanted,
  );
}

/** Each partner's lead offer per hotel without dates (cheapest night of the next 30 days), meeting the wanted conditions. */
export async function leadOffers(
  hotelIds: readonly string[],
  wanted: number,
  today: string = todayInSweden(),
  db: DB = getAppDatabase().db,
): Promise<Map<string, PriceOffer[]>> {
  const ids = [...new Set(hotelIds)];
  if (!ids.length) return new Map();
  const { rows } = await sql<LeadRow>`
    select lead.*, partner.name, partner.host, partner.logo_url
    from lead_offers(${ids}::uuid[], ${today}::date, ${maxAgeHours()}) lead
    join partners partner on partner.id = lead.partner_id
  `.execute(db);
  return group(
    rows.map((row) => [
      row.hotel_id,
      {
        ...offerBase(row),
        kind: "lead",
        source: row.plan_id === null ? "lead-in" : "nightly",
        base: null,
        tax: null,
        fees: null,
        total: Number(row.per_night),
        totalSek: num(row.per_night_sek),
        nights: null,
        freeCancellationUntil: null,
      },
    ]),
    wanted,
  );
}

function offerBase(row: OfferRowBase) {
  return {
    partnerId: row.partner_id,
    partnerName: row.name,
    partnerHost: row.host,
    partnerLogo: row.logo_url,
    currency: row.currency,
    conditions: Number(row.conditions),
    breakfastIncluded: row.breakfast_included,
    refundable: row.refundable,
    payAtHotel: row.pay_at_hotel,
    roomName: row.room_name,
    landingUrl: row.landing_url,
    confirmedAt: iso(row.confirmed_at)!,
  };
}

/** The offers a page compares: for the stay when it has dates, else the lead offers. */
export function offersFor(
  hotelIds: readonly string[],
  stay: Stay,
  wanted: number,
  db: DB = getAppDatabase().db,
): Promise<Map<string, PriceOffer[]>> {
  return hasDates(stay) ? stayOffers(hotelIds, stay, wanted, db) : leadOffers(hotelIds, wanted, undefined, db);
}

/** The price a list shows for each hotel with a stay: the cheapest offer meeting the conditions, in SEK, and how many partners sell it. */
export interface ListStayPrice {
  totalSek: number;
  partnerId: string;
  partners: number;
}

/**
 * The shown price of each hotel for the stay (the same rule as shownOffer: the cheapest, in SEK, of
 * the offers that meet the wanted conditions), in one query; hotels without one are absent.
 */
export async function listStayPrices(
  hotelIds: readonly string[],
  stay: DatedStay,
  wanted: number,
  db: DB = getAppDatabase().db,
): Promise<Map<string, ListStayPrice>> {
  const ids = [...new Set(hotelIds)];
  if (!ids.length) return new Map();
  const { rows } = await sql<{ hotel_id: string; total_sek: number | string; partner_id: string; partners: number | string }>`
    select distinct on (per_partner.hotel_id) per_partner.hotel_id, per_partner.total_sek, per_partner.partner_id,
      count(*) over (partition by per_partner.hotel_id) as partners
    from (
      select price.hotel_id, price.partner_id, min(price.total_sek) as total_sek
      from stay_prices(${ids}::uuid[], ${stay.checkIn}::date, ${nightsOf(stay)!}, ${stay.adults}, ${stay.rooms}, ${maxAgeHours()}) price
      where price.total_sek is not null and price.conditions & ${wanted} = ${wanted}
      group by price.hotel_id, price.partner_id
    ) per_partner
    order by per_partner.hotel_id, per_partner.total_sek, per_partner.partner_id
  `.execute(db);
  return new Map(
    rows.map((row) => [row.hotel_id, { totalSek: Number(row.total_sek), partnerId: row.partner_id, partners: Number(row.partners) }]),
  );
}

/** Partners (active) that sell the hotel at all: some plan or lead-in offer, dated or not. */
export async function partnersOfHotel(hotelId: string, db: DB = getAppDatabase().db): Promise<{ id: string; name: string }[]> {
  const { rows } = await sql<{ id: string; name: string }>`
    select partner.id, partner.name from partners partner
    where partner.active and (
      exists (select 1 from rate_plans plan where plan.hotel_id = ${hotelId}::uuid and plan.partner_id = partner.id)
      or exists (select 1 from hotel_offers offer where offer.hotel_id = ${hotelId}::uuid and offer.partner_id = partner.id and offer.gone_at is null)
    )
    order by partner.name
  `.execute(db);
  return rows;
}

/**
 * Check-in dates near the stay's (up to `range` days either side, same nights and party) at which
 * some partner sells the hotel meeting the conditions, nearest first, with the cheapest total in SEK.
 */
export async function nearbyDatesWithPrices(
  hotelId: string,
  stay: DatedStay,
  wanted: number,
  { range = 7, limit = 4, today = todayInSweden() }: { range?: number; limit?: number; today?: string } = {},
  db: DB = getAppDatabase().db,
): Promise<{ checkIn: string; totalSek: number }[]> {
  const nights = nightsOf(stay)!;
  const { rows } = await sql<{ check_in: string; total_sek: number | string }>`
    select to_char(day.check_in, 'YYYY-MM-DD') as check_in, best.total_sek
    from (
      select (${stay.checkIn}::date + offset_days) as check_in, abs(offset_days) as distance
      from generate_series(${-range}::int, ${range}::int) offset_days
      where offset_days <> 0 and ${stay.checkIn}::date + offset_days >= ${today}::date
    ) day
    cross join lateral (
      select min(price.total_sek) as total_sek
      from stay_prices(array[${hotelId}]::uuid[], day.check_in, ${nights}, ${stay.adults}, ${stay.rooms}, ${maxAgeHours()}) price
      where price.total_sek is not null and price.conditions & ${wanted} = ${wanted}
    ) best
    where best.total_sek is not null
    order by day.distance, day.check_in
    limit ${limit}
  `.execute(db);
  return rows.map((row) => ({ checkIn: row.check_in, totalSek: Number(row.total_sek) }));
}

/**
 * The smallest number of rooms (from the stay's up to the party's adults, at most 8) for which some
 * partner sells a room for the party at any of the hotels (all hotels when none given), or null.
 * For "5 vuxna i 1 rum": no partner sells it, but 2 rooms they do.
 */
export async function roomsThatFit(
  adults: number,
  fromRooms: number,
  hotelIds?: readonly string[],
  db: DB = getAppDatabase().db,
): Promise<number | null> {
  const { rows } = await sql<{ rooms: number }>`
    select wanted.rooms from generate_series(${fromRooms}::int, least(${adults}::int, 8)) as wanted(rooms)
    where exists (
      select 1 from rate_plans plan
      where ${hotelIds ? sql`plan.hotel_id = any(${[...hotelIds]}::uuid[])` : sql`true`}
        and ((plan.rooms = wanted.rooms and plan.adults >= ${adults}) or (plan.rooms = 1 and plan.adults * wanted.rooms >= ${adults}))
    )
    order by wanted.rooms limit 1
  `.execute(db);
  return rows[0] ? Number(rows[0].rooms) : null;
}

/**
 * Recomputes the lead prices and the list summary (hotels.offer_price, offer_count) of the given
 * hotels from their current prices: after an import batch, and daily for every hotel (the 30 days
 * move on).
 */
export async function refreshLeadPrices(
  hotelIds: readonly string[],
  today: string = todayInSweden(),
  db: DB = getAppDatabase().db,
): Promise<void> {
  const ids = [...new Set(hotelIds)];
  if (!ids.length) return;
  await sql`select refresh_hotel_offer_summary(${ids}::uuid[], ${today}::date, ${maxAgeHours()})`.execute(db);
}

/**
 * Each hotel's lead price for the wanted conditions (hotel_lead_prices), as a list shows it without
 * dates; hotels with no offer meeting them are absent. Partners: how many sell the hotel at all.
 */
export async function leadPricesFor(
  hotelIds: readonly string[],
  wanted: number,
  db: DB = getAppDatabase().db,
): Promise<Map<string, ListPrice>> {
  const ids = [...new Set(hotelIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom("hotel_lead_prices as lead")
    .innerJoin("hotels", "hotels.id", "lead.hotel_id")
    .select(["lead.hotel_id", "lead.price", "hotels.offer_count"])
    .where("lead.hotel_id", "in", ids)
    .where("lead.conditions", "=", wanted)
    .execute();
  return new Map(
    rows.map((row) => [
      row.hotel_id,
      { kind: "lead", amountSek: Number(row.price), nights: null, partners: Math.max(1, Number(row.offer_count)) },
    ]),
  );
}
