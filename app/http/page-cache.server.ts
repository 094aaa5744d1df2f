/**
 * A small in-process cache of rendered pages for anonymous visitors (docs/decisions/014).
 * Only GETs without our session or flash cookie are looked up, and only responses the site
 * already calls public (Cache-Control: public, no Set-Cookie) are kept: exactly what a CDN
 * could keep. Bounded by count and bytes (least recently used go first), kept for a short
 * TTL, and emptied by every write to a catalogue table (decision 063). A kept page
 * is compressed once (gzip and brotli) and served with the CSP nonce it was rendered with,
 * which its stored Content-Security-Policy header names.
 *
 * An address is kept only when it is asked for a second time within the TTL (decision 046):
 * a flood of addresses asked for once each (`?search=<random>`) renders each of them, as it
 * must, but neither compresses nor keeps them, so the pages visitors keep asking for stay.
 * Junk parameters never get here: app/http/read-params.server.ts drops them first.
 */
import zlib from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { carriesPersonalCookie } from "#app/http/cache-control.server.ts";
import { onCatalogueChange } from "#app/utils/catalogue-cache.server.ts";

interface Entry {
  status: number;
  headers: Array<[string, string | string[]]>;
  body: Buffer;
  /** The same bytes compressed, when worth it (as the compression middleware would). */
  gzip: Buffer | null;
  br: Buffer | null;
  bytes: number;
  expires: number;
  /** One request is already rendering a fresh copy; the others keep getting this one. */
  refreshing: boolean;
}

export interface PageCacheOptions {
  ttlMs: number;
  maxEntries: number;
  maxBytes?: number;
}

// Headers that belong to one response, not to the page. The Content-Security-Policy stays:
// it names the nonce in the stored body.
const NOT_STORED = new Set([
  "set-cookie",
  "x-request-id",
  "server-timing",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "date",
  "connection",
  "keep-alive",
]);

const CACHEABLE_STATUS = new Set([200, 404]);

/** Longer addresses are never kept (nor remembered as seen): a visitor's list is far shorter. */
const MAX_KEY_LENGTH = 2048;

/**
 * The cache key of an address: its path and its parameters ordered by name (the values of one
 * name keep their order), so `?sortera=pris&search=spa` and `?search=spa&sortera=pris`, which
 * every loader reads alike, share one copy.
 */
export function pageCacheKey(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt === -1) return url;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  params.sort();
  const query = params.toString();
  return query ? `${url.slice(0, queryAt)}?${query}` : url.slice(0, queryAt);
}

// The compression middleware's own threshold and settings, so a hit sends what a miss would.
const COMPRESS_FROM_BYTES = 1024;
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

