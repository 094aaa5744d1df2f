/**
 * The database's migrations with the steps that need the features' rules: the runner
 * (db/migrations.server.ts) applies the SQL files; this adds the amenity keys' backfill and the
 * country and place names, which the catalogue computes.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { runMigrations, type MigrateOptions } from "#app/db/migrations.server.ts";
import { backfillAmenityKeys } from "#app/hotels/hotel-rows.server.ts";
import { syncCountryNames, syncPlaceAlternateNames } from "#app/hotels/place-name-rows.server.ts";

export type { MigrateOptions };

/** Applies every migration not yet recorded; returns the versions applied by this call. */
export function migrate(options: MigrateOptions = {}, db: Kysely<Database> = getAppDatabase().db): Promise<string[]> {
  return runMigrations(
    options,
    {
      followUps: { "20261125100000_amenity_keys": (trx) => backfillAmenityKeys(undefined, trx) },
      afterAll: async (handle) => {
        await syncCountryNames(handle);
        await syncPlaceAlternateNames(handle);
      },
    },
    db,
  );
}
