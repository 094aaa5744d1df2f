/**
 * `node scripts/make-feed.ts --rows 100000 --format ndjson [--out feed.ndjson]`: writes the
 * demo catalogue (app/db/demo-catalogue.ts, the same hotels the seed loads) as a partner
 * feed, to stdout or a file, for trying and timing `npm run import`. Other scripts call
 * `writeDemoFeed` directly.
 */
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { FEED_FORMATS, type FeedFormat } from "#app/feed/feed-import.server.ts";
import { generateDemoHotels, type DemoHotel } from "#app/db/demo-catalogue.ts";
import { HOTEL_COLUMNS } from "#app/hotels/hotel-rows.server.ts";

const CSV_COLUMNS = ["hotel_id", ...HOTEL_COLUMNS] as const satisfies ReadonlyArray<keyof DemoHotel>;

/** A CSV field: lists and objects as JSON text, quoted when it holds a comma, quote or line break. */
function csvField(value: unknown): string {
  const text = value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function* feedText(rows: number, format: FeedFormat): Generator<string> {
  // Rows are grouped into chunks of about 64 kB: fewer, larger writes.
  let chunk = "";
  const add = function* (text: string) {
    chunk += text;
    if (chunk.length >= 65_536) {
      yield chunk;
      chunk = "";
    }
  };
  if (format === "csv") yield* add(`${CSV_COLUMNS.join(",")}\n`);
  if (format === "json") yield* add("[\n");
  let index = 0;
  for (const hotel of generateDemoHotels(rows)) {
    if (format === "csv") yield* add(`${CSV_COLUMNS.map((column) => csvField(hotel[column])).join(",")}\n`);
    else if (format === "json") yield* add(`${index ? ",\n" : ""}${JSON.stringify(hotel)}`);
    else yield* add(`${JSON.stringify(hotel)}\n`);
    index++;
  }
  if (format === "json") yield* add("\n]\n");
  if (chunk) yield chunk;
}

/** Writes `rows` demo hotels as a feed to a file (or a stream such as stdout). */
export async function writeDemoFeed(target: string | NodeJS.WritableStream, rows: number, format: FeedFormat): Promise<void> {
  const out = typeof target === "string" ? fs.createWriteStream(target) : target;
  await pipeline(Readable.from(feedText(rows, format)), out, { end: typeof target === "string" });
}

if (import.meta.main) {
  const usage = "Usage: node scripts/make-feed.ts --rows <n> --format csv|json|ndjson [--out <file>]";
  const fail = (message: string): never => {
    console.error(`${message}\n${usage}`);
    process.exit(2);
  };
  let values: { rows: string; format: string; out?: string } = { rows: "", format: "" };
  try {
    values = parseArgs({
      options: {
        rows: { type: "string", default: "1000" },
        format: { type: "string", default: "ndjson" },
        out: { type: "string" },
      },
    }).values;
  } catch (error) {
    fail((error as Error).message);
  }
  const rows = Number(values.rows);
  if (!Number.isInteger(rows) || rows < 0 || rows > 10_000_000) fail("--rows must be a whole number from 0 to 10000000.");
  if (!(FEED_FORMATS as readonly string[]).includes(values.format)) fail("--format must be csv, json or ndjson.");
  try {
    await writeDemoFeed(values.out ?? process.stdout, rows, values.format as FeedFormat);
  } catch (error) {
    console.error(`Writing the feed failed: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
