/**
 * Bulk AI work: "rewrite these hotels' descriptions in Swedish" (a provider translates them;
 * the local engine writes them from the hotels' facts). A rewrite job is one ai_jobs row and
 * one ai_job_items row per hotel: the record the progress page reads. The work itself is the
 * job runner's (decision 071): one `ai.rewrite-item` runner job per item, enqueued in the
 * transaction that writes the items, so servers share the work and a hotel is done by one of
 * them at a time; a server that dies mid-item leaves its runner job to expire and run again.
 * The job's counters are recounted from its items after every change, so done + failed +
 * waiting always equals the total.
 */
import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import { z } from "zod";
import { defineJob, enqueueJobs } from "#app/jobs/job-queue.server.ts";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { AiJobsTable, Database } from "#app/db/schema.ts";
import { isUuid } from "#app/utils/uuid.ts";
import { href } from "react-router";
import { adminDateTime } from "#app/utils/format.ts";
import { log } from "#app/utils/log.server.ts";
import { findHotelText } from "#app/hotels/hotel-detail.server.ts";
import { AiNotSupportedError, hotelTextOf, type AiEngine } from "./engine.server.ts";

type DB = Kysely<Database>;

const JOB_LIMITS = {
  /** Attempts per item before it is marked failed. */
  maxAttempts: 3,
  /** A provider's hiccup is tried again after this, then twice as long (the runner's backoff). */
  retryDelaySeconds: 5,
  /** Hotels in one job. */
  maxItems: 5000,
} as const;

export const NO_DESCRIPTION = "No description to translate";

export interface JobProgress {
  id: string;
  kind: "rewrite";
  status: "running" | "finished";
  total: number;
  done: number;
  failed: number;
  createdBy: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  /** Failed hotels by name (the first 100), with why. */
  failures: { hotelId: string; name: string | null; error: string }[];
}

/**
 * Another job of the kind is running: one at a time (the index ai_jobs_one_running_per_kind),
 * so a second "rewrite all" cannot pay the provider for the same hotels twice. The message
 * names the running job: who started it, when, and how far it has come.
 */
export class JobAlreadyRunningError extends Error {
  readonly job: JobSummary;
  constructor(job: JobSummary) {
    const by = job.createdBy ? ` by ${job.createdBy}` : "";
    super(
      `Another rewrite job is still running: started ${adminDateTime.format(job.createdAt)}${by}, ${job.done + job.failed} of ${job.total} hotels done (${href("/admin/jobs/:id", { id: job.id })}). Wait until it has finished, then start this one again.`,
    );
    this.name = "JobAlreadyRunningError";
    this.job = job;
  }
}

const ONE_RUNNING_PER_KIND = "ai_jobs_one_running_per_kind";
const isOneRunningViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { constraint?: unknown }).constraint === ONE_RUNNING_PER_KIND;

/** The job of this kind that is running, if any. */
export async function runningJob(kind: JobSummary["kind"], db: DB = getAppDatabase().db): Promise<JobSummary | null> {
  const job = await db.selectFrom("ai_jobs").selectAll().where("kind", "=", kind).where("status", "=", "running").executeTakeFirst();
  return job ? summaryOf(job) : null;
}

/**
 * Runs `write`, which makes a job of `kind` run; when one already runs (seen first, or found by
 * the index when two posts race), throws JobAlreadyRunningError naming it instead.
 */
async function oneRunning<T>(kind: JobSummary["kind"], write: () => Promise<T>, db: DB = getAppDatabase().db): Promise<T> {
  const running = await runningJob(kind, db);
  if (running) throw new JobAlreadyRunningError(running);
  try {
    return await write();
  } catch (error) {
    if (!isOneRunningViolation(error)) throw error;
    const winner = await runningJob(kind, db);
    // The other job finished between the two looks: this post may try again.
    if (!winner) throw error;
    throw new JobAlreadyRunningError(winner);
  }
}

/**
 * Starts a job over the given hotels (unknown ids are skipped); returns its id, or null when none
 * exist. Throws JobAlreadyRunningError while another rewrite job runs.
 */
