/**
 * What every response carries in production: the security headers with a fresh CSP nonce
 * on each page's scripts, the scripts started after the page has loaded, compression, the request log line and Server-Timing, and the
 * page cache for anonymous visitors (kept, bypassed, emptied by admin writes). And what a
 * malformed request gets: a short 400 or 405, never React Router's 500 with a stack trace.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Browser, signIn, startTestApp, TEST_ADMIN, type TestApp } from "#tests/app-server.ts";
import { logLines as appLogLines, withoutLogLines } from "#tests/cli-output.ts";

let app: TestApp;
const logLines: Array<Record<string, unknown>> = [];
/** What the server wrote to stderr (errors, warnings and their stack traces). */
let stderr = "";

beforeAll(async () => {
  // Server-Timing for every visitor: the page cache's hits and misses are read from it here.
  app = await startTestApp({ LOG_REQUESTS: "1", PAGE_CACHE_TTL_MS: "60000", IMAGE_HOSTS: "cf.example-images.com", SERVER_TIMING: "all" });
  const { seedDemoCatalogue } = await app.importApp<typeof import("#app/operations/seed.server.ts")>("app/operations/seed.server.ts");
  // The next month of prices: no stay asked for here is later, and a year of them cost CPU (decision 083).
  await seedDemoCatalogue({ hotels: 60, prices: "near" }, await app.db());
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: never[]) => {
    const text = String(chunk);
    if (text.startsWith('{"time"') && text.includes('"msg":"request"')) {
      logLines.push(JSON.parse(text));
      return true;
    }
    return write(chunk, ...rest);
  }) as typeof process.stdout.write);
  const writeError = process.stderr.write.bind(process.stderr);
  vi.spyOn(process.stderr, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: never[]) => {
    stderr += String(chunk);
    return writeError(chunk, ...rest);
  }) as typeof process.stderr.write);
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
  it("serves an anonymous visitor's page from memory once asked for twice, as it was rendered", async () => {
    const browser = new Browser(app.origin);
    // The first request renders; the second renders and keeps (decision 046).
    // Each answer read to its end: a request sent while the previous one still renders waits
    // for its copy (single flight), which would make this one a hit.
    const opening = await browser.get("/hotels?sortera=betyg");
    await opening.text();
    expect(opening.headers.get("server-timing")).toContain("cache;desc=miss");
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
    await (await anonymous.get("/about")).text();
    await (await anonymous.get("/about")).text();
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

/** One request written as raw bytes (fetch cannot send these), read until the server closes. */
function rawRequest(text: string): Promise<{ status: number; headers: Map<string, string>; body: string }> {
  const { port } = new URL(app.origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    let received = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = received.split("\r\n\r\n", 2);
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = new Map(
        lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body });
    });
    socket.end(text);
  });
}

const request = (requestLine: string, headers: string[]) => `${requestLine}\r\n${[...headers, "Connection: close"].join("\r\n")}\r\n\r\n`;

