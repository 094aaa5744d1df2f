/**
 * `npm run import -- <file> [--partner <id>] [--offers [--full]] [--dry-run] [--format csv|json|ndjson] [--rejects <path>] [--batch <n>]`:
 * imports a partner's hotel feed into the configured database (DATABASE_URL, or the embedded
 * one in DATA_DIR), upserting by hotel_id; with --offers, an offers feed into hotel_offers,
 * upserting by hotel and partner. Progress goes to stderr, the report to stdout.
 * Exit code 0 when the import ran (rejected rows included), 1 when it could not run, 2 for
 * bad arguments (an unknown partner, or a price file without --partner, included). Files are
 * recognised from their content: a price file (the CSV twin of nightly rates, Google Hotel
 * Center Transaction messages) is one partner's prices per stay and needs --partner; the ECB's
 * euro reference rates (eurofxref-daily.xml, the 90-day or the whole history) are stored as
 * currency rates. See docs/decisions/013-partner-feed-import.md, 021-offer-feeds.md and
 * 051-price-import-writes-by-arrays.md.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import {
  DEFAULT_BATCH_SIZE,
  FEED_FORMATS,
  FeedError,
  feedFormatFromPath,
  importHotelFeed,
  MAX_BATCH_SIZE,
  type FeedFormat,
  type ImportProgress,
  type ImportReport,
  type RejectedRow,
} from "#app/feed/feed-import.server.ts";
import { importOfferFeed, type OfferImportReport } from "#app/feed/offer-import.server.ts";
import { importEcbRates, type EcbImportReport } from "#app/feed/ecb-import.server.ts";
import { DEFAULT_PRICE_BATCH_SIZE, importPriceFeed, recogniseFile, type PriceImportReport } from "#app/feed/price-import.server.ts";
import { partnerIds } from "#app/prices/rate-rows.server.ts";
import {
  DEFAULT_MAX_RECORD_BYTES,
  formatBytes,
  MAX_MAX_RECORD_BYTES,
  MIN_MAX_RECORD_BYTES,
  parseByteSize,
} from "#app/feed/feed-records.server.ts";
import { escapeControls } from "#app/feed/feed-values.ts";
import { closeAppDatabase, DataDirLockedError, getAppDatabase } from "#app/db/db.server.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { queueAlertChecksWithoutRunner } from "#app/operations/job-registry.server.ts";
import { EnvError, parseEnv } from "#app/utils/env.server.ts";

const USAGE = `Usage: npm run import -- <file> [--dry-run] [--format csv|json|ndjson] [--rejects <path>] [--batch <n>] [--max-record <size>]
       npm run import -- <price file> --partner <id> [--dry-run] [--rejects <path>] [--batch <n>] [--max-record <size>]
       npm run import -- --offers [--full] <file> [--dry-run] [--format …] [--rejects <path>] [--batch <n>] [--max-record <size>]

  <file>            a hotel feed: CSV with a header row, JSON (an array of hotels, or
                    { "hotels": [...] }) or NDJSON (one hotel object a line); or the ECB's euro
                    reference rates as XML (eurofxref-daily.xml, -hist-90d.xml, -hist.xml); or a
                    price file: the CSV twin of nightly rates (a header with date and base) or
                    Google Hotel Center Transaction messages (XML, <Transaction>); all
                    recognised from the content
  --partner <id>    a price file's partner (partners.id), whose prices it holds
  --offers          the file is an offers feed instead: one partner's price for one hotel a row
                    (hotel_id, partner, price_per_night, currency, url, breakfast_included,
                    free_cancellation, updated_at), as CSV, JSON (an array, or { "offers": [...] }) or NDJSON
  --full            with --offers: the feed lists all of each named partner's offers, so their
                    offers it does not list are marked gone (never on a dry run or a failed run)
  --format <f>      csv, json or ndjson; by default from the file name (.csv, .json, .ndjson, .jsonl)
  --dry-run         check every row and count what would change, but write nothing to the database
  --rejects <path>  where rejected rows are written (default: <file>.rejects.ndjson)
  --batch <n>       rows per transaction, 1-${MAX_BATCH_SIZE} (default ${DEFAULT_BATCH_SIZE}; ${DEFAULT_PRICE_BATCH_SIZE} for price files)
  --max-record <size>
                    a longer record (CSV record, NDJSON line, JSON element) is rejected unread,
                    such as 512kB or 2MB, ${formatBytes(MIN_MAX_RECORD_BYTES)}-${formatBytes(MAX_MAX_RECORD_BYTES)} (default ${formatBytes(DEFAULT_MAX_RECORD_BYTES)})`;

function usageError(message: string): never {
  console.error(`${escapeControls(message)}\n\n${USAGE}`);
  process.exit(2);
}

let file: string;
let values: {
  "dry-run"?: boolean;
  offers?: boolean;
  full?: boolean;
  partner?: string;
  format?: string;
  rejects?: string;
  batch?: string;
  "max-record"?: string;
  help?: boolean;
};
try {
  const parsed = parseArgs({
    options: {
      "dry-run": { type: "boolean", default: false },
      offers: { type: "boolean", default: false },
      full: { type: "boolean", default: false },
      partner: { type: "string" },
      format: { type: "string" },
      rejects: { type: "string" },
      batch: { type: "string" },
      "max-record": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    allowPositionals: true,
  });
  values = parsed.values;
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (parsed.positionals.length !== 1) {
    usageError(parsed.positionals.length ? "Give exactly one feed file." : "Which file? Give the feed file to import.");
  }
  file = parsed.positionals[0]!;
} catch (error) {
  usageError((error as Error).message);
}
if (values.format !== undefined && !(FEED_FORMATS as readonly string[]).includes(values.format)) {
  usageError(`--format must be csv, json or ndjson (got "${values.format}").`);
}
/** Why the file cannot be read, or null when it can. */
function unreadable(): string | null {
  try {
    if (!fs.statSync(file).isFile()) return "not a file";
    fs.accessSync(file, fs.constants.R_OK);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
const cannotRead = unreadable();
// Price files and XML are told by their content: they need no --format.
const recognised = cannotRead === null ? await recogniseFile(file) : { kind: "feed" as const };
const xml = recognised.kind === "ecb-rates" || recognised.kind === "other-xml";
const prices = recognised.kind === "prices";
if (xml && (values.offers || values.full)) usageError("--offers and --full are for offer feeds; this file is XML (currency rates).");
if (prices && (values.offers || values.full))
  usageError("--offers and --full are for offer feeds; this file is a price file (prices per stay of one partner).");
if (xml && values.partner !== undefined) usageError("--partner is for price files; the ECB's currency rates need none.");
if (!prices && values.partner !== undefined) {
  usageError(
    "--partner is for price files (the CSV twin of nightly rates with date and base columns, or Transaction messages); this file is not one.",
  );
}
if (prices && values.format !== undefined && values.format !== "csv")
  usageError("--format is for hotel and offer feeds: a price file's format is read from its content.");
const known = xml || prices ? "csv" : ((values.format as FeedFormat | undefined) ?? feedFormatFromPath(file));
if (!known) usageError(`Cannot tell the format of ${file} from its name: pass --format csv, json or ndjson.`);
const format: FeedFormat = known;
const batchSize = values.batch === undefined ? (prices ? DEFAULT_PRICE_BATCH_SIZE : DEFAULT_BATCH_SIZE) : Number(values.batch);
if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
  usageError(`--batch must be a whole number from 1 to ${MAX_BATCH_SIZE} (got "${values.batch}").`);
}
const maxRecordBytes = values["max-record"] === undefined ? DEFAULT_MAX_RECORD_BYTES : parseByteSize(values["max-record"]);
if (maxRecordBytes === null || maxRecordBytes < MIN_MAX_RECORD_BYTES || maxRecordBytes > MAX_MAX_RECORD_BYTES) {
  usageError(
    `--max-record must be a size from ${formatBytes(MIN_MAX_RECORD_BYTES)} to ${formatBytes(MAX_MAX_RECORD_BYTES)}, such as 512kB or 2MB (got ${JSON.stringify(escapeControls(values["max-record"] ?? ""))}).`,
  );
}
if (values.rejects === "") usageError("--rejects needs a path.");
if (values.full && !values.offers) usageError("--full goes with --offers: a hotel feed never removes hotels.");

// A missing file is reported before the database is opened (or migrated).
if (cannotRead !== null) {
  console.error(escapeControls(`Cannot read ${file}: ${cannotRead}`));
  process.exit(1);
}

const number = (value: number) => Math.round(value).toLocaleString("en");
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** A bar redrawn in place on a terminal; a plain line every few seconds in a log. */
function progressReporter(stream: NodeJS.WriteStream) {
  const interactive = stream.isTTY === true;
  const every = interactive ? 200 : 5000;
  let last = 0;
  let drawn = false;
  return {
    update(progress: ImportProgress) {
      if (progress.elapsedMs - last < every) return;
      last = progress.elapsedMs;
      // A reader that does not count bytes (XML) shows its records only.
      const share = progress.totalBytes ? Math.min(1, progress.bytesRead / progress.totalBytes) : 0;
      const percent = progress.totalBytes ? `${Math.floor(share * 100)}%` : "";
      const rate = progress.rows / Math.max(progress.elapsedMs / 1000, 0.001);
      const bytes = progress.totalBytes ? `, ${megabytes(progress.bytesRead)} of ${megabytes(progress.totalBytes)}` : "";
      const figures = `${number(progress.rows)} rows, ${number(rate)} rows/s${bytes}`;
      if (interactive) {
        const width = 24;
        const filled = Math.round(share * width);
        stream.write(`\r\x1b[K[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${percent.padStart(4)}  ${figures}`);
        drawn = true;
      } else {
        stream.write(`Progress: ${percent ? `${percent} ` : ""}(${figures})\n`);
      }
    },
    done() {
      if (drawn) stream.write("\r\x1b[K");
      drawn = false;
    },
  };
}

/** The report's list of rejected rows (empty when none were). */
function rejectedLines(report: { rejected: number; rejects: RejectedRow[]; rejectsPath: string }): string[] {
  if (!report.rejected) return [];
  const lines = [`Rejected rows (all ${number(report.rejected)} are in ${report.rejectsPath}):`];
  for (const reject of report.rejects) lines.push(`  ${reject.where}: ${reject.reason}`);
  const more = report.rejected - report.rejects.length;
  if (more > 0) lines.push(`  … and ${number(more)} more`);
  return lines;
}

function printReport(report: ImportReport | OfferImportReport, driver: string) {
  const offers = "markedGone" in report;
  const seconds = report.durationMs / 1000;
  const rate = report.rows / Math.max(seconds, 0.001);
  const database = driver === "pglite" ? "the embedded database (PGlite)" : "PostgreSQL";
  const lines = [
    report.dryRun
      ? `Dry run of ${report.file} (${report.format.toUpperCase()}) against ${database}: nothing was written.`
      : `Imported ${offers ? "the offers feed " : ""}${report.file} (${report.format.toUpperCase()}) into ${database}.`,
    `  rows read     ${number(report.rows).padStart(10)}`,
    `  ${report.dryRun ? "would insert" : "inserted    "}  ${number(report.inserted).padStart(10)}`,
    `  ${report.dryRun ? "would update" : "updated     "}  ${number(report.updated).padStart(10)}`,
    `  unchanged     ${number(report.unchanged).padStart(10)}`,
  ];
  if (!offers && report.partnerIdsChanged) {
    lines.push(
      `  partner ids   ${number(report.partnerIdsChanged).padStart(10)}  (hotels whose partner_ids ${report.dryRun ? "would change" : "changed"})`,
    );
  }
  if (offers && report.older) {
    lines.push(`  older         ${number(report.older).padStart(10)}  (older than the stored offer: the newer was kept)`);
  }
  if (report.duplicates) {
    const repeated = offers
      ? "a hotel and partner repeated within a batch: the newer row was kept"
      : "a hotel_id repeated within a batch: the later row was kept";
    lines.push(`  duplicates    ${number(report.duplicates).padStart(10)}  (${repeated})`);
  }
  lines.push(`  rejected      ${number(report.rejected).padStart(10)}`);
  if (offers && report.full) {
    const note = report.dryRun ? "  (not on a dry run)" : `  (${report.partners.join(", ") || "no known partner named"})`;
    lines.push(`  marked gone   ${number(report.markedGone).padStart(10)}${note}`);
    if (report.full && report.heldBack.length) {
      lines.push(
        `  not swept     ${report.heldBack.join(", ")}: more than half of their rows were refused, so their other offers were left as they were`,
      );
    }
  }
  lines.push(`  duration      ${`${seconds.toFixed(1)} s`.padStart(10)}  (${number(rate)} rows/s)`);
  if (report.ignoredFields.length) {
    lines.push(`Ignored fields (not ${offers ? "offer" : "hotel"} fields): ${report.ignoredFields.join(", ")}`);
  }
  lines.push(...rejectedLines(report));
  // Names, values and reasons come from the feed: a terminal must not act on what they hold.
  console.log(lines.map(escapeControls).join("\n"));
}

function printPriceReport(report: PriceImportReport, driver: string) {
  const database = driver === "pglite" ? "the embedded database (PGlite)" : "PostgreSQL";
  const what = `${report.partner}'s prices ${report.file} (${report.format === "csv" ? "CSV" : "Transaction messages"})`;
  const seconds = report.durationMs / 1000;
  const dated = report.nights + report.notForSale + report.itineraries + report.soldOut;
  const row = (label: string, value: number, note = "") => `  ${label.padEnd(14)}${number(value).padStart(10)}${note ? `  (${note})` : ""}`;
  const lines = [
    report.dryRun ? `Dry run of ${what} against ${database}: nothing was written.` : `Imported ${what} into ${database}.`,
    row("rows read", report.rows),
    row("nights", report.nights, `${number(report.nights / Math.max(seconds, 0.001))} nightly rates/s`),
  ];
  if (report.notForSale) lines.push(row("not for sale", report.notForSale, "nights with an empty base"));
  if (report.itineraries) lines.push(row("itineraries", report.itineraries));
  if (report.soldOut) lines.push(row("sold out", report.soldOut));
  lines.push(
    row(report.dryRun ? "would insert" : "inserted", report.inserted),
    row(report.dryRun ? "would update" : "updated", report.updated),
    row("unchanged", report.unchanged),
  );
  if (report.older) lines.push(row("older", report.older, "older than the stored price: the newer was kept"));
  if (report.removed)
    lines.push(row(report.dryRun ? "would remove" : "removed", report.removed, "nights not for sale, itineraries sold out"));
  lines.push(row("hotels", report.hotels), row("rejected", report.rejected));
  lines.push(`  duration      ${`${seconds.toFixed(1)} s`.padStart(10)}  (${number(dated / Math.max(seconds, 0.001))} prices/s)`);
  if (report.ignoredFields.length) lines.push(`Ignored fields (not price fields): ${report.ignoredFields.join(", ")}`);
  lines.push(...rejectedLines(report));
  console.log(lines.map(escapeControls).join("\n"));
}

function printRatesReport(report: EcbImportReport, driver: string) {
  const database = driver === "pglite" ? "the embedded database (PGlite)" : "PostgreSQL";
  const lines = [
    report.dryRun
      ? `Dry run of the ECB's euro reference rates ${report.file} against ${database}: nothing was written.`
      : `Imported the ECB's euro reference rates ${report.file} into ${database}.`,
    `  days          ${number(report.days).padStart(10)}${report.latest ? `  (the latest ${report.latest})` : ""}`,
    `  ${report.dryRun ? "would store " : "stored      "}  ${number(report.rates).padStart(10)}  rates`,
    `  rejected      ${number(report.rejected).padStart(10)}`,
    `  duration      ${`${(report.durationMs / 1000).toFixed(1)} s`.padStart(10)}`,
  ];
  if (report.rejected) {
    lines.push(`Rejected entries (all ${number(report.rejected)} are in ${report.rejectsPath}):`);
    for (const reject of report.rejects) lines.push(`  ${reject}`);
  }
  console.log(lines.map(escapeControls).join("\n"));
}

class DatabaseError extends Error {}
/** Bad arguments found once the database is open (the partner): exit code 2. */
class ArgumentError extends Error {}

/** pg reports a refused connection to 'localhost' as an AggregateError with no message of its own. */
function describe(error: unknown): string {
  if (error instanceof AggregateError && !error.message) return error.errors.map(describe).join("; ");
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name;
  return String(error);
}

try {
  const env = parseEnv();
  const handle = getAppDatabase(env);
  const { db, driver } = handle;
  const dryRun = values["dry-run"] ?? false;
  try {
    if (dryRun) {
      // A dry run writes nothing, migrations included; it needs the table to compare with.
      const table = xml ? "fx_rates" : prices ? "rate_plans" : values.offers ? "hotel_offers" : "hotels";
      const { rows } = await sql<{ found: string | null }>`select to_regclass(${`public.${table}`})::text as found`.execute(db);
      if (!rows[0]?.found) throw new Error(`it has no ${table} table yet (run npm run db:migrate first)`);
    } else {
      await migrate(undefined, db);
    }
  } catch (error) {
    if (error instanceof DataDirLockedError) throw error;
    throw new DatabaseError(`Cannot use the database (${driver}): ${describe(error)}`);
  }
  let partner = "";
  if (prices) {
    const known = await partnerIds(db);
    const list = known.length ? `partners: ${known.join(", ")}` : "there are no partners yet: add one in /admin/partners";
    if (values.partner === undefined) throw new ArgumentError(`Which partner are these prices from? Give --partner <id> (${list}).`);
    if (!known.includes(values.partner)) throw new ArgumentError(`There is no partner ${JSON.stringify(values.partner)} (${list}).`);
    partner = values.partner;
  }
  const progress = progressReporter(process.stderr);
  // Prices that changed are checked against the price alerts by a server's runner.
  const stopQueueing = queueAlertChecksWithoutRunner(handle);
  try {
    const options = {
      format,
      dryRun,
      batchSize,
      maxRecordBytes,
      ...(values.rejects ? { rejectsPath: values.rejects } : {}),
      onProgress: (state: ImportProgress) => progress.update(state),
    };
    if (prices) {
      const report = await importPriceFeed(file, { ...options, partnerId: partner }, db);
      progress.done();
      printPriceReport(report, driver);
    } else if (xml) {
      printRatesReport(
        await importEcbRates(file, { dryRun, maxRecordBytes, ...(values.rejects ? { rejectsPath: values.rejects } : {}) }, db),
        driver,
      );
    } else {
      const report = values.offers
        ? await importOfferFeed(file, { ...options, full: values.full ?? false }, db)
        : await importHotelFeed(file, options, db);
      progress.done();
      printReport(report, driver);
    }
  } finally {
    stopQueueing();
    progress.done();
  }
} catch (error) {
  if (error instanceof ArgumentError) {
    console.error(escapeControls(error.message));
    process.exitCode = 2;
  } else {
    const explained = [EnvError, DataDirLockedError, DatabaseError, FeedError].some((kind) => error instanceof kind);
    console.error(escapeControls(explained ? (error as Error).message : `Import failed: ${describe(error)}`));
    process.exitCode = 1;
  }
} finally {
  await closeAppDatabase();
}
