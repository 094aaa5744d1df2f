/**
 * The server HTML of every page route in app/routes.ts, read by the W3C Nu HTML Checker (the
 * `vnu-jar` package, run with Java): public pages and the back office as an administrator, on
 * the demo catalogue, in each state a template has (the editor empty and with a post, the
 * redirect's forward, warning and 400, not-found pages, a form sent back with its errors).
 * Every page is written to a temporary folder and the checker reads them all in one run; any
 * error fails with its page, line and message. A page route without an entry below fails too,
 * so a new screen cannot slip past. Resource routes (`.ts` modules: feeds, files, redirects)
 * answer no HTML page and are left out.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, signIn, startTestApp, TEST_ADMIN, type TestApp } from "#tests/app-server.ts";
import { isAdminRoute, routeTable, samplePath, type RouteSamples, type TableRoute } from "./route-table.ts";

type Role = "visitor" | "admin";

interface Page {
  path: string;
  /** Who asks: a visitor, or a signed-in administrator. */
  as?: Role;
  /** A form post instead of a GET (a form sent back with its field errors). */
  post?: Record<string, string>;
  /** The status the page answers with (after at most one redirect, followed). */
  status: number;
}

interface Fixtures extends RouteSamples {
  hotelPath: string;
  hotelIds: [string, string];
  affiliateUrl: string;
  hotelId: string;
  post: { id: string; slug: string };
  jobId: string;
}

/**
 * The pages of the routes that need more than their default page (`defaultPage`: the route's
 * address on the seeded data, from route-table.ts, answering 200, as an administrator in the back
 * office): the states a template has, and the routes whose page is a 404. A new page route needs
 * no entry here.
 */
function pagesByRoute(f: Fixtures): Record<string, Page[]> {
  const partnerForward = `/redirect?to=${encodeURIComponent(f.affiliateUrl)}&hotell=${encodeURIComponent(f.hotelId)}&source=hotel-page`;
  return {
    "routes/site/hotels": [
      { path: "/hotels", status: 200 },
      { path: "/hotels?search=Stockholm&rating=4", status: 200 },
      { path: "/hotels?search=zzzzqqq", status: 200 },
    ],
    "routes/site/redirect": [
      { path: partnerForward, status: 200 },
      { path: `/redirect?to=${encodeURIComponent("https://unknown.example/x")}`, status: 200 },
      { path: "/redirect?to=nonsense", status: 400 },
    ],
    "routes/site/contact": [
      { path: "/contact", status: 200 },
      { path: "/contact", post: { name: "", email: "inte-en-adress", message: "" }, status: 400 },
    ],
    // A price alert's link that is not (or no longer) valid; the pages a valid token opens are read in price-alerts.test.ts.
    "routes/site/bevakning": [{ path: "/bevakning", status: 404 }],
    "routes/site/jamfor": [
      { path: "/jamfor", status: 200 },
      { path: `/jamfor?hotell=${f.hotelIds[0]}&hotell=${f.hotelIds[1]}`, status: 200 },
    ],
    "blog-post": [
      { path: `/blog/${f.post.slug}`, status: 200 },
      { path: "/blog/finns-inte", status: 404 },
    ],
    // Answers 301 to the canonical address, whose page is checked.
    "blog-post-with-id": [{ path: `/blog/${f.post.slug}/${f.post.id}`, status: 200 }],
    "routes/auth/login": [
      { path: "/login", status: 200 },
      { path: "/login", post: { intent: "sign-in", email: TEST_ADMIN.email, password: "fel-lösenord-1" }, status: 400 },
    ],
    flights: [{ path: "/flights", status: 404 }],
    rentals: [{ path: "/rentals", status: 404 }],
    explore: [{ path: "/explore", status: 404 }],
    "routes/site/country": [
      { path: "/Sweden", status: 200 },
      { path: "/Atlantis", status: 404 },
    ],
    "routes/site/hotel": [
      { path: f.hotelPath, status: 200 },
      { path: "/Sweden/Stockholm/finns-inte", status: 404 },
    ],
    "not-found": [{ path: "/finns/inte/alls/har", status: 404 }],

    "routes/admin/admin.hotels": [
      { path: "/admin/hotels", as: "admin", status: 200 },
      { path: "/admin/hotels?q=Stockholm", as: "admin", status: 200 },
      { path: "/admin/hotels?country=Sweden&sort=location&order=desc&page=2&select=matching", as: "admin", status: 200 },
    ],
    "routes/admin/admin.rewrite": [
      { path: "/admin/rewrite", as: "admin", status: 200 },
      { path: "/admin/rewrite?hotel=stockholm", as: "admin", status: 200 },
      { path: `/admin/rewrite?hotel=${encodeURIComponent(f.hotelId)}`, as: "admin", status: 200 },
    ],
    // A published post's editor, and (its default page) a draft's.
    "admin-blog-edit": [
      { path: `/admin/blog/edit/${f.post.id}`, as: "admin", status: 200 },
      { path: `/admin/blog/edit/${f.draftId}`, as: "admin", status: 200 },
    ],
    "admin-blog-new": [
      { path: "/admin/blog/new", as: "admin", status: 200 },
      // A refused save: the error summary at the top, its links to fields whose ids hold brackets.
      {
        path: "/admin/blog/new",
        as: "admin",
        post: { intent: "save", title: "", "blocks[0].type": "list", "blocks[0].items[0]": "" },
        status: 400,
      },
    ],
    "routes/admin/admin.jobs.$id": [
      { path: `/admin/jobs/${f.jobId}`, as: "admin", status: 200 },
      { path: "/admin/jobs/00000000-0000-4000-8000-000000000000", as: "admin", status: 404 },
    ],
  };
}

