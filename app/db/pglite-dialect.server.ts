import type { PGlite } from "@electric-sql/pglite";
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from "kysely";

/**
 * Kysely dialect for the embedded PGlite database. PGlite is one connection, so the
 * driver hands it to one user at a time: a transaction holds it until commit or rollback,
 * and queries from other requests wait instead of landing inside that transaction.
 */
export interface PGliteDialectConfig {
  /** Opens the database; called once, on the first query (PGlite starts asynchronously). */
  open: () => Promise<PGlite>;
  /** Called after the database is closed by `Kysely.destroy()`. */
  onClose?: () => void;
}

export class PGliteDialect implements Dialect {
  readonly #config: PGliteDialectConfig;
  constructor(config: PGliteDialectConfig) {
    this.#config = config;
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#config);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  readonly #config: PGliteDialectConfig;
  #pglite: PGlite | undefined;
  #connection: PGliteConnection | undefined;
  #queue: Promise<void> = Promise.resolve();

  constructor(config: PGliteDialectConfig) {
    this.#config = config;
  }

  async init() {
    this.#pglite = await this.#config.open();
    this.#connection = new PGliteConnection(this.#pglite);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.#queue;
    this.#queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    const connection = this.#connection!;
    connection.release = release;
    return connection;
  }

  async releaseConnection(connection: DatabaseConnection) {
    (connection as PGliteConnection).release();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : "";
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async destroy() {
    await this.#pglite?.close();
    this.#config.onClose?.();
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  release: () => void = () => {};

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // Like node-postgres, a query without parameters goes through the simple protocol,
    // so migration files with several statements run as one script.
    if (compiled.parameters.length === 0) {
      const results = await this.#pglite.exec(compiled.sql);
      const last = results.at(-1);
      return {
        rows: (last?.rows ?? []) as R[],
        numAffectedRows: last?.affectedRows !== undefined ? BigInt(last.affectedRows) : undefined,
      };
    }
    const result = await this.#pglite.query<R>(compiled.sql, [...compiled.parameters]);
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows !== undefined ? BigInt(result.affectedRows) : undefined,
    };
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming queries are not supported by the PGlite driver");
  }
}
