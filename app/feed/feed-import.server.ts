/**
 * The partner feed importer (`npm run import`): reads a CSV, JSON or NDJSON hotel feed as a
 * stream (never the whole file in memory), checks each row with the feed row schema, and
 * upserts the good rows by hotel_id in batches, one transaction per batch. Bad rows are
 * skipped, listed with their line (or array element) and reason, and written to a rejects
 * file. See docs/decisions/013-partner-feed-import.md.
 */
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { pipeline, type Readable } from "node:stream";
import { parse as parseCsv, type CsvError, type Info } from "csv-parse";
import type { Kysely } from "kysely";
import chain from "stream-chain";
import { parser as jsonParser } from "stream-json";
import { pick } from "stream-json/filters/pick.js";
import { streamArray } from "stream-json/streamers/stream-array.js";
import { FEED_FIELDS, FEED_OWNED_FIELDS, feedHotelValues, parseFeedRow, siteFieldsGiven, type FeedHotel } from "./feed-row.ts";
import { countHotelChanges, upsertHotels, type HotelColumn, type UpsertCounts } from "#app/hotels/hotel-rows.server.ts";
import type { Database } from "#app/db/schema.ts";

export const FEED_FORMATS = ["csv", "json", "ndjson"] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export const DEFAULT_BATCH_SIZE = 500;
/** A batch travels as one JSON parameter; this keeps it to some megabytes. */
export const MAX_BATCH_SIZE = 10_000;
/** Rejected rows kept for the report; all of them go to the rejects file. */
export const MAX_LISTED_REJECTS = 100;
const MAX_LISTED_IGNORED_FIELDS = 20;

/** A feed that cannot be imported at all: unreadable, the wrong shape, no hotel_id column. */
export class FeedError extends Error {
  override name = "FeedError";
}

/** The format a file name implies: .csv, .json, .ndjson or .jsonl. */
export function feedFormatFromPath(file: string): FeedFormat | null {
  const extension = path.extname(file).toLowerCase();
  if (extension === ".csv") return "csv";
  if (extension === ".json") return "json";
  if (extension === ".ndjson" || extension === ".jsonl") return "ndjson";
  return null;
}

export const defaultRejectsPath = (file: string) => `${file}.rejects.ndjson`;

export interface ImportProgress {
  /** Records read so far, good and rejected. */
  rows: number;
  bytesRead: number;
  totalBytes: number;
  elapsedMs: number;
}

export interface ImportOptions {
  /** Defaults to the format the file name implies. */
  format?: FeedFormat;
  /** Check every row and count what would change, but write nothing to the database. */
  dryRun?: boolean;
  batchSize?: number;
  /** Defaults to `<file>.rejects.ndjson`. */
  rejectsPath?: string;
  /** Called every `batchSize` rows and once at the end. */
  onProgress?: (progress: ImportProgress) => void;
}

export interface RejectedRow {
  /** 1-based line of the file (CSV, NDJSON) or 0-based index in the hotel array (JSON). */
  at: number;
  /** 'line 12' or 'element 12'. */
  where: string;
  reason: string;
}

export interface ImportReport extends UpsertCounts {
  file: string;
  format: FeedFormat;
  dryRun: boolean;
  /** Records read: every good row, duplicate and rejected row. */
  rows: number;
  /** Rows replaced by a later row with the same hotel_id in the same batch (the last one wins). */
  duplicates: number;
  rejected: number;
  /** The first MAX_LISTED_REJECTS rejected rows; the rejects file has them all. */
  rejects: RejectedRow[];
  rejectsPath: string;
  /** Fields of the feed that are not hotel fields, ignored. */
  ignoredFields: string[];
  durationMs: number;
}

/** One record of a feed, before it is checked. */
interface FeedRecord {
  at: number;
  row: unknown;
  /** Set when the record could not be read as a row at all (a CSV column count, NDJSON syntax). */
  unreadable?: string;
}

/**
 * Imports a feed file into the hotels table. Rows are checked one by one; a bad row is
 * rejected and the rest go on. Throws FeedError when the file cannot be read as a feed (or
 * the database fails); batches written before that stay written.
 */