/** A page route's page at its address on the seeded data. */
function defaultPage(route: TableRoute, f: Fixtures): Page & { id: string } {
  return { id: route.id, path: samplePath(route, f), ...(isAdminRoute(route) ? { as: "admin" as const } : {}), status: 200 };
}

/** Every page to check: each page route's pages listed above, else its default page. */
function allPages(f: Fixtures): (Page & { id: string })[] {
  const listed = pagesByRoute(f);
  return pageRoutes.flatMap((route) => listed[route.id]?.map((page) => ({ id: route.id, ...page })) ?? [defaultPage(route, f)]);
}

/** The layout routes: their chrome is checked on every page inside them. */
const LAYOUTS = ["routes/site/layout", "routes/admin/admin"];
/** Routes that render a page: component modules (.tsx), layouts aside. */
const pageRoutes = routeTable.filter((route) => route.file.endsWith(".tsx") && !LAYOUTS.includes(route.id));

let app: TestApp;
let dir: string;
const browsers = {} as Record<Role, Browser>;
/** Every page fetched, by the file it was written to. */
const fetched = new Map<string, Page & { id: string; html: string }>();
const pageName = (page: Page) => `${page.as === "admin" ? "admin " : ""}${page.post ? "POST " : ""}${page.path}`;

beforeAll(async () => {
  app = await startTestApp({ SEED_DEMO: "always" });
  browsers.visitor = new Browser(app.origin);
  browsers.admin = new Browser(app.origin);
  await signIn(browsers.admin, TEST_ADMIN.email, TEST_ADMIN.password);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-html-"));
  const pages = allPages(await fixtures());
  for (const [index, page] of pages.entries()) {
    const file = path.join(dir, `${String(index).padStart(3, "0")}-${page.id.replace(/[^a-z0-9]+/gi, "-")}.html`);
    const html = await fetchPage(page);
    fs.writeFileSync(file, html);
    fetched.set(file, { ...page, html });
  }
}, 180_000);
afterAll(async () => {
  await app?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function fixtures(): Promise<Fixtures> {
  const db = await app.db();
  const { hotelPath } = await app.importApp<typeof import("#app/utils/paths.ts")>("app/utils/paths.ts");
  const hotels = await db
    .selectFrom("hotels")
    .select(["hotel_id", "name", "country", "location", "affiliate_url", "slug", "district_slug"])
    .where("country", "=", "Sweden")
    .where("location", "=", "Stockholm")
    .where("affiliate_url", "is not", null)
    .orderBy("hotel_id")
    .limit(2)
    .execute();
  const [first, second] = hotels;
  if (!first || !second) throw new Error("the demo catalogue has no two Stockholm hotels with partner links");
  const post = await db
    .selectFrom("hotels_blog_posts")
    .select(["id", "slug"])
    .where("published", "=", true)
    .where("slug", "is not", null)
    .orderBy("slug")
    .executeTakeFirstOrThrow();
  const draft = await db
    .selectFrom("hotels_blog_posts")
    .select("id")
    .where("published", "=", false)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const job = await db
    .insertInto("ai_jobs")
    .values({ kind: "rewrite", status: "finished", total: 2, done: 1, failed: 1, created_by: TEST_ADMIN.email, finished_at: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  // One hotel failed: the page names it, with its retry.
  await db
    .insertInto("ai_job_items")
    .values([
      { job_id: job.id, hotel_id: first.hotel_id, status: "done" },
      { job_id: job.id, hotel_id: second.hotel_id, status: "failed", error: "Gave up after 3 attempts" },
    ])
    .execute();
  await db
    .insertInto("contact_messages")
    .values({ name: "Anna Andersson", email: "anna@example.se", message: "Finns det hotell med bastu i Kiruna?", created_at: new Date() })
    .execute();
  // The connector health table, with an error and an open breaker, rather than its empty state alone.
  await db
    .insertInto("connector_calls")
    .values({
      partner_id: "resekompassen",
      operation: "search",
      duration_ms: 912,
      outcome: "server-error",
      in_budget: false,
      http_status: 500,
      error: "Internal error",
    })
    .execute();
  await db
    .insertInto("connector_breakers")
    .values({ partner_id: "resekompassen", consecutive_failures: 5, open_until: new Date(Date.now() + 600_000) })
    .execute();
  const [country, location, slug] = hotelPath(first)!.slice(1).split("/");
  return {
    hotel: { country: country!, location: location!, slug: slug!, hotel_id: first.hotel_id, district: first.district_slug ?? "" },
    draftId: draft.id,
    hotelPath: hotelPath(first)!,
    hotelIds: [first.hotel_id, second.hotel_id],
    affiliateUrl: first.affiliate_url!,
    hotelId: first.hotel_id,
    post: { id: post.id, slug: post.slug! },
    jobId: job.id,
  };
}

/** The page's HTML, after at most one redirect (a canonical address); the status is checked. */
async function fetchPage(page: Page): Promise<string> {
  const browser = browsers[page.as ?? "visitor"];
  let response = page.post ? await browser.post(page.path, page.post) : await browser.get(page.path);
  if (response.status >= 300 && response.status < 400) response = await browser.follow(response);
  const html = await response.text();
  expect(`${page.as ?? "visitor"} ${page.post ? "POST" : "GET"} ${page.path}: ${response.status}`).toBe(
    `${page.as ?? "visitor"} ${page.post ? "POST" : "GET"} ${page.path}: ${page.status}`,
  );
  expect(response.headers.get("Content-Type"), page.path).toMatch(/^text\/html/);
  return html;
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

/** Runs the Nu HTML Checker once over all the files; its JSON report comes on stderr. */
async function validate(files: string[]): Promise<VnuMessage[]> {
  const jar = String(createRequire(import.meta.url)("vnu-jar"));
  try {
    await promisify(execFile)("java", ["-jar", jar, "--errors-only", "--format", "json", ...files], { maxBuffer: 64 * 1024 * 1024 });
    return [];
  } catch (error) {
    const { stderr, code } = error as { stderr?: string; code?: unknown };
    if (code === "ENOENT") throw new Error("The HTML check needs Java: apt-get install -y default-jre-headless", { cause: error });
    if (!stderr?.trimStart().startsWith("{")) throw error;
    return (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
  }
}

describe("the Nu HTML Checker", () => {
  it("checks a page of every page route in app/routes.ts, and lists none that is gone", () => {
    const checked = new Set([...fetched.values()].map((page) => page.id));
    expect(
      pageRoutes.map((route) => route.id).filter((id) => !checked.has(id)),
      "page routes with no page checked",
    ).toEqual([]);
    const placeholder: Fixtures = {
      hotel: { country: "", location: "", slug: "", hotel_id: "", district: "" },
      draftId: "",
      hotelPath: "/",
      hotelIds: ["", ""],
      affiliateUrl: "",
      hotelId: "",
      post: { id: "", slug: "" },
      jobId: "",
    };
    expect(
      Object.keys(pagesByRoute(placeholder)).filter((id) => !pageRoutes.some((route) => route.id === id)),
      "entries for routes that are gone",
    ).toEqual([]);
  });

  it("reports no error on any of them", { timeout: 180_000 }, async () => {
    const messages = await validate([...fetched.keys()]);
    const errors = messages
      .filter((message) => message.type === "error" || message.subType === "fatal" || message.type === "non-document-error")
      .map((message) => {
        const page = message.url ? fetched.get(fileFromUrl(message.url)) : undefined;
        const where = page ? pageName(page) : (message.url ?? "?");
        return `${where} line ${message.lastLine ?? "?"}: ${message.message}${message.extract ? ` (${message.extract.trim()})` : ""}`;
      });
    console.log(`Nu HTML Checker: ${fetched.size} pages of ${pageRoutes.length} page routes, ${errors.length} errors`);
    expect(errors).toEqual([]);
  });
});

describe("what else machines read on those pages", () => {
  it("names no two landmarks of a page alike", () => {
    const duplicates: string[] = [];
    for (const page of fetched.values()) {
      const seen = new Set<string>();
      for (const { role, name } of landmarks(page.html)) {
        const key = `${role} "${name}"`;
        if (seen.has(key)) duplicates.push(`${pageName(page)}: two ${key}`);
        seen.add(key);
      }
    }
    expect(duplicates).toEqual([]);
  });

  it("gives every social card image its text alternative", () => {
    const missing = [...fetched.values()].flatMap((page) => {
      if (!/<meta property="og:image" content="[^"]+"/.test(page.html)) return [];
      return ['property="og:image:alt"', 'name="twitter:image:alt"']
        .filter((attribute) => !new RegExp(`<meta ${attribute} content="[^"]{10,}"`).test(page.html))
        .map((attribute) => `${pageName(page)}: no ${attribute}`);
    });
    expect(missing).toEqual([]);
  });
});

interface Landmark {
  role: string;
  name: string;
}

/**
 * The landmarks of server HTML that a screen reader lists by name: nav, aside, named sections
 * and forms, and elements with a landmark role. (main, header and footer come once per page.)
 */
const LANDMARK_ROLES = ["navigation", "complementary", "region", "form", "search", "banner", "contentinfo", "main"];

function landmarks(html: string): Landmark[] {
  const body = html.replace(/<script[\s\S]*?<\/script>/g, "");
  const textOfId = (id: string) => {
    const element = new RegExp(`<(\\w+)[^>]*\\sid="${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>([\\s\\S]*?)</\\1>`).exec(body);
    return element
      ? element[2]!
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ")
          .trim()
      : "";
  };
  const found: Landmark[] = [];
  for (const [, name, attributes = ""] of body.matchAll(/<(nav|aside|section|form|div|ul)(\s[^>]*)?>/g)) {
    const attribute = (key: string) => new RegExp(`\\s${key}="([^"]*)"`).exec(attributes)?.[1];
    const label = attribute("aria-label") ?? (attribute("aria-labelledby") ?? "").split(/\s+/).filter(Boolean).map(textOfId).join(" ");
    // A section or form is a landmark only with a name.
    const implicit: Record<string, string | undefined> = {
      nav: "navigation",
      aside: "complementary",
      section: label ? "region" : undefined,
      form: label ? "form" : undefined,
    };
    const role = attribute("role") ?? implicit[name!];
    if (!role || !LANDMARK_ROLES.includes(role)) continue;
    found.push({ role, name: label });
  }
  return found;
}

const fileFromUrl = (url: string) => (url.startsWith("file:") ? decodeURIComponent(new URL(url).pathname) : url);
