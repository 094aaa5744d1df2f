/**
 * A write scope: every statement that a piece of work (one admin request) sends to the
 * database after its first write runs in one transaction, which begins with a guard (the
 * administrator's role, re-read under a lock) and ends when the work says so. The work's code
 * is unchanged: the database's driver sees the scope through AsyncLocalStorage, so the data
 * modules' own `db` (getAppDatabase) lands in the transaction, and their own transactions
 * become savepoints in it. Decision 048.
 *
 * - Reads before the first write run on a connection of their own, as without a scope: a
 *   screen that asks an AI provider before it writes holds no transaction (nor PGlite's only
 *   connection) while it waits.
 * - Inside the transaction, statements of the scope take turns on its one connection, like
 *   PGlite's: a savepoint of one is never released by another.
 * - Every statement outside a nested transaction runs in a savepoint of its own, so a failed
 *   one that the work catches (a taken name) undoes itself only, as it did on its own.
 * - Once ended, the scope is gone: work it started in the background (a job worker woken by
 *   the request) queries on its own connections again.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { dropKeptCopies } from "#app/utils/catalogue-cache.server.ts";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type OperationNode,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from "kysely";

/** Runs first in the transaction, on its connection; throws to refuse every write of the scope. */
export type WriteGuard = (execute: (query: CompiledQuery) => Promise<QueryResult<unknown>>) => Promise<void>;

const scopes = new AsyncLocalStorage<WriteScope>();

type Execute = DatabaseConnection["executeQuery"];

/** Mutual exclusion in promise order (the scope's connection is one user's at a time). */
class Turns {
  #last: Promise<void> = Promise.resolve();
  async take(): Promise<() => void> {
    let release!: () => void;
    const previous = this.#last;
    this.#last = new Promise<void>((resolve) => (release = resolve));
    await previous;
    return release;
  }
}

interface OpenTransaction {
  driver: WriteScopeDriver;
  connection: DatabaseConnection;
}

export class WriteScope {
  readonly #guard: WriteGuard;
  readonly #turns = new Turns();
  #transaction: OpenTransaction | null = null;
  #beginning: Promise<OpenTransaction> | null = null;
  #ended = false;
  /** What waits for the commit (afterCommit). */
  readonly committed: Array<() => void> = [];
  #refusal: unknown = null;
  /** Nesting of the transactions of the scope's code (savepoints), and a name counter. */
  depth = 0;
  #savepoints = 0;

  constructor(guard: WriteGuard) {
    this.#guard = guard;
  }

