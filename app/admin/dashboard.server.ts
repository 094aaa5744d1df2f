import { sql, type Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { hasRewrittenText } from "./hotel-table.server.ts";

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
  last7: number;
  last30: number;
  /** The last 30 days, oldest first, days without clicks included (UTC dates). */
  perDay: { day: string; clicks: number }[];
  topHotels: { hotelId: string; name: string | null; clicks: number }[];
  topSources: { source: string; clicks: number }[];
}

const DAY_MS = 86_400_000;

/** Outbound clicks (the affiliate redirects) of the last 30 days, in three queries run together. */
export async function clickFigures(now: Date = new Date(), db: Kysely<Database> = getAppDatabase().db): Promise<ClickFigures> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - 29 * DAY_MS);
  const recent = db.selectFrom("outbound_clicks").where("clicked_at", ">=", since);
  const [days, hotels, sources] = await Promise.all([
    recent
      .select([sql<string>`to_char(clicked_at at time zone 'UTC', 'YYYY-MM-DD')`.as("day"), sql<number>`count(*)::int`.as("clicks")])
      .groupBy(sql`1`)
      .execute(),
    recent
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
    recent
      .select([sql<string>`coalesce(nullif(source, ''), '(none)')`.as("source"), sql<number>`count(*)::int`.as("clicks")])
      .groupBy(sql`1`)
      .orderBy("clicks", "desc")
      .orderBy("source")
      .limit(10)
      .execute(),
  ]);
  const byDay = new Map(days.map((row) => [row.day, row.clicks]));
  const perDay = Array.from({ length: 30 }, (_, index) => {
    const day = new Date(since.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    return { day, clicks: byDay.get(day) ?? 0 };
  });
  return {
    last7: perDay.slice(-7).reduce((sum, entry) => sum + entry.clicks, 0),
    last30: perDay.reduce((sum, entry) => sum + entry.clicks, 0),
    perDay,
    topHotels: hotels.map((row) => ({ hotelId: row.hotelId!, name: row.name, clicks: row.clicks })),
    topSources: sources,
  };
}