export function createPageCache({ ttlMs, maxEntries, maxBytes = 64 * 1024 * 1024 }: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  /** Addresses asked for once, not kept yet: when, oldest first. */
  const seenOnce = new Map<string, number>();
  const maxSeen = maxEntries * 4;

  /** True when `key` was asked for before within the TTL; otherwise remembers this first time. */
  function askedBefore(key: string, now: number): boolean {
    const seen = seenOnce.get(key);
    seenOnce.delete(key);
    if (seen !== undefined && now - seen < ttlMs) return true;
    if (key.length > MAX_KEY_LENGTH) return false;
    seenOnce.set(key, now);
    if (seenOnce.size > maxSeen) seenOnce.delete(seenOnce.keys().next().value!);
    return false;
  }

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    totalBytes -= entry.bytes;
    entries.delete(key);
  }

  function store(key: string, entry: Entry) {
    remove(key);
    if (entry.bytes > maxBytes / 8) return; // One page must not push out all the others.
    entries.set(key, entry);
    totalBytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && totalBytes <= maxBytes) break;
      remove(oldest);
    }
  }

  /** The entry to serve now, or null when this request must render (and then store) the page. */
  function lookup(key: string, now: number): Entry | null {
    const entry = entries.get(key);
    if (!entry) return null;
    // Most recently used last: Map keeps insertion order.
    entries.delete(key);
    entries.set(key, entry);
    if (now < entry.expires) return entry;
    // Stale: the first request renders a fresh copy while the rest are served this one for
    // up to another TTL, so an expiry never sends every waiting visitor to the database at once.
    if (!entry.refreshing && now < entry.expires + ttlMs) {
      entry.refreshing = true;
      return null;
    }
    if (entry.refreshing && now < entry.expires + ttlMs) return entry;
    remove(key);
    return null;
  }

  function serve(req: Request, res: Response, entry: Entry) {
    res.locals.pageCache = "hit";
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    const encoding = entry.gzip ? req.acceptsEncodings("br", "gzip", "identity") : "identity";
    const body = encoding === "br" ? entry.br! : encoding === "gzip" ? entry.gzip! : entry.body;
    if (entry.gzip) res.setHeader("Vary", "Accept-Encoding");
    // Already encoded: the compression middleware leaves it as it is.
    if (body !== entry.body) res.setHeader("Content-Encoding", encoding as string);
    res.setHeader("Content-Length", body.length);
    res.end(body);
  }

  /** Collects what the app writes, then keeps it if the finished response is public and `keep()` says so. */
  function capture(key: string, res: Response, keep: () => boolean) {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let tooBig = false;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (tooBig || chunk == null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array);
      bytes += buffer.length;
      if (bytes > maxBytes / 8) tooBig = true;
      else chunks.push(buffer);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response["write"];
    res.end = function (this: Response, ...args: unknown[]) {
      collect(args[0], args[1]);
      const cacheControl = String(res.getHeader("cache-control") ?? "");
      if (!tooBig && CACHEABLE_STATUS.has(res.statusCode) && cacheControl.startsWith("public") && !res.hasHeader("set-cookie") && keep()) {
        const headers = Object.entries(res.getHeaders())
          .filter(([name, value]) => value !== undefined && !NOT_STORED.has(name))
          .map(([name, value]) => [name, typeof value === "number" ? String(value) : value] as [string, string | string[]]);
        const body = Buffer.concat(chunks);
        const compress = body.length >= COMPRESS_FROM_BYTES;
        const gzip = compress ? zlib.gzipSync(body) : null;
        const br = compress ? zlib.brotliCompressSync(body, BROTLI) : null;
        store(key, {
          status: res.statusCode,
          headers,
          body,
          gzip,
          br,
          bytes: bytes + (gzip?.length ?? 0) + (br?.length ?? 0),
          expires: Date.now() + ttlMs,
          refreshing: false,
        });
      } else {
        remove(key);
      }
      return (end as (...args: unknown[]) => Response).apply(this, args);
    } as Response["end"];
  }

  /**
   * Pages being rendered now, by key: settled when the response has gone (or its client has);
   * `wanted` once another request waits for the copy (an address asked for twice at once).
   */
  const rendering = new Map<string, { done: Promise<void>; wanted: boolean }>();

  /** Renders the page for this request; others asking meanwhile wait for its copy. */
  function render(key: string, res: Response, next: () => void, admitted: boolean) {
    res.locals.pageCache = "miss";
    let settle!: () => void;
    const flight = { done: new Promise<void>((resolve) => (settle = resolve)), wanted: false };
    rendering.set(key, flight);
    const finished = () => {
      if (rendering.get(key) === flight) rendering.delete(key);
      settle();
    };
    res.once("finish", finished);
    res.once("close", finished);
    capture(key, res, () => admitted || flight.wanted);
    next();
  }

  const middleware: RequestHandler = (req, res, next) => {
    if (ttlMs <= 0 || req.method !== "GET" || carriesPersonalCookie(req.get("cookie"))) return next();
    const key = pageCacheKey(req.originalUrl);
    const now = Date.now();
    const entry = lookup(key, now);
    if (entry) return serve(req, res, entry);
    // Single flight: while one request renders this address, the others wait for its copy
    // instead of each asking the database for the same page (fifty at once after a deploy or
    // a change render it once). One the page was not kept for renders it itself.
    const inFlight = rendering.get(key);
    // A stale copy being refreshed is replaced; a new address is kept from its second request,
    // or when a second request comes while the first renders (fifty at once after a deploy).
    if (!inFlight) return render(key, res, next, entries.has(key) || askedBefore(key, now));
    inFlight.wanted = true;
    void inFlight.done.then(() => {
      const kept = lookup(key, Date.now());
      if (kept) serve(req, res, kept);
      else render(key, res, next, true);
    });
  };

  return {
    middleware,
    clear() {
      // Renders already under way finish, but nobody waits for their copies of old data.
      rendering.clear();
      // The pages just dropped were wanted: each is kept again from its next request.
      const now = Date.now();
      for (const key of entries.keys()) seenOnce.set(key, now);
      entries.clear();
      totalBytes = 0;
    },
    get size() {
      return entries.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

let appPageCache: PageCache | undefined;

/** The running app's cache (server/app.ts makes it from the configuration). */
export function setAppPageCache(cache: PageCache): PageCache {
  appPageCache = cache;
  return cache;
}

/** The running app's cache, for tests that count what it keeps. */
export function getAppPageCache(): PageCache | undefined {
  return appPageCache;
}

/** Empties the running app's page cache: called with every admin write. */
export function clearPageCache(): void {
  appPageCache?.clear();
}
onCatalogueChange(clearPageCache);
