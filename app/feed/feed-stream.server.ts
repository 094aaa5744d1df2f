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
import readline from "node:readline";
import { pipeline, type Readable } from "node:stream";
import { parse as parseCsv, type CsvError, type Info } from "csv-parse";
import chain from "stream-chain";
import { parser as jsonParser } from "stream-json";
import { pick } from "stream-json/filters/pick.js";
import { streamArray } from "stream-json/streamers/stream-array.js";

export const FEED_FORMATS = ["csv", "json", "ndjson"] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export const DEFAULT_BATCH_SIZE = 500;
/** A batch travels as one JSON parameter; this keeps it to some megabytes. */
export const MAX_BATCH_SIZE = 10_000;
/** Rejected rows kept for the report; all of them go to the rejects file. */
export const MAX_LISTED_REJECTS = 100;
const MAX_LISTED_IGNORED_FIELDS = 20;

/** A feed that cannot be imported at all: unreadable, the wrong shape, a required column missing. */
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

export interface FeedReadOptions {
  /** Defaults to the format the file name implies. */
  format?: FeedFormat;
  batchSize?: number;
  /** Defaults to `<file>.rejects.ndjson`. */
  rejectsPath?: string;
  /** Called every `batchSize` rows and once at the end. */
  onProgress?: (progress: ImportProgress) => void;
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
  format: FeedFormat;
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

/** One record of a feed, before it is checked. */
interface FeedRecord {
  at: number;
  row: unknown;
  /** Set when the record could not be read as a row at all (a CSV column count, NDJSON syntax). */
  unreadable?: string;
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
  const format = options.format ?? feedFormatFromPath(file);
  if (!format) throw new FeedError(`Cannot tell the format of ${file} from its name: pass --format csv, json or ndjson.`);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
    throw new RangeError(`The batch size must be a whole number from 1 to ${MAX_BATCH_SIZE}.`);
  }
  const rejectsPath = options.rejectsPath ?? defaultRejectsPath(file);
  if (path.resolve(rejectsPath) === path.resolve(file)) throw new FeedError("The rejects file must not be the feed itself.");

  const input = await openFeed(file);
  const place = format === "json" ? "element" : "line";
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

  const reject = async (at: number, row: unknown, reason: string) => {
    report.rejected++;
    report.rejects.push({ at, where: `${place} ${at}`, reason });
    // A batch's rejects arrive after later rows' own: keep the listed ones in file order.
    if (report.rejects.length > MAX_LISTED_REJECTS) {
      report.rejects.sort((a, b) => a.at - b.at);
      report.rejects.length = MAX_LISTED_REJECTS;
    }
    await rejectsFile!.add({ [place]: at, reason, row });
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
      bytesRead: input.stream.bytesRead,
      totalBytes: input.size,
      elapsedMs: performance.now() - started,
    });

  try {
    rejectsFile = await RejectsFile.open(rejectsPath);
    const records =
      format === "csv" ? csvRecords(input, kind) : format === "ndjson" ? ndjsonRecords(input.stream) : jsonRecords(input, kind.plural);
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
        await reject(record.at, record.row, result.reason);
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
async function* csvRecords(input: OpenFeed, kind: FeedKind<unknown>): AsyncGenerator<FeedRecord> {
  // Records the parser skipped, reported by a callback while it parses ahead of the records
  // still waiting to be read: merged back in file order below.
  const skipped: Array<{ lines: number; raw: string; reason: string }> = [];
  const parser = parseCsv({
    bom: true,
    delimiter: csvDelimiter(input.head),
    columns: (header: string[]) => {
      const names = header.map((name) => kind.columnName(name));
      const missing = kind.requiredColumns.find((column) => !names.includes(column));
      if (missing) {
        throw new FeedError(`The CSV header has no ${missing} column (it has: ${names.join(", ") || "nothing"}).`);
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
 * A JSON array of rows, or an object with the array under the feed's plural ("hotels",
 * "offers"), parsed as a stream:
 * one element is assembled at a time. A syntax error ends the import (there is no next row
 * to resume at), with the elements before it already imported.
 */
async function* jsonRecords(input: OpenFeed, plural: string): AsyncGenerator<FeedRecord> {
  const first = input.head.replace(/^\uFEFF/, "").trimStart()[0];
  if (first !== "[" && first !== "{") {
    throw new FeedError(`A JSON feed must be an array of ${plural} or an object with a "${plural}" array.`);
  }
  let foundRows = first === "[";
  const stages =
    first === "["
      ? [input.stream, jsonParser(), streamArray()]
      : [
          input.stream,
          jsonParser(),
          pick({ filter: plural, once: true }),
          <T>(token: T) => {
            foundRows = true;
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
    const message = (error as Error).message.replace(/^Top-level object should be an array\.$/, `the "${plural}" value is not an array`);
    // The parser reads a chunk at a time, so the byte is where that chunk ends.
    const read = at >= 0 ? `, after element ${at}` : "";
    throw new FeedError(`The JSON feed is not valid (near byte ${input.stream.bytesRead} of ${input.size}${read}): ${message}`);
  }
  if (!foundRows) {
    throw new FeedError(`The JSON object has no "${plural}" array: a feed must be an array of ${plural} or { "${plural}": [...] }.`);
  }
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
