/**
 * The page's scripts load after it has been drawn: React Router's module preloads leave the
 * head, and its inline module script, which imports the route modules and then the client
 * entry, becomes one that starts those same imports once the page has loaded (its load event).
 *
 * Nothing on a page needs its scripts to be drawn or used: the server's HTML is the whole page,
 * links and forms work without them, and the scripts only enhance it (hydration). Preloaded or
 * imported at once, they compete on a phone's connection with the document's pictures, and
 * Lighthouse's simulation counts every script that arrived before the largest picture was drawn
 * as holding that picture back (largest paint 2.2 s instead of about 1 s on its mobile profile).
 * Started at the load event, they arrive when the page is already shown. (Not a frame later:
 * Playwright's paused clock stops animation frames and timers, and the largest paint is the
 * same either way; decision 042.)
 *
 * <Scripts> has no option for this, so the rendered document is rewritten here. Only the exact
 * shape React Router writes is rewritten; any other shape is left as it is (hydration as
 * before), and `tests/integration/http-hardening.test.ts` fails on it so an upgrade is noticed.
 * React compares neither the script's text nor the preload links with the server's: the script
 * adds the links itself, React adds no second set, and the script element is kept as it is.
 */

const HEAD_END = "</head>";
const PRELOAD = /<link rel="modulepreload" href="([^"<>]+)"(?: nonce="[^"<>]*")?\/>/g;
const MODULE_SCRIPT = /(<script(?: nonce="[^"<>]*")? type="module" async="">)([^<]*)(<\/script>)/;
const SIDE_EFFECT_IMPORT = /^import "([^"]+)";$/;
const NAMESPACE_IMPORT = /^import \* as (route\d+) from "([^"]+)";$/;
const ROUTE_MODULES = /^window\.__reactRouterRouteModules = (\{[^;]*\});$/;
const ENTRY_IMPORT = /^import\("([^"]+)"\);$/;

/** The statements of React Router's module script, or null when it is not the expected shape. */
function parseModuleScript(source: string) {
  const statements = source
    .split(/;\s*/)
    .map((statement) => statement.trim())
    .filter(Boolean)
    .map((statement) => `${statement};`);
  const imports: Array<{ name: string | null; href: string }> = [];
  let routeModules: string | null = null;
  let entry: string | null = null;
  for (const statement of statements) {
    const sideEffect = SIDE_EFFECT_IMPORT.exec(statement);
    const namespace = NAMESPACE_IMPORT.exec(statement);
    const modules = ROUTE_MODULES.exec(statement);
    const dynamic = ENTRY_IMPORT.exec(statement);
    if (sideEffect && !routeModules) imports.push({ name: null, href: sideEffect[1]! });
    else if (namespace && !routeModules) imports.push({ name: namespace[1]!, href: namespace[2]! });
    else if (modules && !routeModules) routeModules = modules[1]!;
    else if (dynamic && routeModules && !entry) entry = dynamic[1]!;
    else return null;
  }
  return imports.length && routeModules && entry ? { imports, routeModules, entry } : null;
}

/** The document with its scripts started after the load event, one chunk at a time. */
export function deferScripts(html: string): string {
  const headEnd = html.indexOf(HEAD_END);
  const script = MODULE_SCRIPT.exec(html);
  if (headEnd === -1 || !script) return html;
  const parsed = parseModuleScript(script[2]!);
  if (!parsed) return html;

  const head = html.slice(0, headEnd);
  const preloads = [...head.matchAll(PRELOAD)].map((match) => match[1]!);
  const names = parsed.imports.map((entry) => entry.name ?? "");
  const body = [
    `const preloads = ${JSON.stringify(preloads)};`,
    `const pause = () => new Promise((resolve) => { const channel = new MessageChannel(); channel.port1.onmessage = resolve; channel.port2.postMessage(null); });`,
    `const load = async () => {`,
    // The chunks the modules share are fetched in parallel with them, not one import deeper.
    `for (const href of preloads) { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link); }`,
    // Then run one chunk at a time, each in a task of its own (a message between them, not a
    // timer, which Playwright's paused clock would stop): React's chunk alone is one task of
    // about 20 ms here, all of them together were one of about 30 (Lighthouse's Total Blocking
    // Time on /hotels, median 80 -> 50 ms). The entry, which hydrates, runs last, as before.
    `for (const href of preloads) if (href !== ${JSON.stringify(parsed.entry)}) { await import(href); await pause(); }`,
    `const [${names.join(", ")}] = await Promise.all([${parsed.imports.map((entry) => `import(${JSON.stringify(entry.href)})`).join(", ")}]);`,
    `window.__reactRouterRouteModules = ${parsed.routeModules};`,
    `return import(${JSON.stringify(parsed.entry)});`,
    `};`,
    `if (document.readyState === "complete") load(); else addEventListener("load", load, { once: true });`,
  ].join(" ");

  const withoutPreloads = head.replace(PRELOAD, "") + html.slice(headEnd);
  return withoutPreloads.replace(MODULE_SCRIPT, (_match, open: string, _source: string, close: string) => open + body + close);
}
