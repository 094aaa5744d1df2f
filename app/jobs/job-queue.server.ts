/**
 * The one job runner for background work (decision 071): pg-boss 12 on both databases, its own
 * schema `pgboss` beside ours. A feature defines its jobs with `defineJob`, enqueues them with
 * `enqueueJob`, and app/operations/job-registry.server.ts lists every definition for the runner that
 * server/app.ts starts. Several app servers share the queue on PostgreSQL; pg-boss claims a job
 * with FOR UPDATE SKIP LOCKED, so one job runs on one server at a time.
 *
 * Jobs run at least once, not exactly once: a server that dies mid-job leaves the job to expire
 * and run again. Handlers are written to be repeated.
 */
import { PgBoss, fromKysely, fromPglite, type Db, type JobWithMetadata, type SendOptions } from "pg-boss";
import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { log } from "#app/utils/log.server.ts";

export interface JobDefinition<T> {
  /** The queue's name, feature first: "alerts.send-confirmation". */
  name: string;
  /** The data is parsed with it before `run`: a bad payload fails the job, not the worker. */
  schema: z.ZodType<T>;
  /** `job.db` is the runner's database (the app's; a test's own). */
  run: (data: T, job: JobContext) => Promise<void>;
  /** Retries after the first attempt; default 3, with exponential backoff. */
  retryLimit?: number;
  /** The first retry's delay; each later one doubles it (with jitter). Default 30. */
  retryDelaySeconds?: number;
  /** Cron, in Swedish time: "0 * * * *" is every hour. A scheduled job's data is `{}`. */
  schedule?: string;
  /** How long one attempt may run before it counts as failed (default 15 minutes). */
  expireInSeconds?: number;
  /**
   * Default "standard": every enqueue is a job. "exclusive": at most one queued or running job per
   * `singletonKey` (a second enqueue returns null). "stately": at most one queued and one running
   * per key, so work asked for while it runs happens once more after. Jobs without a key share one.
   */
  policy?: "standard" | "exclusive" | "stately";
}

/** Any job definition, whatever its data: what the runner takes a list of. */
export type SomeJobDefinition = Omit<JobDefinition<unknown>, "run"> & {
  run: (data: never, job: JobContext) => Promise<void>;
};

export interface JobContext {
  id: string;
  attempt: number;
  db: Kysely<Database>;
}

export const SCHEDULE_TIME_ZONE = "Europe/Stockholm";
const PG_BOSS_SCHEMA = "pgboss";
const DEFAULT_RETRY_LIMIT = 3;
const DEFAULT_RETRY_DELAY_SECONDS = 30;
/** Backoff never waits longer than an hour between two tries (JOB_RETRY_DELAY_MAX_SECONDS). */
const DEFAULT_RETRY_DELAY_MAX_SECONDS = 3600;
const DEFAULT_POLLING_INTERVAL_SECONDS = 2;

export function defineJob<T>(def: JobDefinition<T>): JobDefinition<T> {
  return def;
}

export interface JobRunnerOptions {
  /** How often an idle worker asks for work (pg-boss's minimum is 0.5). Default 2. */
  pollingIntervalSeconds?: number;
  /**
   * The longest wait between two tries of a job, whatever its queue's delay and backoff say.
   * Default an hour; the tests' runners take 1, so that a retry is not waited for.
   */
  retryDelayMaxSeconds?: number;
  /** How often schedules are checked (1–45). Default pg-boss's (30 and 5). */
  cronIntervalSeconds?: number;
  /** Register the handlers (default). Without, the runner only enqueues (a CLI, a test). */
  work?: boolean;
}

