/**
 * The affiliate redirect page /redirect in the browser, with and without
 * JavaScript. The partner is a stand-in: a tiny HTTP server on 127.0.0.1:3299, which the browser
 * reaches as partner.hotellguiden.test:3299 (playwright.config.ts maps the name, since /redirect
 * never forwards to a loopback address), a host the web server in playwright.config.ts knows
 * from AFFILIATE_HOSTS. Every test of this file holds one
 * lock, so the port is never wanted twice at once (not even by the js-on and js-off projects).
 *
 * With JavaScript the page's clock is installed and paused before the page loads, so the test
 * moves the countdown second by second instead of waiting for it.
 */
import http from "node:http";
import type { Page } from "@playwright/test";
import { expect, jsOff, test as base } from "./fixtures.ts";

const PARTNER_PORT = 3299;
const PARTNER_HOST = `partner.hotellguiden.test:${PARTNER_PORT}`;
const PARTNER = `http://${PARTNER_HOST}`;

interface Partner {
  /** Paths (with query) the partner has served, in order; favicon requests left out. */
  requests: string[];
}

const test = base.extend<{ partner: Partner }>({
  partner: async ({}, use) => {
    const requests: string[] = [];
    const server = http.createServer((request, response) => {
      if (request.url !== "/favicon.ico") requests.push(request.url ?? "");
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      response.end(
        '<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Partnersidan</title></head>' +
          "<body><main><h1>Partnersidan</h1></main></body></html>",
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(PARTNER_PORT, "127.0.0.1", () => resolve());
    });
    await use({ requests });
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  },
});

test.describe.configure({ lock: `partner-port-${PARTNER_PORT}` });

const redirectUrl = (to: string, rest = "") => `/redirect?to=${encodeURIComponent(to)}${rest}`;

/** JavaScript on: page timers stand still until the test runs them (clock.runFor). */
async function pauseClock(page: Page) {
  await page.clock.install({ time: new Date("2026-06-01T10:00:00Z") });
  await page.clock.pauseAt(new Date("2026-06-01T10:00:01Z"));
}

/**
 * At the end of a JavaScript test that showed a partner countdown: time runs again (axe,
 * which the fixture runs over every visited page afterwards, needs timers), and a navigation to
 * the partner is answered with 204 No Content, which leaves the page where it is. Otherwise the
 * countdown on the fixture's second visit to /redirect could forward the page mid-check.
 */
async function settleForAxe(page: Page) {
  await page.route(`${PARTNER}/**`, (route) => route.fulfill({ status: 204 }));
  await page.clock.resume();
}

test("a partner link counts down 3, 2, 1, then forwards to the partner", async ({ page, partner }, testInfo) => {
  const destination = `${PARTNER}/hotell/grand?aid=hotellguiden`;
  if (!jsOff(testInfo)) await pauseClock(page);
  const started = Date.now();
  const response = await page.goto(redirectUrl(destination, "&source=e2e&hotel=grand-hotel"));
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  // Inside <noscript>, so only a browser without JavaScript acts on it.
  expect(await response?.text()).toContain(`<noscript><meta http-equiv="refresh" content="3; url=${destination}"/></noscript>`);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Du skickas vidare till ${PARTNER_HOST}`);
  const link = page.getByRole("link", { name: /^Om inget händer, klicka här/ });
  await expect(link).toHaveAttribute("href", destination);
  await expect(link).toHaveAttribute("rel", "nofollow noopener");
  const countdown = page.locator("[data-countdown]");
  await expect(countdown).toHaveText("om 3 sekunder");

  if (jsOff(testInfo)) {
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(1);
    await page.waitForURL(destination);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
  } else {
    // Hydrated (the cancel button exists only with JavaScript), and the refresh is inert text.
    await expect(page.getByRole("button", { name: "Avbryt vidarebefordran" })).toBeVisible();
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
    await page.clock.runFor(1_000);
    await expect(countdown).toHaveText("om 2 sekunder");
    await page.clock.runFor(1_000);
    await expect(countdown).toHaveText("om 1 sekund");
    expect(partner.requests).toEqual([]);
    await page.clock.runFor(1_000);
    await page.waitForURL(destination);
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Partnersidan");
  expect(partner.requests).toEqual(["/hotell/grand?aid=hotellguiden"]);
  if (!jsOff(testInfo)) await settleForAxe(page);
});

test("the link goes on at once; with JS the countdown can also be stopped", async ({ page, partner }, testInfo) => {
  const destination = `${PARTNER}/hotell/manuell`;
  if (!jsOff(testInfo)) await pauseClock(page);
  await page.goto(redirectUrl(destination, "&source=e2e"));
  const link = page.getByRole("link", { name: /^Om inget händer, klicka här/ });

  if (!jsOff(testInfo)) {
    const cancel = page.getByRole("button", { name: "Avbryt vidarebefordran" });
    await cancel.click();
    await expect(page.getByRole("status").filter({ hasText: "Vidarebefordran avbruten." })).toBeVisible();
    await expect(cancel).toBeHidden();
    await expect(page.locator("[data-countdown]")).toHaveCount(0);
    await expect(link).toBeFocused();
    await page.clock.runFor(10_000);
    await expect(page).toBeAt(/\/redirect\?/);
    expect(partner.requests).toEqual([]);
  }

  await link.click();
  await expect(page).toBeAt(destination);
  expect(partner.requests).toEqual(["/hotell/manuell"]);
  if (!jsOff(testInfo)) await settleForAxe(page);
});

test("the page shows the hotel and the stay the visitor is booking", async ({ page, partner }, testInfo) => {
  // A bookable hotel's id and name, as its page's booking links carry them (hotell). Read
  // without a navigation, so the page's clock can still be paused before the first one.
  const html = await (await page.request.get("/Sweden/Malmo")).text();
  const hotelPage = /href="(\/Sweden\/[^/"]+\/[a-z0-9-]+)"/.exec(html)?.[1] ?? "";
  const hotelHtml = await (await page.request.get(hotelPage)).text();
  const hotelId = /hotell=([0-9a-f-]{36})/.exec(hotelHtml)?.[1] ?? "";
  const entities: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&lt;": "<", "&gt;": ">" };
  const hotelName = (/<h1[^>]*>([^<]+)<\/h1>/.exec(hotelHtml)?.[1] ?? "").replace(
    /&(amp|quot|#x27|lt|gt);/g,
    (entity) => entities[entity]!,
  );
  expect(hotelId).not.toBe("");
  expect(hotelName).not.toBe("");

  const checkIn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const checkOut = new Date(Date.now() + 32 * 86_400_000).toISOString().slice(0, 10);
  const destination = `${PARTNER}/hotell/visad`;
  if (!jsOff(testInfo)) await pauseClock(page);
  await page.goto(redirectUrl(destination, `&source=e2e&hotell=${hotelId}&incheckning=${checkIn}&utcheckning=${checkOut}&vuxna=3`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Du skickas vidare till ${PARTNER_HOST}`);
  await expect(page.getByText("Ditt hotell")).toBeVisible();
  await expect(page.getByText(hotelName, { exact: true })).toBeVisible();
  await expect(page.getByText(/2 nätter, 3 vuxna, 1 rum$/)).toBeVisible();
  await expect(page.locator("[data-countdown]")).toHaveText("om 3 sekunder");
  // The id shows the hotel and nothing else: the way on is the same link.
  await expect(page.getByRole("link", { name: /^Om inget händer, klicka här/ })).toHaveAttribute("href", destination);
  await page.getByRole("link", { name: /^Om inget händer, klicka här/ }).click();
  await expect(page).toBeAt(destination);
  expect(partner.requests).toEqual(["/hotell/visad"]);
  if (!jsOff(testInfo)) await settleForAxe(page);
});

