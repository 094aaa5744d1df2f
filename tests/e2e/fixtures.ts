/**
 * The Playwright `test` every e2e file uses. It records each page the test visits and,
 * when the test ends, checks every one of them with axe-core (WCAG 2.1 A and AA) in the
 * same browser context — so with JavaScript on and off — failing on any violation.
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export { expect };

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
  }));
}

export const test = base.extend({
  page: async ({ page, baseURL, browser, javaScriptEnabled }, use) => {
    const visited = new Set<string>();
    page.on("framenavigated", (frame) => {
      if (frame !== page.mainFrame()) return;
      const url = new URL(frame.url());
      if (baseURL && url.origin === new URL(baseURL).origin) visited.add(url.pathname + url.search);
    });
    await use(page);
    if (!visited.size) return;

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
        const response = await route.fetch({ maxRedirects: 0 });
        const html = (await response.text())
          .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
          .replace(/<\/?noscript>/gi, "");
        await route.fulfill({ response, body: html });
      });
    }
    try {
      for (const url of visited) {
        await checker.goto(url);
        expect(await axeViolations(checker), `accessibility violations on ${url}`).toEqual([]);
      }
    } finally {
      if (!javaScriptEnabled) await context.close();
    }
  },
});

/** True in the project that runs with JavaScript turned off. */
export const jsOff = (testInfo: { project: { name: string } }) => testInfo.project.name === "js-off";
