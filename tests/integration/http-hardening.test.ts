/**
 * What every response carries in production: the security headers with a fresh CSP nonce
 * on each page's scripts, the scripts started after the page has loaded, compression, the request log line and Server-Timing, and the
 * page cache for anonymous visitors (kept, bypassed, emptied by admin writes).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Browser, signIn, startTestApp, TEST_ADMIN, type TestApp } from "#tests/app-server.ts";

let app: TestApp;
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  // Server-Timing for every visitor: the page cache's hits and misses are read from it here.
  app = await startTestApp({ LOG_REQUESTS: "1", PAGE_CACHE_TTL_MS: "60000", IMAGE_HOSTS: "cf.example-images.com", SERVER_TIMING: "all" });
  const { seedDemoCatalogue } = await app.importApp<typeof import("#app/db/seed.server.ts")>("app/db/seed.server.ts");
  await seedDemoCatalogue(await app.db(), { hotels: 60 });
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: never[]) => {
    const text = String(chunk);
    if (text.startsWith('{"time"') && text.includes('"msg":"request"')) {
      logLines.push(JSON.parse(text));
      return true;
    }
    return write(chunk, ...rest);
  }) as typeof process.stdout.write);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await app?.close();
});

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

describe("security headers", () => {
  it("puts this response's nonce on every script and allows no other script", async () => {
    const response = await new Browser(app.origin).get("/");
    const html = await response.text();
    const csp = response.headers.get("content-security-policy");
    const nonce = nonceOf(csp);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // Map tiles and the configured partner image host may serve images; nothing else outside.
    expect(csp).toMatch(/img-src 'self' data: https:\/\/tile\.openstreetmap\.org cf\.example-images\.com(;|$)/);
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) {
      if (/type="application\/ld\+json"/.test(attributes)) continue; // data, never run
      expect(attributes).toContain(`nonce="${nonce}"`);
    }
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("x-powered-by")).toBeNull();
    // Strict-Transport-Security is for production only (served over https).
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("makes a new nonce for every rendered response", async () => {
    // A signed-in visitor's pages are never kept, so each is rendered anew.
    const browser = new Browser(app.origin);
    await signIn(browser, TEST_ADMIN.email, TEST_ADMIN.password);
    const first = nonceOf((await browser.get("/about")).headers.get("content-security-policy"));
    const second = nonceOf((await browser.get("/about")).headers.get("content-security-policy"));
    expect(first).toBeTruthy();
    expect(second).not.toBe(first);
  });

  it("starts the page's scripts after the page has loaded: no module preloads, no import before the load event", async () => {
    // A React Router upgrade that writes its scripts in another shape would leave them loading
    // at once (app/http/deferred-scripts.server.ts): this is where that shows.
    const html = await (await new Browser(app.origin).get("/hotels")).text();
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    const modules = [...html.matchAll(/<script[^>]*type="module"[^>]*>([^<]*)<\/script>/g)].map((match) => match[1]!);
    expect(modules).toHaveLength(1);
    expect(modules[0]).not.toMatch(/(^|;)\s*import\s/);
    expect(modules[0]).toContain('addEventListener("load", load, { once: true })');
    expect(modules[0]).toMatch(/import\("\/assets\/entry\.client-[^"]+\.js"\)/);
  });

  it("sends text compressed", async () => {
    const response = await fetch(`${app.origin}/hotels`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(await response.text()).toContain("<h1");
  });
});

describe("request log and Server-Timing", () => {
  it("logs one JSON line per request with its route, status, duration and id, and never the query or cookies", async () => {
    const browser = new Browser(app.origin);
    await signIn(browser, TEST_ADMIN.email, TEST_ADMIN.password);
    logLines.length = 0;
    const response = await browser.get("/admin/hotels?search=hemlig-text");
    expect(response.status).toBe(200);
    const requestId = response.headers.get("x-request-id");
    // The line is written when the response has finished, just after the client has it.
    const line = await vi.waitFor(
      () => logLines.find((entry) => entry.request_id === requestId) ?? Promise.reject(new Error("no line yet")),
    );
    expect(line).toMatchObject({
      level: "info",
      msg: "request",
      method: "GET",
      path: "/admin/hotels",
      route: "routes/admin/admin.hotels",
      status: 200,
    });
    expect(line?.ms).toEqual(expect.any(Number));
    expect(line?.db_queries).toBeGreaterThan(0);
    const text = JSON.stringify(logLines);
    expect(text).not.toContain("hemlig-text");
    expect(text).not.toContain("hg_session");
    expect(text).not.toContain(TEST_ADMIN.password);
  });

  it("names the route of a .data request and of a 404", async () => {
    logLines.length = 0;
    await new Browser(app.origin).get("/hotels.data");
    await new Browser(app.origin).get("/finns/inte/alls/har");
    await vi.waitFor(() => expect(logLines).toHaveLength(2));
    expect(logLines.map((entry) => [entry.path, entry.route, entry.status])).toEqual([
      ["/hotels.data", "routes/site/hotels", 200],
      ["/finns/inte/alls/har", "not-found", 404],
    ]);
  });

  it("reports the database's time in Server-Timing", async () => {
    const response = await new Browser(app.origin).get("/hotels?sortera=pris");
    expect(response.headers.get("server-timing")).toMatch(
      /^db;dur=\d+(\.\d)?;desc="\d+ quer(y|ies)", cache;desc=miss, total;dur=\d+(\.\d)?$/,
    );
  });
});

describe("page cache", () => {
  it("serves an anonymous visitor's page from memory the second time, as it was rendered", async () => {
    const browser = new Browser(app.origin);
    const first = await browser.get("/hotels?sortera=betyg");
    const firstHtml = await first.text();
    const second = await browser.get("/hotels?sortera=betyg");
    expect(first.headers.get("server-timing")).toContain("cache;desc=miss");
    expect(second.headers.get("server-timing")).toMatch(/^db;dur=0\.0;desc="0 queries", cache;desc=hit/);
    // The kept page keeps the nonce it was rendered with, and its policy names that nonce.
    expect(await second.text()).toBe(firstHtml);
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    expect(second.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
    expect(second.headers.get("content-encoding")).toBe("gzip"); // compressed once, when kept
  });

  it("never serves a signed-in visitor from it, and an admin write empties it", async () => {
    const anonymous = new Browser(app.origin);
    await anonymous.get("/about");
    expect((await anonymous.get("/about")).headers.get("server-timing")).toContain("cache;desc=hit");

    const admin = new Browser(app.origin);
    await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
    const signedIn = await admin.get("/about");
    expect(signedIn.headers.get("server-timing")).not.toContain("cache;desc");
    expect(await signedIn.text()).toContain("Logga ut");

    const db = await app.db();
    const hotel = await db.selectFrom("hotels").select("hotel_id").orderBy("name").executeTakeFirstOrThrow();
    const written = await admin.post("/admin/hotels", [
      ["intent", "set-affiliate"],
      ["hotel", hotel.hotel_id],
    ]);
    expect(written.status).toBeLessThan(400);
    expect((await anonymous.get("/about")).headers.get("server-timing")).toContain("cache;desc=miss");
  });
});
