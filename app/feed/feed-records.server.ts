/**
 * A feed file cut into records (CSV, NDJSON, JSON), none of them held whole when it is longer
 * than the record limit: a line splitter for CSV and NDJSON that keeps only the start of a
 * record past the limit and reads on to its end, and a JSON element builder over stream-json's
 * tokens (strings, keys and numbers arrive in pieces, counted as they come). A record past the
 * limit becomes a rejected record with its place and its first characters; the feed goes on.
 * See docs/decisions/045-feed-records-have-limits.md.
 */
import { parse as parseCsv } from "csv-parse/sync";
import type { CsvError } from "csv-parse";
import type { Readable } from "node:stream";
import chain, { none } from "stream-chain";
import { parser as jsonParser } from "stream-json";
import { preview } from "./feed-values.ts";

/** A feed that cannot be imported at all: unreadable, the wrong shape, a required column missing. */
export class FeedError extends Error {
  override name = "FeedError";
}

export const DEFAULT_MAX_RECORD_BYTES = 1_048_576;
export const MIN_MAX_RECORD_BYTES = 1024;
/** A record is parsed whole once read: this keeps one record's objects to some hundreds of MB. */
export const MAX_MAX_RECORD_BYTES = 16 * 1_048_576;
/** A feed row is an object of lists of objects at most; nothing needs more, and deeper values overflow the stack of JSON.stringify. */
export const MAX_JSON_DEPTH = 32;
/** How much of a record past the limit is kept, for the rejects file. */
const HEAD_BYTES = 256;

/** One record of a feed, before it is checked. */
export interface FeedRecord {
  at: number;
  row: unknown;
  /** Set when the record could not be read as a row at all (a CSV column count, NDJSON syntax, the size limit). */
  unreadable?: string;
  /** Set instead of the row when the record was past the size limit: its first characters. */
  preview?: string;
}

/** '1 MB', '64 kB', '900 bytes'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_048_576) return `${Number((bytes / 1_048_576).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} kB`;
  return `${bytes} bytes`;
}

/** '1MB', '64 kB', '65536' (bytes) as a number of bytes; null when it is not a size. */
export function parseByteSize(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*(b|bytes|k|kb|m|mb)?$/i.exec(text.trim());
  if (!match) return null;
  const unit = (match[2] ?? "b").toLowerCase()[0];
  return Math.round(Number(match[1]) * (unit === "m" ? 1_048_576 : unit === "k" ? 1024 : 1));
}

function tooLong(at: number, head: string, bytes: number | null, maxBytes: number, also = ""): FeedRecord {
  const size = bytes === null ? "" : `${formatBytes(bytes)}, `;
  return {
    at,
    row: undefined,
    preview: head,
    unreadable: `the record is longer than the limit of ${formatBytes(maxBytes)} (${size}${also}not read; it starts ${preview(head)})`,
  };
}

// ---------------------------------------------------------------------------------------------
// Lines (NDJSON) and CSV records

interface RawRecord {
  /** The 1-based line where the record starts. */
  at: number;
  /** The record without its line ending; only its first HEAD_BYTES when `cut`. */
  text: string;
  cut: boolean;
  bytes: number;
  /** A quote character anywhere in it (CSV): only then does it need the CSV parser. */
  quoted: boolean;
  /** The file ended inside a quoted field. */
  unclosed: boolean;
}

const LF = 0x0a;
const QUOTE = 0x22;

/**
 * Splits bytes into records at line feeds (outside quoted fields, for CSV: a quote opens a field
 * only at its start, `""` inside one is a quote, as csv-parse reads them). A record is held
 * until it passes `maxBytes`; then only its start is kept and the rest is counted and dropped.
 */
