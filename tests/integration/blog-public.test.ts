/**
 * The public blog over HTTP: the list with its pager, a post at each of its three
 * addresses (301 to the canonical one), drafts hidden from all but administrators, the
 * blocks rendered as safe, semantic HTML, and what crawlers read.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, signIn, startTestApp, TEST_ADMIN, visibleText, type TestApp } from "#tests/app-server.ts";
import { createPost } from "#tests/factories.ts";

let app: TestApp;
const db = () => app.db();

let draftId = "";
let plainId = "";

beforeAll(async () => {
  // The posts alone: no hotel is needed on these pages.
  app = await startTestApp();
  const database = await db();
  // Enough published posts for two pages, a draft, and a post whose content tries everything.
  for (let n = 1; n <= 6; n++) {
    // Published the day it was written; the list goes by this date.
    await createPost(database, { title: `Testinlägg ${n}`, slug: `testinlagg-${n}`, daysAgo: 100 + n });
  }
  draftId = await createPost(database, {
    title: "Hemligt utkast",
    slug: "hemligt-utkast",
    excerpt: "Inte klart",
    blocks: [{ type: "paragraph", content: "Utkasttext" }],
    published: false,
  });
  plainId = await createPost(database, {
    title: "Allt på en gång",
    slug: null,
    excerpt: "Varje sorts block.",
    readingTime: "2",
    blocks: [
      { type: "heading", level: 1, content: "Första rubriken" },
      { type: "paragraph", content: "<script>alert('x')</script> stannar som text" },
      { type: "button", text: "Till partnern", url: "https://www.booking.com/", external: true, variant: "default" },
      { type: "button", text: "Farlig", url: "javascript:alert(1)", external: false, variant: "default" },
      { type: "list", style: "ordered", items: ["Ett", "Två"] },
      { type: "quote", content: "Res ofta.", cite: "Någon klok" },
      { type: "image", url: "/images/hotels/hotel-2.svg", alt: "Ett hotell", caption: "Bildtext" },
      { type: "video", url: "https://example.com/v.mp4" },
    ],
  });
});
afterAll(async () => {
  await app?.close();
});

describe("/blog", () => {
  it("lists published posts newest first, six a page, with a pager of links", async () => {
    const html = await (await new Browser(app.origin).get("/blog")).text();
    const text = visibleText(html);
    expect(text).toContain("Resebloggen");
    expect(text).toContain("Resetips, hotellnyheter och reseguider");
    expect((html.match(/<article/g) ?? []).length).toBe(6);
    expect(text).toContain("Allt på en gång");
    expect(text).not.toContain("Hemligt utkast");
    expect(html).toContain('href="/blog?sida=2"');
    expect(html).toMatch(/<span aria-disabled="true"[^>]*>Föregående<\/span>/);
    const second = await (await new Browser(app.origin).get("/blog?sida=2")).text();
    expect((second.match(/<article/g) ?? []).length).toBeGreaterThan(0);
    expect(visibleText(second)).toContain("Testinlägg 6");
  });
});

describe("a post", () => {
  it("shows title, date, reading time, cover and blocks, with what crawlers need", async () => {
    const response = await new Browser(app.origin).get("/blog/testinlagg-1");
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("Tillbaka till alla inlägg");
    expect(text).toMatch(/Publicerad \d{1,2} [a-zåäö]+ \d{4} · 1 min läsning/);
    expect(html).toContain("<title>Testinlägg 1 | Hotellguiden Blogg Reseguide</title>");
    expect(html).toContain('"@type":"BlogPosting"');
    expect(html).toContain('<link rel="canonical" href="http://hotellguiden.test/blog/testinlagg-1"/>');
  });

  it("answers 301 from every other address to the canonical one", async () => {
    const database = await db();
    const post = await database.selectFrom("hotels_blog_posts").select("id").where("slug", "=", "testinlagg-2").executeTakeFirstOrThrow();
    const browser = new Browser(app.origin);
    for (const path of [`/blog/${post.id}`, `/blog/testinlagg-2/${post.id}`, `/blog/fel-slug/${post.id}`, "/blog/TESTINLAGG-2"]) {
      const response = await browser.get(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.get("Location"), path).toBe("/blog/testinlagg-2");
    }
    // A post without a slug lives at its id.
    expect((await browser.get(`/blog/${plainId}`)).status).toBe(200);
  });

  it("renders blocks as safe, semantic HTML and leaves out what is not a valid block", async () => {
    const html = await (await new Browser(app.origin).get(`/blog/${plainId}`)).text();
    expect(html).toMatch(/<h2[^>]*>Första rubriken<\/h2>/);
    expect(html).toContain("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; stannar som text");
    expect(html).toMatch(/<a href="https:\/\/www.booking.com\/" target="_blank" rel="noopener"/);
    expect(html).not.toContain("javascript:alert");
    expect(html).toMatch(/<ol[^>]*><li>Ett<\/li><li>Två<\/li><\/ol>/);
    expect(html).toMatch(/<blockquote[^>]*>Res ofta\.<\/blockquote>/);
    expect(html).toMatch(/<figcaption[^>]*>Bildtext<\/figcaption>/);
    expect(html).not.toContain("v.mp4");
  });

  it("hides drafts from everyone but administrators, who see them marked and not indexed", async () => {
    expect((await new Browser(app.origin).get("/blog/hemligt-utkast")).status).toBe(404);
    expect((await new Browser(app.origin).get(`/blog/${draftId}`)).status).toBe(404);
    const admin = new Browser(app.origin);
    await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
    const response = await admin.get("/blog/hemligt-utkast");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(visibleText(html)).toContain("Utkast");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it("answers an unknown post with 404 and the spec's text", async () => {
    const response = await new Browser(app.origin).get("/blog/finns-inte");
    expect(response.status).toBe(404);
    expect(visibleText(await response.text())).toContain("Blogginlägget kunde inte hittas eller har tagits bort.");
  });

  it("is in the sitemap when published, and not as a draft", async () => {
    const xml = await (await new Browser(app.origin).get("/sitemap.xml")).text();
    expect(xml).toContain("http://hotellguiden.test/blog/testinlagg-1");
    expect(xml).not.toContain("hemligt-utkast");
  });
});
