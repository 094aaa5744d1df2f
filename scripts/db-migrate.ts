/** `npm run db:migrate`: applies pending migrations to DATABASE_URL or the embedded database. */
import { closeAppDatabase, getAppDatabase } from "#app/db/db.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { EnvError, parseEnv } from "#app/utils/env.server.ts";

try {
  const env = parseEnv();
  const { db } = getAppDatabase(env);
  const applied = await migrate(db, { log: (message) => console.log(message) });
  console.log(applied.length ? `${applied.length} migration(s) applied.` : "The database is up to date.");
} catch (error) {
  console.error(error instanceof EnvError ? error.message : `Migration failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeAppDatabase();
}
