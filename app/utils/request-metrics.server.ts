/**
 * What one request cost, gathered while it runs: database time and query count (for the
 * Server-Timing header and the request log line), and whether the database failed it.
 * The store travels with the request's async work (AsyncLocalStorage), so the database
 * layer can record without being handed the request.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestMetrics {
  dbMs: number;
  dbQueries: number;
  /** A query failed because the database was unreachable, overloaded or too slow. */
  dbUnavailable: boolean;
  /** The request is an administrator's: it may see what the request cost (Server-Timing). */
  staff: boolean;
  /** When the request came in (Date.now()): what a time budget for the whole answer counts from. */
  startedAt: number;
}

// On globalThis: the dev server reloads modules but keeps one database handle, whose query
// hook must keep finding the same store.
const globalForMetrics = globalThis as typeof globalThis & { __hgRequestMetrics?: AsyncLocalStorage<RequestMetrics> };
const storage = (globalForMetrics.__hgRequestMetrics ??= new AsyncLocalStorage<RequestMetrics>());

export function newRequestMetrics(): RequestMetrics {
  return { dbMs: 0, dbQueries: 0, dbUnavailable: false, staff: false, startedAt: Date.now() };
}

export function runWithRequestMetrics<T>(metrics: RequestMetrics, run: () => T): T {
  return storage.run(metrics, run);
}

export function currentRequestMetrics(): RequestMetrics | undefined {
  return storage.getStore();
}

/** Called by the database layer after every query of the app. */
export function recordQuery(durationMs: number, unavailable = false): void {
  const metrics = storage.getStore();
  if (!metrics) return;
  metrics.dbMs += durationMs;
  metrics.dbQueries += 1;
  if (unavailable) metrics.dbUnavailable = true;
}