export async function startRewriteJob(
  hotelIds: readonly string[],
  createdBy: string | null,
  db: DB = getAppDatabase().db,
): Promise<string | null> {
  const wanted = [...new Set(hotelIds.map((id) => id.trim()).filter(Boolean))].slice(0, JOB_LIMITS.maxItems);
  if (wanted.length === 0) return null;
  return oneRunning(
    "rewrite",
    () =>
      db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom("hotels").select("hotel_id").where("hotel_id", "in", wanted).execute();
        if (existing.length === 0) return null;
        const job = await trx
          .insertInto("ai_jobs")
          .values({ kind: "rewrite", total: existing.length, created_by: createdBy })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("ai_job_items")
          .values(existing.map((row) => ({ job_id: job.id, hotel_id: row.hotel_id })))
          .execute();
        await enqueueItems(
          job.id,
          existing.map((row) => row.hotel_id),
          trx,
        );
        return job.id;
      }),
    db,
  );
}

const rewriteItemData = z.object({ jobId: z.uuid(), hotelId: z.string().min(1) });
type RewriteItem = z.infer<typeof rewriteItemData>;

/** The queue's settings; the work is given the engine by `rewriteItemJob`. */
const REWRITE_ITEM = {
  name: "ai.rewrite-item",
  schema: rewriteItemData,
  // The item's own attempts decide when it has failed; the runner's retries only carry them out.
  retryLimit: JOB_LIMITS.maxAttempts,
  retryDelaySeconds: JOB_LIMITS.retryDelaySeconds,
  // A provider answers within its timeout (AI_TIMEOUT_MS); past this the server is gone.
  expireInSeconds: 300,
} as const;

/**
 * The runner's job for one hotel of a rewrite job, with the engine it writes with (the
 * configured one in app/operations/job-registry.server.ts, a stand-in in a test).
 */
export const rewriteItemJob = (engine: () => AiEngine) =>
  defineJob({ ...REWRITE_ITEM, run: (item: RewriteItem, job) => rewriteItem(engine(), item, job.db) });

/** One runner job per hotel, in the caller's transaction: the items and their jobs commit together. */
function enqueueItems(jobId: string, hotelIds: readonly string[], trx: Transaction<Database>) {
  return enqueueJobs(
    REWRITE_ITEM,
    hotelIds.map((hotelId) => ({ jobId, hotelId })),
    { db: trx },
  );
}

/** Recounts a job from its items and finishes it when nothing is left to do. */
async function recount(jobId: string, db: DB = getAppDatabase().db): Promise<void> {
  await sql`
    update ai_jobs j
    set done = c.done, failed = c.failed, updated_at = now(),
        status = case when c.open = 0 then 'finished' else 'running' end,
        finished_at = case when c.open = 0 then coalesce(j.finished_at, now()) else null end
    from (
      select count(*) filter (where status = 'done')::int as done,
             count(*) filter (where status = 'failed')::int as failed,
             count(*) filter (where status in ('pending', 'running'))::int as open
      from ai_job_items where job_id = ${jobId}
    ) c
    where j.id = ${jobId}
  `.execute(db);
}

async function settle(item: RewriteItem, status: "done" | "failed" | "pending", error: string | null, db: DB) {
  await db
    .updateTable("ai_job_items")
    .set({ status, error: error?.slice(0, 500) ?? null, updated_at: sql`now()` })
    .where("job_id", "=", item.jobId)
    .where("hotel_id", "=", item.hotelId)
    .execute();
}

/**
 * Marks the item started (one more attempt) and returns that attempt's number, or null when
 * the item has nothing left to do: done, failed, or gone with its job. A runner job that runs
 * again (its server died) finds the item still running and takes it on.
 */
async function startItem(item: RewriteItem, db: DB): Promise<number | null> {
  const row = await db
    .updateTable("ai_job_items")
    .set({ status: "running", attempts: sql`attempts + 1`, updated_at: sql`now()` })
    .where("job_id", "=", item.jobId)
    .where("hotel_id", "=", item.hotelId)
    .where("status", "in", ["pending", "running"])
    .returning("attempts")
    .executeTakeFirst();
  return row ? Number(row.attempts) : null;
}

/**
 * Does one item: writes the hotel's Swedish description and stores it as the rewritten text.
 * A failure that may pass (a provider's hiccup) puts the item back to waiting and throws, so the
 * runner tries again after its backoff; a last or hopeless failure is recorded on the item and
 * the runner job ends well: the progress page, not the runner, reports the hotel.
 */
