/**
 * A short-lived in-memory cache for catalogue lists that change rarely and are read on
 * nearly every page (countries for the header, places for filters and suggestions).
 * Entries belong to one database handle, so tests with their own databases never share.
 * Admin writes and import batches call clearCatalogueCache(): their own process shows the
 * change at once (it empties the page cache of rendered pages too), and every other app server
 * on the same PostgreSQL database hears of it and does the same (db/change-notices.server.ts).
 */
import { announceChange } from "#app/db/change-notices.server.ts";

const TTL_MS = 60_000;

type Entry = { expires: number; value: Promise<unknown> };
let caches = new WeakMap<object, Map<string, Entry>>();

export function cachedRead<T>(owner: object, key: string, read: () => Promise<T>): Promise<T> {
  let cache = caches.get(owner);
  if (!cache) caches.set(owner, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = read();
  cache.set(key, { expires: now + TTL_MS, value });
  // A failed read is not remembered: the next request tries again.
  value.catch(() => cache.delete(key));
  return value;
}

/** After a write: this process and every other app server drop what they kept. */
export function clearCatalogueCache(): void {
  dropKeptCopies();
  announceChange();
}

const keepers = new Set<() => void>();

/**
 * Registers another in-memory copy of published data to drop with the catalogue's (the page
 * cache of rendered pages registers itself): the shared layer knows no feature above it.
 */
export function onCatalogueChange(drop: () => void): () => void {
  keepers.add(drop);
  return () => keepers.delete(drop);
}

/** Another server changed something: this process drops what it kept, and tells nobody. */
export function dropKeptCopies(): void {
  caches = new WeakMap();
  for (const drop of keepers) drop();
}