export async function importHotelFeed(db: Kysely<Database>, file: string, options: ImportOptions = {}): Promise<ImportReport> {
  const started = performance.now();
  const format = options.format ?? feedFormatFromPath(file);
  if (!format) throw new FeedError(`Cannot tell the format of ${file} from its name: pass --format csv, json or ndjson.`);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
    throw new RangeError(`The batch size must be a whole number from 1 to ${MAX_BATCH_SIZE}.`);
  }
  const rejectsPath = options.rejectsPath ?? defaultRejectsPath(file);
  if (path.resolve(rejectsPath) === path.resolve(file)) throw new FeedError("The rejects file must not be the feed itself.");

  const input = await openFeed(file);
  const where = (at: number) => `${format === "json" ? "element" : "line"} ${at}`;
  const report: ImportReport = {
    file,
    format,
    dryRun: options.dryRun ?? false,
    rows: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    duplicates: 0,
    rejected: 0,
    rejects: [],
    rejectsPath,
    ignoredFields: [],
    durationMs: 0,
  };
  const ignored = new Set<string>();
  let rejectsFile: RejectsFile | undefined;

  const writeBatch = async (hotels: FeedHotel[]) => {
    const counts = await (report.dryRun
      ? Promise.all(batchGroups(hotels).map(({ columns, values }) => countHotelChanges(db, values, columns)))
      : db.transaction().execute(async (trx) => {
          const done: UpsertCounts[] = [];
          for (const { columns, values } of batchGroups(hotels)) done.push(await upsertHotels(trx, values, columns));
          return done;
        }));
    for (const count of counts) {
      report.inserted += count.inserted;
      report.updated += count.updated;
      report.unchanged += count.unchanged;
    }
  };

  // One batch is written while the next one is read and checked.
  let writing: Promise<void> = Promise.resolve();
  let writeFailure: { error: unknown } | undefined;
  const submit = async (hotels: FeedHotel[]) => {
    await writing;
    if (writeFailure) throw writeFailure.error;
    writing = writeBatch(hotels).catch((error: unknown) => {
      writeFailure = { error };
    });
  };

  const progress = () =>
    options.onProgress?.({
      rows: report.rows,
      bytesRead: input.stream.bytesRead,
      totalBytes: input.size,
      elapsedMs: performance.now() - started,
    });

  try {
    rejectsFile = await RejectsFile.open(rejectsPath);
    const records = format === "csv" ? csvRecords(input) : format === "ndjson" ? ndjsonRecords(input.stream) : jsonRecords(input);
    let batch = new Map<string, FeedHotel>();
    for await (const record of records) {
      report.rows++;
      const result = record.unreadable ? { ok: false as const, reason: record.unreadable } : parseFeedRow(record.row);
      if (result.ok) {
        noteIgnoredFields(record.row, ignored);
        const id = result.hotel.hotel_id;
        if (batch.delete(id)) report.duplicates++;
        batch.set(id, result.hotel);
        if (batch.size >= batchSize) {
          await submit([...batch.values()]);
          batch = new Map();
        }
      } else {
        report.rejected++;
        if (report.rejects.length < MAX_LISTED_REJECTS) {
          report.rejects.push({ at: record.at, where: where(record.at), reason: result.reason });
        }
        await rejectsFile.add({ [format === "json" ? "element" : "line"]: record.at, reason: result.reason, row: record.row });
      }
      if (report.rows % batchSize === 0) progress();
    }
    await submit([...batch.values()]);
    await writing;
    if (writeFailure) throw writeFailure.error;
    progress();
  } catch (error) {
    await writing;
    const saved = report.inserted + report.updated + report.unchanged;
    const written =
      report.dryRun || saved === 0
        ? ""
        : ` Already saved before it stopped: ${report.inserted} inserted, ${report.updated} updated, ${report.unchanged} unchanged.`;
    const message = error instanceof Error ? error.message : String(error);
    throw new FeedError(`${message.replace(/([^.])$/, "$1.")}${written}`, { cause: error });
  } finally {
    input.stream.destroy();
    await input.close();
    await rejectsFile?.close();
  }
  report.ignoredFields = [...ignored].sort();
  report.durationMs = performance.now() - started;
  return report;
}

/**
 * Splits a batch by which site-managed fields its rows give, so each upsert's SET lists the
 * feed's own columns plus exactly those fields (one group when every row gives the same).
 */
