import { getAppDatabase } from "#app/db/db.server.ts";
import fs from "node:fs/promises";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";

/** Plain SQL files, applied in name order; `supabase db push` reads the same folder. */
export const MIGRATIONS_DIR = path.resolve("supabase/migrations");

// Any fixed number works; it keeps two app servers from applying the same file at once.
const MIGRATION_LOCK = 72_411_903;

export interface MigrateOptions {
  directory?: string;
  log?: (message: string) => void;
}

/** What the features add to a run (app/operations/migrate.server.ts): the runner knows no feature. */
export interface MigrationSteps {
  /**
   * Data a migration's SQL cannot compute because it needs the app's own rules, filled in right
   * after the file and in its transaction, so the version is recorded only with the data.
   */
  followUps: Record<string, (trx: Kysely<Database>) => Promise<unknown>>;
  /** Reference data that comes from libraries rather than SQL, filled after the app's own files. */
  afterAll: (db: Kysely<Database>) => Promise<void>;
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own
 * transaction: a file that fails leaves the database exactly as it was. Then fills the
 * reference data that comes from libraries rather than SQL (`steps.afterAll`).
 * Returns the versions applied by this call.
 */
export async function runMigrations(
  options: MigrateOptions,
  steps: MigrationSteps,
  db: Kysely<Database> = getAppDatabase().db,
): Promise<string[]> {
  const directory = options.directory ?? MIGRATIONS_DIR;
  const log = options.log ?? (() => {});
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await sql`
      create table if not exists public.schema_migrations (
        version text primary key,
        applied_at timestamptz not null default now()
      )
    `.execute(trx);
    await sql`alter table public.schema_migrations enable row level security`.execute(trx);
  });

  const files = (await fs.readdir(directory)).filter((name) => name.endsWith(".sql")).sort();
  const applied = new Set((await db.selectFrom("schema_migrations").select("version").execute()).map((row) => row.version));

  const newlyApplied: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, "");
    if (applied.has(version)) continue;
    const script = await fs.readFile(path.join(directory, file), "utf8");
    const ran = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
      const done = await trx.selectFrom("schema_migrations").select("version").where("version", "=", version).executeTakeFirst();
      if (done) return false; // Another server applied it while we waited for the lock.
      await sql.raw(script).execute(trx);
      await steps.followUps[version]?.(trx);
      await trx.insertInto("schema_migrations").values({ version }).execute();
      return true;
    });
    if (ran) {
      log(`applied migration ${version}`);
      newlyApplied.push(version);
    }
  }
  // Only the app's own migrations create the tables this fills.
  if (directory === MIGRATIONS_DIR) {
    await steps.afterAll(db);
  }
  return newlyApplied;
}
