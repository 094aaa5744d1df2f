import { sql, type Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { DEFAULT_CLICK_PERIOD, type ClickPeriod } from "#app/offers/partner-clicks.ts";
import { hasRewrittenText } from "#app/hotels/description-sql.server.ts";

export interface CatalogueFigures {
  hotels: number;
  withAffiliateUrl: number;
  rewritten: number;
}

/** The figures an affiliate site lives by, in one scan of the hotels table. */
export async function catalogueFigures(db: Kysely<Database> = getAppDatabase().db): Promise<CatalogueFigures> {
  const row = await db
    .selectFrom("hotels")
    .select([
      sql<number>`count(*)::int`.as("hotels"),
      sql<number>`(count(*) filter (where has_affiliate_url))::int`.as("withAffiliateUrl"),
      // Texts, not flags: a hotel counts as rewritten when it has a rewritten text.
      sql<number>`(count(*) filter (where ${hasRewrittenText}))::int`.as("rewritten"),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

export interface ClickFigures {
  period: ClickPeriod;
  last7: number;
  last30: number;
  /** The period's days, oldest first, days without clicks included (UTC dates). */
  perDay: { day: string; clicks: number }[];
  /** The period's most clicked hotels. */
  topHotels: { hotelId: string; name: string | null; clicks: number }[];
  /** The period's clicks per partner host: the host of the partner address the visitor was sent to. */
  hosts: { host: string; clicks: number }[];
}

const DAY_MS = 86_400_000;

/**
 * Outbound clicks (the affiliate redirects) of the last `period` days, in three queries run
 * together, each over a range of the indexed clicked_at. Only clicks the redirect counted are
 * here: it records none from signed-in administrators, crawlers, prefetches or HEAD requests,
 * and one a day per visitor, hotel and partner (outbound/clicks.server.ts).
 */
export async function clickFigures(
  period: ClickPeriod = DEFAULT_CLICK_PERIOD,
  now: Date = new Date(),
  db: Kysely<Database> = getAppDatabase().db,
): Promise<ClickFigures> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // The 7- and 30-day totals come from the same daily counts, so those cover at least 30 days.
  const countedDays = Math.max(period, 30);
  const dayOf = (index: number, days: number) => new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10);
  const since = (days: number) => new Date(today - (days - 1) * DAY_MS);
  const inPeriod = db.selectFrom("outbound_clicks").where("clicked_at", ">=", since(period));
  const [days, hotels, hosts] = await Promise.all([
    db
      .selectFrom("outbound_clicks")
      .where("clicked_at", ">=", since(countedDays))
      .select([sql<string>`to_char(clicked_at at time zone 'UTC', 'YYYY-MM-DD')`.as("day"), sql<number>`count(*)::int`.as("clicks")])
      .groupBy(sql`1`)
      .execute(),
    inPeriod
      .leftJoin("hotels", "hotels.hotel_id", "outbound_clicks.hotel_id")
      .where("outbound_clicks.hotel_id", "is not", null)
      .select([
        "outbound_clicks.hotel_id as hotelId",
        sql<string | null>`max(hotels.name)`.as("name"),
        sql<number>`count(*)::int`.as("clicks"),
      ])
      .groupBy("outbound_clicks.hotel_id")
      .orderBy("clicks", "desc")
      .orderBy("outbound_clicks.hotel_id")
      .limit(10)
      .execute(),
    inPeriod
      .select([sql<string>`lower(target_host)`.as("host"), sql<number>`count(*)::int`.as("clicks")])
      .groupBy(sql`1`)
      .orderBy("clicks", "desc")
      .orderBy("host")
      .limit(10)
      .execute(),
  ]);
  const byDay = new Map(days.map((row) => [row.day, row.clicks]));
  const counted = Array.from({ length: countedDays }, (_, index) => {
    const day = dayOf(index, countedDays);
    return { day, clicks: byDay.get(day) ?? 0 };
  });
  const total = (days: number) => counted.slice(-days).reduce((sum, entry) => sum + entry.clicks, 0);
  return {
    period,
    last7: total(7),
    last30: total(30),
    perDay: counted.slice(-period),
    topHotels: hotels.map((row) => ({ hotelId: row.hotelId!, name: row.name, clicks: row.clicks })),
    hosts,
  };
}