function batchGroups(hotels: FeedHotel[]) {
  const groups = new Map<string, { columns: HotelColumn[]; values: ReturnType<typeof feedHotelValues>[] }>();
  for (const hotel of hotels) {
    const given = siteFieldsGiven(hotel);
    const key = given.join(",");
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { columns: [...FEED_OWNED_FIELDS, ...given], values: [] }));
    group.values.push(feedHotelValues(hotel));
  }
  return [...groups.values()];
}

function noteIgnoredFields(row: unknown, ignored: Set<string>) {
  if (ignored.size >= MAX_LISTED_IGNORED_FIELDS || row === null || typeof row !== "object") return;
  for (const key of Object.keys(row)) if (!FEED_FIELDS.includes(key)) ignored.add(key);
}

// ---------------------------------------------------------------------------------------------
// Reading the file

interface OpenFeed {
  stream: fs.ReadStream;
  size: number;
  /** The first bytes, to tell a JSON array from an object. */
  head: string;
  close(): Promise<void>;
}

async function openFeed(file: string): Promise<OpenFeed> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, "r");
  } catch (error) {
    throw new FeedError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new FeedError(`${file} is not a file.`);
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1024), 0, 1024, 0);
    const stream = handle.createReadStream({ start: 0, autoClose: false, highWaterMark: 256 * 1024 });
    return { stream, size: stat.size, head: buffer.toString("utf8", 0, bytesRead), close: () => handle.close() };
  } catch (error) {
    await handle.close();
    throw error instanceof FeedError ? error : new FeedError(`Cannot read ${file}: ${(error as Error).message}`);
  }
}

/**
 * The header line's separator: a comma, or the semicolon that spreadsheets use where the
 * comma is the decimal sign (Swedish Excel), or a tab.
 */
function csvDelimiter(head: string): string {
  const header = head.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const count = (separator: string) => header.split(separator).length - 1;
  return [",", ";", "\t"].reduce((best, separator) => (count(separator) > count(best) ? separator : best));
}

/** csv-parse's reason for skipping a record, without its own line count (see below). */
function csvProblem(error: CsvError | undefined): string {
  if (!error) return "unreadable record";
  if (error.code === "CSV_QUOTE_NOT_CLOSED") return "a quoted field is never closed";
  const length = /columns length is (\d+), got (\d+)/.exec(error.message);
  if (length) return `the record has ${length[2]} fields where the header has ${length[1]}`;
  return error.message.replace(/ (?:on|at) line \d+\.?$/, "");
}

/**
 * CSV with a header row naming the fields (any case, any order); quoted fields may hold
 * separators, doubled quotes and line breaks. A record with the wrong number of fields or an
 * unclosed quote is rejected, not fatal.
 */
async function* csvRecords(input: OpenFeed): AsyncGenerator<FeedRecord> {
  // Records the parser skipped, reported by a callback while it parses ahead of the records
  // still waiting to be read: merged back in file order below.
  const skipped: Array<{ lines: number; raw: string; reason: string }> = [];
  const parser = parseCsv({
    bom: true,
    delimiter: csvDelimiter(input.head),
    columns: (header: string[]) => {
      const names = header.map((name) => name.trim().toLowerCase());
      if (!names.includes("hotel_id")) {
        throw new FeedError(`The CSV header has no hotel_id column (it has: ${names.join(", ") || "nothing"}).`);
      }
      const twice = names.find((name, index) => name && names.indexOf(name) !== index);
      if (twice) throw new FeedError(`The CSV header names the column ${twice} twice.`);
      return names;
    },
    info: true,
    raw: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error, raw) => {
      skipped.push({ lines: Number(error?.lines ?? 0), raw: raw ?? "", reason: csvProblem(error) });
      return undefined;
    },
  });

  // csv-parse tells the line where a record ends, and counts a CRLF inside a quoted field as
  // two lines; the report names the line where the record starts, as an editor counts.
  let quotedCrlfs = 0;
  const locate = (lastLine: number, raw: string) => {
    // The record's own text: without blank lines before it and its line ending.
    const text = raw.replace(/^[\r\n]+/, "").replace(/(?:\r\n|\r|\n)$/, "");
    quotedCrlfs += text.match(/\r\n/g)?.length ?? 0;
    return { at: lastLine - quotedCrlfs - (text.match(/\r\n|\r|\n/g)?.length ?? 0), text };
  };
  function* skippedBefore(lines: number): Generator<FeedRecord> {
    while (skipped.length && skipped[0]!.lines < lines) {
      const { lines: last, raw, reason } = skipped.shift()!;
      const { at, text } = locate(last, raw);
      yield { at, row: text, unreadable: reason };
    }
  }

  // pipeline() hands a read error of the file on to the parser, which the loop then throws.
  pipeline(input.stream, parser, () => {});
  for await (const { record, info, raw } of parser as AsyncIterable<{ record: Record<string, string>; info: Info; raw: string }>) {
    yield* skippedBefore(info.lines);
    yield { at: locate(info.lines, raw).at, row: record };
  }
  yield* skippedBefore(Infinity);
}

