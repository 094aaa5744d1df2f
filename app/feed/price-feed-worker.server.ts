/**
 * Prices that refresh while the site runs, jobs of the job runner (decision 071): each partner's
 * feed URL fetched on a schedule or when an administrator asks, and the ECB's rates from
 * FX_RATES_URL daily (which then has every hotel's lead prices done again). A feed is
 * downloaded to a file under DATA_DIR (app/feed/feed-download.server.ts: https, public hosts at
 * every hop and address, a size cap, a time limit) and imported by the same code as the CLI, in
 * this process, so the embedded database refreshes too (the CLI is refused while the server
 * holds it). Each fetch is a row of price_feed_runs that the partners screen shows.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "#app/db/schema.ts";
import { getEnv, type Env } from "#app/utils/env.server.ts";
import { log } from "#app/utils/log.server.ts";
import {
  finishRun,
  MAX_RUN_ATTEMPTS,
  queueDueRuns,
  queueRunNow,
  startRun,
  type ClaimedRun,
  type QueueRunResult,
  type RunOutcome,
} from "#app/prices/price-feed-runs.server.ts";
import { leadPricesJob } from "#app/prices/price-upkeep.server.ts";
import { latestFxRates } from "#app/prices/fx-rates.server.ts";
import { defineJob, enqueueJob } from "#app/jobs/job-queue.server.ts";
import { downloadFeed, FeedDownloadError } from "./feed-download.server.ts";
import { importEcbRates } from "./ecb-import.server.ts";
import { importPriceFeed } from "./price-import.server.ts";

type DB = Kysely<Database>;

export interface PriceFeedSettings {
  intervalMinutes: number;
  maxBytes: number;
  timeoutMs: number;
  /** Where downloads are written while they are imported (under DATA_DIR). */
  downloadDir: string;
  fxRatesUrl: string | null;
}

export function priceFeedSettings(env: Env = getEnv()): PriceFeedSettings {
  return {
    intervalMinutes: env.PRICE_FEED_INTERVAL_MINUTES,
    maxBytes: env.FEED_MAX_BYTES,
    timeoutMs: env.FEED_TIMEOUT_SECONDS * 1000,
    downloadDir: path.join(env.DATA_DIR, "feed-downloads"),
    fxRatesUrl: env.FX_RATES_URL ?? null,
  };
}

/** What an import of a partner's file took and refused. */
export interface PartnerImportResult {
  taken: number;
  rejected: number;
  /** The first rejected rows' reasons ("line 4: …"), for the partners screen. */
  rejects: string[];
}

/**
 * Imports a downloaded price file of one partner through the price importer, the one
 * `npm run import -- FILE --partner KEY` runs. Throws FeedError when the file cannot be read as a
 * price file.
 */
export async function importPartnerPrices(file: string, partnerId: string, db: DB = getAppDatabase().db): Promise<PartnerImportResult> {
  const report = await importPriceFeed(file, { partnerId, rejectsPath: `${file}.rejects.ndjson` }, db);
  return {
    taken: report.nights + report.notForSale + report.itineraries + report.soldOut,
    rejected: report.rejected,
    rejects: report.rejects.map((reject) => `${reject.where}: ${reject.reason}`),
  };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A download's own name under the folder, keeping a known extension for the importer's benefit. */
function downloadPath(dir: string, label: string, url: string | null): string {
  fs.mkdirSync(dir, { recursive: true });
  const extension = /\.(xml|csv|ndjson|json)$/i.exec(url ? new URL(url).pathname : "")?.[0]?.toLowerCase() ?? "";
  return path.join(dir, `${label}-${crypto.randomBytes(6).toString("hex")}${extension}`);
}

/** Removes a download and the rejects file an import wrote beside it. */
const removeDownload = (file: string) => {
  for (const leftover of [file, `${file}.rejects.ndjson`]) fs.rmSync(leftover, { force: true });
};

async function fetchAndImport(
  run: ClaimedRun,
  settings: PriceFeedSettings,
  importFile: typeof importPartnerPrices,
  db: DB = getAppDatabase().db,
): Promise<RunOutcome> {
  if (run.attempts > MAX_RUN_ATTEMPTS)
    return { status: "failed", error: `Gave up: the server fetching it stopped ${MAX_RUN_ATTEMPTS} times before it finished.` };
  if (!run.feedUrl) return { status: "failed", error: "The partner has no feed URL any more." };
  const file = downloadPath(settings.downloadDir, `feed-${run.partnerId}`, run.feedUrl);
  let bytes: number | null = null;
  try {
    bytes = (await downloadFeed(run.feedUrl, file, { maxBytes: settings.maxBytes, timeoutMs: settings.timeoutMs })).bytes;
    const result = await importFile(file, run.partnerId, db);
    return {
      status: "ok",
      taken: result.taken,
      rejected: result.rejected,
      bytes,
      rejects: result.rejects.length ? result.rejects.slice(0, 5).join("; ") : null,
    };
  } catch (error) {
    if (!(error instanceof FeedDownloadError)) log.warn("price feed import failed", { partner: run.partnerId, error: errorText(error) });
    // The operator knows the feed by its URL, not by the download's name on this server.
    return { status: "failed", error: errorText(error).replaceAll(file, run.feedUrl), bytes };
  } finally {
    removeDownload(file);
  }
}

/**
 * Fetches and imports one queued run's feed and records the outcome on the run; null when the run
 * is over already (a repeated job). A feed that cannot be fetched or read is a failed run, not a
 * failed job: the next one is the schedule's.
 */
export async function runPriceFeed(
  runId: number,
  settings: PriceFeedSettings = priceFeedSettings(),
  importFile: typeof importPartnerPrices = importPartnerPrices,
  db: DB = getAppDatabase().db,
): Promise<RunOutcome | null> {
  const run = await startRun(runId, db);
  if (!run) return null;
  try {
    const outcome = await fetchAndImport(run, settings, importFile, db);
    await finishRun(run.id, outcome, db);
    log.info("price feed fetched", { partner: run.partnerId, run: run.id, ...outcome });
    return outcome;
  } catch (error) {
    // Not even the outcome could be written: the runner tries the job again, and the last try
    // leaves the run failed rather than open (an open run keeps the partner from being queued).
    if (run.attempts >= MAX_RUN_ATTEMPTS) await finishRun(run.id, { status: "failed", error: errorText(error) }, db).catch(() => undefined);
    throw error;
  }
}

/** One run of a partner's feed. Tried again when its server stopped mid-way (up to 3 starts in all). */
export const feedRunJob = defineJob({
  name: "prices.feed-run",
  schema: z.object({ runId: z.number().int().positive() }),
  retryLimit: MAX_RUN_ATTEMPTS - 1,
  retryDelaySeconds: 60,
  // A download of FEED_TIMEOUT_SECONDS (at most an hour) and its import.
  expireInSeconds: 2 * 3600,
  run: async ({ runId }) => void (await runPriceFeed(runId)),
});

/** Queues a run, and its job, for every partner whose feed is due; how many. */
export async function queueDueFeeds(settings: PriceFeedSettings = priceFeedSettings(), db: DB = getAppDatabase().db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const runIds = await queueDueRuns(settings.intervalMinutes, trx);
    for (const runId of runIds) await enqueueJob(feedRunJob, { runId }, { db: trx });
    return runIds.length;
  });
}

