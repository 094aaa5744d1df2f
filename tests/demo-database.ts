/**
 * A PGlite data folder with the demo catalogue seeded as an app's first start seeds it (migrated,
 * then seedDemoCatalogue with the given prices): what the integration tests' demo templates
 * (tests/global-setup.ts) and the browser tests' servers (tests/e2e/app-on-demo-copy.ts) copy.
 */
import { openDatabase } from "#app/db/db.server.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { seedDemoCatalogue, type DemoPrices } from "#app/operations/seed.server.ts";

/** Migrates the database in `dataDir` (the folder that holds `pglite/`) and seeds the demo into it, then closes it. */
export async function seedDemoDatabase(dataDir: string, prices: DemoPrices): Promise<void> {
  const handle = openDatabase({ dataDir });
  try {
    await migrate(undefined, handle.db);
    await seedDemoCatalogue({ prices }, handle.db);
  } finally {
    await handle.close();
  }
}