/** One JSON object per line; blank lines are skipped, a line that is not JSON is rejected. */
async function* ndjsonRecords(input: Readable): AsyncGenerator<FeedRecord> {
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  let at = 0;
  for await (const line of lines) {
    at++;
    const text = at === 1 ? line.replace(/^\uFEFF/, "") : line;
    if (!text.trim()) continue;
    let record: FeedRecord;
    try {
      record = { at, row: JSON.parse(text) };
    } catch (error) {
      record = { at, row: text, unreadable: `not valid JSON: ${(error as Error).message}` };
    }
    yield record;
  }
}

/**
 * A JSON array of hotels, or an object with the array under "hotels", parsed as a stream:
 * one element is assembled at a time. A syntax error ends the import (there is no next row
 * to resume at), with the elements before it already imported.
 */
async function* jsonRecords(input: OpenFeed): AsyncGenerator<FeedRecord> {
  const first = input.head.replace(/^\uFEFF/, "").trimStart()[0];
  if (first !== "[" && first !== "{") {
    throw new FeedError('A JSON feed must be an array of hotels or an object with a "hotels" array.');
  }
  let foundHotels = first === "[";
  const stages =
    first === "["
      ? [input.stream, jsonParser(), streamArray()]
      : [
          input.stream,
          jsonParser(),
          pick({ filter: "hotels", once: true }),
          <T>(token: T) => {
            foundHotels = true;
            return token;
          },
          streamArray(),
        ];
  let at = -1;
  try {
    for await (const { key, value } of chain(stages) as AsyncIterable<{ key: number; value: unknown }>) {
      at = key;
      yield { at: key, row: value };
    }
  } catch (error) {
    const message = (error as Error).message.replace(/^Top-level object should be an array\.$/, 'the "hotels" value is not an array');
    // The parser reads a chunk at a time, so the byte is where that chunk ends.
    const read = at >= 0 ? `, after element ${at}` : "";
    throw new FeedError(`The JSON feed is not valid (near byte ${input.stream.bytesRead} of ${input.size}${read}): ${message}`);
  }
  if (!foundHotels) throw new FeedError('The JSON object has no "hotels" array: a feed must be an array of hotels or { "hotels": [...] }.');
}

// ---------------------------------------------------------------------------------------------
// The rejects file

/** One JSON object a line, written as rows are rejected (respecting the disk's pace). */
class RejectsFile {
  private readonly out: fs.WriteStream;
  private failure: Error | undefined;

  private constructor(out: fs.WriteStream) {
    this.out = out;
    out.on("error", (error) => {
      this.failure = error;
    });
  }

  /** Created (or emptied) up front, so an unwritable path stops the run before any row is read. */
  static async open(file: string): Promise<RejectsFile> {
    try {
      const handle = await fs.promises.open(file, "w");
      return new RejectsFile(handle.createWriteStream());
    } catch (error) {
      throw new FeedError(`Cannot write the rejects file ${file}: ${(error as Error).message}`);
    }
  }

  async add(entry: Record<string, unknown>): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.out.write(`${JSON.stringify(entry)}\n`)) {
      await new Promise<void>((resolve, reject) => {
        this.out.once("drain", resolve);
        this.out.once("error", reject);
      });
    }
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.out.end(() => (this.failure ? reject(this.failure) : resolve()));
    });
  }
}
