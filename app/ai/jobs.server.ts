/**
 * Bulk AI work as jobs in PostgreSQL: "rewrite these hotels' descriptions in Swedish" (a
 * provider translates them; the local engine writes them from the hotels' facts).
 * A job is one row and one item per hotel. Every app server runs a worker that claims a
 * few items at a time with FOR UPDATE SKIP LOCKED and a lease, so servers share the work and
 * never take the same hotel twice; an item whose lease ran out (its server crashed) is
 * claimed again. The job's counters are recounted from its items after every change, so
 * done + failed + waiting always equals the total.
 */
import { sql, type Kysely, type Selectable } from "kysely";
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
  /** Items one worker claims at a time. */
  batch: 4,
  /** How long a claim holds before another worker may take the item again. */
  leaseSeconds: 120,
  /** Attempts per item before it is marked failed. */
  maxAttempts: 3,
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
        return job.id;
      }),
    db,
  );
}

export interface ClaimedItem {
  jobId: string;
  hotelId: string;
  attempts: number;
}

/** Takes up to `batch` waiting items (or items whose lease ran out) for this worker. */
export async function claimItems(batch: number = JOB_LIMITS.batch, db: DB = getAppDatabase().db): Promise<ClaimedItem[]> {
  const { rows } = await sql<{ job_id: string; hotel_id: string; attempts: number }>`
    update ai_job_items i
    set status = 'running',
        attempts = i.attempts + 1,
        locked_until = now() + make_interval(secs => ${JOB_LIMITS.leaseSeconds}),
        updated_at = now()
    from (
      select job_id, hotel_id
      from ai_job_items
      where status = 'pending' or (status = 'running' and locked_until < now())
      order by job_id, hotel_id
      limit ${batch}
      for update skip locked
    ) claimed
    where i.job_id = claimed.job_id and i.hotel_id = claimed.hotel_id
    returning i.job_id, i.hotel_id, i.attempts
  `.execute(db);
  return rows.map((row) => ({ jobId: row.job_id, hotelId: row.hotel_id, attempts: Number(row.attempts) }));
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

async function settle(item: ClaimedItem, status: "done" | "failed" | "pending", error: string | null, db: DB = getAppDatabase().db) {
  await db
    .updateTable("ai_job_items")
    .set({ status, error: error?.slice(0, 500) ?? null, locked_until: null, updated_at: sql`now()` })
    .where("job_id", "=", item.jobId)
    .where("hotel_id", "=", item.hotelId)
    .execute();
}

/** Does one claimed item: writes the hotel's Swedish description and stores it as the rewritten text. */
async function processItem(engine: AiEngine, item: ClaimedItem, db: DB = getAppDatabase().db): Promise<"done" | "failed" | "retry"> {
  let outcome: "done" | "failed" | "retry";
  let error: string | null = null;
  if (item.attempts > JOB_LIMITS.maxAttempts) {
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
        outcome = cause instanceof AiNotSupportedError || item.attempts >= JOB_LIMITS.maxAttempts ? "failed" : "retry";
        log.warn("ai job item failed", { jobId: item.jobId, hotelId: item.hotelId, attempt: item.attempts, error });
      }
    }
  }
  await settle(item, outcome === "retry" ? "pending" : outcome, error, db);
  await recount(item.jobId, db);
  return outcome;
}

/** One round of a worker: claim a batch and do it. Returns how many items were taken. */
export async function runWorkerOnce(engine: AiEngine, batch: number = JOB_LIMITS.batch, db: DB = getAppDatabase().db): Promise<number> {
  const items = await claimItems(batch, db);
  for (const item of items) await processItem(engine, item, db);
  return items.length;
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
 * Puts a job's failed items back in the queue, with fresh attempts; the job runs again until
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
      const result = await trx
        .updateTable("ai_job_items")
        .set({ status: "pending", attempts: 0, error: null, locked_until: null, updated_at: sql`now()` })
        .where("job_id", "=", jobId)
        .where("status", "=", "failed")
        .executeTakeFirst();
      const count = Number(result.numUpdatedRows);
      if (count) await recount(jobId, trx);
      return count;
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

export interface Worker {
  /** Look for work now (after a job was started on this server). */
  kick(): void;
  stop(): void;
}

/**
 * Other batched work the worker does in the same rounds (one loop per app server, not one per
 * kind of work): each call does one batch and says how much it did, 0 when there is none.
 */
export type Chore = (db: DB) => Promise<number>;

/**
 * A worker loop: works while there is work, then looks again every `pollMs`. Runs on every
 * app server; the database decides who does which item. Each round also does one batch of
 * each chore.
 */
export function startWorker(
  engine: () => AiEngine,
  options: { pollMs?: number; chores?: readonly Chore[] } = {},
  db: DB = getAppDatabase().db,
): Worker {
  const pollMs = options.pollMs ?? 3000;
  const chores = options.chores ?? [];
  const round = async () => {
    let done = await runWorkerOnce(engine(), undefined, db);
    for (const chore of chores) done += await chore(db);
    return done;
  };
  let timer: NodeJS.Timeout | undefined;
  let busy = false;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void tick(), pollMs);
    timer.unref();
  };
  async function tick() {
    if (busy || stopped) return;
    busy = true;
    clearTimeout(timer);
    try {
      while (!stopped && (await round()) > 0);
    } catch (error) {
      log.error("ai worker failed", error);
    } finally {
      busy = false;
      schedule();
    }
  }
  schedule();
  return {
    kick: () => void tick(),
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
