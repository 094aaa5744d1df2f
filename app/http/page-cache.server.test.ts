/**
 * The page cache's own rules, on a tiny Express app: what is kept, for how long, how much,
 * and that a hit swaps in the request's nonce.
 */
import type { Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPageCache, type PageCacheOptions } from "./page-cache.server.ts";

let server: Server | undefined;
afterEach(() => {
  server?.close();
  vi.useRealTimers();
});

/** An app whose pages count how often they were rendered. */
async function appWith(options: PageCacheOptions) {
  const cache = createPageCache(options);
  const renders = new Map<string, number>();
  let nonce = 0;
  let arrivals = 0;
  // Pages under /slow wait for open() before they are sent.
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const app = express();
  app.use((_req, res, next) => {
    arrivals++;
    res.locals.cspNonce = `nonce-${++nonce}`;
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  app.use(cache.middleware);
  app.get("/{*path}", async (req, res) => {
    renders.set(req.path, (renders.get(req.path) ?? 0) + 1);
    if (req.path.startsWith("/slow")) await opened;
    if (req.path.endsWith("/private")) res.setHeader("Cache-Control", "private, no-store");
    else res.setHeader("Cache-Control", "public, max-age=0, s-maxage=300");
    if (req.path === "/cookie") res.setHeader("Set-Cookie", "x=1");
    const filler = req.path === "/long" ? "<p>Hotell</p>".repeat(200) : "";
    res
      .status(req.path === "/broken" ? 500 : 200)
      .type("html")
      .send(`<script nonce="${res.locals.cspNonce}">${req.path}</script>${filler}`);
  });
  await new Promise<void>((resolve) => (server = app.listen(0, "127.0.0.1", () => resolve())));
  const { port } = server!.address() as { port: number };
  const get = async (path: string, headers: Record<string, string> = {}) => {
    // Node's fetch decodes gzip and brotli itself; the header says what was sent.
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
    return {
      status: response.status,
      body: await response.text(),
      csp: response.headers.get("content-security-policy"),
      encoding: response.headers.get("content-encoding"),
    };
  };
  return { cache, renders, get, open, arrivals: () => arrivals };
}

describe("page cache", () => {
  it("keeps a public page from its second request, with the nonce it was rendered with", async () => {
    const { renders, get } = await appWith({ ttlMs: 60_000, maxEntries: 10 });
    // Asked for once, a page is rendered and not kept: a flood of one-off addresses keeps nothing.
    expect((await get("/a")).body).toBe('<script nonce="nonce-1">/a</script>');
    expect((await get("/a")).body).toBe('<script nonce="nonce-2">/a</script>');
    expect(await get("/a")).toMatchObject({ body: '<script nonce="nonce-2">/a</script>', csp: "script-src 'nonce-nonce-2'" });
    expect(renders.get("/a")).toBe(2);
  });

  it("sends a kept page compressed once, as the client accepts it", async () => {
    const { renders, get } = await appWith({ ttlMs: 60_000, maxEntries: 10 });
    const long = `/long?${"x".repeat(10)}`;
    await get(long);
    const first = await get(long, { "Accept-Encoding": "gzip" });
    for (const accept of ["br", "gzip", "identity"]) {
      const again = await get(long, { "Accept-Encoding": accept });
      expect(again.body).toBe(first.body);
      expect(again.encoding).toBe(accept === "identity" ? null : accept);
    }
    expect(first.body.length).toBeGreaterThan(2000);
    expect(renders.get("/long")).toBe(2);
  });

  it("renders a page once for fifty simultaneous first requests, and sends each of them that copy", async () => {
    const { renders, get, open, arrivals } = await appWith({ ttlMs: 60_000, maxEntries: 10 });
    const answers = Promise.all(Array.from({ length: 50 }, () => get("/slow")));
    await vi.waitFor(() => expect(arrivals()).toBe(50));
    open();
    const bodies = new Set((await answers).map((answer) => answer.body));
    expect(bodies).toEqual(new Set(['<script nonce="nonce-1">/slow</script>']));
    expect(renders.get("/slow")).toBe(1);
  });

  it("lets each waiting request render for itself when the page it waited for is not kept", async () => {
    const { renders, get, open, arrivals } = await appWith({ ttlMs: 60_000, maxEntries: 10 });
    const answers = Promise.all(Array.from({ length: 3 }, () => get("/slow/private")));
    await vi.waitFor(() => expect(arrivals()).toBe(3));
    expect(renders.get("/slow/private")).toBe(1);
    open();
    expect((await answers).map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(renders.get("/slow/private")).toBe(3);
  });

  it("does not keep private pages, pages that set a cookie, or errors", async () => {
    const { renders, get } = await appWith({ ttlMs: 60_000, maxEntries: 10 });
    for (const path of ["/private", "/cookie", "/broken", "/private", "/cookie", "/broken"]) await get(path);
    expect([renders.get("/private"), renders.get("/cookie"), renders.get("/broken")]).toEqual([2, 2, 2]);
  });

  it("is bypassed by a request with a session or flash cookie", async () => {
    const { renders, get } = await appWith({ ttlMs: 60_000, maxEntries: 10 });
    await get("/a");
    await get("/a", { Cookie: "hg_session=abc" });
    await get("/a", { Cookie: "hg_flash=abc" });
    expect(renders.get("/a")).toBe(3);
  });

  it("forgets the least recently used page beyond its size", async () => {
    const { renders, get } = await appWith({ ttlMs: 60_000, maxEntries: 2 });
    for (const path of ["/a", "/b", "/c"]) await get(path); // asked for once: none kept
    await get("/a");
    await get("/b");
    await get("/a"); // a is now the most recent
    await get("/c"); // pushes out b
    await get("/a");
    await get("/b");
    expect([renders.get("/a"), renders.get("/b"), renders.get("/c")]).toEqual([2, 3, 2]);
  });

  it("after its TTL renders the page once more while the others still get the old copy", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { renders, get } = await appWith({ ttlMs: 1_000, maxEntries: 10 });
    await get("/a");
    await get("/a"); // kept
    vi.setSystemTime(Date.now() + 1_500);
    await get("/a"); // stale: this one renders afresh
    expect(renders.get("/a")).toBe(3);
    await get("/a");
    expect(renders.get("/a")).toBe(3);
    vi.setSystemTime(Date.now() + 5_000);
    await get("/a"); // long gone: rendered again
    expect(renders.get("/a")).toBe(4);
  });

  it("is emptied by clear()", async () => {
    const { cache, renders, get } = await appWith({ ttlMs: 60_000, maxEntries: 10 });
    await get("/a");
    await get("/a"); // kept
    cache.clear();
    await get("/a");
    expect(renders.get("/a")).toBe(3);
    // A page that was kept is wanted: kept again from its first request after the clear.
    await get("/a");
    expect(renders.get("/a")).toBe(3);
  });
});
