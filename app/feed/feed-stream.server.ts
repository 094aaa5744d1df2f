/**
 * What every feed import shares (`npm run import`, hotels and offers alike): the formats
 * (CSV, JSON, NDJSON) read as a stream, never the whole file in memory; each row checked by
 * the feed's own row rules; good rows handed on in batches, one batch written while the next
 * is read; bad rows listed with their line (or array element) and reason and written to a
 * rejects file; progress. What a batch does in the database is the caller's. See
 * docs/decisions/013-partner-feed-import.md and 021-offer-feeds.md.
 */
import fs from "node:fs";
import path from "node:path";
import {
  csvRecords,
  DEFAULT_MAX_RECORD_BYTES,
  FeedError,
  formatBytes,
  jsonRecords,
  MAX_MAX_RECORD_BYTES,
  MIN_MAX_RECORD_BYTES,
  ndjsonRecords,
  type FeedRecord,
} from "./feed-records.server.ts";

export { DEFAULT_MAX_RECORD_BYTES, FeedError, formatBytes, MAX_MAX_RECORD_BYTES, MIN_MAX_RECORD_BYTES, type FeedRecord };

export const FEED_FORMATS = ["csv", "json", "ndjson"] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export const DEFAULT_BATCH_SIZE = 500;
/** A batch travels as one JSON parameter; this keeps it to some megabytes. */
export const MAX_BATCH_SIZE = 10_000;
/** Rejected rows kept for the report; all of them go to the rejects file. */
export const MAX_LISTED_REJECTS = 100;
const MAX_LISTED_IGNORED_FIELDS = 20;

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
  /** 0 when the reader does not tell (XML formats). */
  totalBytes: number;
  elapsedMs: number;
}

export interface FeedReadOptions {
  /** Defaults to the format the file name implies. */
  format?: FeedFormat;
  batchSize?: number;
  /** Defaults to `<file>.rejects.ndjson`. */
  rejectsPath?: string;
  /** Called every `batchSize` rows and once at the end. */
  onProgress?: (progress: ImportProgress) => void;
  /** A longer record (a CSV record, an NDJSON line, a JSON element) is rejected unread. */
  maxRecordBytes?: number;
}

export interface RejectedRow {
  /** 1-based line of the file (CSV, NDJSON) or 0-based index in the array (JSON). */
  at: number;
  /** 'line 12' or 'element 12'. */
  where: string;
  reason: string;
}

/** What a feed is made of: its fields, how a row is checked, and what makes two rows the same. */
export interface FeedKind<T> {
  /** The JSON object's array key and the word for the rows: "hotels", "offers". */
  plural: string;
  /** CSV columns the header must name (after `columnName`). */
  requiredColumns: readonly string[];
  /** A CSV header's name as the row rules know it. */
  columnName(header: string): string;
  /** False for a field the rows may carry but the import ignores (reported once). */
  isKnownField(field: string): boolean;
  parse(row: unknown): { ok: true; value: T } | { ok: false; reason: string };
  /**
   * Rows with the same key in one batch: the later one wins. Without it every row goes to
   * the sink, which then keeps the last of those it accepts.
   */
  key?(value: T): string;
  /**
   * For a format runFeed does not read itself (XML): the file's records, numbered by `place`.
   * Progress then counts records only.
   */
  records?: { place: "line" | "element"; read(maxRecordBytes: number): AsyncIterable<FeedRecord> };
}

/** A good row with where it came from, so a batch can still reject it. */
export interface FeedItem<T> {
  at: number;
  row: unknown;
  value: T;
}

export interface FeedSink<T> {
  /** Writes one batch (keys unique); returns the rows the database refused, with reasons. */
  write(batch: FeedItem<T>[]): Promise<Array<{ item: FeedItem<T>; reason: string }>>;
  /** What is already saved, for the message of a run that stops ("" when nothing is). */
  saved(): string;
}

export interface FeedRunReport {
  file: string;
  /** "xml" when the feed kind read the records itself. */
  format: FeedFormat | "xml";
  /** Records read: every good row, duplicate and rejected row. */
  rows: number;
  /** Rows replaced by a later row with the same key in the same batch (the last one wins). */
  duplicates: number;
  rejected: number;
  /** The first MAX_LISTED_REJECTS rejected rows, in file order; the rejects file has them all. */
  rejects: RejectedRow[];
  rejectsPath: string;
  /** Fields of the feed that the import does not know, ignored. */
  ignoredFields: string[];
  durationMs: number;
}

/**
 * Reads a feed file and hands its good rows to `sink` in batches. Rows are checked one by
 * one; a bad row is rejected and the rest go on. Throws FeedError when the file cannot be
 * read as a feed (or the database fails); batches written before that stay written.
 */
