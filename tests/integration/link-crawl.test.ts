/**
 * A link crawl of the public site as a search engine's crawler sees it: server HTML only, no
 * JavaScript, no cookies, and redirects not followed by fetch but looked at one by one. It
 * starts at `/`, robots.txt and the sitemap (and a sitemap index's parts, when /sitemap.xml is
 * one), and follows every internal `<a href>`, `<area href>`, `<link rel=canonical|alternate>`,
 * `<meta http-equiv=refresh>` and GET form (submitted with its default values, once per submit
 * button, as a browser without JavaScript sends it). It fails on
 * - any answer outside 2xx/3xx;
 * - a redirect to another origin, and a chain of more than one redirect;
 * - a link or form answering 301/308: our own pages must name a page by its canonical
 *   spelling, not by one that has moved (`/Sweden/Malmo` for `/Sweden/Malm%C3%B6`);
 * - a canonical link or sitemap URL that redirects at all, or that robots.txt disallows;
 * - a fragment (`#karta`) naming no element on the page it points to.
 * `/redirect` (the affiliate interstitial) is requested as linked and must answer 2xx or 3xx,
 * but neither its Location nor its partner links are followed: partner sites are not ours.
 * Robots.txt's Disallow lines are not obeyed: /login and /redirect are links worth checking.
 * The back office (/admin), signing out and POST forms are left alone.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { parse, type DefaultTreeAdapterTypes } from "parse5";
import { matchRoutes, type RouteObject } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { CURRENCY_PARAM } from "#app/utils/money.ts";
import { CALENDAR_PARAM } from "#app/prices/calendar-month.ts";
import { STAY_PARAMS } from "#app/utils/stay.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";

type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.Node;

/** isbot() counts this as a crawler, so /redirect does not record the crawl's visits as clicks. */
const USER_AGENT = "Mozilla/5.0 (compatible; HotellguidenLinkCrawler/1.0)";
const SITE_URL = "http://hotellguiden.test";
const CONCURRENCY = 4;

/*
 * The caps that keep the crawl to seconds (under 200 requests over the demo catalogue instead
 * of about 1,300). Each leaves out requests to one template with other data, never a kind of
 * link, and a link left out is still checked for its spelling against what the crawl requested.
 *
 * Hotel pages: the demo catalogue has 600, one template. Of those the sitemap lists, every
 * n-th by address is requested, HOTEL_SAMPLE in all, the same on every run. A link to another
 * listed hotel page is by that spelled as the sitemap spells it (the sampled ones prove those
 * URLs answer 200); a hotel address the sitemap does not list is always requested, so a
 * misspelled hotel link is never left out.
 */
const HOTEL_SAMPLE = 50;
/**
 * Page numbers: a list's later pages are the same template and query at another offset. Those
 * past MAX_PAGE are left out; their path must answer 200 elsewhere in the crawl.
 */
const MAX_PAGE = 3;
const PAGE_PARAM = "sida";
/*
 * GET forms: the same form on every page of a template (the filters of 56 place pages, the
 * stay form of every hotel) sent with its defaults differs only by the page it is on. One
 * submission per form shape (the template it is on, each submit button's target template and
 * field names) is requested: the lowest URL of that shape the crawl found, so the same one on
 * every run. Every other submission's target path must answer 200 elsewhere in the crawl.
 * /redirect links likewise: what the interstitial answers depends on the target's host (a
 * partner's or not) and the link's source; one of each pair is requested. And the links that show
 * a page's prices in another currency (`valuta`, on every hotel and list page): one per template
 * the link is on, the template it goes to and the currency. The price calendar's links likewise
 * (`kalender`, on every hotel and place page), and links that carry a stay (a calendar's dates;
 * a page with a stay passes it on to every hotel and place it links to, the whole catalogue
 * again): one per template they are on and go to.
 */

/** Paths the crawl does not enter: the back office and signing out. */
const NOT_FOLLOWED = [/^\/admin(\/|$)/, /^\/logout(\/|$)/];

type Kind = "a" | "form" | "canonical" | "alternate" | "refresh" | "sitemap" | "start";

