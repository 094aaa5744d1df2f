import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from "./tests/chromium.ts";
import { E2E_ADMIN } from "./tests/e2e/accounts.ts";
import { E2E_ADMIN_JS_OFF_DATA_DIR, E2E_DATA_DIR } from "./tests/e2e/run-dirs.ts";

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** The second app server, with a database of its own, for the back office without JavaScript. */
const ADMIN_JS_OFF_PORT = Number(process.env.E2E_ADMIN_JS_OFF_PORT ?? PORT + 1);
const AI_PORT = Number(process.env.E2E_AI_PORT ?? 3298);

/**
 * The app as the browser tests use it, on `port` with a fresh embedded database in `dataDir`: a
 * copy of the demo the first server seeds for the run (tests/e2e/app-on-demo-copy.ts).
 */
function appServer(port: number, dataDir: string) {
  return {
    command: "node tests/e2e/app-on-demo-copy.ts",
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      // The stand-in partner of tests/e2e/redirect.spec.ts.
      AFFILIATE_HOSTS: "partner.hotellguiden.test:3299",
      // Tests must not reach the internet: map tiles come from a local file.
      MAP_TILE_URL: `http://localhost:${port}/placeholder.svg?z={z}&x={x}&y={y}`,
      // The next month's demo prices only (the specs' stays are at most 14 days ahead): the rest of
      // the year, imported in the background, holds the embedded database for tens of seconds on a
      // busy machine, long enough for a page a test waits on to time out.
      SEED_DEMO_PRICES: "near",
      // A queued job (an alert's confirmation e-mail) is taken within half a second.
      JOB_POLLING_INTERVAL_SECONDS: "0.5",
      JOB_RETRY_DELAY_MAX_SECONDS: "1",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      AI_BASE_URL: `http://127.0.0.1:${AI_PORT}/v1`,
      AI_API_KEY: "e2e-stand-in-key",
      AI_MODEL: "e2e-stand-in",
      AFFILIATE_URL_TEMPLATE: "http://partner.hotellguiden.test:3299/hotel?q={query}&id={hotel_id}",
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  // A test that fails once runs again and is reported as flaky, not passed (decision 070).
  retries: 1,
  reporter: "list",
  // Generous: axe checks every visited page at the end, and a list page holds 100 cards.
  timeout: 120_000,
  // Sized for a machine several times slower than a developer's: an expectation waits for its
  // condition, so a fast machine loses nothing. What takes the time is the browser's CPU, not the
  // server: with Chromium's CPU slowed 6x, the back-office steps of admin.spec's table test took
  // 0.7-4.5 s each (the 50-row table rendered and hydrated again after going back) while the server
  // answered each in 9-55 ms; CI, two workers and two servers on two slower cores, once passed 5 s.
  expect: { timeout: 20_000 },
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
  // must never run with and without JavaScript against one database at once: admin-js-off has an
  // app server and a database of its own. Not a project dependency, which skipped every
  // admin-js-off test when one admin-js-on test failed (24 tests unreported in one CI run).
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
      testMatch: /admin(-[a-z]+)?\.spec\.ts/,
      use: { javaScriptEnabled: false, baseURL: `http://localhost:${ADMIN_JS_OFF_PORT}` },
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
    appServer(PORT, E2E_DATA_DIR),
    appServer(ADMIN_JS_OFF_PORT, E2E_ADMIN_JS_OFF_DATA_DIR),
  ],
});
