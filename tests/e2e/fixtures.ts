/**
 * The Playwright `test` every e2e file uses. It records each page the test visits and,
 * when the test ends, loads each again with the test's cookies and checks it with axe-core
 * (WCAG 2.1 A and AA) — with JavaScript on in the test's own page, without it as the server's
 * HTML written into a checker page (below) — failing on any violation; a page made of exactly
 * the elements of one already checked (the same state with other data) is loaded but not
 * checked again. Any Content Security Policy violation the browser reports fails the test as
 * well.
 *
 * In the admin projects every test starts signed in as the administrator: each worker signs
 * in through /login once and its tests reuse that session (storageState).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  expect as baseExpect,
  type APIResponse,
  type BrowserContext,
  type Page,
  type Request,
  type Response,
} from "@playwright/test";
import { isDefaultStayField } from "#app/utils/stay.ts";
import { AXE_CHECK_PREFIX, AXE_VISIT_PREFIX, E2E_AXE_DIR } from "./run-dirs.ts";
import { signInTo } from "./sign-in.ts";

/**
 * Playwright's expect, with `toBeAt(url)`: the address is `url` and the page on screen is the
 * one drawn for it. With JavaScript the address changes before React draws the new page (the
 * router's update is a transition), so a test that reads a list right after the address
 * changed could read the old one; app/root.tsx marks `<html data-location>` once the page for
 * an address is drawn. Without JavaScript (no mark) the page is the server's answer for it.
 */
export const expect = baseExpect.extend({
  async toBeAt(page: Page, url: string | RegExp | ((url: URL) => boolean), options?: { timeout?: number }) {
    const timeout = options?.timeout ?? this.timeout;
    const assertion = this.isNot ? baseExpect(page).not : baseExpect(page);
    try {
      await assertion.toHaveURL(url, { timeout });
      if (!this.isNot) {
        await baseExpect
          .poll(
            async () => {
              const html = page.locator("html");
              if ((await html.getAttribute("data-hydrated")) === null) return "";
              const address = new URL(page.url());
              const drawn = new URL((await html.getAttribute("data-location")) ?? "", address); // encoded alike
              const [now, shown] = [address, drawn].map((at) => at.pathname + at.search);
              return now === shown ? "" : `the page drawn is still ${shown}'s, not ${now}'s`;
            },
            { timeout },
          )
          .toBe("");
      }
      return { pass: !this.isNot, name: "toBeAt", message: () => `the page is at ${String(url)}` };
    } catch (error) {
      return { pass: this.isNot, name: "toBeAt", message: () => (error instanceof Error ? error.message : String(error)) };
    }
  },
});

/**
 * Every rule of the tags, over the whole page, gathered the quick way (docs/decisions/025):
 * - axe.run in the page itself (legacy mode), not the default partial run per frame finished
 *   in a second, blank page that gets the axe source and every result again: the site has no
 *   frames;
 * - passes, incomplete and inapplicable rules report one node each (resultTypes): every rule
 *   is still evaluated on every node, but axe skips a selector and an HTML snippet for each of
 *   thousands of passing nodes. Violations are reported in full.
 * On /hotels (100 cards) 3.1–3.6 s of CPU and 2.5–2.7 s to wait, instead of 5.5–6.6 s and
 * 7.2–8.0 s; a page spoiled on purpose gives the same violations and node counts either way.
 * options() replaces every option set before it (withTags' runOnly too), so it comes first.
 */
async function axeViolations(page: Page, url: string) {
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode(true);
  // The one accepted exception (docs/decisions/007): /redirect's timed forward without JavaScript.
  if (new URL(url, "http://localhost").pathname === "/redirect") builder.disableRules(["meta-refresh"]);
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
  }));
}

/**
 * Claims a key for this run, across workers: the first to create its marker file (named by a
 * hash of the key, holding `record`) gets true. global-teardown.ts lists the markers.
 */
