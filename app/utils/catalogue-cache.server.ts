/**
 * A short-lived in-memory cache for catalogue lists that change rarely and are read on
 * nearly every page (countries for the header, places for filters and suggestions).
 * Entries belong to one database handle, so tests with their own databases never share.
 * Nobody clears it by hand: a write to a catalogue table drops this process's copies (and the
 * page cache's, which registers with onCatalogueChange) as its statement runs, and the table's
 * trigger tells every app server at commit (decision 063, db/catalogue-writes.server.ts).
 */

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

/** Starts this process from empty caches (tests); writes need not call it (decision 063). */
export function clearCatalogueCache(): void {
  dropKeptCopies();
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

/** A catalogue table changed (here or on another server): this process drops what it kept. */
export function dropKeptCopies(): void {
  caches = new WeakMap();
  for (const drop of keepers) drop();
}