test("an unknown host gets a warning and a manual link, never an automatic forward", async ({ page, partner }, testInfo) => {
  // The same stand-in server, under a host name AFFILIATE_HOSTS does not list.
  const host = `localhost:${PARTNER_PORT}`;
  const destination = `http://${host}/okand`;
  if (!jsOff(testInfo)) await pauseClock(page);
  const response = await page.goto(redirectUrl(destination, "&source=e2e"));
  expect(response?.status()).toBe(200);
  expect(await response?.text()).not.toContain("http-equiv");

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kontrollera länken innan du fortsätter");
  await expect(page.getByRole("main")).toContainText(
    `Länken leder till ${host}, som inte är en av våra partner. Kontrollera adressen innan du fortsätter.`,
  );
  await expect(page.locator("[data-countdown]")).toHaveCount(0);
  if (!jsOff(testInfo)) {
    await page.clock.runFor(10_000);
    await expect(page).toBeAt(/\/redirect\?/);
    await page.clock.resume();
  }
  expect(partner.requests).toEqual([]);

  const link = page.getByRole("link", { name: `Fortsätt till ${host}` });
  await expect(link).toHaveAttribute("href", destination);
  await expect(link).toHaveAttribute("rel", "nofollow noopener");
  await link.click();
  await expect(page).toBeAt(destination);
  expect(partner.requests).toEqual(["/okand"]);
});

test("without a destination the visitor is sent home with a message", async ({ page }) => {
  await page.goto("/redirect?source=booking-sidebar&hotel=grand-hotel");
  await expect(page).toBeAt("/");
  await expect(page.getByRole("alert").filter({ hasText: "Omdirigeringsfel" })).toContainText(
    "Måladress saknas. Du skickas till startsidan.",
  );
});

test("a destination that is not an absolute http(s) address answers 400 and runs nothing", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const to of ["javascript:alert(1)", "//evil.example", "ftp://x", "not a url", "http://"]) {
    const response = await page.goto(redirectUrl(to));
    expect(response?.status(), to).toBe(400);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ogiltig måladress");
    await expect(page.getByRole("main").getByRole("link", { name: "Till startsidan" })).toHaveAttribute("href", "/");
  }
  expect(dialogs).toEqual([]);
});

test("markup in a destination is shown as text and never runs", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(redirectUrl(`https://evil.example/"><script>alert(1)</script><img src=x onerror=alert(2)>`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kontrollera länken innan du fortsätter");
  const main = page.getByRole("main");
  await expect(main.locator("script, img")).toHaveCount(0);
  await expect(main.locator("dd")).toHaveText(
    "https://evil.example/%22%3E%3Cscript%3Ealert(1)%3C/script%3E%3Cimg%20src=x%20onerror=alert(2)%3E",
  );
  expect(dialogs).toEqual([]);
});