describe("malformed requests", () => {
  const host = () => `Host: ${new URL(app.origin).host}`;
  const cases: Array<{ name: string; text: () => string; status: number }> = [
    { name: "HTTP/1.0 without Host", text: () => "GET / HTTP/1.0\r\n\r\n", status: 400 },
    { name: "an absolute-form URI for another host", text: () => request("GET http://evil.example/ HTTP/1.1", [host()]), status: 400 },
    { name: "Host: [::1", text: () => request("GET / HTTP/1.1", ["Host: [::1"]), status: 400 },
    { name: "Host: a b", text: () => request("GET / HTTP/1.1", ["Host: a b"]), status: 400 },
    { name: "a port out of range", text: () => request("GET / HTTP/1.1", ["Host: localhost:99999"]), status: 400 },
    { name: "Host with userinfo", text: () => request("GET / HTTP/1.1", ["Host: user@localhost"]), status: 400 },
    { name: "two Host headers", text: () => request("GET / HTTP/1.1", [host(), "Host: evil.example"]), status: 400 },
    // Behind the trusted proxy (TRUST_PROXY=1 here) Express takes host and scheme from these.
    { name: "X-Forwarded-Host: [::1", text: () => request("GET / HTTP/1.1", [host(), "X-Forwarded-Host: [::1"]), status: 400 },
    { name: "X-Forwarded-Proto: a b", text: () => request("GET / HTTP/1.1", [host(), "X-Forwarded-Proto: a b"]), status: 400 },
    { name: "a path that is not valid percent-encoding", text: () => request("GET /%E0%A4%A HTTP/1.1", [host()]), status: 400 },
    { name: "a request target of *", text: () => request("GET * HTTP/1.1", [host()]), status: 400 },
    { name: "OPTIONS *", text: () => request("OPTIONS * HTTP/1.1", [host()]), status: 405 },
    { name: "TRACE", text: () => request("TRACE / HTTP/1.1", [host()]), status: 405 },
    { name: "CONNECT", text: () => request("CONNECT evil.example:443 HTTP/1.1", ["Host: evil.example:443"]), status: 405 },
    { name: "PUT", text: () => request("PUT /about HTTP/1.1", [host(), "Content-Length: 0"]), status: 405 },
    { name: "PROPFIND", text: () => request("PROPFIND / HTTP/1.1", [host()]), status: 405 },
    // Node's own parser answers these before the app sees them.
    { name: "an unknown method", text: () => request("FOO / HTTP/1.1", [host()]), status: 400 },
    { name: "an overlong request line", text: () => request(`GET /${"a".repeat(20_000)} HTTP/1.1`, [host()]), status: 431 },
    { name: "an overlong header", text: () => request("GET / HTTP/1.1", [host(), `X-Big: ${"a".repeat(20_000)}`]), status: 431 },
  ];

  it.each(cases)("answers $name with $status and a short text, and logs no stack trace", async ({ text, status }) => {
    stderr = "";
    const answer = await rawRequest(text());
    expect(answer.status).toBe(status);
    if (status === 405) expect(answer.headers.get("allow")).toBe("GET, HEAD, POST");
    expect(answer.body.length).toBeLessThan(200);
    expect(stderr).not.toMatch(/\n\s+at |TypeError|URIError/);
    expect((await new Browser(app.origin).get("/about")).status).toBe(200);
  });

  it.each([
    { name: "a Host with a trailing dot", text: () => request("GET /about HTTP/1.1", ["Host: localhost."]) },
    { name: "an uppercase Host", text: () => request("GET /about HTTP/1.1", ["Host: LOCALHOST"]) },
    { name: "HTTP/1.0 with Host", text: () => `GET /about HTTP/1.0\r\nHost: localhost\r\n\r\n` },
    { name: "an absolute-form URI for our own host", text: () => request(`GET ${app.origin}/about HTTP/1.1`, [host()]) },
  ])("serves $name as usual", async ({ text }) => {
    stderr = "";
    const answer = await rawRequest(text());
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("<h1");
    // Nothing but the app's log lines, and none of them an error (a busy machine may add a "slow query" warning).
    expect(withoutLogLines(stderr)).toBe("");
    expect(appLogLines(stderr).filter((line) => line.level === "error")).toEqual([]);
  });
});

describe("health checks", () => {
  it("answer the same with a session cookie, and are never kept by a cache", async () => {
    const visitor = new Browser(app.origin);
    const admin = new Browser(app.origin);
    await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
    for (const path of ["/healthz", "/readyz"]) {
      const [anonymous, signedIn] = [await visitor.get(path), await admin.get(path)];
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get("cache-control")).toBe("no-store");
      expect(signedIn.headers.get("set-cookie")).toBeNull();
      expect(await signedIn.json()).toEqual(await anonymous.json());
    }
  });

  it("have no second address for React Router's data requests: /healthz.data and /readyz.data are unknown pages", async () => {
    for (const path of ["/healthz.data", "/readyz.data"]) {
      const answer = await new Browser(app.origin).get(path);
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain("database");
    }
  });
});