export interface JobRunner {
  readonly boss: PgBoss;
  readonly db: Kysely<Database>;
  /** The cap on the backoff (JobRunnerOptions.retryDelayMaxSeconds), for the jobs it enqueues too. */
  readonly retryDelayMaxSeconds: number;
  /** Stops this server from taking a queue's jobs (they wait in the queue), until `resume`. */
  pause(name: string): Promise<void>;
  resume(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** What enqueuing needs of a definition: its name, its data's schema and its retry settings. */
export type JobQueueSpec<T> = Pick<JobDefinition<T>, "name" | "schema" | "retryLimit" | "retryDelaySeconds" | "expireInSeconds">;

// The runner enqueueJob sends through: the process's own (server/app.ts), or a test's.
let current: { runner: JobRunner; readonly stopped: boolean } | undefined;

/** The running runner; enqueueJob and the admin screen use it. */
export function jobRunner(): JobRunner {
  if (!current) throw new Error("The job runner is not started (startJobRunner)");
  return current.runner;
}

/**
 * Starts pg-boss on the database (migrating its schema on first start), creates a queue per
 * definition, its schedule if it has one, and a worker per queue. Stop it before closing the
 * database.
 */
export async function startJobRunner(
  handle: Pick<DatabaseHandle, "db" | "driver" | "databaseUrl" | "embedded">,
  definitions: readonly SomeJobDefinition[],
  options: JobRunnerOptions = {},
): Promise<JobRunner> {
  const cron = options.cronIntervalSeconds;
  const retryDelayMaxSeconds = options.retryDelayMaxSeconds ?? DEFAULT_RETRY_DELAY_MAX_SECONDS;
  const boss = new PgBoss({
    ...(await connection(handle)),
    schema: PG_BOSS_SCHEMA,
    ...(cron ? { cronWorkerIntervalSeconds: cron, cronMonitorIntervalSeconds: cron } : {}),
  });
  // An unheard 'error' event would end the process; pg-boss reports its background failures here.
  boss.on("error", (error) => log.error("job runner", error));
  await boss.start();
  const workers = new Map<string, () => Promise<string>>();
  for (const def of definitions) {
    const queue = queueOptions(def, retryDelayMaxSeconds);
    // Creating is a no-op for a queue that exists; the update carries changed retry settings.
    await boss.createQueue(def.name, { ...queue, policy: def.policy ?? "standard" });
    await boss.updateQueue(def.name, queue);
    if (def.schedule) await boss.schedule(def.name, def.schedule, {}, { tz: SCHEDULE_TIME_ZONE });
    else await boss.unschedule(def.name);
    if (options.work === false) continue;
    const work = () =>
      boss.work<unknown, void, { batchSize: 1; includeMetadata: true; pollingIntervalSeconds: number }>(
        def.name,
        // One job per fetch: with a batch, one throw would fail (and rerun) its finished partners too.
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? DEFAULT_POLLING_INTERVAL_SECONDS },
        ([job]: JobWithMetadata<unknown>[]) => runOne(def, job!, handle.db),
      );
    workers.set(def.name, work);
    await work();
  }
  // A second runner in one process (a test's two "servers") hands enqueueJob back when it stops.
  const previous = current;
  let stopped = false;
  const runner: JobRunner = {
    boss,
    db: handle.db,
    retryDelayMaxSeconds,
    pause: (name) => boss.offWork(name, { wait: true }),
    async resume(name) {
      const work = workers.get(name);
      if (!work) throw new Error(`The job runner has no worker for ${name}`);
      await work();
    },
    async stop() {
      stopped = true;
      if (current?.runner === runner) current = previous && !previous.stopped ? previous : undefined;
      // Waits a little for running handlers (server/main.ts ends the process 10 s after SIGTERM);
      // a job cut off is tried again once it expires.
      await boss.stop({ graceful: true, close: true, timeout: 5_000 });
    },
  };
  current = {
    runner,
    get stopped() {
      return stopped;
    },
  };
  return runner;
}

async function runOne(def: SomeJobDefinition, job: JobWithMetadata<unknown>, db: Kysely<Database>): Promise<void> {
  const parsed = def.schema.safeParse(job.data);
  if (!parsed.success) throw new Error(`${def.name}: bad job data: ${parsed.error.message}`);
  try {
    await def.run(parsed.data as never, { id: job.id, attempt: job.retryCount + 1, db });
  } catch (error) {
    log.warn("job failed", {
      queue: def.name,
      id: job.id,
      attempt: job.retryCount + 1,
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}

// A job carries its retry settings from when it was sent (pg-boss copies them into the row), so
// enqueueing takes the runner's cap too, not only the queue.
function queueOptions(def: Omit<JobQueueSpec<unknown>, "schema">, retryDelayMaxSeconds: number) {
  return {
    retryLimit: def.retryLimit ?? DEFAULT_RETRY_LIMIT,
    retryDelay: def.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: retryDelayMaxSeconds,
    ...(def.expireInSeconds ? { expireInSeconds: def.expireInSeconds } : {}),
  };
}

/**
 * PostgreSQL: pg-boss's own small pool (and a name in pg_stat_activity), so a long job never
 * waits behind the site's requests for a connection. PGlite: the app's one connection, every
 * statement through the driver's queue — a direct call would run inside whatever transaction
 * holds the connection and be rolled back with it (decision 071).
 */
async function connection(handle: Pick<DatabaseHandle, "db" | "driver" | "databaseUrl" | "embedded">) {
  if (handle.driver === "postgres") {
    if (!handle.databaseUrl) throw new Error("The job runner needs the database's URL");
    return { connectionString: handle.databaseUrl, max: 3, application_name: "hotellguiden-jobs" };
  }
  if (!handle.embedded) throw new Error("The job runner needs the embedded database's instance");
  const direct = fromPglite(await handle.embedded());
  const queued: Db = {
    executeSql: (text, values) => handle.db.connection().execute(() => direct.executeSql(text, values)),
  };
  return { db: queued, backend: "pglite" as const };
}

/**
 * Enqueues a job: its data is checked against the definition first. The job is written on the
 * app's own connection (`db`, by default the runner's database), so in an administrator's write
 * scope it commits with the request's rows and audit entry. Inside a transaction pass it as `db`,
 * so the job commits or rolls back with the transaction: without it, PostgreSQL would send the job
 * on its own, and PGlite would wait for the connection the transaction holds, forever. Returns
 * the job's id, or null when an "exclusive" queue already has a job for the key. `startAfter`: a
 * time, or a number of seconds from now.
 */
export async function enqueueJob<T>(
  job: JobQueueSpec<T>,
  data: T,
  options: { db?: Kysely<Database> | Transaction<Database>; singletonKey?: string; startAfter?: Date | number } = {},
): Promise<string | null> {
  const runner = jobRunner();
  const payload = job.schema.parse(data);
  const send: SendOptions = {
    ...queueOptions(job, runner.retryDelayMaxSeconds),
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
    db: fromKysely(options.db ?? runner.db),
  };
  return runner.boss.send(job.name, (payload ?? {}) as object, send);
}

/**
 * Enqueues many jobs of one queue in one statement (a bulk AI rewrite's thousands of hotels),
 * each checked first; the same rule as enqueueJob: inside a transaction, pass it as `db`.
 */
export async function enqueueJobs<T>(
  job: JobQueueSpec<T>,
  data: readonly T[],
  options: { db?: Kysely<Database> | Transaction<Database> } = {},
): Promise<void> {
  const runner = jobRunner();
  const settings = queueOptions(job, runner.retryDelayMaxSeconds);
  const jobs = data.map((one) => ({ ...settings, data: (job.schema.parse(one) ?? {}) as object }));
  if (jobs.length) await runner.boss.insert(job.name, jobs, { db: fromKysely(options.db ?? runner.db) });
}
