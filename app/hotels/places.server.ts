import type { Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { log } from "#app/utils/log.server.ts";
import { sortSwedish } from "#app/hotels/swedish-sort.ts";
import { cachedRead } from "./catalogue-cache.server.ts";

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

/** The first countries, for the site header's menu. A failure leaves the menu empty, not the page down. */
export async function headerCountries(): Promise<string[]> {
  try {
    return (await listCountries(getAppDatabase().db)).slice(0, 5);
  } catch (error) {
    log.error("countries query failed", error);
    return [];
  }
}