interface Link {
  /** The page (or file) the link is on. */
  from: string;
  kind: Kind;
  /** The address as the page writes it (entities decoded by the parser). */
  raw: string;
  /** Absolute, on the test server's origin, without its fragment. */
  url: URL;
  fragment: string;
  /** Links of one shape are sampled (see above); none for links always requested. */
  shape?: string;
}

let app: TestApp;
let ours: Set<string>;

beforeAll(async () => {
  app = await startTestApp({ SEED_DEMO: "always", SITE_URL });
  ours = new Set([app.origin, SITE_URL]);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

/** A URL on our site (the test server, or SITE_URL as canonical links and the sitemap write it) moved to the test server; null for other sites. */
function onTestServer(raw: string, base: URL): URL | null {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (!ours.has(url.origin)) return null;
  return new URL(`${url.pathname}${url.search}${url.hash}`, app.origin);
}

const shown = (url: URL) => `${url.pathname}${url.search}`;

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function get(url: URL): Promise<Response> {
  return fetch(url, { redirect: "manual", headers: { "User-Agent": USER_AGENT, "X-Forwarded-For": "198.51.100.7" } });
}

const toRouteObjects = (entries: RouteConfigEntry[]): RouteObject[] =>
  entries.map((entry): RouteObject => {
    const id = entry.id ?? entry.file;
    return entry.index ? { id, index: true } : { id, path: entry.path, children: entry.children && toRouteObjects(entry.children) };
  });
const routeObjects = toRouteObjects(routes);
/** The route (app/routes.ts) that answers a path: a page's template. */
const templateOf = (url: URL) => matchRoutes(routeObjects, url.pathname)?.at(-1)?.route.id ?? "(no route)";
const HOTEL_TEMPLATE = "routes/site/hotel.tsx";

// Reading the HTML -----------------------------------------------------------------------------

function* elements(node: Node): Generator<Element> {
  if ("tagName" in node) yield node;
  // A <template>'s content is a separate fragment the tree does not walk into: inert, as for a crawler.
  if ("childNodes" in node) for (const child of node.childNodes) yield* elements(child);
}

const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value ?? null;
const hasAttr = (element: Element, name: string) => element.attrs.some((a) => a.name === name);

function textOf(node: Node): string {
  if (node.nodeName === "#text") return (node as DefaultTreeAdapterTypes.TextNode).value;
  return "childNodes" in node ? node.childNodes.map(textOf).join("") : "";
}

function ancestors(element: Element): Element[] {
  const list: Element[] = [];
  for (let parent = element.parentNode; parent && "tagName" in parent; parent = parent.parentNode) list.push(parent);
  return list;
}

/** Disabled itself, or inside a disabled fieldset (outside its first legend): not submitted. */
function isDisabled(element: Element): boolean {
  if (hasAttr(element, "disabled")) return true;
  const chain = [element, ...ancestors(element)];
  return chain.some((node, index) => {
    if (node.tagName !== "fieldset" || !hasAttr(node, "disabled")) return false;
    const firstLegend = node.childNodes.find((c): c is Element => "tagName" in c && c.tagName === "legend");
    return !(firstLegend && chain[index - 1] === firstLegend);
  });
}

const SUBMIT_INPUTS = new Set(["submit", "image"]);
const NOT_SUBMITTED_INPUTS = new Set(["submit", "image", "reset", "button", "file"]);

/** A form's data as a browser builds it from the markup as served (HTML's "constructing the entry list"). */
function formEntries(fields: Element[], submitter: Element | null): [string, string][] {
  const entries: [string, string][] = [];
  for (const field of fields) {
    if (isDisabled(field)) continue;
    const name = attr(field, "name") ?? "";
    if (field === submitter) {
      if (field.tagName === "input" && attr(field, "type")?.toLowerCase() === "image") {
        const prefix = name ? `${name}.` : "";
        entries.push([`${prefix}x`, "0"], [`${prefix}y`, "0"]);
      } else if (name) entries.push([name, attr(field, "value") ?? ""]);
      continue;
    }
    if (!name) continue;
    if (field.tagName === "input") {
      const type = (attr(field, "type") ?? "text").toLowerCase();
      if (NOT_SUBMITTED_INPUTS.has(type)) continue;
      const checkable = type === "checkbox" || type === "radio";
      if (checkable && !hasAttr(field, "checked")) continue;
      entries.push([name, attr(field, "value") ?? (checkable ? "on" : "")]);
    } else if (field.tagName === "textarea") {
      entries.push([name, textOf(field)]);
    } else if (field.tagName === "select") {
      const options = [...elements(field)].filter((e) => e.tagName === "option");
      const selected = options.filter((o) => hasAttr(o, "selected"));
      // A single select shows its last selected option, or else its first that is not disabled.
      const chosen = hasAttr(field, "multiple") ? selected : [selected.at(-1) ?? options.find((o) => !isDisabled(o))];
      for (const option of chosen)
        if (option && !isDisabled(option)) entries.push([name, attr(option, "value") ?? textOf(option).replace(/\s+/g, " ").trim()]);
    }
  }
  return entries;
}

interface Page {
  links: Omit<Link, "from">[];
  /** Ids (and a[name]s) a fragment may point at. */
  anchors: Set<string>;
  postForms: number;
}

function readPage(html: string, pageUrl: URL): Page {
  // Without scripting, as a crawler without JavaScript parses it: <noscript> holds markup.
  const all = [...elements(parse(html, { scriptingEnabled: false }))];
  const baseElement = all.find((e) => e.tagName === "base" && hasAttr(e, "href"));
  const base = baseElement ? new URL(attr(baseElement, "href")!, pageUrl) : pageUrl;
  const page: Page = { links: [], anchors: new Set(), postForms: 0 };
  const add = (kind: Kind, raw: string, shape?: string) => {
    const url = onTestServer(raw.trim(), base);
    if (!url) return; // another site's, or not a URL
    const fragment = safeDecode(url.hash.slice(1));
    url.hash = "";
    page.links.push({ kind, raw, url, fragment, shape });
  };

  for (const element of all) {
    const id = attr(element, "id");
    if (id) page.anchors.add(id);
    if (element.tagName === "a" && attr(element, "name")) page.anchors.add(attr(element, "name")!);
    if ((element.tagName === "a" || element.tagName === "area") && hasAttr(element, "href")) {
      const href = attr(element, "href")!;
      const url = onTestServer(href, base);
      // See the caps above: an affiliate link's answer depends on its target's host and its source.
      const shape =
        url?.pathname === "/redirect"
          ? `redirect to ${URL.canParse(url.searchParams.get("to") ?? "") ? new URL(url.searchParams.get("to")!).host : "(none)"} from ${url.searchParams.get("source")}`
          : url?.searchParams.has(CURRENCY_PARAM)
            ? `currency ${url.searchParams.get(CURRENCY_PARAM)} on ${templateOf(pageUrl)} to ${templateOf(url)}`
            : url?.searchParams.has(CALENDAR_PARAM)
              ? `calendar on ${templateOf(pageUrl)} to ${templateOf(url)}`
              : url?.searchParams.has(STAY_PARAMS.checkIn)
                ? `stay on ${templateOf(pageUrl)} to ${templateOf(url)}`
                : undefined;
      add("a", href, shape);
    }
    if (element.tagName === "link") {
      const rel = (attr(element, "rel") ?? "").toLowerCase().split(/\s+/);
      const href = attr(element, "href");
      if (href !== null && rel.includes("canonical")) add("canonical", href);
      if (href !== null && rel.includes("alternate")) add("alternate", href);
    }
    if (element.tagName === "meta" && attr(element, "http-equiv")?.toLowerCase() === "refresh") {
      const target = /^\s*\d+(?:\.\d*)?\s*[;,]?\s*(?:url\s*=\s*)?(['"]?)(.+)\1\s*$/i.exec(attr(element, "content") ?? "");
      if (target) add("refresh", target[2]!);
    }
  }

  // Forms: their fields by the form attribute, else by the nearest form around them.
  const forms = all.filter((e) => e.tagName === "form");
  const formOf = (field: Element) => {
    const owner = attr(field, "form");
    if (owner !== null) return forms.find((f) => attr(f, "id") === owner) ?? null;
    return ancestors(field).find((a) => a.tagName === "form") ?? null;
  };
  const listed = all.filter((e) => ["input", "select", "textarea", "button"].includes(e.tagName));
  for (const form of forms) {
    const fields = listed.filter((field) => formOf(field) === form);
    const submitters = fields.filter((field) =>
      field.tagName === "button"
        ? (attr(field, "type") ?? "submit").toLowerCase() === "submit"
        : field.tagName === "input" && SUBMIT_INPUTS.has((attr(field, "type") ?? "").toLowerCase()),
    );
    // Each submit button is a way to send the form; a form without one is sent with Enter.
    for (const submitter of submitters.length ? submitters.filter((s) => !isDisabled(s)) : [null]) {
      const method = ((submitter && attr(submitter, "formmethod")) || attr(form, "method") || "get").toLowerCase();
      if (method !== "get") {
        page.postForms++;
        continue;
      }
      // An empty or missing action is the page itself; a GET form's data replaces the action's query.
      const action = new URL((submitter && attr(submitter, "formaction")) || attr(form, "action") || pageUrl.href, base);
      const entries = formEntries(fields, submitter);
      action.search = new URLSearchParams(entries).toString();
      const shape = `form on ${templateOf(pageUrl)} to ${templateOf(action)} with ${entries.map(([name]) => name).join(",")}`;
      add("form", action.href, shape);
    }
  }
  return page;
}

// The sitemap and robots.txt ---------------------------------------------------------------------

const decodeXml = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[name]!);

/** The <loc>s of a urlset or a sitemapindex (our generator's output, proven well-formed in sitemap.test.ts). */
function readSitemap(xml: string): { index: boolean; locs: string[] } {
  const root = /<(urlset|sitemapindex)\b/.exec(xml)?.[1];
  if (!root) throw new Error("neither a urlset nor a sitemapindex");
  return { index: root === "sitemapindex", locs: [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => decodeXml(m[1]!.trim())) };
}

// The crawl -------------------------------------------------------------------------------------

interface Answer {
  status: number;
  /** Where a redirect points when that is our site. */
  location: URL | null;
  /** Where a redirect points when that is another site. */
  offSite: string | null;
  /** The answer to the one redirect followed. */
  landed: { status: number; location: string | null } | null;
  /** The ids of the HTML page reached, for fragments. */
  anchors: Set<string> | null;
}

it("finds no broken link, no redirect chain, no link to a moved spelling and no redirect off the site", async () => {
  const failures: string[] = [];
  const fail = (link: Pick<Link, "from" | "kind" | "raw">, problem: string) =>
    failures.push(`on ${link.from}: ${link.kind} ${JSON.stringify(link.raw)} ${problem}`);
  const root = new URL("/", app.origin);
  let requests = 0;
  let postForms = 0;

  // robots.txt names the sitemap; its Disallow lines must not cover a sitemap URL.
  const robotsResponse = await get(new URL("/robots.txt", root));
  requests++;
  expect(robotsResponse.status, "/robots.txt").toBe(200);
  const robots = await robotsResponse.text();
  const disallowed = [...robots.matchAll(/^Disallow:\s*(\S+)/gim)].map((m) => m[1]!);
  const sitemapLines = [...robots.matchAll(/^Sitemap:\s*(\S+)/gim)].map((m) => m[1]!);
  expect(sitemapLines, "robots.txt's Sitemap lines").toEqual([`${SITE_URL}/sitemap.xml`]);

  // The sitemap, and the parts it lists when it is an index. Each URL listed must answer 200 itself.
  const sitemapUrls: Link[] = [];
  const sitemapFiles = sitemapLines.map((raw) => ({ from: "/robots.txt", raw, url: onTestServer(raw, root)! }));
  for (const file of sitemapFiles) {
    const response = await get(file.url);
    requests++;
    if (response.status !== 200) {
      fail({ ...file, kind: "sitemap" }, `answers ${response.status}`);
      continue;
    }
    const { index, locs } = readSitemap(await response.text());
    for (const raw of locs) {
      const link = { from: shown(file.url), kind: "sitemap" as const, raw, url: onTestServer(raw, root), fragment: "" };
      if (!link.url || !raw.startsWith(`${SITE_URL}/`)) fail(link, `is not on the site's origin ${SITE_URL}`);
      else if (index) sitemapFiles.push({ from: link.from, raw, url: link.url });
      else sitemapUrls.push({ ...link, url: link.url });
    }
  }
  // The demo catalogue: 600 hotels, their places and countries, /, /hotels and the posts.
  expect(sitemapUrls.length, "URLs in the sitemap").toBeGreaterThan(600);
  for (const link of sitemapUrls)
    if (disallowed.some((prefix) => link.url.pathname.startsWith(prefix))) fail(link, "is disallowed by robots.txt");

  const listed = new Set(sitemapUrls.map((link) => link.url.href));
  const listedHotels = [...listed].filter((href) => templateOf(new URL(href)) === HOTEL_TEMPLATE).sort();
  const step = Math.max(1, Math.floor(listedHotels.length / HOTEL_SAMPLE));
  const sample = new Set(listedHotels.filter((_, index) => index % step === 0).slice(0, HOTEL_SAMPLE));

  // Every address is requested once; every link to it is judged by that one answer.
  const answers = new Map<string, Promise<Answer>>();
  const judged: { link: Link; answer: Answer }[] = [];
  const leftOut: { link: Link; cap: string }[] = [];
  const queue: Link[] = [{ from: "(start)", kind: "start", raw: "/", url: root, fragment: "" }, ...sitemapUrls];
  const byShape = new Map<string, Link[]>();
  const shapesRequested = new Set<string>();

  const readHtml = async (response: Response, url: URL): Promise<Set<string> | null> => {
    if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) {
      await response.body?.cancel();
      return null;
    }
    const page = readPage(await response.text(), url);
    postForms += page.postForms;
    for (const link of page.links) queue.push({ ...link, from: shown(url) });
    return page.anchors;
  };

  const request = async (url: URL): Promise<Answer> => {
    const response = await get(url);
    requests++;
    const answer: Answer = { status: response.status, location: null, offSite: null, landed: null, anchors: null };
    if (response.status < 300 || response.status >= 400) {
      if (response.status < 300) answer.anchors = await readHtml(response, url);
      else await response.body?.cancel();
      return answer;
    }
    await response.body?.cancel();
    const location = response.headers.get("Location");
    answer.location = location === null ? null : onTestServer(location, url);
    if (location !== null && !answer.location) answer.offSite = location;
    // The affiliate redirect's target is a partner's site: not ours to follow.
    if (url.pathname === "/redirect" || !answer.location) return answer;
    const next = await get(answer.location);
    requests++;
    answer.landed = { status: next.status, location: next.headers.get("Location") };
    if (next.status >= 200 && next.status < 300) answer.anchors = await readHtml(next, answer.location);
    else await next.body?.cancel();
    return answer;
  };

  /** Which cap leaves a link out, if one does (see the caps above). */
  const capOf = (link: Link): string | null => {
    if (answers.has(link.url.href)) return null;
    if (templateOf(link.url) === HOTEL_TEMPLATE && listed.has(link.url.href) && !sample.has(link.url.href)) return "hotel";
    if (Number(link.url.searchParams.get(PAGE_PARAM) ?? 1) > MAX_PAGE) return "page";
    if (link.shape && shapesRequested.has(link.shape)) return "shape";
    return null;
  };

  // Breadth first, then one of each shape of form and /redirect link found, until nothing new turns up.
  while (queue.length) {
    while (queue.length) {
      const fresh: Link[] = [];
      for (const link of queue.splice(0)) {
        if (NOT_FOLLOWED.some((pattern) => pattern.test(link.url.pathname))) continue;
        const cap = capOf(link);
        if (cap) leftOut.push({ link, cap });
        else if (link.shape && !answers.has(link.url.href)) byShape.set(link.shape, [...(byShape.get(link.shape) ?? []), link]);
        else fresh.push(link);
      }
      for (let start = 0; start < fresh.length; start += CONCURRENCY) {
        await Promise.all(
          fresh.slice(start, start + CONCURRENCY).map(async (link) => {
            let answer = answers.get(link.url.href);
            if (!answer) answers.set(link.url.href, (answer = request(link.url)));
            judged.push({ link, answer: await answer });
          }),
        );
      }
    }
    // What was found is fixed now, whatever order the answers came in: the lowest URL of each shape is requested.
    for (const [shape, links] of byShape) {
      const lowest = links.map((link) => link.url.href).sort()[0];
      shapesRequested.add(shape);
      for (const link of links) {
        if (link.url.href === lowest) queue.push({ ...link, shape: undefined });
        else leftOut.push({ link, cap: "shape" });
      }
    }
    byShape.clear();
  }

  for (const { link, answer } of judged) {
    const { status } = answer;
    const affiliate = link.url.pathname === "/redirect";
    if (status < 200 || status >= 400) {
      fail(link, `answers ${status}`);
      continue;
    }
    if (status >= 300) {
      if (answer.offSite !== null) {
        if (!affiliate) fail(link, `answers ${status} to another site: ${answer.offSite}`);
        continue;
      }
      if (!answer.location) {
        fail(link, `answers ${status} without a Location`);
        continue;
      }
      if (affiliate) continue;
      const to = shown(answer.location);
      if (link.kind === "canonical" || link.kind === "alternate" || link.kind === "sitemap")
        fail(link, `answers ${status} → ${to}: a ${link.kind} URL must answer 200 itself`);
      else if (status === 301 || status === 308) fail(link, `answers ${status} → ${to}: link to the canonical spelling instead`);
      const landed = answer.landed!;
      if (landed.status >= 300 && landed.status < 400)
        fail(link, `answers ${status} → ${to}, which answers ${landed.status} → ${landed.location}`);
      else if (landed.status < 200 || landed.status >= 400) fail(link, `answers ${status} → ${to}, which answers ${landed.status}`);
    }
    if (link.fragment && answer.anchors && !answer.anchors.has(link.fragment)) fail(link, `points at #${link.fragment}, not on that page`);
  }

  // A link left out by a cap still names a path that answered 200 as requested (or that the sitemap lists).
  const pathsAnswered = new Set(listed);
  for (const [href, answer] of answers) {
    const { status } = await answer;
    if (status >= 200 && status < 300) pathsAnswered.add(href.replace(/[?#].*$/, ""));
  }
  for (const { link, cap } of leftOut) {
    if (link.url.pathname === "/redirect") continue; // its shape is its target's host and source, both requested
    const path = `${link.url.origin}${link.url.pathname}`;
    if (!pathsAnswered.has(path)) fail(link, `(not requested: ${cap} cap) names ${link.url.pathname}, which no request answered 200`);
  }

  // The crawl reached what it must: every sitemap URL but the unsampled hotels, and every kind of link.
  const requested = new Set(answers.keys());
  expect(sitemapUrls.filter((link) => !requested.has(link.url.href) && !listedHotels.includes(link.url.href))).toEqual([]);
  expect([...sample].filter((href) => !requested.has(href))).toEqual([]);
  const kinds = new Set(judged.map(({ link }) => (link.url.pathname === "/redirect" ? "redirect" : link.kind)));
  expect([...kinds].sort()).toEqual(["a", "canonical", "form", "redirect", "sitemap", "start"]);

  const count = (cap: string) => leftOut.filter((entry) => entry.cap === cap).length;
  console.info(
    `Link crawl: ${answers.size} distinct addresses requested (${requests} requests), ${judged.length} links judged ` +
      `(${judged.filter(({ link }) => link.kind === "form").length} GET form submissions, ${postForms} POST forms left alone), ` +
      `${sitemapUrls.length} sitemap URLs. Left out by the caps, spelling checked: ${count("hotel")} links to ` +
      `${listedHotels.length - sample.size} unsampled hotel pages, ${count("page")} to pages past ${MAX_PAGE}, ` +
      `${count("shape")} forms, /redirect and currency links of a shape already requested.`,
  );
  expect(failures).toEqual([]);
}, 120_000);