  /** Runs `work` in the scope: its writes (and everything after the first) go in the transaction. */
  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#ended) throw new Error("write scope already ended");
    return scopes.run(this, work);
  }

  /** The guard's error when it refused: nothing of the scope was written. */
  get refusal(): unknown {
    return this.#refusal;
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** Whether a write began the transaction (and the guard let it). */
  get began(): boolean {
    return this.#transaction !== null;
  }

  /** Commits (or rolls back) once the statements in progress are done; the scope is gone after. */
  async end(outcome: "commit" | "rollback"): Promise<void> {
    await this.#close(outcome);
    if (outcome === "commit") for (const work of this.committed.splice(0)) scopes.exit(work);
  }

  async #close(outcome: "commit" | "rollback"): Promise<void> {
    const release = await this.#turns.take();
    this.#ended = true;
    try {
      const open = this.#transaction ?? (this.#beginning ? await this.#beginning.catch(() => null) : null);
      this.#transaction = null;
      if (!open) return;
      const execute = rawExecute(open.connection);
      try {
        await execute.call(open.connection, CompiledQuery.raw(outcome));
        // Its writes dropped this process's copies as they ran, but a page rendered before the
        // commit showed the old rows; the trigger's notice reaches this process a moment later.
        if (outcome === "commit") dropKeptCopies();
      } catch (error) {
        if (outcome === "commit") await execute.call(open.connection, CompiledQuery.raw("rollback")).catch(() => {});
        throw error;
      } finally {
        await open.driver.inner.releaseConnection(open.connection);
      }
    } finally {
      release();
    }
  }

  /** @internal The scope for this driver, or null when there is none (or it is another database's). */
  static current(driver: WriteScopeDriver): WriteScope | null {
    const scope = scopes.getStore();
    if (!scope || scope.#ended) return null;
    if (scope.#transaction && scope.#transaction.driver !== driver) return null;
    return scope;
  }

  /** @internal Waits for the scope's connection; null when the scope ended meanwhile. */
  async take(driver: WriteScopeDriver): Promise<ScopeConnection | null> {
    const release = await this.#turns.take();
    if (this.#ended) {
      release();
      return null;
    }
    return new ScopeConnection(this, driver, release);
  }

  /** @internal The open transaction, begun (and guarded) on first use. */
  transaction(driver: WriteScopeDriver): Promise<OpenTransaction> {
    if (this.#refusal) return Promise.reject(this.#refusal);
    if (this.#transaction) return Promise.resolve(this.#transaction);
    this.#beginning ??= this.#begin(driver);
    return this.#beginning;
  }

  async #begin(driver: WriteScopeDriver): Promise<OpenTransaction> {
    const connection = await driver.inner.acquireConnection();
    const execute = rawExecute(connection);
    try {
      await execute.call(connection, CompiledQuery.raw("begin"));
      await this.#guard((query) => execute.call(connection, query));
    } catch (error) {
      await execute.call(connection, CompiledQuery.raw("rollback")).catch(() => {});
      await driver.inner.releaseConnection(connection);
      this.#beginning = null;
      this.#refusal = error;
      throw error;
    }
    this.#transaction = { driver, connection };
    return this.#transaction;
  }

  /** @internal A fresh savepoint name. */
  savepointName(): string {
    return `write_scope_${++this.#savepoints}`;
  }
}

/** One turn of the scope's code on its connection (what Kysely acquires and releases). */
class ScopeConnection implements DatabaseConnection {
  readonly scope: WriteScope;
  readonly #driver: WriteScopeDriver;
  readonly release: () => void;
  /** This turn's own savepoints, innermost last. */
  readonly #savepoints: string[] = [];

  constructor(scope: WriteScope, driver: WriteScopeDriver, release: () => void) {
    this.scope = scope;
    this.#driver = driver;
    this.release = release;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.scope.began && this.#savepoints.length === 0 && isRead(query)) return this.#driver.readAlone<R>(query);
    const { connection } = await this.scope.transaction(this.#driver);
    const execute = rawExecute(connection);
    if (this.#savepoints.length > 0) return execute.call(connection, query) as Promise<QueryResult<R>>;
    // A statement of its own: a failure undoes it alone, and the transaction goes on.
    const name = this.scope.savepointName();
    await execute.call(connection, CompiledQuery.raw(`savepoint ${name}`));
    try {
      const result = (await execute.call(connection, query)) as QueryResult<R>;
      await execute.call(connection, CompiledQuery.raw(`release savepoint ${name}`));
      return result;
    } catch (error) {
      await execute.call(connection, CompiledQuery.raw(`rollback to savepoint ${name}`));
      await execute.call(connection, CompiledQuery.raw(`release savepoint ${name}`));
      throw error;
    }
  }

  // eslint-disable-next-line require-yield -- the admin's writes never stream
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming queries are not supported inside a write scope");
  }

  async begin(): Promise<void> {
    const { connection } = await this.scope.transaction(this.#driver);
    const name = this.scope.savepointName();
    await rawExecute(connection).call(connection, CompiledQuery.raw(`savepoint ${name}`));
    this.#savepoints.push(name);
  }

  async end(outcome: "commit" | "rollback"): Promise<void> {
    const name = this.#savepoints.pop();
    if (!name) throw new Error("no transaction to end in this write scope");
    const { connection } = await this.scope.transaction(this.#driver);
    const execute = rawExecute(connection);
    if (outcome === "rollback") await execute.call(connection, CompiledQuery.raw(`rollback to savepoint ${name}`));
    await execute.call(connection, CompiledQuery.raw(`release savepoint ${name}`));
  }
}

/**
 * A select (also with select-only common table expressions) changes nothing, so it needs no
 * transaction yet. Anything else does, raw SQL included (it may write).
 */
function isRead(query: CompiledQuery): boolean {
  const node = query.query as OperationNode & { with?: { expressions: ReadonlyArray<{ expression: OperationNode }> } };
  if (node.kind !== "SelectQueryNode") return false;
  return (node.with?.expressions ?? []).every((cte) => cte.expression.kind === "SelectQueryNode");
}

/**
 * Kysely wraps each connection it is handed with its query log (the app's request metrics),
 * by replacing executeQuery. The scope's connection is logged that way; the connections under
 * it must not be logged a second time, so their own executeQuery is kept from before.
 */
const ownExecute = new WeakMap<DatabaseConnection, Execute>();
function remember(connection: DatabaseConnection): DatabaseConnection {
  if (!ownExecute.has(connection)) ownExecute.set(connection, connection.executeQuery);
  return connection;
}
function rawExecute(connection: DatabaseConnection): Execute {
  return ownExecute.get(connection) ?? remember(connection).executeQuery;
}

class WriteScopeDriver implements Driver {
  readonly inner: Driver;
  constructor(inner: Driver) {
    this.inner = inner;
  }
  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const scope = WriteScope.current(this);
    const taken = scope ? await scope.take(this) : null;
    return taken ?? remember(await this.inner.acquireConnection());
  }
  async releaseConnection(connection: DatabaseConnection) {
    if (connection instanceof ScopeConnection) connection.release();
    else await this.inner.releaseConnection(connection);
  }
  /** A read of a scope whose transaction has not begun: on a connection of its own. */
  async readAlone<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const connection = remember(await this.inner.acquireConnection());
    try {
      return (await rawExecute(connection).call(connection, query)) as QueryResult<R>;
    } finally {
      await this.inner.releaseConnection(connection);
    }
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return connection instanceof ScopeConnection ? connection.begin() : this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return connection instanceof ScopeConnection ? connection.end("commit") : this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return connection instanceof ScopeConnection ? connection.end("rollback") : this.inner.rollbackTransaction(connection);
  }
  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    if (connection instanceof ScopeConnection || !this.inner.savepoint) throw new Error("savepoints are not supported here");
    return this.inner.savepoint(connection, name, compile);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** The dialect with write scopes: a drop-in wrapper of PostgreSQL's or PGlite's. */
export function withWriteScopes(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new WriteScopeDriver(dialect.createDriver()),
    createIntrospector: (db: Kysely<unknown>) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

/**
 * Runs `work` once the current write scope has committed, outside it (at once when there is
 * none): background work a write starts (a job worker's round) must see what was written, and
 * must not join the request's transaction. A scope rolled back drops it.
 */
export function afterCommit(work: () => void): void {
  const scope = scopes.getStore();
  if (scope && !scope.ended) scope.committed.push(work);
  else scopes.exit(work);
}
