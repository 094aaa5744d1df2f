/**
 * The ECB's euro reference rates imported from a file (`npm run import -- eurofxref-daily.xml`):
 * read as a stream, every day checked, then all of them stored in one transaction, so a file that
 * fails half-way changes nothing. Entries that are wrong (a currency that is not ISO 4217, a rate
 * that is not a positive decimal) are left out with their line and reason, in the report and the
 * rejects file. See docs/partner-formats/ecb-eurofxref.md.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { ecbDayRates, isEcbDay, isEcbRoot, type EcbProblem } from "#app/feed/ecb-rates.ts";
import { FeedError } from "#app/feed/feed-records.server.ts";
import { readXmlRecords, XmlFeedError } from "#app/feed/xml-records.server.ts";
import { storeFxRates } from "#app/prices/fx-rates.server.ts";
import { type EcbRate } from "#app/utils/money.ts";

export interface EcbImportReport {
  file: string;
  dryRun: boolean;
  days: number;
  rates: number;
  /** YYYY-MM-DD of the newest day in the file, or null. */
  latest: string | null;
  rejected: number;
  rejects: string[];
  rejectsPath: string;
  durationMs: number;
}

/** True when the file's first element is an XML element (after an optional BOM, declaration, comments). */
export async function looksLikeXml(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    return /^(?:\ufeff)?\s*</.test(buffer.subarray(0, bytesRead).toString("utf8"));
  } finally {
    await handle.close();
  }
}

export async function importEcbRates(
  file: string,
  options: { dryRun?: boolean; rejectsPath?: string; maxRecordBytes?: number } = {},
  db: Kysely<Database> = getAppDatabase().db,
): Promise<EcbImportReport> {
  const started = performance.now();
  const rejectsPath = options.rejectsPath ?? `${file}.rejects.ndjson`;
  if (path.resolve(rejectsPath) === path.resolve(file)) throw new FeedError("The rejects file must not be the feed itself.");
  const rates: EcbRate[] = [];
  const rejects: EcbProblem[] = [];
  let days = 0;
  let latest: string | null = null;
  try {
    for await (const event of readXmlRecords(fs.createReadStream(file), {
      isRecord: isEcbDay,
      ...(options.maxRecordBytes ? { maxRecordChars: options.maxRecordBytes } : {}),
    })) {
      if (event.kind === "root") {
        if (!isEcbRoot(event.element))
          throw new FeedError(
            `${file} is XML, but not the ECB's euro reference rates (its root is <${event.element.name}>): this importer reads eurofxref files as XML.`,
          );
        continue;
      }
      days += 1;
      const day = ecbDayRates(event.element);
      rates.push(...day.rates);
      rejects.push(...day.problems);
      if (day.rates[0] && (latest === null || day.rates[0].date > latest)) latest = day.rates[0].date;
    }
  } catch (error) {
    if (error instanceof XmlFeedError) throw new FeedError(`The rates file is not valid XML (${error.message}): nothing was imported.`);
    throw error;
  }
  if (days === 0) throw new FeedError(`${file} holds no day of rates (<Cube time="…">): nothing was imported.`);
  fs.writeFileSync(rejectsPath, rejects.map((reject) => `${JSON.stringify(reject)}\n`).join(""));
  if (!options.dryRun) await db.transaction().execute((trx) => storeFxRates(rates, trx));
  return {
    file,
    dryRun: options.dryRun ?? false,
    days,
    rates: rates.length,
    latest,
    rejected: rejects.length,
    rejects: rejects.slice(0, 100).map((reject) => `line ${reject.line}: ${reject.reason}`),
    rejectsPath,
    durationMs: performance.now() - started,
  };
}
