/**
 * `npm run bench:offers`: the offers feed importer at scale. Loads the demo catalogue's
 * 100,000 hotels (the seed bench:db uses), makes sure the four demo partners exist, writes a
 * 400,000-offer feed (every partner's price for every hotel) and imports it through
 * importOfferFeed three times: into an empty hotel_offers, again (every offer refreshed, as a
 * daily feed without timestamps does), and again with --full. Prints rows per second, times
 * and the size of hotel_offers and its indexes. On PostgreSQL when TEST_DATABASE_URL is set
 * (as `npm run bench:offers` does through scripts/with-postgres.sh), otherwise on PGlite.
 * Figures only: nothing here passes or fails.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { FEED_FORMATS, type FeedFormat } from "#app/feed/feed-stream.server.ts";
import { importOfferFeed, type OfferImportReport } from "#app/feed/offer-import.server.ts";
import { DEMO_PARTNERS } from "#app/operations/demo-catalogue.ts";
import { openDatabase, type DatabaseHandle } from "#app/db/db.server.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { seedDemoCatalogue } from "#app/operations/seed.server.ts";
import { writeDemoOfferFeed } from "./make-feed.ts";

const { values } = parseArgs({
  options: {
    hotels: { type: "string", default: "100000" },
    offers: { type: "string", default: "400000" },
    format: { type: "string", default: "ndjson" },
    batch: { type: "string", default: "1000" },
  },
});
const HOTELS = Number(values.hotels);
const OFFERS = Number(values.offers);
const BATCH = Number(values.batch);
if (!(FEED_FORMATS as readonly string[]).includes(values.format)) throw new Error("--format must be csv, json or ndjson");
const FORMAT = values.format as FeedFormat;
if (OFFERS > HOTELS * DEMO_PARTNERS.length) {
  console.warn(`Note: ${OFFERS} offers name more hotels than the ${HOTELS} loaded; the rest are rejected.`);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const number = (value: number) => Math.round(value).toLocaleString("en");

function line(label: string, report: OfferImportReport, size: string) {
  const rate = report.rows / Math.max(report.durationMs / 1000, 0.001);
  return (
    `| ${label} | ${number(report.rows)} | ${number(report.inserted)} | ${number(report.updated)} | ${number(report.unchanged)} | ` +
    `${number(report.rejected)} | ${report.full ? number(report.markedGone) : "–"} | ${seconds(report.durationMs)} | ${number(rate)} | ${size} |`
  );
}

/** hotel_offers' table and index size; a rewrite leaves dead rows until autovacuum comes. */
async function offersSize(handle: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ table: string; indexes: string; total: string }>`
    select pg_size_pretty(pg_table_size('hotel_offers')) as table,
           pg_size_pretty(pg_indexes_size('hotel_offers')) as indexes,
           pg_size_pretty(pg_total_relation_size('hotel_offers')) as total
  `.execute(handle.db);
  const size = rows[0]!;
  return `${size.table} + ${size.indexes} = ${size.total}`;
}

async function bench(label: string, handle: DatabaseHandle, file: string) {
  let started = performance.now();
  await migrate(undefined, handle.db);
  await seedDemoCatalogue({ hotels: HOTELS, prices: "none" }, handle.db);
  await handle.db
    .insertInto("partners")
    .values(DEMO_PARTNERS.map((partner) => ({ ...partner })))
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  // The seed gives demo hotels offers of their own: start from none, so the first run inserts.
  await handle.db.deleteFrom("hotel_offers").execute();
  await sql`vacuum analyze hotel_offers`.execute(handle.db);
  await sql`analyze hotels`.execute(handle.db);
  console.log(`\n## ${label}: ${number(HOTELS)} hotels loaded in ${seconds(performance.now() - started)}\n`);

  console.log(
    "| run | rows | inserted | updated | unchanged | rejected | marked gone | time | rows/s | hotel_offers table + indexes after |\n" +
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  );
  const rejectsPath = path.join(path.dirname(file), "rejects.ndjson");
  started = performance.now();
  const runs: Array<[string, { full?: boolean }]> = [
    ["into an empty table", {}],
    ["the same feed again", {}],
    ["again with --full", { full: true }],
  ];
  for (const [name, options] of runs) {
    const report = await importOfferFeed(file, { format: FORMAT, batchSize: BATCH, rejectsPath, ...options }, handle.db);
    console.log(line(name, report, await offersSize(handle)));
  }
  console.log(`\nTotal import time (three runs): ${seconds(performance.now() - started)}`);

  await sql`vacuum hotel_offers`.execute(handle.db);
  const { rows } = await sql<{ offers: string; priced: string }>`
    select (select count(*) from hotel_offers)::text as offers,
           (select count(*) from hotels where offer_count > 0)::text as priced
  `.execute(handle.db);
  console.log(
    `hotel_offers after vacuum: ${number(Number(rows[0]!.offers))} offers, table + indexes ${await offersSize(handle)}; ` +
      `${number(Number(rows[0]!.priced))} hotels with a lowest price`,
  );
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-bench-offers-"));
try {
  const file = path.join(dir, `offers.${FORMAT}`);
  let started = performance.now();
  await writeDemoOfferFeed(file, OFFERS, FORMAT);
  console.log(
    `Wrote ${number(OFFERS)} offers as ${FORMAT.toUpperCase()} (${(fs.statSync(file).size / 1_048_576).toFixed(1)} MB) in ${seconds(performance.now() - started)}`,
  );
  started = performance.now();
  const serverUrl = process.env.TEST_DATABASE_URL;
  // Emptying the seeded offers recomputes 60,000-odd hotels in one statement: past the app's 10 s limit.
  const statementTimeoutMs = 900_000;
  const handle = serverUrl
    ? openDatabase({ databaseUrl: serverUrl, statementTimeoutMs })
    : openDatabase({ dataDir: path.join(dir, "data"), statementTimeoutMs });
  try {
    await bench(serverUrl ? "PostgreSQL" : "PGlite (embedded, on disk)", handle, file);
  } finally {
    await handle.close();
  }
  console.log(`\nWhole benchmark: ${seconds(performance.now() - started)}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
