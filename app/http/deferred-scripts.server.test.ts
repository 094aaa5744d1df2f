import { describe, expect, it } from "vitest";
import { deferScripts } from "./deferred-scripts.server.ts";

const NONCE = "abc123abc123abc123abc1==";
const HEAD =
  `<html><head><meta charSet="utf-8"/>` +
  `<link rel="modulepreload" href="/assets/manifest-1.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/entry.client-2.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/react-3.js" nonce="${NONCE}"/>` +
  `<link rel="stylesheet" href="/assets/app.css"/></head>`;
const MODULE_SCRIPT =
  `<script nonce="${NONCE}" type="module" async="">import "/assets/manifest-1.js"; ` +
  `import * as route0 from "/assets/root-4.js"; import * as route1 from "/assets/hotels-5.js";      ` +
  `window.__reactRouterRouteModules = {"root":route0,"routes/site/hotels":route1};  import("/assets/entry.client-2.js");</script>`;
const DOCUMENT = `${HEAD}<body><main>Hotell</main><script nonce="${NONCE}">window.__reactRouterContext = {};</script>${MODULE_SCRIPT}</body></html>`;

/** Runs the rewritten module script with a stand-in document: what it imports, when, and what it sets. */
async function run(html: string, readyState: "loading" | "complete") {
  const source = /<script[^>]*type="module"[^>]*>([^<]*)<\/script>/.exec(html)![1]!;
  const imported: string[] = [];
  const preloaded: string[] = [];
  const listeners: Array<() => void> = [];
  const window = {} as { __reactRouterRouteModules?: Record<string, unknown> };
  const document = {
    readyState,
    head: { append: (link: { href: string }) => preloaded.push(link.href) },
    createElement: () => ({ rel: "", href: "" }),
  };
  const addEventListener = (type: string, listener: () => void) => {
    if (type === "load") listeners.push(listener);
  };
  let entryImported: () => void = () => {};
  const settled = new Promise<void>((resolve) => (entryImported = resolve));
  const importModule = (href: string) => {
    imported.push(href);
    if (href.includes("entry.client")) entryImported();
    return Promise.resolve({ href });
  };
  // The page's pause between chunks: a message, delivered in a later task.
  class MessageChannel {
    port1: { onmessage: (() => void) | null } = { onmessage: null };
    port2 = { postMessage: () => setTimeout(() => this.port1.onmessage?.(), 0) };
  }
  new Function("document", "window", "addEventListener", "MessageChannel", "__import", source.replaceAll("import(", "__import("))(
    document,
    window,
    addEventListener,
    MessageChannel,
    importModule,
  );
  /** Until the entry has been imported: the last thing the script does. */
  const settle = () => settled;
  return { imported, preloaded, listeners, window, settle };
}

describe("deferScripts", () => {
  it("takes the module preloads out of the head and keeps everything else", () => {
    const html = deferScripts(DOCUMENT);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain(`<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`);
    expect(html).toContain(`<script nonce="${NONCE}" type="module" async="">`);
    expect(html).not.toMatch(/^\s*import /m);
  });

  it("imports nothing until the page has loaded, then the same modules, the route modules and the entry last", async () => {
    const page = await run(deferScripts(DOCUMENT), "loading");
    expect(page.imported).toEqual([]);
    expect(page.listeners).toHaveLength(1);
    page.listeners[0]!();
    expect(page.preloaded).toEqual(["/assets/manifest-1.js", "/assets/entry.client-2.js", "/assets/react-3.js"]);
    // The first chunk at once, the next only after a pause (a task of its own).
    expect(page.imported).toEqual(["/assets/manifest-1.js"]);
    await page.settle();
    expect(page.window.__reactRouterRouteModules).toEqual({
      root: { href: "/assets/root-4.js" },
      "routes/site/hotels": { href: "/assets/hotels-5.js" },
    });
    // The preloaded chunks but the entry one by one, then the route modules, and the entry last.
    expect(page.imported).toEqual([
      "/assets/manifest-1.js",
      "/assets/react-3.js",
      "/assets/manifest-1.js",
      "/assets/root-4.js",
      "/assets/hotels-5.js",
      "/assets/entry.client-2.js",
    ]);
  });

  it("starts at once when the page has already loaded", async () => {
    const page = await run(deferScripts(DOCUMENT), "complete");
    expect(page.listeners).toHaveLength(0);
    await page.settle();
    expect(page.imported.at(0)).toBe("/assets/manifest-1.js");
    expect(page.imported.at(-1)).toBe("/assets/entry.client-2.js");
  });

  it("leaves a document alone when its module script is not the shape React Router writes", () => {
    const other = DOCUMENT.replace("window.__reactRouterRouteModules", "window.somethingElse");
    expect(deferScripts(other)).toBe(other);
    const extra = DOCUMENT.replace('import("/assets/entry.client-2.js");', 'import("/assets/entry.client-2.js"); alert(1);');
    expect(deferScripts(extra)).toBe(extra);
    const noScript = `${HEAD}<body>Hotell</body></html>`;
    expect(deferScripts(noScript)).toBe(noScript);
  });
});