export async function runFeed<T>(
  file: string,
  kind: FeedKind<T>,
  sink: FeedSink<T>,
  options: FeedReadOptions = {},
): Promise<FeedRunReport> {
  const started = performance.now();
  const format = kind.records ? "xml" : (options.format ?? feedFormatFromPath(file));
  if (!format) throw new FeedError(`Cannot tell the format of ${file} from its name: pass --format csv, json or ndjson.`);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
    throw new RangeError(`The batch size must be a whole number from 1 to ${MAX_BATCH_SIZE}.`);
  }
  const maxRecordBytes = options.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES;
  if (!Number.isInteger(maxRecordBytes) || maxRecordBytes < MIN_MAX_RECORD_BYTES || maxRecordBytes > MAX_MAX_RECORD_BYTES) {
    throw new RangeError(
      `The record size limit must be from ${formatBytes(MIN_MAX_RECORD_BYTES)} to ${formatBytes(MAX_MAX_RECORD_BYTES)}.`,
    );
  }
  const rejectsPath = options.rejectsPath ?? defaultRejectsPath(file);
  if (path.resolve(rejectsPath) === path.resolve(file)) throw new FeedError("The rejects file must not be the feed itself.");

  const input = await openFeed(file);
  const place = kind.records?.place ?? (format === "json" ? "element" : "line");
  const report: FeedRunReport = {
    file,
    format,
    rows: 0,
    duplicates: 0,
    rejected: 0,
    rejects: [],
    rejectsPath,
    ignoredFields: [],
    durationMs: 0,
  };
  const ignored = new Set<string>();
  let rejectsFile: RejectsFile | undefined;

  /** A record past the size limit is written as its first characters, never whole. */
  const reject = async (at: number, row: unknown, reason: string, preview?: string) => {
    report.rejected++;
    report.rejects.push({ at, where: `${place} ${at}`, reason });
    // A batch's rejects arrive after later rows' own: keep the listed ones in file order.
    if (report.rejects.length > MAX_LISTED_REJECTS) {
      report.rejects.sort((a, b) => a.at - b.at);
      report.rejects.length = MAX_LISTED_REJECTS;
    }
    await rejectsFile!.add({ [place]: at, reason, ...(preview === undefined ? { row } : { preview }) });
  };

  const writeBatch = async (batch: FeedItem<T>[]) => {
    for (const { item, reason } of await sink.write(batch)) await reject(item.at, item.row, reason);
  };

  // One batch is written while the next one is read and checked.
  let writing: Promise<void> = Promise.resolve();
  let writeFailure: { error: unknown } | undefined;
  const submit = async (batch: FeedItem<T>[]) => {
    await writing;
    if (writeFailure) throw writeFailure.error;
    writing = writeBatch(batch).catch((error: unknown) => {
      writeFailure = { error };
    });
  };

  const progress = () =>
    options.onProgress?.({
      rows: report.rows,
      bytesRead: kind.records ? 0 : input.stream.bytesRead,
      totalBytes: kind.records ? 0 : input.size,
      elapsedMs: performance.now() - started,
    });

  try {
    rejectsFile = await RejectsFile.open(rejectsPath);
    const records = kind.records
      ? kind.records.read(maxRecordBytes)
      : format === "csv"
        ? csvRecords(input.stream, csvDelimiter(input.head), maxRecordBytes, (header) => csvColumns(header, kind))
        : format === "ndjson"
          ? ndjsonRecords(input.stream, maxRecordBytes)
          : jsonFeed(input, kind.plural, maxRecordBytes);
    let batch = new Map<string, FeedItem<T>>();
    for await (const record of records) {
      report.rows++;
      const result = record.unreadable ? { ok: false as const, reason: record.unreadable } : kind.parse(record.row);
      if (result.ok) {
        noteIgnoredFields(record.row, kind, ignored);
        const key = kind.key ? kind.key(result.value) : `@${record.at}`;
        if (batch.delete(key)) report.duplicates++;
        batch.set(key, { at: record.at, row: record.row, value: result.value });
        if (batch.size >= batchSize) {
          await submit([...batch.values()]);
          batch = new Map();
        }
      } else {
        await reject(record.at, record.row, result.reason, record.preview);
      }
      if (report.rows % batchSize === 0) progress();
    }
    await submit([...batch.values()]);
    await writing;
    if (writeFailure) throw writeFailure.error;
    progress();
  } catch (error) {
    await writing;
    const saved = sink.saved();
    const message = error instanceof Error ? error.message : String(error);
    throw new FeedError(`${message.replace(/([^.])$/, "$1.")}${saved ? ` Already saved before it stopped: ${saved}.` : ""}`, {
      cause: error,
    });
  } finally {
    input.stream.destroy();
    await input.close();
    await rejectsFile?.close();
  }
  report.rejects.sort((a, b) => a.at - b.at);
  report.ignoredFields = [...ignored].sort();
  report.durationMs = performance.now() - started;
  return report;
}

function noteIgnoredFields(row: unknown, kind: FeedKind<unknown>, ignored: Set<string>) {
  if (ignored.size >= MAX_LISTED_IGNORED_FIELDS || row === null || typeof row !== "object") return;
  for (const key of Object.keys(row)) if (!kind.isKnownField(key)) ignored.add(key);
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

/** The CSV header's names as the feed's row rules know them, checked. */
function csvColumns(header: string[], kind: FeedKind<unknown>): string[] {
  const names = header.map((name) => kind.columnName(name));
  const missing = kind.requiredColumns.find((column) => !names.includes(column));
  if (missing) {
    throw new FeedError(`The CSV header has no ${missing} column (it has: ${names.join(", ") || "nothing"}).`);
  }
  const twice = names.find((name, index) => name && names.indexOf(name) !== index);
  if (twice) throw new FeedError(`The CSV header names the column ${twice} twice.`);
  return names;
}

/** A JSON array of rows, or an object with the array under the feed's plural ("hotels", "offers"). */
function jsonFeed(input: OpenFeed, plural: string, maxRecordBytes: number): AsyncGenerator<FeedRecord> {
  const first = input.head.replace(/^\uFEFF/, "").trimStart()[0];
  if (first !== "[" && first !== "{") {
    throw new FeedError(`A JSON feed must be an array of ${plural} or an object with a "${plural}" array.`);
  }
  return jsonRecords(input, plural, maxRecordBytes);
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