/** Every five minutes, on one server: the partners whose feed is due (PRICE_FEED_INTERVAL_MINUTES) are queued. */
export const queueFeedsJob = defineJob({
  name: "prices.queue-feeds",
  schema: z.object({}),
  schedule: "*/5 * * * *",
  run: async () => void (await queueDueFeeds()),
});

/** Looks for due feeds within seconds rather than at the next five minutes (a feed URL was just saved). */
export const queueDueFeedsSoon = (db: DB = getAppDatabase().db) => enqueueJob(queueFeedsJob, {}, { db });

/** "Fetch now": a run of the partner's feed and its job, unless it has no feed URL or one is open. */
export async function queueFeedNow(partnerId: string, requestedBy: string | null, db: DB = getAppDatabase().db): Promise<QueueRunResult> {
  return db.transaction().execute(async (trx) => {
    const result = await queueRunNow(partnerId, requestedBy, trx);
    if (result.queued) await enqueueJob(feedRunJob, { runId: result.runId }, { db: trx });
    return result;
  });
}

/**
 * With FX_RATES_URL set, fetches the ECB's rates, stores them, and has every hotel's lead prices
 * done again (prices in other currencies change). Throws when the fetch or the file fails, so
 * the job runner tries again later; false without FX_RATES_URL.
 */
export async function fetchFxRates(settings: PriceFeedSettings = priceFeedSettings(), db: DB = getAppDatabase().db): Promise<boolean> {
  if (!settings.fxRatesUrl) return false;
  const file = downloadPath(settings.downloadDir, "fx-rates", settings.fxRatesUrl);
  try {
    await downloadFeed(settings.fxRatesUrl, file, { maxBytes: settings.maxBytes, timeoutMs: settings.timeoutMs });
    const report = await importEcbRates(file, { rejectsPath: `${file}.rejects.ndjson` }, db);
    await enqueueJob(leadPricesJob, {}, { db });
    log.info("fx rates fetched", { latest: report.latest, rates: report.rates, rejected: report.rejected });
  } finally {
    removeDownload(file);
  }
  return true;
}

/**
 * The ECB's rates, daily after their publication (about 16:00 in Frankfurt, whose time is
 * Stockholm's). A failed fetch is tried again 10, 20, 40 and 80 minutes later; the rates stored
 * before stay in use meanwhile.
 */
export const fxRatesJob = defineJob({
  name: "prices.fx-rates",
  schema: z.object({}),
  schedule: "10 17 * * *",
  retryLimit: 4,
  retryDelaySeconds: 600,
  run: async () => void (await fetchFxRates()),
});

/** A server that has never fetched the rates (a new database) fetches them at start, not at 17:10. */
export async function fetchFirstFxRates(settings: PriceFeedSettings = priceFeedSettings(), db: DB = getAppDatabase().db): Promise<void> {
  if (settings.fxRatesUrl && !(await latestFxRates(undefined, db))) await enqueueJob(fxRatesJob, {}, { db });
}
