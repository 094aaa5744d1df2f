import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from "./tests/chromium.ts";
import { E2E_ADMIN } from "./tests/e2e/accounts.ts";
import { E2E_DATA_DIR } from "./tests/e2e/run-dirs.ts";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const AI_PORT = Number(process.env.E2E_AI_PORT ?? 3298);

export default defineConfig({
  testDir: "tests/e2e",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  reporter: "list",
  // Generous: axe checks every visited page at the end, and a list page holds 100 cards.
  timeout: 120_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: "chromium",
    locale: "sv-SE",
    // A failed test keeps its trace: actions, network, console and errors, which is what
    // diagnosed past CI failures. Without screenshots and DOM snapshots, which cost about a fifth
    // of the suite's CPU (browse and hotel specs, both projects: 222 CPU-s with, 170 without).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false },
    launchOptions: {
      // Playwright's own browser download is unavailable here: Debian's headless shell of
      // Chromium, what Playwright's own headless runs use (decision 041).
      executablePath: HEADLESS_SHELL_PATH,
      // The stand-in partner of tests/e2e/redirect.spec.ts listens on loopback, which /redirect
      // never forwards to: the browser reaches it under a public-looking name.
      args: [...CHROMIUM_ARGS, "--host-resolver-rules=MAP partner.hotellguiden.test 127.0.0.1"],
    },
  },
  // The back-office flows change shared data (popular places, destinations), so the same flow
  // never runs with and without JavaScript at once: admin-js-off starts after admin-js-on.
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true }, testIgnore: /admin(-[a-z]+)?\.spec\.ts/ },
    // Tests tagged @needs-js check what only a script can do (a page asking before it is left);
    // tests tagged @same-without-js check only what the server sends (headers, JSON-LD, a
    // redirect, /healthz), which no script changes: neither runs without JavaScript. Every page
    // any test visits is still checked with axe-core with JavaScript on and off.
    {
      name: "js-off",
      use: { javaScriptEnabled: false },
      testIgnore: /admin(-[a-z]+)?\.spec\.ts/,
      grepInvert: /@needs-js|@same-without-js/,
    },
    { name: "admin-js-on", use: { javaScriptEnabled: true }, testMatch: /admin(-[a-z]+)?\.spec\.ts/ },
    {
      name: "admin-js-off",
      use: { javaScriptEnabled: false },
      testMatch: /admin(-[a-z]+)?\.spec\.ts/,
      dependencies: ["admin-js-on"],
      grepInvert: /@needs-js/,
    },
  ],
  webServer: [
    {
      // An OpenAI-compatible provider stand-in (tests/ai-stand-in.ts): the app calls it over HTTP.
      command: `node tests/ai-stand-in.ts ${AI_PORT}`,
      url: `http://127.0.0.1:${AI_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node server/main.ts",
      url: `http://localhost:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(PORT),
        HOST: "127.0.0.1",
        SITE_URL: `http://localhost:${PORT}`,
        DATA_DIR: E2E_DATA_DIR,
        // The stand-in partner of tests/e2e/redirect.spec.ts.
        AFFILIATE_HOSTS: "partner.hotellguiden.test:3299",
        // Tests must not reach the internet: map tiles come from a local file.
        MAP_TILE_URL: `http://localhost:${PORT}/placeholder.svg?z={z}&x={x}&y={y}`,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        AI_BASE_URL: `http://127.0.0.1:${AI_PORT}/v1`,
        AI_API_KEY: "e2e-stand-in-key",
        AI_MODEL: "e2e-stand-in",
        AFFILIATE_URL_TEMPLATE: "http://partner.hotellguiden.test:3299/hotel?q={query}&id={hotel_id}",
      },
    },
  ],
});