function claim(prefix: string, key: string, record: string): boolean {
  fs.mkdirSync(E2E_AXE_DIR, { recursive: true });
  const marker = path.join(E2E_AXE_DIR, prefix + crypto.createHash("sha256").update(key).digest("hex"));
  try {
    fs.writeFileSync(marker, record, { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * A page already visited for axe in this run (same project, same URL, signed in or not) is not
 * loaded again, by any worker. Signed in, the public pages show other things (the header's
 * Admin link and sign-out button), so a signed-in visit does not stand in for an anonymous one.
 */
const claimAxeVisit = (project: string, url: string, signedIn: boolean) => {
  const key = `${project} ${signedIn ? "signed-in " : ""}${url}`;
  return claim(AXE_VISIT_PREFIX, key, key);
};

/**
 * A page whose makeup (pageMakeup) and status were already checked in this project, signed in
 * or not, is not checked again: it is the same page state with other data, such as another
 * country's hotels or another hostile text the list shows as text. The axe run dominates the
 * suite's time (docs/decisions/039).
 */
const claimAxeMakeup = (project: string, signedIn: boolean, status: number, makeup: string, url: string) =>
  claim(AXE_CHECK_PREFIX, `${project} ${signedIn} ${status} ${makeup}`, `${project} ${signedIn ? "signed-in " : ""}${url}`);

/**
 * Every kind of element the page is made of, as axe's WCAG rules see it: tag, classes (colours,
 * sizes, visibility), inline style, role, type and the states that change what a control is,
 * ARIA attributes with their values (only present or empty for those that name other elements
 * or hold free text), whether names, alt texts, labels, links and ids are present or empty,
 * and whether the element holds text of its own. Not the texts and addresses themselves.
 * Runs in the page.
 */
function pageMakeup(): string {
  const reference = new Set([
    "aria-label",
    "aria-labelledby",
    "aria-describedby",
    "aria-controls",
    "aria-owns",
    "aria-activedescendant",
    "aria-errormessage",
    "aria-details",
    "aria-valuetext",
    "aria-roledescription",
    "aria-placeholder",
    "aria-keyshortcuts",
    "aria-valuenow",
    "aria-posinset",
    "aria-setsize",
  ]);
  const presence = new Set([
    "id",
    "alt",
    "title",
    "for",
    "href",
    "src",
    "srcset",
    "value",
    "name",
    "placeholder",
    "action",
    "form",
    "list",
    "headers",
    "accesskey",
    "content",
  ]);
  const kept = new Set([
    "style",
    "role",
    "type",
    "tabindex",
    "lang",
    "dir",
    "autocomplete",
    "scope",
    "disabled",
    "hidden",
    "required",
    "readonly",
    "open",
    "inert",
    "multiple",
    "checked",
    "selected",
    "contenteditable",
    "target",
    "method",
    "http-equiv",
    "rel",
  ]);
  const kinds = new Set<string>();
  for (const element of document.querySelectorAll("*")) {
    const parts = [element.localName, [...element.classList].sort().join(".")];
    for (const name of element.getAttributeNames().sort()) {
      const value = element.getAttribute(name) ?? "";
      if (name.startsWith("aria-") && !reference.has(name)) parts.push(`${name}=${value}`);
      else if (kept.has(name)) parts.push(`${name}=${value}`);
      else if (name.startsWith("aria-") || presence.has(name)) parts.push(`${name}${value.trim() ? "+" : "-"}`);
    }
    if ([...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim())) parts.push("text");
    kinds.add(parts.join(" "));
  }
  return [...kinds].sort().join("\n");
}

/**
 * The page a URL shows, for axe: empty parameters and the default guests (2 adults, 1 room),
 * which a form without JavaScript sends and the address with JavaScript leaves out
 * (isDefaultStayField), and the sort order (the same cards in another order) make no other
 * page. (The default guests change one attribute: the AI box form's action keeps the query.)
 */
function axePage(url: URL): string {
  const params = new URLSearchParams();
  for (const [key, value] of url.searchParams) {
    if (value !== "" && key !== "sortera" && !isDefaultStayField(key, value)) params.append(key, value);
  }
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** The session cookie's name (SESSION_COOKIE in app/auth/session.server.ts, a server module the runner need not load). */
const SESSION_COOKIE = "hg_session";

/** A page of the site's origin, small and not HTML, that the JS-off checker writes pages into. */
const BLANK_SAME_ORIGIN_PAGE = "/robots.txt";

/**
 * The server's HTML as a visitor without JavaScript gets it, for a page that may script (see
 * the checker below): no scripts or module preloads, <noscript> content shown, and the
 * `scripting` media queries swapped. On /redirect also without its timed forward, which would
 * carry the checker off the page it checks; axe's rule for it is off there (axeViolations).
 */
function withoutScripting(html: string, url: string): string {
  const page = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "")
    .replace(/<\/?noscript>/gi, "")
    .replace(/\(scripting:\s*(enabled|none)\)/g, (_, value: string) => `(scripting:${value === "none" ? "enabled" : "none"})`);
  return new URL(url, "http://x").pathname === "/redirect" ? page.replace(/<meta\b[^>]*http-equiv="refresh"[^>]*>/gi, "") : page;
}

/** A page as the browser gets it, following redirects on the site; undefined when one leads off it. */
async function fetchOnSite(context: BrowserContext, url: string): Promise<APIResponse | undefined> {
  let response = await context.request.get(url, { maxRedirects: 0 });
  for (let hops = 0; hops < 10 && response.status() >= 300 && response.status() < 400; hops++) {
    const next = new URL(response.headers().location ?? "", response.url());
    if (next.origin !== new URL(response.url()).origin) return undefined;
    response = await context.request.get(next.href, { maxRedirects: 0 });
  }
  return response;
}

/** True in the back-office projects (admin-js-on, admin-js-off). */
const isAdminProject = (project: { name: string }) => project.name.startsWith("admin-");

export const test = base.extend<object, { adminStorageState: () => Promise<string> }>({
  // Signs in once per worker, on first use only (the public projects never sign in).
  adminStorageState: [
    async ({ browser }, use, workerInfo) => {
      let file: Promise<string> | undefined;
      const signIn = async () => {
        const { baseURL, locale } = workerInfo.project.use;
        const context = await browser.newContext({ baseURL, locale, javaScriptEnabled: true });
        try {
          await signInTo(await context.newPage(), "/admin");
          const statePath = path.join(workerInfo.project.outputDir, `.admin-state-${workerInfo.workerIndex}.json`);
          fs.mkdirSync(path.dirname(statePath), { recursive: true });
          await context.storageState({ path: statePath });
          return statePath;
        } finally {
          await context.close();
        }
      };
      await use(() => (file ??= signIn()));
    },
    { scope: "worker" },
  ],
  storageState: async ({ storageState, adminStorageState }, use, testInfo) => {
    await use(isAdminProject(testInfo.project) ? await adminStorageState() : storageState);
  },
  page: async ({ page, baseURL, browser, javaScriptEnabled }, use, testInfo) => {
    const visited = new Set<string>();
    // The Content Security Policy must never have to refuse anything of ours.
    const cspViolations: string[] = [];
    // What the page asked for and said, kept in memory and printed only when the test fails: the
    // traces are recorded without snapshots (their cost), so they hold no network log, which a
    // failure whose cause is not known yet needs (decision 070).
    const started = Date.now();
    const happened: string[] = [];
    const note = (line: string) => happened.length < 2000 && happened.push(`${String(Date.now() - started).padStart(6)} ms ${line}`);
    // Documents, data requests and scripts; not the pictures, styles and fonts.
    const worthNoting = (request: Request) => !["image", "stylesheet", "font", "media"].includes(request.resourceType());
    page.on("request", (request) => worthNoting(request) && note(`→ ${request.method()} ${request.url()}`));
    page.on("requestfinished", (request) => {
      if (worthNoting(request)) void request.response().then((response) => note(`← ${response?.status() ?? "?"} ${request.url()}`));
    });
    page.on("requestfailed", (request) => note(`✗ ${request.url()}: ${request.failure()?.errorText ?? "failed"}`));
    page.on("framenavigated", (frame) => frame === page.mainFrame() && note(`at ${frame.url()}`));
    page.on("pageerror", (error) => note(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") note(`console ${message.type()}: ${message.text()}`);
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`);
    });
    page.on("framenavigated", (frame) => {
      if (frame !== page.mainFrame()) return;
      const url = new URL(frame.url());
      if (baseURL && url.origin === new URL(baseURL).origin) visited.add(axePage(url));
    });
    // With JavaScript, a page of the site loaded by goto is used once it is hydrated, as a
    // visitor uses it once its scripts have run: they start only after the page has loaded
    // (app/http/deferred-scripts.server.ts), so what a test does at once would otherwise reach
    // the plain page. A test of the page before hydration asks for `waitUntil: "commit"`.
    // So is a page the test opens beside it (a second tab of the same context).
    if (javaScriptEnabled) {
      const hydratedOnGoto = (tab: Page) => {
        const goto = tab.goto.bind(tab);
        tab.goto = async (url, options) => {
          const response = await goto(url, options);
          if (options?.waitUntil !== "commit" && isSitePage(response, baseURL)) {
            await tab.locator("html[data-hydrated]").waitFor({ state: "attached" });
          }
          return response;
        };
        return tab;
      };
      hydratedOnGoto(page);
      const context = page.context();
      const newPage = context.newPage.bind(context);
      context.newPage = async () => hydratedOnGoto(await newPage());
    }
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) {
      console.log(`What the page asked for and said (${testInfo.title}):\n${happened.join("\n")}`);
    }
    expect(cspViolations, "Content Security Policy violations").toEqual([]);
    // The checker below carries this context's cookies: the state the pages are checked in.
    const signedIn = (await page.context().cookies()).some((cookie) => cookie.name === SESSION_COOKIE);
    const project = testInfo.project.name;
    const toCheck = [...visited].filter((url) => claimAxeVisit(project, url, signedIn));
    if (!toCheck.length) return;

    // axe runs as a script in the page, which a context without JavaScript cannot do (its
    // promises never settle there). So the JS-off pages are checked in a context that may
    // script, into which the server's HTML is written with every <script> removed, <noscript>
    // content shown and the stylesheet's `scripting` media queries answered as without
    // JavaScript (Chromium cannot emulate that media feature): what a visitor without
    // JavaScript gets. Fetched and written, not navigated to through request interception,
    // which paid a round trip to the runner for every image and module of every page.
    if (javaScriptEnabled) {
      for (const url of toCheck) await checkPage(page, url, (await page.goto(url))?.status() ?? 0);
      return;
    }
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: true,
      // The written page keeps the policy of the blank page it is written into, whose nonce
      // is not the page's own; the policy is checked in the test itself (above).
      bypassCSP: true,
      storageState: await page.context().storageState(),
    });
    try {
      const checker = await context.newPage();
      await checker.goto(BLANK_SAME_ORIGIN_PAGE);
      for (const url of toCheck) {
        const response = await fetchOnSite(context, url);
        // A page that forwards off the site (to a partner), or a file that is not a page (a
        // sitemap the browser shows as XML), has no markup of ours for axe.
        if (!response?.headers()["content-type"]?.startsWith("text/html")) continue;
        await checker.setContent(withoutScripting(await response.text(), url));
        await checkPage(checker, url, response.status());
      }
    } finally {
      await context.close();
    }

    async function checkPage(checker: Page, url: string, status: number) {
      const makeup = crypto
        .createHash("sha256")
        .update(await checker.evaluate(pageMakeup))
        .digest("hex");
      if (!claimAxeMakeup(project, signedIn, status, makeup, url)) return;
      expect(await axeViolations(checker, url), `accessibility violations on ${url}`).toEqual([]);
    }
  },
});

/** An HTML page of the site (not a partner's page, a file or an API answer). */
function isSitePage(response: Response | null, baseURL: string | undefined): boolean {
  if (!response || !baseURL || new URL(response.url()).origin !== new URL(baseURL).origin) return false;
  return response.headers()["content-type"]?.startsWith("text/html") ?? false;
}

/** True in the project that runs with JavaScript turned off. */
export const jsOff = (testInfo: { project: { name: string } }) => testInfo.project.name.endsWith("js-off");
