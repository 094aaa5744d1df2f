/**
 * The price importer (`npm run import -- FILE --partner KEY`): one partner's prices per stay from
 * a file whose format is told by its content, the CSV twin of nightly rates (a header naming date
 * and base) or Google Hotel Center Transaction messages (XML whose root is <Transaction>). Read as
 * the other feeds are (app/feed/feed-stream.server.ts: streamed, batches, rejects file, report), each
 * record checked, and each batch checked against the database and written in one transaction
 * (app/prices/rate-rows.server.ts): a batch is stored whole or not at all. The ECB's rates are
 * XML too but go their own way (app/feed/ecb-import.server.ts). See
 * docs/decisions/051-price-import-writes-by-arrays.md.
 */
import { pricesChanged } from "#app/prices/price-changes.server.ts";
import { getAppDatabase } from "#app/db/db.server.ts";
import fs from "node:fs";
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import {
  addPriceCounts,
  checkPriceRecords,
  NO_PRICE_COUNTS,
  partnerIds,
  pricePartner,
  writePrices,
  type PriceCounts,
} from "#app/prices/rate-rows.server.ts";
import { isEcbRoot } from "./ecb-rates.ts";
import {
  FeedError,
  runFeed,
  type FeedItem,
  type FeedKind,
  type FeedRecord,
  type FeedRunReport,
  type ImportProgress,
} from "./feed-stream.server.ts";
import { escapeControls } from "./feed-values.ts";
import { todayInSweden } from "#app/utils/stay.ts";
import {
  isPriceCsvHeader,
  PRICE_CSV_COLUMNS,
  PRICE_CSV_REQUIRED,
  priceColumnName,
  priceRowReader,
  type PriceValue,
} from "./price-csv-row.ts";
import { priceRecordProblem, type PriceItem, type PriceRecord } from "#app/prices/price-record.ts";
import { readXmlRecords, XmlFeedError } from "./xml-records.server.ts";
import { readTransactionItems } from "./transaction-messages.server.ts";

export type PriceFileFormat = "csv" | "transaction";

/** What a file to import is, from its first bytes. */
export type RecognisedFile =
  | { kind: "prices"; format: PriceFileFormat }
  | { kind: "ecb-rates" }
  /** XML of another kind, or XML that cannot be read (the ECB import says why). */
  | { kind: "other-xml"; root: string | null }
  /** Not a price file: a hotel or offers feed (CSV, JSON, NDJSON). */
  | { kind: "feed" };

/** The first element's local name, read by the same guarded parser as the records (no DOCTYPE); null if unreadable. */
async function xmlRoot(file: string): Promise<{ name: string; uri: string } | null> {
  const stream = fs.createReadStream(file);
  try {
    for await (const event of readXmlRecords(stream, { isRecord: () => false })) {
      if (event.kind === "root") return { name: event.element.name, uri: event.element.uri };
    }
    return null;
  } catch (error) {
    if (error instanceof XmlFeedError) return null;
    throw error;
  } finally {
    stream.destroy();
  }
}

/** Tells a price file, the ECB's rates and other feeds apart by their content. */
export async function recogniseFile(file: string): Promise<RecognisedFile> {
  const handle = await fs.promises.open(file, "r");
  let head: string;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    head = buffer.toString("utf8", 0, bytesRead).replace(/^\uFEFF/, "");
  } finally {
    await handle.close();
  }
  if (/^\s*</.test(head)) {
    const root = await xmlRoot(file);
    if (root?.name === "Transaction") return { kind: "prices", format: "transaction" };
    if (root && isEcbRoot(root)) return { kind: "ecb-rates" };
    return { kind: "other-xml", root: root?.name ?? null };
  }
  const header = head.split(/\r?\n/, 1)[0] ?? "";
  const names = header.split(/[,;\t]/).map((name) => priceColumnName(name.replace(/^\s*"|"\s*$/g, "")));
  return isPriceCsvHeader(names) ? { kind: "prices", format: "csv" } : { kind: "feed" };
}

/** A format reader's items as the records runFeed reads: a reject is an unreadable record. */
export async function* fromPriceItems(items: AsyncIterable<PriceItem>): AsyncGenerator<FeedRecord> {
  for await (const item of items) {
    if ("record" in item) yield { at: item.record.at, row: item.record };
    else yield { at: item.reject.at, row: item.reject.raw, unreadable: item.reject.reason };
  }
}

/** The records of a price file, where runFeed does not read the format itself (XML). */
function priceRecords(format: PriceFileFormat, file: string, now: Date): FeedKind<PriceValue>["records"] {
  switch (format) {
    case "csv":
      return undefined;
    case "transaction":
      return { place: "element", read: (maxRecordBytes) => fromPriceItems(readTransactionItems(file, { maxRecordBytes, now })) };
  }
}

/** The last check of every record, whichever reader made it: what the tables would refuse fails no batch. */
function checked(record: PriceValue): { ok: true; value: PriceValue } | { ok: false; reason: string } {
  const problem = priceRecordProblem({ ...record, at: 0 });
  return problem ? { ok: false, reason: problem } : { ok: true, value: record };
}

