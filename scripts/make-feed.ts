/**
 * `node scripts/make-feed.ts --rows 100000 --format ndjson [--out feed.ndjson]`: writes the
 * demo catalogue (app/db/demo-catalogue.ts, the same hotels the seed loads) as a partner
 * feed, to stdout or a file, for trying and timing `npm run import`.
 * `--offers 400000` writes an offers feed instead: every demo partner's price for the demo
 * hotels in order (HG-000001 from each partner, then HG-000002…), so N offers cover N / 4
 * hotels of a catalogue seeded with at least that many, for `npm run import -- --offers`.
 * Other scripts call `writeDemoFeed` and `writeDemoOfferFeed` directly.
 */
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { FEED_FORMATS, type FeedFormat } from "#app/feed/feed-import.server.ts";
import { createRandom, DEMO_PARTNERS, demoLandingUrl, generateDemoHotels, type DemoHotel } from "#app/operations/demo-catalogue.ts";
import { HOTEL_COLUMNS } from "#app/hotels/hotel-rows.server.ts";

const CSV_COLUMNS = ["hotel_id", ...HOTEL_COLUMNS] as const satisfies ReadonlyArray<keyof DemoHotel>;

/** A CSV field: lists and objects as JSON text, quoted when it holds a comma, quote or line break. */
function csvField(value: unknown): string {
  const text = value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as feed text in chunks of about 64 kB (fewer, larger writes), with the header or brackets the format needs. */
function* chunked(rows: Iterable<Record<string, unknown>>, columns: readonly string[], format: FeedFormat): Generator<string> {
  // Rows are grouped into chunks of about 64 kB: fewer, larger writes.
  let chunk = "";
  const add = function* (text: string) {
    chunk += text;
    if (chunk.length >= 65_536) {
      yield chunk;
      chunk = "";
    }
  };
  if (format === "csv") yield* add(`${columns.join(",")}\n`);
  if (format === "json") yield* add("[\n");
  let index = 0;
  for (const row of rows) {
    if (format === "csv") yield* add(`${columns.map((column) => csvField(row[column])).join(",")}\n`);
    else if (format === "json") yield* add(`${index ? ",\n" : ""}${JSON.stringify(row)}`);
    else yield* add(`${JSON.stringify(row)}\n`);
    index++;
  }
  if (format === "json") yield* add("\n]\n");
  if (chunk) yield chunk;
}

/** Writes `rows` demo hotels as a feed to a file (or a stream such as stdout). */
export async function writeDemoFeed(target: string | NodeJS.WritableStream, rows: number, format: FeedFormat): Promise<void> {
  const out = typeof target === "string" ? fs.createWriteStream(target) : target;
  const hotels = generateDemoHotels(rows) as Iterable<DemoHotel & Record<string, unknown>>;
  await pipeline(Readable.from(chunked(hotels, CSV_COLUMNS, format)), out, { end: typeof target === "string" });
}

const OFFER_COLUMNS = ["hotel_id", "partner", "price_per_night", "currency", "url", "breakfast_included", "free_cancellation"] as const;

/** `count` offers: each demo partner's price for HG-000001, then for HG-000002, and so on. */
export function* generateDemoOfferRows(count: number, seed = 1): Generator<Record<(typeof OFFER_COLUMNS)[number], unknown>> {
  const random = createRandom(seed);
  for (let i = 0; i < count; i++) {
    const partner = DEMO_PARTNERS[i % DEMO_PARTNERS.length]!;
    const hotelId = `HG-${String(Math.floor(i / DEMO_PARTNERS.length) + 1).padStart(6, "0")}`;
    yield {
      hotel_id: hotelId,
      partner: partner.id,
      price_per_night: 450 + random.int(0, 2400) + (random.chance(0.5) ? 0.5 : 0),
      currency: "SEK",
      url: demoLandingUrl(partner, hotelId),
      breakfast_included: random.chance(0.4),
      free_cancellation: random.chance(0.6),
    };
  }
}

/** Writes an offers feed of `count` demo offers (see generateDemoOfferRows); another seed, other prices. */
export async function writeDemoOfferFeed(
  target: string | NodeJS.WritableStream,
  count: number,
  format: FeedFormat,
  seed = 1,
): Promise<void> {
  const out = typeof target === "string" ? fs.createWriteStream(target) : target;
  await pipeline(Readable.from(chunked(generateDemoOfferRows(count, seed), OFFER_COLUMNS, format)), out, {
    end: typeof target === "string",
  });
}

if (import.meta.main) {
  const usage =
    "Usage: node scripts/make-feed.ts --rows <n> --format csv|json|ndjson [--out <file>]\n" +
    "       node scripts/make-feed.ts --offers <n> [--seed <n>] --format csv|json|ndjson [--out <file>]";
  const fail = (message: string): never => {
    console.error(`${message}\n${usage}`);
    process.exit(2);
  };
  let values: { rows: string; format: string; out?: string; offers?: string; seed: string } = { rows: "", format: "", seed: "1" };
  try {
    values = parseArgs({
      options: {
        rows: { type: "string", default: "1000" },
        format: { type: "string", default: "ndjson" },
        out: { type: "string" },
        offers: { type: "string" },
        seed: { type: "string", default: "1" },
      },
    }).values;
  } catch (error) {
    fail((error as Error).message);
  }
  const rows = Number(values.offers ?? values.rows);
  if (!Number.isInteger(rows) || rows < 0 || rows > 10_000_000)
    fail(`--${values.offers ? "offers" : "rows"} must be a whole number from 0 to 10000000.`);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) fail("--seed must be a whole number.");
  if (!(FEED_FORMATS as readonly string[]).includes(values.format)) fail("--format must be csv, json or ndjson.");
  try {
    const out = values.out ?? process.stdout;
    const format = values.format as FeedFormat;
    await (values.offers === undefined ? writeDemoFeed(out, rows, format) : writeDemoOfferFeed(out, rows, format, seed));
  } catch (error) {
    console.error(`Writing the feed failed: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