async function* splitRecords(input: AsyncIterable<Buffer>, maxBytes: number, csvDelimiter?: number): AsyncGenerator<RawRecord> {
  let line = 1;
  let start = 1;
  let parts: Buffer[] = [];
  let bytes = 0;
  let head: Buffer | null = null;
  let sawQuote = false;
  let inQuotes = false;
  let afterQuote = false;
  let fieldStart = true;
  let first = true;

  const take = (buffer: Buffer, from: number, to: number) => {
    if (to <= from) return;
    const piece = buffer.subarray(from, to);
    if (head === null && bytes + piece.length > maxBytes) {
      head = Buffer.from(Buffer.concat([...parts, piece.subarray(0, HEAD_BYTES)]).subarray(0, HEAD_BYTES));
      parts = [];
    } else if (head === null) {
      parts.push(piece);
    }
    bytes += piece.length;
  };
  const finish = (): RawRecord => {
    const cut = head !== null;
    // A record the file ends inside a quote of has taken in the last line's ending too.
    const text = cut
      ? head!.toString("utf8")
      : Buffer.concat(parts)
          .toString("utf8")
          .replace(inQuotes ? /\r?\n$/ : /\r$/, "");
    const record = { at: start, text, cut, bytes, quoted: sawQuote, unclosed: inQuotes };
    parts = [];
    bytes = 0;
    head = null;
    sawQuote = false;
    fieldStart = true;
    return record;
  };

  for await (const chunk of input) {
    let from = 0;
    if (first) {
      first = false;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) from = 3;
    }
    if (csvDelimiter === undefined) {
      for (let end = chunk.indexOf(LF, from); end !== -1; end = chunk.indexOf(LF, from)) {
        take(chunk, from, end);
        yield finish();
        start = ++line;
        from = end + 1;
      }
      take(chunk, from, chunk.length);
      continue;
    }
    for (let i = from; i < chunk.length; i++) {
      const byte = chunk[i];
      if (inQuotes) {
        if (!afterQuote) {
          if (byte === QUOTE) afterQuote = true;
          else if (byte === LF) line++;
          continue;
        }
        afterQuote = false;
        if (byte === QUOTE) continue; // "" is a quote inside the field
        inQuotes = false;
        fieldStart = false;
      }
      if (byte === LF) {
        take(chunk, from, i);
        yield finish();
        start = ++line;
        from = i + 1;
        continue;
      }
      if (byte === QUOTE) {
        sawQuote = true;
        if (fieldStart) inQuotes = true;
      }
      fieldStart = byte === csvDelimiter;
    }
    take(chunk, from, chunk.length);
  }
  if (bytes > 0 || inQuotes) yield finish();
}

/** csv-parse's reason for refusing a record, without its line count (the report has its own). */
function csvProblem(error: unknown): string {
  const { code, message } = error as CsvError;
  if (code === "CSV_QUOTE_NOT_CLOSED") return "a quoted field is never closed";
  return String(message ?? error).replace(/ (?:on|at) line \d+\.?$/, "");
}

function csvFields(record: RawRecord, delimiter: string): string[] | { problem: string } {
  // Most records have no quote at all: a split reads them exactly as the CSV parser would.
  if (!record.quoted) return record.text.split(delimiter);
  try {
    const rows = parseCsv(record.text, { delimiter, record_delimiter: ["\r\n", "\n"] }) as string[][];
    return rows.length === 1 ? rows[0]! : { problem: "unreadable record" };
  } catch (error) {
    return { problem: csvProblem(error) };
  }
}

/**
 * CSV with a header row (handed to `header`, which returns the field names or throws); quoted
 * fields may hold separators, doubled quotes and line breaks. A record with the wrong number of
 * fields, an unclosed quote or past the size limit is a rejected record, not fatal.
 */
export async function* csvRecords(
  input: AsyncIterable<Buffer>,
  delimiter: string,
  maxBytes: number,
  header: (names: string[]) => string[],
): AsyncGenerator<FeedRecord> {
  let names: string[] | undefined;
  for await (const record of splitRecords(input, maxBytes, delimiter.charCodeAt(0))) {
    if (!record.cut && record.text === "") continue;
    if (!names) {
      const fields = record.cut ? { problem: `it is longer than ${formatBytes(maxBytes)}` } : csvFields(record, delimiter);
      if (!Array.isArray(fields)) throw new FeedError(`The CSV header (line ${record.at}) cannot be read: ${fields.problem}.`);
      names = header(fields);
      continue;
    }
    if (record.cut) {
      yield tooLong(record.at, record.text, record.bytes, maxBytes, record.unclosed ? "a quoted field never closed, " : "");
      continue;
    }
    const fields = csvFields(record, delimiter);
    if (!Array.isArray(fields)) {
      yield { at: record.at, row: record.text, unreadable: fields.problem };
    } else if (fields.length !== names.length) {
      yield { at: record.at, row: record.text, unreadable: `the record has ${fields.length} fields where the header has ${names.length}` };
    } else {
      const row: Record<string, string> = {};
      for (const [index, name] of names.entries()) row[name] = fields[index]!;
      yield { at: record.at, row };
    }
  }
}

