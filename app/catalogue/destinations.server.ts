import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";

export interface PopularDestination {
  id: string;
  name: string;
  description: string;
  image: string;
  priceText: string;
  link: string;
}

/** The curated destinations (back office), in the order the editors set. */
export async function listPopularDestinations(db: Kysely<Database>): Promise<PopularDestination[]> {
  const rows = await db
    .selectFrom("popular_destinations")
    .select(["id", "name", "description", "image", "price_text", "link"])
    .orderBy("position")
    .orderBy("created_at")
    .execute();
  return rows.map(({ price_text, ...row }) => ({ ...row, priceText: price_text }));
}
