/**
 * Every kind of background work the job runner does (decision 071): the features define their
 * jobs beside the work (defineJob), and this list is what server/app.ts starts the runner with.
 * A job missing here is never run, only queued.
 */
import { startJobRunner, type JobRunner, type JobRunnerOptions, type SomeJobDefinition } from "#app/jobs/job-queue.server.ts";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { housekeepingJob } from "#app/operations/housekeeping.server.ts";
import { feedRunJob, fetchFirstFxRates, fxRatesJob, queueFeedsJob } from "#app/feed/price-feed-worker.server.ts";
import { leadPricesJob } from "#app/prices/price-upkeep.server.ts";
import { alertJobs, checkAlertsJob, enqueueAlertCheck } from "#app/alerts/alert-jobs.server.ts";
import { onPricesChanged } from "#app/prices/price-changes.server.ts";
import { owedSummariesJob } from "#app/offers/offer-summaries.server.ts";
import { rewriteItemJob } from "#app/ai/jobs.server.ts";
import { getAiEngine } from "#app/ai/service.server.ts";

export const JOB_DEFINITIONS: readonly SomeJobDefinition[] = [
  housekeepingJob,
  fxRatesJob,
  leadPricesJob,
  queueFeedsJob,
  feedRunJob,
  owedSummariesJob,
  rewriteItemJob(getAiEngine),
  ...alertJobs,
];

let stopListening: (() => void) | undefined;

/** Starts this server's runner with every job; stop it before the database closes. */
export async function startJobs(handle: DatabaseHandle, options?: JobRunnerOptions): Promise<JobRunner> {
  const env = getEnv();
  const runner = await startJobRunner(handle, JOB_DEFINITIONS, {
    pollingIntervalSeconds: env.JOB_POLLING_INTERVAL_SECONDS,
    retryDelayMaxSeconds: env.JOB_RETRY_DELAY_MAX_SECONDS,
    ...options,
  });
  await fetchFirstFxRates(undefined, handle.db);
  // The importers and the live prices say when prices changed; the alert check follows (decision 072).
  stopListening ??= onPricesChanged((source) => enqueueAlertCheck(source));
  return {
    ...runner,
    async stop() {
      stopListening?.();
      stopListening = undefined;
      await runner.stop();
    },
  };
}

/**
 * `npm run import` runs without a server's runner: when its import changed prices, this starts a
 * runner that only enqueues (no workers) for as long as it takes to queue the alert check, which
 * a server's runner then does — otherwise a price drop imported from the command line would wait
 * for the daily check (decision 072). Returns the listener's removal.
 */
export function queueAlertChecksWithoutRunner(handle: DatabaseHandle): () => void {
  return onPricesChanged(async () => {
    // The server's cap on backoff: starting a runner writes its queue's settings.
    const runner = await startJobRunner(handle, [checkAlertsJob], {
      work: false,
      retryDelayMaxSeconds: getEnv().JOB_RETRY_DELAY_MAX_SECONDS,
    });
    try {
      await enqueueAlertCheck("import");
    } finally {
      await runner.stop();
    }
  });
}
