/**
 * The site's own address without SITE_URL: every link a crawler reads names the port the server
 * listens on (PORT), not a fixed http://localhost:3000 (`PORT=3310 npm start` used to write
 * 3000 into canonical links, og:url, JSON-LD, the sitemap and robots.txt).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, startTestApp, type TestApp } from "#tests/app-server.ts";

const ORIGIN = "http://localhost:3310";
let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  // An empty SITE_URL counts as unset; the harness listens on its own port and the app is told 3310.
  app = await startTestApp({ SITE_URL: "", PORT: "3310", SEED_DEMO: "always", SEED_DEMO_PRICES: "none" });
  browser = new Browser(app.origin);
});
afterAll(async () => {
  await app?.close();
});

const text = async (path: string) => {
  const response = await browser.get(path);
  expect(response.status, path).toBe(200);
  return response.text();
};

describe("without SITE_URL", () => {
  it("names http://localhost:{PORT} in canonical links, og:url and JSON-LD", async () => {
    const html = await text("/Sweden");
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/Sweden"/>`);
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/Sweden"/>`);
    expect(html).toContain(`"item":"${ORIGIN}/"`);
    expect(html).not.toContain("localhost:3000");
  });

  it("names it in robots.txt and the sitemap", async () => {
    expect(await text("/robots.txt")).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const sitemap = await text("/sitemap.xml");
    expect(sitemap).toContain(`<loc>${ORIGIN}/</loc>`);
    expect(sitemap).not.toContain("localhost:3000");
  });
});
