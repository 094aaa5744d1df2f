import fs from "node:fs";
import path from "node:path";
import { PGlite, types as pgliteTypes } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { Kysely, PostgresDialect, sql, type LogEvent } from "kysely";
import pg from "pg";
import { PGliteDialect } from "./pglite-dialect.server.ts";
import { withWriteScopes } from "./write-scope.server.ts";
import type { Database } from "./schema.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { isConnectionError as isDatabaseDownError, isStatementTimeout, noteQueryError } from "./health.server.ts";
import { recordQuery } from "#app/utils/request-metrics.server.ts";
import { log } from "#app/utils/log.server.ts";
import { CHANGE_CHANNEL } from "./change-notices.server.ts";
import { noteStatement } from "./catalogue-writes.server.ts";
import { dropKeptCopies } from "#app/utils/catalogue-cache.server.ts";

export type DriverName = "postgres" | "pglite";

export interface DatabaseHandle {
  db: Kysely<Database>;
  driver: DriverName;
  /** The postgres:// URL (PostgreSQL only): the job runner opens its own small pool on it. */
  databaseUrl?: string;
  /**
   * The embedded PGlite instance, opened if need be (PGlite only). Only for the job runner, which
   * sends every statement through the driver's queue (app/jobs/job-queue.server.ts): a direct
   * call would land inside whatever transaction holds the one connection.
   */
  embedded?: () => Promise<PGlite>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL. Without it the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; `null` keeps them in memory (tests). */
  dataDir?: string | null;
  poolMax?: number;
  statementTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** Sees every query's outcome (the app's request metrics and database health). */
  onQuery?: (event: LogEvent) => void;
  /** Sees every failure to get a connection, which never reaches onQuery. */
  onConnectError?: (error: unknown, context: { poolExhausted: boolean }) => void;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * Counts (int8) and decimals (numeric) come back as numbers on both drivers, so code and
 * tests never see '12' from one and 12 from the other.
 */
const toNumber = (value: string) => Number(value);

/** Every statement's outcome: a catalogue write drops this process's copies at once, then the caller's own log. */
function queryLog(options: OpenDatabaseOptions): (event: LogEvent) => void {
  const { onQuery } = options;
  return (event) => {
    if (event.level === "query") noteStatement(event.query.sql);
    onQuery?.(event);
  };
}

/** Connects lazily: nothing is opened until the first query. */
export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  return options.databaseUrl ? openPostgres(options) : openPglite(options);
}

function openPostgres(options: OpenDatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolMax ?? 10,
    statement_timeout: options.statementTimeoutMs ?? 10_000,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    idleTimeoutMillis: 30_000,
    application_name: "hotellguiden",
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === INT8_OID || oid === NUMERIC_OID ? toNumber : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  const { onConnectError } = options;
  if (onConnectError) {
    const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
    const max = options.poolMax ?? 10;
    pool.connect = (async () => {
      // Waiting behind `max` busy connections is overload, not an unreachable server.
      const exhausted = pool.totalCount >= max && pool.idleCount === 0;
      try {
        return await connect();
      } catch (error) {
        onConnectError(error, { poolExhausted: exhausted });
        throw error;
      }
    }) as typeof pool.connect;
  }
  // A connection that loses its server must not crash the process: the pool reports idle ones,
  // and a checked-out one (between the statements of a transaction) reports on itself, where
  // nobody would listen otherwise. Its query fails; the next request gets a new connection.
  const lost = (error: Error) => console.error(JSON.stringify({ level: "error", msg: "postgres connection lost", error: error.message }));
  pool.on("error", lost);
  pool.on("connect", (client) => client.on("error", lost));
  const db = new Kysely<Database>({
    dialect: withWriteScopes(new PostgresDialect({ pool })),
    log: queryLog(options),
  });
  return {
    db,
    driver: "postgres",
    databaseUrl: options.databaseUrl,
    ping: () => ping(undefined, db),
    close: () => db.destroy(),
  };
}