function priceFeed(format: PriceFileFormat, file: string, now: Date): FeedKind<PriceValue> {
  const records = priceRecords(format, file, now);
  if (records)
    return {
      plural: "prices",
      requiredColumns: [],
      columnName: priceColumnName,
      isKnownField: () => true,
      records,
      parse: (row) => checked(row as PriceValue),
    };
  const readRow = priceRowReader(now);
  return {
    plural: "prices",
    requiredColumns: PRICE_CSV_REQUIRED,
    columnName: priceColumnName,
    // CSV fields arrive already named by priceColumnName.
    isKnownField: (field) => KNOWN_COLUMNS.has(field),
    parse(row) {
      const result = readRow(row);
      return result.ok ? checked(result.value) : result;
    },
  };
}

const KNOWN_COLUMNS: ReadonlySet<string> = new Set(PRICE_CSV_COLUMNS);

/** A price file is big: batches of this many records (each one transaction) keep statements few. */
export const DEFAULT_PRICE_BATCH_SIZE = 5000;

export interface PriceImportOptions {
  /** The partner (partners.id) the file's prices are from. */
  partnerId: string;
  /** Check every record and count what would change, but write nothing. */
  dryRun?: boolean;
  rejectsPath?: string;
  batchSize?: number;
  maxRecordBytes?: number;
  /** What "today" and "the future" are measured from, and the time of records that do not say (tests). */
  now?: Date;
  onProgress?: (progress: ImportProgress) => void;
}

export interface PriceImportReport extends Omit<FeedRunReport, "format">, PriceCounts {
  format: PriceFileFormat;
  dryRun: boolean;
  partner: string;
  /** Accepted records by kind: priced nights, nights not for sale, itinerary prices, sold-out itineraries. */
  nights: number;
  notForSale: number;
  itineraries: number;
  soldOut: number;
  /** Hotels whose prices the file touched. */
  hotels: number;
}

/**
 * Imports one partner's price file. Throws FeedError when the partner does not exist, the file is
 * not a price file or cannot be read (or the database fails); batches written before that stay
 * written, the failing batch leaves nothing.
 */
export async function importPriceFeed(
  file: string,
  options: PriceImportOptions,
  db: Kysely<Database> = getAppDatabase().db,
): Promise<PriceImportReport> {
  const partner = await pricePartner(options.partnerId, db);
  if (!partner) {
    const known = await partnerIds(db);
    throw new FeedError(
      `There is no partner ${JSON.stringify(escapeControls(options.partnerId))} (partners: ${known.join(", ") || "none yet; add one in /admin/partners"}).`,
    );
  }
  const recognised = await recogniseFile(file).catch((error: unknown) => {
    throw new FeedError(`Cannot read ${file}: ${(error as Error).message}`);
  });
  if (recognised.kind !== "prices") {
    throw new FeedError(
      `${file} is not a price file: a CSV twin of nightly rates has a header naming date and base, Transaction messages are XML whose root is <Transaction>.`,
    );
  }
  const dryRun = options.dryRun ?? false;
  const today = todayInSweden(options.now);
  const counts: PriceCounts = { ...NO_PRICE_COUNTS };
  const tally = { nights: 0, notForSale: 0, itineraries: 0, soldOut: 0 };
  const hotels = new Set<string>();

  const write = async (items: FeedItem<PriceValue>[]) => {
    const records: PriceRecord[] = items.map((item) => ({ ...item.value, at: item.at }));
    const run = async (trx: Kysely<Database>) => {
      const { accepted, rejected } = await checkPriceRecords(partner, records, trx);
      return { accepted, rejected, done: await writePrices(partner.id, accepted, !dryRun, trx, today) };
    };
    const { accepted, rejected, done } = dryRun ? await run(db) : await db.transaction().execute(run);
    addPriceCounts(counts, done);
    for (const { record, hotelId } of accepted) {
      hotels.add(hotelId);
      if (record.kind === "itinerary") tally.itineraries++;
      else if (record.kind === "sold-out") tally.soldOut++;
      else if (record.base === null) tally.notForSale++;
      else tally.nights++;
    }
    const itemOf = new Map(records.map((record, index) => [record, items[index]!]));
    return rejected.map(({ record, reason }) => ({ item: itemOf.get(record)!, reason }));
  };

  const run = await runFeed(
    file,
    priceFeed(recognised.format, file, options.now ?? new Date()),
    {
      write,
      saved: () =>
        dryRun || counts.inserted + counts.updated + counts.removed === 0
          ? ""
          : `${counts.inserted} inserted, ${counts.updated} updated, ${counts.removed} removed, in whole batches`,
    },
    {
      format: "csv",
      batchSize: options.batchSize ?? DEFAULT_PRICE_BATCH_SIZE,
      ...(options.rejectsPath ? { rejectsPath: options.rejectsPath } : {}),
      ...(options.maxRecordBytes ? { maxRecordBytes: options.maxRecordBytes } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    },
  );
  if (!dryRun && counts.inserted + counts.updated + counts.removed > 0) await pricesChanged("import");
  return { ...run, ...counts, ...tally, format: recognised.format, dryRun, partner: partner.id, hotels: hotels.size };
}
