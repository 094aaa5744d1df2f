/** `npm run db:migrate`: applies pending migrations to DATABASE_URL or the embedded database, then refreshes amenity keys. */
import { closeAppDatabase, getAppDatabase } from "#app/db/db.server.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { backfillAmenityKeys } from "#app/hotels/hotel-rows.server.ts";
import { EnvError, parseEnv } from "#app/utils/env.server.ts";

try {
  const env = parseEnv();
  const { db } = getAppDatabase(env);
  const applied = await migrate({ log: (message) => console.log(message) }, db);
  console.log(applied.length ? `${applied.length} migration(s) applied.` : "The database is up to date.");
  // Rows written around the app, or keys from an older amenity vocabulary.
  const refreshed = await backfillAmenityKeys(undefined, db);
  if (refreshed) console.log(`Amenity keys refreshed for ${refreshed} hotel(s).`);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : `Migration failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeAppDatabase();
}