async function rewriteItem(engine: AiEngine, item: RewriteItem, db: DB): Promise<void> {
  const attempt = await startItem(item, db);
  if (attempt === null) return;
  let outcome: "done" | "failed" | "retry";
  let error: string | null = null;
  if (attempt > JOB_LIMITS.maxAttempts) {
    outcome = "failed";
    error = `Gave up after ${JOB_LIMITS.maxAttempts} attempts`;
  } else {
    const hotel = await findHotelText(item.hotelId, db);
    if (!hotel) {
      outcome = "failed";
      error = "The hotel no longer exists";
    } else if (engine.canTranslate && !hotel.description?.trim()) {
      // A translation needs an original; the local engine writes from the facts alone.
      outcome = "failed";
      error = NO_DESCRIPTION;
    } else {
      try {
        const swedish = await engine.translateToSwedish(hotelTextOf(hotel));
        await db
          .updateTable("hotels")
          .set({ rewritten_text: swedish, updated_at: sql`now()` })
          .where("hotel_id", "=", item.hotelId)
          .execute();
        outcome = "done";
      } catch (cause) {
        error = cause instanceof Error ? cause.message : String(cause);
        // An engine that cannot do this never will; a provider's hiccup may pass.
        outcome = cause instanceof AiNotSupportedError || attempt >= JOB_LIMITS.maxAttempts ? "failed" : "retry";
        log.warn("ai job item failed", { jobId: item.jobId, hotelId: item.hotelId, attempt, error });
      }
    }
  }
  await settle(item, outcome === "retry" ? "pending" : outcome, error, db);
  await recount(item.jobId, db);
  if (outcome === "retry") throw new Error(`Rewrite of ${item.hotelId} failed (attempt ${attempt}): ${error}`);
}

export async function jobProgress(id: string, db: DB = getAppDatabase().db): Promise<JobProgress | null> {
  if (!isUuid(id)) return null;
  const job = await db.selectFrom("ai_jobs").selectAll().where("id", "=", id).executeTakeFirst();
  if (!job) return null;
  const failures = await db
    .selectFrom("ai_job_items as i")
    .leftJoin("hotels as h", "h.hotel_id", "i.hotel_id")
    .select(["i.hotel_id", "i.error", "h.name"])
    .where("i.job_id", "=", id)
    .where("i.status", "=", "failed")
    .orderBy("i.hotel_id")
    .limit(100)
    .execute();
  return {
    ...summaryOf(job),
    failures: failures.map((row) => ({ hotelId: row.hotel_id, name: row.name?.trim() || null, error: row.error ?? "" })),
  };
}

export type JobSummary = Omit<JobProgress, "failures">;

const summaryOf = (job: Selectable<AiJobsTable>): JobSummary => ({
  id: job.id,
  kind: job.kind,
  status: job.status,
  total: job.total,
  done: job.done,
  failed: job.failed,
  createdBy: job.created_by,
  createdAt: job.created_at,
  finishedAt: job.finished_at,
});

/** Jobs per page of the list. */
export const JOBS_PER_PAGE = 25;

/** A page of past jobs, newest first (the created_at index), and how many there are. */
export async function listJobs(page: number, db: DB = getAppDatabase().db): Promise<{ jobs: JobSummary[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("ai_jobs")
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(JOBS_PER_PAGE)
      .offset((page - 1) * JOBS_PER_PAGE)
      .execute(),
    db
      .selectFrom("ai_jobs")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { total: count.n, jobs: rows.map(summaryOf) };
}

/**
 * Puts a job's failed items back in the queue, with fresh attempts and a runner job each; the job runs again until
 * they are done or fail anew. Returns how many items were put back (0 for an unknown job).
 * A finished job runs again, so this throws JobAlreadyRunningError while another job runs.
 */
export async function retryFailedItems(jobId: string, db: DB = getAppDatabase().db): Promise<number> {
  if (!isUuid(jobId)) return 0;
  const job = await db.selectFrom("ai_jobs").select(["kind", "status"]).where("id", "=", jobId).executeTakeFirst();
  if (!job) return 0;
  const requeue = () =>
    // One transaction: items are never waiting in a job the index kept from running.
    db.transaction().execute(async (trx) => {
      const requeued = await trx
        .updateTable("ai_job_items")
        .set({ status: "pending", attempts: 0, error: null, updated_at: sql`now()` })
        .where("job_id", "=", jobId)
        .where("status", "=", "failed")
        .returning("hotel_id")
        .execute();
      if (requeued.length) {
        await recount(jobId, trx);
        await enqueueItems(
          jobId,
          requeued.map((row) => row.hotel_id),
          trx,
        );
      }
      return requeued.length;
    });
  if (job.status === "running") return requeue();
  const hasFailed = await db
    .selectFrom("ai_job_items")
    .select("hotel_id")
    .where("job_id", "=", jobId)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return hasFailed ? oneRunning(job.kind, requeue, db) : 0;
}
