/**
 * The one job runner for background work (decision 071): pg-boss 12 on both databases, its own
 * schema `pgboss` beside ours. A feature defines its jobs with `defineJob`, enqueues them with
 * `enqueueJob`, and app/operations/jobs.server.ts lists every definition for the runner that
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
  run: (data: T, job: { id: string; attempt: number }) => Promise<void>;
  /** Retries after the first attempt; default 3, with exponential backoff. */
  retryLimit?: number;
  /** The first retry's delay; each later one doubles it (with jitter). Default 30. */
  retryDelaySeconds?: number;
  /** Cron, in Swedish time: "0 * * * *" is every hour. A scheduled job's data is `{}`. */
  schedule?: string;
  /** How long one attempt may run before it counts as failed (default 15 minutes). */
  expireInSeconds?: number;
  /**
   * "exclusive": at most one queued or running job per `singletonKey` (a second enqueue returns
   * null); jobs without a key share one slot. Default "standard": every enqueue is a job.
   */
  policy?: "standard" | "exclusive";
}

/** Any job definition, whatever its data: what the runner takes a list of. */
export type SomeJobDefinition = Omit<JobDefinition<unknown>, "run"> & {
  run: (data: never, job: { id: string; attempt: number }) => Promise<void>;
};

export const SCHEDULE_TIME_ZONE = "Europe/Stockholm";
const PG_BOSS_SCHEMA = "pgboss";
const DEFAULT_RETRY_LIMIT = 3;
const DEFAULT_RETRY_DELAY_SECONDS = 30;
/** Backoff never waits longer than an hour between two tries. */
const RETRY_DELAY_MAX_SECONDS = 3600;

export function defineJob<T>(def: JobDefinition<T>): JobDefinition<T> {
  return def;
}

export interface JobRunnerOptions {
  /** How often an idle worker asks for work (pg-boss's minimum is 0.5). Default 2. */
  pollingIntervalSeconds?: number;
  /** How often schedules are checked (1–45). Default pg-boss's (30 and 5). */
  cronIntervalSeconds?: number;
  /** Register the handlers (default). Without, the runner only enqueues (a CLI, a test). */
  work?: boolean;
}

export interface JobRunner {
  readonly boss: PgBoss;
  readonly db: Kysely<Database>;
  stop(): Promise<void>;
}

// The runner enqueueJob sends through: the process's own (server/app.ts), or a test's.
let current: JobRunner | undefined;

/** The running runner; enqueueJob and the admin screen use it. */
export function jobRunner(): JobRunner {
  if (!current) throw new Error("The job runner is not started (startJobRunner)");
  return current;
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
  const boss = new PgBoss({
    ...(await connection(handle)),
    schema: PG_BOSS_SCHEMA,
    ...(cron ? { cronWorkerIntervalSeconds: cron, cronMonitorIntervalSeconds: cron } : {}),
  });
  // An unheard 'error' event would end the process; pg-boss reports its background failures here.
  boss.on("error", (error) => log.error("job runner", error));
  await boss.start();
  for (const def of definitions) {
    const queue = queueOptions(def);
    // Creating is a no-op for a queue that exists; the update carries changed retry settings.
    await boss.createQueue(def.name, { ...queue, policy: def.policy ?? "standard" });
    await boss.updateQueue(def.name, queue);
    if (def.schedule) await boss.schedule(def.name, def.schedule, {}, { tz: SCHEDULE_TIME_ZONE });
    else await boss.unschedule(def.name);
    if (options.work === false) continue;
    await boss.work<unknown, void, { batchSize: 1; includeMetadata: true; pollingIntervalSeconds: number }>(
      def.name,
      // One job per fetch: with a batch, one throw would fail (and rerun) its finished partners too.
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
      ([job]: JobWithMetadata<unknown>[]) => runOne(def, job!),
    );
  }
  const runner: JobRunner = {
    boss,
    db: handle.db,
    async stop() {
      if (current === runner) current = undefined;
      // Waits for running handlers (up to 20 s) so none is cut off before the database closes.
      await boss.stop({ graceful: true, close: true, timeout: 20_000 });
    },
  };
  current = runner;
  return runner;
}

async function runOne(def: SomeJobDefinition, job: JobWithMetadata<unknown>): Promise<void> {
  const parsed = def.schema.safeParse(job.data);
  if (!parsed.success) throw new Error(`${def.name}: bad job data: ${parsed.error.message}`);
  try {
    await def.run(parsed.data as never, { id: job.id, attempt: job.retryCount + 1 });
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

function queueOptions(def: SomeJobDefinition) {
  return {
    retryLimit: def.retryLimit ?? DEFAULT_RETRY_LIMIT,
    retryDelay: def.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: RETRY_DELAY_MAX_SECONDS,
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
 * Enqueues a job: its data is checked against the definition first. Inside a transaction pass it
 * as `db`, so the job commits or rolls back with the transaction's rows. Never enqueue inside a
 * transaction without it: on PostgreSQL the job would be sent on its own, and on PGlite it would
 * wait for the connection the transaction holds, forever. Returns the job's id, or null when an
 * "exclusive" queue already has a job for the key.
 */
export async function enqueueJob<T>(
  job: JobDefinition<T>,
  data: T,
  options: { db?: Kysely<Database> | Transaction<Database>; singletonKey?: string; startAfter?: Date | number } = {},
): Promise<string | null> {
  const { boss } = jobRunner();
  const payload = job.schema.parse(data);
  const send: SendOptions = {
    ...queueOptions(job as SomeJobDefinition),
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
    ...(options.db ? { db: fromKysely(options.db) } : {}),
  };
  return boss.send(job.name, (payload ?? {}) as object, send);
}
