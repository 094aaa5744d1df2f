import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";

export interface CatalogueFigures {
  hotels: number;
  withAffiliateUrl: number;
  rewritten: number;
}

/** The figures an affiliate site lives by, in one scan of the hotels table. */
export async function catalogueFigures(db: Kysely<Database>): Promise<CatalogueFigures> {
  const row = await db
    .selectFrom("hotels")
    .select([
      sql<number>`count(*)::int`.as("hotels"),
      sql<number>`(count(*) filter (where has_affiliate_url))::int`.as("withAffiliateUrl"),
      sql<number>`(count(*) filter (where is_description_rewritten))::int`.as("rewritten"),
    ])
    .executeTakeFirstOrThrow();
  return row;
}
