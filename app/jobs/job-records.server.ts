/**
 * What the job runner has done, for /admin/jobs: per queue how many jobs wait, run, wait for a
 * retry and failed or finished in the last day, the jobs that failed or are retrying with their
 * error, and "try again" for a failed one. Read from pg-boss's own tables (schema pgboss) with
 * the app's connection; the one write goes through pg-boss, on the app's connection too, so an
 * administrator's retry lands in the request's write scope and audit entry (decision 048).
 */
import { fromKysely } from "pg-boss";
import { sql, type Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { isUuid } from "#app/utils/uuid.ts";
import { jobRunner } from "./job-queue.server.ts";

type DB = Kysely<Database>;

export interface QueueCounts {
  name: string;
  queued: number;
  active: number;
  retrying: number;
  /** Failed for good in the last 24 hours. */
  failedLastDay: number;
  /** Finished in the last 24 hours. */
  completedLastDay: number;
}

export interface TroubledJob {
  id: string;
  queue: string;
  state: "retry" | "failed";
  /** Tries so far, and how many it gets in all. */
  attempt: number;
  attempts: number;
  error: string;
  /** When a retrying job is tried next; null for a failed one. */
  nextTry: Date | null;
  /** When a failed job failed for good; null for a retrying one. */
  failedAt: Date | null;
}

/** How many failed and retrying jobs the screen lists. */
export const TROUBLED_JOBS_SHOWN = 50;
/** A failed job is listed for a week (pg-boss keeps it two). */
const FAILED_SHOWN_FOR = sql`interval '7 days'`;

/** Every queue of ours (also one without jobs), by name; pg-boss's own (`__pgboss__…`) are its business. */
export async function queueCounts(db: DB = getAppDatabase().db): Promise<QueueCounts[]> {
  const { rows } = await sql<QueueCounts>`
    select q.name,
      count(j.id) filter (where j.state = 'created')::int as queued,
      count(j.id) filter (where j.state = 'active')::int as active,
      count(j.id) filter (where j.state = 'retry')::int as retrying,
      count(j.id) filter (where j.state = 'failed' and j.completed_on > now() - interval '24 hours')::int as "failedLastDay",
      count(j.id) filter (where j.state = 'completed' and j.completed_on > now() - interval '24 hours')::int as "completedLastDay"
    from pgboss.queue q
    left join pgboss.job j on j.name = q.name
    where not starts_with(q.name, '__pgboss__')
    group by q.name
    order by q.name
  `.execute(db);
  return rows;
}

/** The jobs waiting for a retry and those that failed in the last week, the latest first. */
export async function troubledJobs(db: DB = getAppDatabase().db): Promise<TroubledJob[]> {
  const { rows } = await sql<{
    id: string;
    name: string;
    state: "retry" | "failed";
    retry_count: number;
    retry_limit: number;
    error: string | null;
    start_after: Date;
    completed_on: Date | null;
  }>`
    select id, name, state, retry_count, retry_limit, start_after, completed_on,
      coalesce(output ->> 'message', output -> 'value' ->> 'message', output::text) as error
    from pgboss.job
    where state = 'retry' or (state = 'failed' and completed_on > now() - ${FAILED_SHOWN_FOR})
    order by coalesce(completed_on, start_after) desc, id
    limit ${TROUBLED_JOBS_SHOWN}
  `.execute(db);
  return rows.map((row) => ({
    id: row.id,
    queue: row.name,
    state: row.state,
    // A retrying job's count goes up when it is taken again: it has failed retry_count + 1 times.
    attempt: row.retry_count + 1,
    attempts: row.retry_limit + 1,
    error: row.error ?? "",
    nextTry: row.state === "retry" ? new Date(row.start_after) : null,
    failedAt: row.state === "failed" && row.completed_on ? new Date(row.completed_on) : null,
  }));
}

/** Queues a failed job once more (one more try); false when it is not (or no longer) failed. */
export async function retryFailedJob(queue: string, id: string, db: DB = getAppDatabase().db): Promise<boolean> {
  if (!isUuid(id)) return false;
  const known = await sql<{
    id: string;
  }>`select id from pgboss.job where name = ${queue} and id = ${id}::uuid and state = 'failed'`.execute(db);
  if (known.rows.length === 0) return false;
  const result = (await jobRunner().boss.retry(queue, id, { db: fromKysely(db) })) as { affected?: number };
  return (result.affected ?? 1) > 0;
}
