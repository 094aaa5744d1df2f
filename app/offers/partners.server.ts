/**
 * The partners we send visitors to (table partners): which hosts /redirect trusts and how a
 * partner's deep link is filled. Writes that change them empty the catalogue cache.
 */
import type { Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { cachedRead } from "#app/hotels/catalogue-cache.server.ts";

type DB = Kysely<Database>;

export interface PartnerLink {
  id: string;
  name: string;
  host: string;
  deepLinkTemplate: string;
  active: boolean;
}

/** Every partner by host (what /redirect forwards to, or refuses once deactivated), cached briefly. */
export function partnersByHost(db: DB = getAppDatabase().db): Promise<ReadonlyMap<string, PartnerLink>> {
  return cachedRead(db, "partners-by-host", async () => {
    const rows = await db.selectFrom("partners").select(["id", "name", "host", "deep_link_template", "active"]).execute();
    return new Map(
      rows.map((row) => [
        row.host,
        { id: row.id, name: row.name, host: row.host, deepLinkTemplate: row.deep_link_template, active: row.active },
      ]),
    );
  });
}
