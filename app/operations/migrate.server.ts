/**
 * The database's migrations with the steps that need the features' rules: the runner
 * (db/migrations.server.ts) applies the SQL files; this adds the amenity keys' backfill and the
 * country and place names, which the catalogue computes.
 */
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { runMigrations, type MigrateOptions } from "#app/db/migrations.server.ts";
import { backfillAmenityKeys } from "#app/hotels/hotel-rows.server.ts";
import { syncCountryNames, syncPlaceAlternateNames } from "#app/hotels/place-name-rows.server.ts";

export type { MigrateOptions };

/** Applies every migration not yet recorded; returns the versions applied by this call. */
export function migrate(db: Kysely<Database>, options: MigrateOptions = {}): Promise<string[]> {
  return runMigrations(db, options, {
    followUps: { "20261125100000_amenity_keys": (trx) => backfillAmenityKeys(trx) },
    afterAll: async (handle) => {
      await syncCountryNames(handle);
      await syncPlaceAlternateNames(handle);
    },
  });
}