/** Whether JSON text nests arrays and objects deeper than `max` (strings skipped). */
function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > max) return true;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return false;
}

/** One JSON value per line; blank lines are skipped, a line that is not JSON is rejected. */
export async function* ndjsonRecords(input: AsyncIterable<Buffer>, maxBytes: number): AsyncGenerator<FeedRecord> {
  for await (const record of splitRecords(input, maxBytes)) {
    if (record.cut) {
      yield tooLong(record.at, record.text, record.bytes, maxBytes);
      continue;
    }
    if (!record.text.trim()) continue;
    if (nestedDeeperThan(record.text, MAX_JSON_DEPTH)) {
      yield { at: record.at, row: record.text.slice(0, HEAD_BYTES), unreadable: `nested deeper than ${MAX_JSON_DEPTH} levels` };
      continue;
    }
    try {
      yield { at: record.at, row: JSON.parse(record.text) };
    } catch (error) {
      yield { at: record.at, row: record.text, unreadable: `not valid JSON: ${(error as Error).message}` };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// JSON

type Token = { name: string; value?: string | null | boolean };
type Container = unknown[] | Record<string, unknown>;

const VALUE_STARTS = new Set(["startObject", "startArray", "startString", "startNumber", "nullValue", "trueValue", "falseValue"]);
const VALUE_ENDS = new Set(["endObject", "endArray", "endString", "endNumber", "nullValue", "trueValue", "falseValue"]);
const TOKEN_TEXT: Record<string, string> = {
  startObject: "{",
  startArray: "[",
  endObject: "}",
  endArray: "]",
  startKey: '"',
  endKey: '":',
  startString: '"',
  endString: '"',
  startNumber: "",
  endNumber: "",
  nullValue: "null",
  trueValue: "true",
  falseValue: "false",
};

/**
 * Builds the elements of the feed's array (the top-level array, or the array under `plural` in
 * a top-level object) from the parser's tokens; everything else is passed over unbuilt. An
 * element past the size limit is dropped as it is read, keeping its start.
 */
class JsonRows {
  /** Containers open, the top-level one included. */
  depth = 0;
  /** The index of the element being read (`inElement`), or of the last one read. */
  element = -1;
  /** The last element handed on whole (the parser may fail further on in a chunk not yet seen here). */
  done = -1;
  inElement = false;
  /** The rows array was found. */
  found = false;
  private rowsDepth = -1;
  private nextIsRows = false;
  private topKey = "";
  private readingKey = false;
  // The element being read.
  private size = 0;
  private cut = false;
  private head = "";
  private comma = false;
  private stack: Container[] = [];
  private key: string | undefined;
  private text: string[] = [];

  private readonly plural: string;
  private readonly maxBytes: number;

  constructor(plural: string, maxBytes: number) {
    this.plural = plural;
    this.maxBytes = maxBytes;
  }

  push(token: Token): FeedRecord | typeof none {
    const { name } = token;
    if (VALUE_STARTS.has(name)) this.beforeValue(name);
    if (name === "startObject" || name === "startArray") {
      if (++this.depth > MAX_JSON_DEPTH) {
        const what = this.inElement ? `element ${this.element}` : "the feed";
        throw new Error(`${what} is nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`);
      }
    }
    if (!this.inElement) return this.outside(token);
    return this.inside(token) ?? none;
  }

  private beforeValue(name: string) {
    if (!this.inElement && this.depth === this.rowsDepth) {
      this.element++;
      this.inElement = true;
      this.size = 0;
      this.cut = false;
      this.head = "";
      this.comma = false;
      this.stack = [];
      this.key = undefined;
    } else if (!this.inElement && this.nextIsRows) {
      this.nextIsRows = false;
      if (name !== "startArray") throw new Error(`the "${this.plural}" value is not an array`);
      this.found = true;
      this.rowsDepth = 2;
    } else if (!this.inElement && this.depth === 0 && name === "startArray") {
      this.found = true;
      this.rowsDepth = 1;
    }
  }

  /** Tokens outside the rows: only the top-level object's keys matter. */
  private outside(token: Token): typeof none {
    if (token.name === "endObject" || token.name === "endArray") {
      if (this.depth-- === this.rowsDepth) this.rowsDepth = -1; // once: a second array of that name is not read
    } else if (this.depth === 1 && this.rowsDepth === -1 && !this.found) {
      if (token.name === "startKey") {
        this.readingKey = true;
        this.topKey = "";
      } else if (token.name === "stringChunk" && this.readingKey && this.topKey.length <= this.plural.length) {
        this.topKey += token.value as string;
      } else if (token.name === "endKey") {
        this.readingKey = false;
        this.nextIsRows = this.topKey === this.plural;
      }
    }
    return none;
  }

  private inside(token: Token): FeedRecord | undefined {
    const { name } = token;
    const chunk = name === "stringChunk" || name === "numberChunk" ? (token.value as string) : "";
    this.size += chunk.length || 1;
    this.note(name, chunk);
    if (!this.cut && this.size > this.maxBytes) {
      this.cut = true;
      this.stack = [];
      this.text = [];
    }
    switch (name) {
      case "startObject":
      case "startArray": {
        if (this.cut) return undefined;
        const container: Container = name === "startArray" ? [] : {};
        if (this.stack.length) this.add(container);
        this.stack.push(container);
        return undefined;
      }
      case "endObject":
      case "endArray": {
        this.depth--;
        if (!this.cut) {
          const done = this.stack.pop();
          if (!this.stack.length) return this.complete(done);
        }
        return this.depth === this.rowsDepth ? this.complete(undefined) : undefined;
      }
      case "startKey":
      case "startString":
      case "startNumber":
        this.text = [];
        return undefined;
      case "stringChunk":
      case "numberChunk":
        if (!this.cut) this.text.push(chunk);
        return undefined;
      case "endKey":
        this.key = this.text.join("");
        return undefined;
      case "endString":
        return this.scalar(this.text.join(""));
      case "endNumber":
        return this.scalar(Number(this.text.join("")));
      case "nullValue":
      case "trueValue":
      case "falseValue":
        return this.scalar(token.value);
      default:
        return undefined;
    }
  }

  private scalar(value: unknown): FeedRecord | undefined {
    if (this.cut) return this.depth === this.rowsDepth ? this.complete(undefined) : undefined;
    if (!this.stack.length) return this.complete(value);
    this.add(value);
    return undefined;
  }

  private add(value: unknown) {
    const parent = this.stack[this.stack.length - 1]!;
    if (Array.isArray(parent)) parent.push(value);
    // As JSON.parse does: "__proto__" is a key like any other, not the object's prototype.
    else Object.defineProperty(parent, this.key!, { value, enumerable: true, writable: true, configurable: true });
  }

  private complete(row: unknown): FeedRecord {
    this.inElement = false;
    this.done = this.element;
    if (this.cut) return tooLong(this.element, this.head, this.size, this.maxBytes);
    return { at: this.element, row };
  }

  /** The element's start as JSON-like text, for the rejects file when it is too long. */
  private note(name: string, chunk: string) {
    if (this.head.length >= HEAD_BYTES) return;
    const opens = VALUE_STARTS.has(name) || name === "startKey";
    const separator = opens && this.comma ? "," : "";
    if (opens) this.comma = false;
    this.head = (this.head + separator + (TOKEN_TEXT[name] ?? chunk)).slice(0, HEAD_BYTES);
    if (VALUE_ENDS.has(name)) this.comma = true;
  }
}

/**
 * The elements of a JSON array of rows, or of the array under the feed's plural ("hotels",
 * "offers") in an object, one element built at a time. A syntax error, or nesting deeper than
 * any row needs, ends the import (there is no next row to resume at), with the elements before
 * it already imported: the message says where.
 */
export async function* jsonRecords(
  input: { stream: Readable & { bytesRead: number }; size: number },
  plural: string,
  maxBytes: number,
): AsyncGenerator<FeedRecord> {
  const rows = new JsonRows(plural, maxBytes);
  try {
    const stages = [input.stream, jsonParser({ packValues: false }), (token: Token) => rows.push(token)];
    const tokens = chain(stages as never);
    for await (const record of tokens as AsyncIterable<FeedRecord>) yield record;
  } catch (error) {
    // The parser reads a chunk at a time, so the byte is where that chunk ends.
    const where = rows.done >= 0 ? `, after element ${rows.done}` : "";
    throw new FeedError(
      `The JSON feed is not valid (near byte ${input.stream.bytesRead} of ${input.size}${where}): ${(error as Error).message}`,
    );
  }
  if (!rows.found) {
    throw new FeedError(`The JSON object has no "${plural}" array: a feed must be an array of ${plural} or { "${plural}": [...] }.`);
  }
}
