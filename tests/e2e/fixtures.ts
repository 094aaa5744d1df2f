/**
 * The Playwright `test` every e2e file uses. It records each page the test visits and,
 * when the test ends, checks every one of them with axe-core (WCAG 2.1 A and AA) in the
 * same browser context — so with JavaScript on and off — failing on any violation. Any
 * Content Security Policy violation the browser reports fails the test as well.
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export { expect };

async function axeViolations(page: Page) {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  // The one accepted exception (docs/decisions/007): /redirect's timed forward without JavaScript.
  if (new URL(page.url()).pathname === "/redirect") builder.disableRules(["meta-refresh"]);
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
  }));
}

// A page already checked in this worker (same project, same URL) is not checked again:
// the axe run dominates the suite's time, and the result would be the same.
const alreadyChecked = new Set<string>();

export const test = base.extend({
  page: async ({ page, baseURL, browser, javaScriptEnabled }, use) => {
    const visited = new Set<string>();
    // The Content Security Policy must never have to refuse anything of ours.
    const cspViolations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`);
    });
    page.on("framenavigated", (frame) => {
      if (frame !== page.mainFrame()) return;
      const url = new URL(frame.url());
      if (baseURL && url.origin === new URL(baseURL).origin) visited.add(url.pathname + url.search);
    });
    await use(page);
    expect(cspViolations, "Content Security Policy violations").toEqual([]);
    const toCheck = [...visited].filter((url) => !alreadyChecked.has(`${javaScriptEnabled}:${url}`));
    if (!toCheck.length) return;

    // axe runs as a script in the page, which a context without JavaScript cannot do. So the
    // JS-off pages are checked in a context that may script, with every <script> removed from
    // the server's HTML and <noscript> content shown: what a visitor without JavaScript gets.
    const context = javaScriptEnabled
      ? page.context()
      : await browser.newContext({ baseURL, javaScriptEnabled: true, storageState: await page.context().storageState() });
    const checker = javaScriptEnabled ? page : await context.newPage();
    if (!javaScriptEnabled) {
      await checker.route("**/*", async (route) => {
        if (route.request().resourceType() !== "document") return route.continue();
        // A timed forward to a partner must not carry the checker off the page it checks.
        if (baseURL && new URL(route.request().url()).origin !== new URL(baseURL).origin) return route.fulfill({ status: 204 });
        const response = await route.fetch({ maxRedirects: 0 });
        const html = (await response.text())
          .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
          .replace(/<\/?noscript>/gi, "");
        await route.fulfill({ response, body: html });
      });
    }
    try {
      for (const url of toCheck) {
        await checker.goto(url);
        expect(await axeViolations(checker), `accessibility violations on ${url}`).toEqual([]);
        alreadyChecked.add(`${javaScriptEnabled}:${url}`);
      }
    } finally {
      if (!javaScriptEnabled) await context.close();
    }
  },
});

/** True in the project that runs with JavaScript turned off. */
export const jsOff = (testInfo: { project: { name: string } }) => testInfo.project.name.endsWith("js-off");
