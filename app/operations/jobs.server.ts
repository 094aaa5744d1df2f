/**
 * Every kind of background work the job runner does (decision 071): the features define their
 * jobs beside the work (defineJob), and this list is what server/app.ts starts the runner with.
 * A job missing here is never run, only queued.
 */
import { startJobRunner, type JobRunner, type JobRunnerOptions, type SomeJobDefinition } from "#app/jobs/job-queue.server.ts";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { housekeepingJob } from "#app/operations/housekeeping.server.ts";

export const JOB_DEFINITIONS: readonly SomeJobDefinition[] = [housekeepingJob];

/** Starts this server's runner with every job; stop it before the database closes. */
export function startJobs(handle: DatabaseHandle, options?: JobRunnerOptions): Promise<JobRunner> {
  return startJobRunner(handle, JOB_DEFINITIONS, options);
}