function openPglite(options: OpenDatabaseOptions): DatabaseHandle {
  const dataDir = options.dataDir === null ? null : path.resolve(options.dataDir ?? "./data", "pglite");
  let releaseLock = () => {};
  let instance: PGlite | undefined;
  const db = new Kysely<Database>({
    log: queryLog(options),
    dialect: withWriteScopes(
      new PGliteDialect({
        async open() {
          if (dataDir) releaseLock = acquireDataDirLock(dataDir);
          try {
            const pglite = await PGlite.create({
              ...(dataDir ? { dataDir } : {}),
              extensions: { pg_trgm, unaccent },
              parsers: { [pgliteTypes.INT8]: toNumber, [pgliteTypes.NUMERIC]: toNumber },
            });
            // The catalogue tables' triggers notify at commit (decision 063); the embedded
            // database is this process's alone, so its own notices are the only ones.
            await pglite.listen(CHANGE_CHANNEL, () => dropKeptCopies());
            instance = pglite;
            return pglite;
          } catch (error) {
            releaseLock();
            throw error;
          }
        },
        onClose: () => releaseLock(),
      }),
    ),
  });
  const embedded = async () => {
    if (!instance) await sql`select 1`.execute(db); // the driver opens PGlite on its first query
    return instance!;
  };
  return { db, driver: "pglite", embedded, ping: () => ping(undefined, db), close: () => db.destroy() };
}

/** True when the database answers within `timeoutMs` (a health check must answer quickly). */
async function ping(timeoutMs = 2_000, db: Kysely<Database> = getAppDatabase().db): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([sql`select 1`.execute(db).then(() => true), timedOut]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

/**
 * The embedded database belongs to one process. A second process (a CLI run while the
 * server is up) stops here with a clear message instead of corrupting the files.
 */
function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(path.dirname(dataDir), "pglite.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        try {
          if (fs.readFileSync(lockFile, "utf8") === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // Already gone.
        }
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockFile, "utf8"));
      if (owner && owner !== process.pid && isRunning(owner)) {
        throw new DataDirLockedError(
          `The embedded database in ${path.dirname(dataDir)} is in use by process ${owner} (probably the running server). ` +
            "Stop that process first, or set DATABASE_URL to use a PostgreSQL server that several processes can share.",
        );
      }
      fs.rmSync(lockFile, { force: true }); // Left behind by a process that no longer runs.
    }
  }
  throw new DataDirLockedError(`Could not lock the embedded database in ${path.dirname(dataDir)}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface AppDatabaseSettings {
  DATABASE_URL?: string;
  DATA_DIR: string;
  DB_POOL_MAX: number;
  DB_STATEMENT_TIMEOUT_MS: number;
  DB_CONNECT_TIMEOUT_MS: number;
  DB_SLOW_QUERY_MS: number;
}

const globalForDb = globalThis as typeof globalThis & { __hotellguidenDb?: DatabaseHandle };

/**
 * The process-wide database of the running app. Kept on globalThis so the dev server's
 * module reloads reuse one connection instead of opening the embedded files twice.
 */
export function getAppDatabase(settings: AppDatabaseSettings = getEnv()): DatabaseHandle {
  if (globalForDb.__hotellguidenDb) return globalForDb.__hotellguidenDb;
  const handle: DatabaseHandle = openDatabase({
    databaseUrl: settings.DATABASE_URL,
    dataDir: settings.DATA_DIR,
    poolMax: settings.DB_POOL_MAX,
    statementTimeoutMs: settings.DB_STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: settings.DB_CONNECT_TIMEOUT_MS,
    onConnectError(error, { poolExhausted }) {
      // Overload fails this request (503) but is no reason to turn every visitor away.
      if (!poolExhausted) noteQueryError(error, () => handle.ping());
      recordQuery(0, true);
    },
    onQuery(event) {
      if (event.level === "error") {
        const unavailable = isStatementTimeout(event.error);
        noteQueryError(event.error, () => handle.ping());
        recordQuery(event.queryDurationMillis, unavailable || isDatabaseDownError(event.error));
        if (unavailable)
          log.warn("query cancelled by the statement timeout", {
            sql: event.query.sql.slice(0, 300),
            ms: Math.round(event.queryDurationMillis),
          });
        return;
      }
      recordQuery(event.queryDurationMillis);
      // The SQL text only, never the parameters (they may hold e-mail addresses or hashes).
      if (event.queryDurationMillis > settings.DB_SLOW_QUERY_MS)
        log.warn("slow query", { sql: event.query.sql.slice(0, 300), ms: Math.round(event.queryDurationMillis) });
    },
  });
  globalForDb.__hotellguidenDb = handle;
  return handle;
}

/** Closes the app's database (graceful shutdown, end of a CLI run). */
export async function closeAppDatabase(): Promise<void> {
  const handle = globalForDb.__hotellguidenDb;
  globalForDb.__hotellguidenDb = undefined;
  await handle?.close();
}
