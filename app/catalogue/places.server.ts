import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { sortSwedish } from "#app/domain/places.ts";
import { cachedRead } from "./cache.server.ts";

/** Distinct non-empty countries, in Swedish alphabetical order. */
export function listCountries(db: Kysely<Database>): Promise<string[]> {
  return cachedRead(db, "countries", async () => {
    const rows = await db
    .selectFrom("hotels")
    .select("country")
    .distinct()
    .where("country", "is not", null)
    .where("country", "<>", "")
      .execute();
    return sortSwedish(rows.map((row) => row.country));
  });
}
