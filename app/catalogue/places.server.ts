import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { sortSwedish } from "#app/domain/places.ts";

/** Distinct non-empty countries, in Swedish alphabetical order. */
export async function listCountries(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom("hotels")
    .select("country")
    .distinct()
    .where("country", "is not", null)
    .where("country", "<>", "")
    .execute();
  return sortSwedish(rows.map((row) => row.country));
}
