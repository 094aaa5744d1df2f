/**
 * `npm run db:seed -- --hotels N [--reset]`: loads N demo hotels (default 600) plus the demo
 * posts and curated lists. Hotels are upserted by hotel_id, so reruns change nothing;
 * --reset empties the hotels table first.
 */
import { parseArgs } from "node:util";
import { closeAppDatabase, getAppDatabase } from "#app/db/db.server.ts";
import { DEMO_HOTEL_COUNT } from "#app/operations/demo-catalogue.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { seedDemoCatalogue } from "#app/operations/seed.server.ts";
import { EnvError, parseEnv } from "#app/utils/env.server.ts";

const { values } = parseArgs({
  options: {
    hotels: { type: "string", default: String(DEMO_HOTEL_COUNT) },
    reset: { type: "boolean", default: false },
  },
});
const count = Number(values.hotels);
if (!Number.isInteger(count) || count < 1 || count > 5_000_000) {
  console.error(`--hotels must be a whole number between 1 and 5000000 (got "${values.hotels}")`);
  process.exit(1);
}

const started = performance.now();
try {
  const env = parseEnv();
  const { db, driver } = getAppDatabase(env);
  await migrate(undefined, db);
  if (values.reset) {
    await db.deleteFrom("hotels").execute();
    console.log("Removed existing hotels.");
  }
  const interactive = process.stdout.isTTY;
  let lastLine = 0;
  const result = await seedDemoCatalogue(
    {
      hotels: count,
      onProgress(done, total) {
        const now = performance.now();
        if (done < total && now - lastLine < 1000) return;
        lastLine = now;
        const seconds = (now - started) / 1000;
        const line = `Seeding hotels: ${done.toLocaleString("en")}/${total.toLocaleString("en")} (${Math.round((done / total) * 100)}%, ${Math.round(done / seconds).toLocaleString("en")}/s)`;
        if (interactive) process.stdout.write(`\r${line}${done === total ? "\n" : ""}`);
        else console.log(line);
      },
    },
    db,
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Seeded ${result.hotels} hotels on ${driver} in ${seconds} s` +
      ` (+${result.posts} posts, ${result.popularLocations} popular places, ${result.popularDestinations} destinations).`,
  );
} catch (error) {
  console.error(error instanceof EnvError ? error.message : `Seeding failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeAppDatabase();
}
