/**
 * The blog back office over HTTP, the way a browser without JavaScript uses it: every
 * editor intent is a form post the server answers with the re-rendered editor (nothing typed
 * is lost), save rules and slug conflicts, AI drafts, uploads (checked by content, at most
 * 5 MB, stored under a random name and served with long caching), and the admin list with
 * search and the delete confirmation. Then the ordinary ways an editor could lose a post: a
 * save from a stale copy, an upload that is too large, a save after the session ended. Then
 * what a post says about itself: its published date, its cover's text alternative, its search
 * engine texts, images only from hosts the browser will load, the preview and the slug shown.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { Browser, formFields, signIn, startTestApp, TEST_ADMIN, unescapeAttribute, visibleText, type TestApp } from "#tests/app-server.ts";

let app: TestApp;
let admin: Browser;
const db = () => app.db();
const sqlCount = sql<number>`count(*)::int`.as("n");

beforeAll(async () => {
  // One image host besides ours, as a partner's CDN would be configured (the CSP's img-src).
  app = await startTestApp({ SEED_DEMO: "always", SEED_DEMO_PRICES: "none", IMAGE_HOSTS: "images.example-cdn.com" });
  admin = new Browser(app.origin);
  await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(async () => {
  await app?.close();
});

/** The value of the button whose visible text is `label` (conform intents are JSON in the value). */
function buttonValue(html: string, label: string | RegExp): { name: string; value: string } {
  for (const match of html.matchAll(/<button([^>]*)>([\s\S]*?)<\/button>/g)) {
    const text = match[2]!
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, "")
      .trim();
    const attributes = match[1]!;
    const aria = /aria-label="([^"]*)"/.exec(attributes)?.[1] ?? "";
    if (typeof label === "string" ? text === label || aria === label : label.test(text) || label.test(aria)) {
      return {
        name: /name="([^"]+)"/.exec(attributes)?.[1] ?? "",
        value: unescapeAttribute(/value="([^"]*)"/.exec(attributes)?.[1] ?? ""),
      };
    }
  }
  throw new Error(`no button ${label}`);
}

/**
 * The button Enter in a field clicks: the editor form's first submit button (the browser sends
 * its name and value as if it had been clicked). On the editor it is the header's save.
 */
function enterButton(html: string): { name: string; value: string } {
  const form = /<form[^>]*enctype="multipart\/form-data"[\s\S]*?<\/form>/i.exec(html)?.[0] ?? "";
  for (const match of form.matchAll(/<button([^>]*)>/g)) {
    const attributes = match[1]!;
    if (!/type="submit"/.test(attributes)) continue;
    return { name: /name="([^"]+)"/.exec(attributes)?.[1] ?? "", value: unescapeAttribute(/value="([^"]*)"/.exec(attributes)?.[1] ?? "") };
  }
  throw new Error("no submit button in the editor's form");
}

/** Posts the editor as a browser would: its fields, changed by `changes`, and the clicked button (Enter's when none is given). */
async function submit(
  path: string,
  html: string,
  changes: Record<string, string>,
  button?: { name: string; value: string },
  files: Record<string, File> = {},
) {
  const body = new FormData();
  const seen = new Set<string>();
  for (const [name, value] of formFields(html)) {
    if (name in changes) {
      if (!seen.has(name)) body.append(name, changes[name]!);
      seen.add(name);
    } else {
      body.append(name, value);
    }
  }
  for (const [name, value] of Object.entries(changes)) if (!seen.has(name)) body.append(name, value);
  const clicked = button ?? enterButton(html);
  if (clicked.name) body.append(clicked.name, clicked.value);
  for (const [name, file] of Object.entries(files)) body.append(name, file);
  return admin.request(path, { method: "POST", body, headers: { Origin: app.origin } });
}

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15,
  0xc4, 0x89,
]);

describe("the post editor without JavaScript", () => {
  it("builds a post block by block, keeping what was typed at every step, and saves it", async () => {
    let html = await (await admin.get("/admin/blog/new")).text();
    expect(visibleText(html)).toContain("Skapa nytt inlägg");
    expect(visibleText(html)).toContain("Lägg till innehåll med knappen ovan eller använd AI-generering.");

    // Save with no content: 'Inget innehåll'.
    let response = await submit("/admin/blog/new", html, { title: "Stockholm i vinter" });
    expect(response.status).toBe(400);
    html = await response.text();
    expect(visibleText(html)).toContain("Inget innehåll");
    expect(html).toContain('value="Stockholm i vinter"');

    // Add a paragraph, a heading and a list.
    for (const label of ["+ Paragraf", "+ Rubrik", "+ Lista"]) {
      response = await submit("/admin/blog/new", html, {}, buttonValue(html, label));
      expect(response.status, label).toBe(200);
      html = await response.text();
    }
    expect(visibleText(html)).toMatch(/Paragraf 1.*Rubrik 2.*Lista 3/);
    expect(html).toContain('value="Stockholm i vinter"');

    // Type into them; the heading level cycles 2 → 3; the list gets a second item.
    html = await (
      await submit(
        "/admin/blog/new",
        html,
        { "blocks[0].content": "Staden är vacker i snö.", "blocks[1].content": "Var du ska bo", "blocks[2].items[0]": "Gamla stan" },
        buttonValue(html, /^Rubriknivå 2/),
      )
    ).text();
    expect(html).toMatch(/>H<!-- -->3</);
    expect(html).toContain(">Staden är vacker i snö.</textarea>");
    html = await (await submit("/admin/blog/new", html, {}, buttonValue(html, "+ Lägg till punkt"))).text();
    html = await (
      await submit("/admin/blog/new", html, { "blocks[2].items[1]": "Södermalm" }, buttonValue(html, "Flytta upp Lista 3"))
    ).text();
    // The list is now second, with both items and the typed heading kept.
    expect(visibleText(html)).toMatch(/Paragraf 1.*Lista 2.*Rubrik 3/);
    expect(html).toContain('value="Södermalm"');
    expect(html).toContain('value="Var du ska bo"');
    // The first block cannot move up, the last cannot move down.
    expect(html).toMatch(
      /<button[^>]*disabled=""[^>]*aria-label="Flytta upp Paragraf 1"|<button[^>]*aria-label="Flytta upp Paragraf 1"[^>]*disabled=""/,
    );

    // Remove the heading, regenerate the slug, then save.
    html = await (await submit("/admin/blog/new", html, {}, buttonValue(html, "Ta bort Rubrik 3"))).text();
    expect(visibleText(html)).not.toContain("Rubrik 3");
    html = await (await submit("/admin/blog/new", html, {}, { name: "intent", value: "regenerate-slug" })).text();
    expect(visibleText(html)).toContain("Slug uppdaterad");
    expect(html).toContain('value="stockholm-i-vinter"');

    response = await submit("/admin/blog/new", html, { excerpt: "Vinterguide.", published: "on" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/blog");
    expect(visibleText(await (await admin.follow(response)).text())).toContain("Inlägg skapat");

    const post = await (
      await db()
    )
      .selectFrom("hotels_blog_posts")
      .selectAll()
      .where("slug", "=", "stockholm-i-vinter")
      .executeTakeFirstOrThrow();
    expect(post).toMatchObject({
      title: "Stockholm i vinter",
      excerpt: "Vinterguide.",
      published: true,
      author: TEST_ADMIN.email,
      reading_time: "1",
    });
    expect(post.content).toEqual([
      { type: "paragraph", content: "Staden är vacker i snö." },
      { type: "list", style: "unordered", items: ["Gamla stan", "Södermalm"] },
    ]);
    expect((await new Browser(app.origin).get("/blog/stockholm-i-vinter")).status).toBe(200);
  });

  it("answers a refused save with an error summary at the top, each problem linked to its field, and a title starting 'Fel:'", async () => {
    let html = await (await admin.get("/admin/blog/new")).text();
    expect([...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1])).toEqual(["Skapa nytt inlägg | Hotellguiden Admin"]);
    html = await (await submit("/admin/blog/new", html, {}, buttonValue(html, "+ Paragraf"))).text();
    html = await (await submit("/admin/blog/new", html, {}, buttonValue(html, "+ Lista"))).text();
    // No title, a paragraph written, an empty list item.
    const response = await submit("/admin/blog/new", html, { title: "", "blocks[0].content": "Ett stycke." });
    expect(response.status).toBe(400);
    html = await response.text();

    expect([...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1])).toEqual([
      "Fel: Skapa nytt inlägg | Hotellguiden Admin",
    ]);
    const summary =
      /<div role="alert"[^>]*><p class="font-semibold">Inlägget kunde inte sparas. Rätta följande:<\/p><ul[^>]*>([\s\S]*?)<\/ul><\/div>/.exec(
        html,
      );
    expect(summary).not.toBeNull();
    const links = [...summary![1]!.matchAll(/<a href="#([^"]+)"[^>]*>([^<]*)<\/a>/g)].map(([, target, text]) => ({
      id: decodeURIComponent(target!),
      text,
    }));
    expect(links).toEqual([
      { id: "new-post-title", text: "Rubrik: Ange en rubrik." },
      { id: "new-post-blocks[1].items[0]", text: "Lista 2, punkt 1: Skriv något i punkten eller ta bort den." },
    ]);
    // Each link leads to its field, and the summary comes before the first of them.
    for (const link of links) expect(html).toContain(`id="${link.id}"`);
    expect(summary!.index).toBeLessThan(html.indexOf('id="new-post-title"'));

    // Without content at all, the summary says so and leads to the content section.
    const empty = await (await submit("/admin/blog/new", await (await admin.get("/admin/blog/new")).text(), { title: "Tomt" })).text();
    expect(empty).toContain(
      '<a href="#post-content" class="underline">Inget innehåll: Lägg till innehåll innan du publicerar inlägget.</a>',
    );
    expect(empty).toContain('id="post-content"');
  });

  it("explains empty blocks, and refuses a slug that is taken without a database error", async () => {
    let html = await (await admin.get("/admin/blog/new")).text();
    html = await (await submit("/admin/blog/new", html, { title: "Stockholm i vinter" }, buttonValue(html, "+ Citat"))).text();
    let response = await submit("/admin/blog/new", html, {});
    expect(response.status).toBe(400);
    html = await response.text();
    expect(visibleText(html)).toContain("Skriv citatet eller ta bort blocket.");

    response = await submit("/admin/blog/new", html, { "blocks[0].content": "Res ofta." });
    expect(response.status).toBe(409);
    html = await response.text();
    expect(visibleText(html)).toContain("Det finns redan ett inlägg med den här sluggen. Välj en annan.");
    expect(html).toContain(">Res ofta.</textarea>");
  });

  it("edits a post and says it was updated; a bad address in a block is refused", async () => {
    const post = await (
      await db()
    )
      .selectFrom("hotels_blog_posts")
      .select(["id"])
      .where("slug", "=", "stockholm-i-vinter")
      .executeTakeFirstOrThrow();
    const path = `/admin/blog/edit/${post.id}`;
    let html = await (await admin.get(path)).text();
    expect(visibleText(html)).toContain("Redigera inlägg");
    expect(html).toContain(">Staden är vacker i snö.</textarea>");
    html = await (await submit(path, html, {}, buttonValue(html, "+ Knapp"))).text();
    expect(html).toContain('value="Läs mer"');
    let response = await submit(path, html, { "blocks[2].url": "javascript:alert(1)" });
    expect(response.status).toBe(400);
    html = await response.text();
    expect(visibleText(html)).toContain("Adressen måste börja med http://, https:// eller /");

    response = await submit(path, html, { title: "Stockholm i vinter och vår", "blocks[2].url": "/Sweden/Stockholm" });
    expect(response.status).toBe(302);
    expect(visibleText(await (await admin.follow(response)).text())).toContain("Inlägg uppdaterat");
    const after = await (await db()).selectFrom("hotels_blog_posts").selectAll().where("id", "=", post.id).executeTakeFirstOrThrow();
    expect(after.title).toBe("Stockholm i vinter och vår");
    expect(after.slug).toBe("stockholm-i-vinter");
    expect(after.content).toContainEqual({
      type: "button",
      text: "Läs mer",
      url: "/Sweden/Stockholm",
      external: false,
      variant: "default",
    });
    expect((await admin.get("/admin/blog/edit/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("drafts with AI into the editor, and asks for instructions when there are none", async () => {
    let html = await (await admin.get("/admin/blog/new")).text();
    let response = await submit("/admin/blog/new", html, { instructions: "  " }, { name: "intent", value: "ai-generate" });
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain("Ange instruktioner för AI-generering.");

    response = await submit(
      "/admin/blog/new",
      html,
      { instructions: "Familjehotell i Köpenhamn" },
      { name: "intent", value: "ai-generate" },
    );
    expect(response.status).toBe(200);
    html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("Innehåll genererat");
    expect(text).toContain("AI-innehåll har lagts till i redigeraren.");
    expect(html).toMatch(
      /name="title"[^>]*value="\d hotell i Köpenhamn värda att boka"|value="\d hotell i Köpenhamn värda att boka"[^>]*name="title"/,
    );
    expect(html).toContain(">Familjehotell i Köpenhamn</textarea>");
    expect(text).toMatch(/Paragraf 1.*Rubrik 2/);
    // The draft saves as it is.
    response = await submit("/admin/blog/new", html, {});
    expect(response.status).toBe(302);
  });

  it("answers a button it does not know with 400 and saves nothing, however valid the post", async () => {
    const html = await (await admin.get("/admin/blog/new")).text();
    const changes = { title: "Okänd knapp", "blocks[0].type": "paragraph", "blocks[0].content": "Ett stycke." };
    for (const value of ["publish-now", "upload-block:NaN", "upload-block:1000", "regenerate-slug "]) {
      const response = await submit("/admin/blog/new", html, changes, { name: "intent", value });
      expect(response.status, value).toBe(400);
    }
    expect(await (await db()).selectFrom("hotels_blog_posts").select("id").where("title", "=", "Okänd knapp").execute()).toEqual([]);
    // The same post without the unknown button is saved.
    expect((await submit("/admin/blog/new", html, changes)).status).toBe(302);
  });

  it("uploads a cover image checked by content, and serves it with long caching", async () => {
    let html = await (await admin.get("/admin/blog/new")).text();
    let response = await submit(
      "/admin/blog/new",
      html,
      {},
      { name: "intent", value: "upload-cover" },
      { coverFile: new File([new TextEncoder().encode("<svg onload=alert(1)>")], "bild.png", { type: "image/png" }) },
    );
    expect(response.status).toBe(400);
    const text = visibleText(await response.text());
    expect(text).toContain("Uppladdningsfel");
    expect(text).toContain("Bara bildfiler (JPEG, PNG, GIF, WebP eller AVIF) kan laddas upp.");

    response = await submit(
      "/admin/blog/new",
      html,
      {},
      { name: "intent", value: "upload-cover" },
      { coverFile: new File([new Uint8Array(5 * 1024 * 1024 + 1)], "stor.png", { type: "image/png" }) },
    );
    expect(visibleText(await response.text())).toContain("Bilden får vara högst 5 MB.");

    response = await submit(
      "/admin/blog/new",
      html,
      { title: "Med omslag" },
      { name: "intent", value: "upload-cover" },
      { coverFile: new File([PNG], "Omslag.PNG", { type: "image/png" }) },
    );
    expect(response.status).toBe(200);
    html = await response.text();
    const url = /\/uploads\/blog-images\/[0-9a-f-]{36}\.png/.exec(html)?.[0];
    expect(url).toBeDefined();
    expect(html).toContain('value="Med omslag"');
    const image = await new Browser(app.origin).get(url!);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(image.headers.get("Cache-Control")).toContain("immutable");
  });
});

/** A stored post to edit, made directly (the editor's own saves are tested above). */
async function storedPost(title: string, excerpt = "") {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  const row = await (
    await db()
  )
    .insertInto("hotels_blog_posts")
    .values({
      title,
      slug,
      excerpt,
      content: JSON.stringify([{ type: "paragraph", content: "Första versionen." }]),
      published: false,
      reading_time: "1",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, path: `/admin/blog/edit/${row.id}` };
}

const readPost = async (id: string) =>
  (await db()).selectFrom("hotels_blog_posts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** Posts the editor's form from another browser (its own cookies), as `submit` does for the administrator. */
function submitAs(browser: Browser, path: string, html: string, changes: Record<string, string>, button?: { name: string; value: string }) {
  const body = new FormData();
  for (const [name, value] of formFields(html)) body.append(name, name in changes ? changes[name]! : value);
  const clicked = button ?? enterButton(html);
  if (clicked.name) body.append(clicked.name, clicked.value);
  return browser.request(path, { method: "POST", body, headers: { Origin: app.origin } });
}

describe("the editor keeps the work", () => {
  it("refuses a save from a stale copy (someone saved in between) with what was typed kept; the check is one atomic update", async () => {
    const post = await storedPost("Delat inlägg", "Ursprungligt utdrag.");
    const first = await (await admin.get(post.path)).text();
    const second = await (await admin.get(post.path)).text();

    expect((await submit(post.path, first, { title: "Delat inlägg, version A" })).status).toBe(302);
    const stale = await submit(post.path, second, { excerpt: "Skrivet av B medan A sparade." });
    expect(stale.status).toBe(409);
    // The copy carried the version it was opened at, in a hidden field.
    expect(formFields(second)).toContainEqual(["version", "1"]);
    let html = await stale.text();
    expect(visibleText(html)).toContain("Någon annan har sparat inlägget medan du redigerade. Dina ändringar är inte sparade");
    expect(html).toContain(">Skrivet av B medan A sparade.</textarea>");
    expect(await readPost(post.id)).toMatchObject({ title: "Delat inlägg, version A", excerpt: "Ursprungligt utdrag.", version: 2 });

    // Spara again from the same page is still refused: the form kept the version it was opened at.
    const again = await submit(post.path, html, {});
    expect(again.status).toBe(409);
    html = await again.text();
    expect(html).toContain(">Skrivet av B medan A sparade.</textarea>");
    expect((await readPost(post.id)).excerpt).toBe("Ursprungligt utdrag.");

    // A hand-made save without a version never overwrites either.
    const body = new FormData();
    for (const [name, value] of formFields(first)) if (name !== "version") body.append(name, value);
    body.append("intent", "save");
    expect((await admin.request(post.path, { method: "POST", body, headers: { Origin: app.origin } })).status).toBe(409);

    // Reloaded, the page has the new version and saves.
    const fresh = await (await admin.get(post.path)).text();
    expect((await submit(post.path, fresh, { excerpt: "Skrivet av B efter omladdning." })).status).toBe(302);
    expect(await readPost(post.id)).toMatchObject({
      title: "Delat inlägg, version A",
      excerpt: "Skrivet av B efter omladdning.",
      version: 3,
    });

    // Two saves from one copy at the same moment: exactly one lands.
    const copy = await (await admin.get(post.path)).text();
    const statuses = await Promise.all([
      submit(post.path, copy, { title: "Samtidigt C" }).then((response) => response.status),
      submit(post.path, copy, { title: "Samtidigt D" }).then((response) => response.status),
    ]);
    expect(statuses.sort()).toEqual([302, 409]);
    const after = await readPost(post.id);
    expect(["Samtidigt C", "Samtidigt D"]).toContain(after.title);
    expect(after.version).toBe(4);
  });

  it("answers an image that is too large or not an image by its file input, with the post kept, and a body past the limit with the editor", async () => {
    let html = await (await admin.get("/admin/blog/new")).text();
    // The browser is told the rules (it checks before sending, with JavaScript).
    expect(html).toContain('accept="image/jpeg,image/png,image/gif,image/webp,image/avif"');

    // A phone photo: above 5 MB, well below the body limit. It used to be a bare 413 page.
    const photo = new File([PNG, new Uint8Array(8 * 1024 * 1024)], "mobilbild.png", { type: "image/png" });
    let response = await submit(
      "/admin/blog/new",
      html,
      { title: "Med för stor bild", excerpt: "Ett utdrag som inte får försvinna." },
      { name: "intent", value: "upload-cover" },
      { coverFile: photo },
    );
    expect(response.status).toBe(400);
    html = await response.text();
    expect(html).toMatch(/id="cover-file"[^>]*aria-invalid="true"[^>]*aria-describedby="cover-file-error"/);
    expect(html).toMatch(/<p id="cover-file-error"[^>]*>Bilden får vara högst 5 MB\.<\/p>/);
    expect(html).toContain('value="Med för stor bild"');
    expect(html).toContain(">Ett utdrag som inte får försvinna.</textarea>");

    // Not an image, in an image block: the message is by that block's file input.
    html = await (await submit("/admin/blog/new", html, {}, buttonValue(html, "+ Bild"))).text();
    response = await submit(
      "/admin/blog/new",
      html,
      { "blocks[0].alt": "En bild" },
      { name: "intent", value: "upload-block:0" },
      { "blockFile-0": new File(["inte en bild"], "text.txt", { type: "text/plain" }) },
    );
    expect(response.status).toBe(400);
    html = await response.text();
    expect(html).toMatch(/<p id="block-file-0-error"[^>]*>Bara bildfiler \(JPEG, PNG, GIF, WebP eller AVIF\) kan laddas upp\.<\/p>/);
    expect(html).toContain('value="En bild"');
    expect(html).toContain('value="Med för stor bild"');

    // Past the body limit the body is not read at all: still the editor, saying what happened.
    response = await submit(
      "/admin/blog/new",
      html,
      {},
      { name: "intent", value: "upload-cover" },
      { coverFile: new File([PNG, new Uint8Array(17 * 1024 * 1024)], "enorm.png", { type: "image/png" }) },
    );
    expect(response.status).toBe(413);
    const text = visibleText(await response.text());
    expect(text).toContain("Skapa nytt inlägg");
    expect(text).toContain("För stor fil");
    expect(text).toContain("kom inte fram");
  });

  it("keeps a save whose session has ended, with a sign-in link to a new tab, and saves it once signed in again", async () => {
    const post = await storedPost("Utloggad redaktör", "Lagrat utdrag.");
    const editor = new Browser(app.origin);
    await signIn(editor, TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await (await editor.get(post.path)).text();
    expect((await editor.post("/logout", {})).status).toBe(302);

    const response = await submitAs(editor, post.path, page, { title: "Skrivet när sessionen gick ut", excerpt: "Nytt utdrag." });
    expect(response.status).toBe(401);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("Ej inloggad – din session har gått ut");
    expect(text).not.toContain("Signed in as");
    // A Swedish screen in the English back office.
    expect(html).toMatch(/<main id="innehall" lang="sv"/);
    expect(html).toContain('value="Skrivet när sessionen gick ut"');
    expect(html).toContain(">Nytt utdrag.</textarea>");
    // Nothing stored is shown to a request that is not signed in (only what it sent).
    expect(html).not.toContain("Lagrat utdrag.");
    const link = /<a ([^>]*)>Logga in i en ny flik<\/a>/.exec(html)?.[1] ?? "";
    expect(link).toContain(`href="/login?redirectTo=${encodeURIComponent(post.path)}"`);
    expect(link).toContain('target="_blank"');
    expect(link).toContain('rel="noopener"');
    expect(await readPost(post.id)).toMatchObject({ title: "Utloggad redaktör", excerpt: "Lagrat utdrag.", version: 1 });
    // What is sent back is shown as text.
    const hostile = await (await submitAs(editor, post.path, page, { title: "<script>alert(1)</script>" })).text();
    expect(hostile).not.toContain("<script>alert(1)</script>");
    expect(hostile).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");

    // Signed in again (in the other tab), Spara on this page sends the same form and it lands.
    await signIn(editor, TEST_ADMIN.email, TEST_ADMIN.password);
    const saved = await submitAs(editor, post.path, html, {});
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/blog");
    expect(await readPost(post.id)).toMatchObject({ title: "Skrivet när sessionen gick ut", excerpt: "Nytt utdrag.", version: 2 });
  });

  it("answers a block button posted after the session ended with the form as sent, the block not added", async () => {
    const post = await storedPost("Utloggad knapp");
    const editor = new Browser(app.origin);
    await signIn(editor, TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await (await editor.get(post.path)).text();
    expect((await editor.post("/logout", {})).status).toBe(302);

    const response = await submitAs(editor, post.path, page, { title: "Skrivet före knappen" }, buttonValue(page, "+ Citat"));
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(visibleText(html)).toContain("Ej inloggad – din session har gått ut");
    expect(html).toContain('value="Skrivet före knappen"');
    expect(visibleText(html)).toContain("Paragraf 1");
    expect(visibleText(html)).not.toContain("Citat 2");
    expect((await readPost(post.id)).title).toBe("Utloggad knapp");
  });

  it("still sends anything else that is not signed in to sign in, and refuses a signed-in user without the role", async () => {
    const post = await storedPost("Skyddat inlägg");
    const page = await (await admin.get(post.path)).text();
    const anonymous = new Browser(app.origin);
    const toSignIn = `/login?redirectTo=${encodeURIComponent(post.path)}`;
    expect((await anonymous.get(post.path)).headers.get("Location")).toBe(toSignIn);
    // An upload, an AI draft, a form that is not the editor's (no title), a plain form post.
    for (const button of [
      { name: "intent", value: "upload-cover" },
      { name: "intent", value: "ai-generate" },
    ]) {
      const refused = await submitAs(anonymous, post.path, page, { instructions: "x" }, button);
      expect(refused.headers.get("Location"), button.value).toBe(toSignIn);
    }
    const untitled = new FormData();
    untitled.append("excerpt", "x");
    expect(
      (await anonymous.request(post.path, { method: "POST", body: untitled, headers: { Origin: app.origin } })).headers.get("Location"),
    ).toBe(toSignIn);
    expect(
      (await anonymous.post(post.path, { title: "x", "blocks[0].type": "paragraph", "blocks[0].content": "x" })).headers.get("Location"),
    ).toBe(toSignIn);

    const user = new Browser(app.origin);
    expect(
      (await user.post("/login", { intent: "sign-up", email: "skribent@hotellguiden.test", password: "skribent-lösenord-1" })).status,
    ).toBe(302);
    const refused = await submitAs(user, post.path, page, { title: "Skrivet utan rätt roll" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/");
    expect((await readPost(post.id)).title).toBe("Skyddat inlägg");
  });
});

describe("the post list", () => {
  it("searches by title, and deletes only after the confirmation", async () => {
    const list = visibleText(await (await admin.get("/admin/blog?q=vinter")).text());
    expect(list).toContain("Stockholm i vinter och vår");
    expect(list).toContain("Publicerad");
    expect(visibleText(await (await admin.get("/admin/blog?q=finns-inte-alls")).text())).toContain("Inga inlägg matchade din sökning.");

    const post = await (
      await db()
    )
      .selectFrom("hotels_blog_posts")
      .select("id")
      .where("slug", "=", "stockholm-i-vinter")
      .executeTakeFirstOrThrow();
    const confirm = await (await admin.get(`/admin/blog?q=vinter&radera=${post.id}`)).text();
    expect(visibleText(confirm)).toContain("Är du säker?");
    expect(visibleText(confirm)).toContain("tas bort permanent");
    // Not confirmed (an old page, a hand-made post): sent to the question, nothing deleted.
    const unconfirmed = await admin.post("/admin/blog?q=vinter", { id: post.id, intent: "delete" });
    expect(unconfirmed.headers.get("Location")).toBe(`/admin/blog?q=vinter&radera=${post.id}`);
    expect(await (await db()).selectFrom("hotels_blog_posts").select("id").where("id", "=", post.id).execute()).toHaveLength(1);
    const response = await admin.post("/admin/blog?q=vinter", { id: post.id, intent: "delete", confirm: "yes" });
    expect(response.headers.get("Location")).toBe("/admin/blog?q=vinter");
    expect(visibleText(await (await admin.follow(response)).text())).toContain("Inlägg borttaget");
    expect(await (await db()).selectFrom("hotels_blog_posts").select("id").where("id", "=", post.id).execute()).toEqual([]);
  });
});

describe("what a post says about itself", () => {
  /** A new post's editor with one paragraph, typed. */
  async function newPost(changes: Record<string, string>) {
    let html = await (await admin.get("/admin/blog/new")).text();
    html = await (await submit("/admin/blog/new", html, {}, buttonValue(html, "+ Paragraf"))).text();
    return { html, changes: { "blocks[0].content": "Ett stycke om resan.", ...changes } };
  }
  const postBySlug = async (slug: string) =>
    (await db()).selectFrom("hotels_blog_posts").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();
  const visitor = () => new Browser(app.origin);
  const longDate = (date: Date) => new Intl.DateTimeFormat("sv-SE", { day: "numeric", month: "long", year: "numeric" }).format(date);

  it("has a save button at the top and the bottom, labelled by the publish switch", async () => {
    const { html } = await newPost({});
    const saves = [
      ...html.matchAll(
        /<button(?=[^>]*type="submit")(?=[^>]*name="intent")(?=[^>]*value="save")[^>]*>((?:(?!<\/button>)[\s\S])*?Spara utkast[\s\S]*?)<\/button>/g,
      ),
    ].map((match) => match[1]!);
    expect(saves).toHaveLength(2);
    // The header's save is the form's first button: Enter in a field saves.
    expect(enterButton(html)).toEqual({ name: "intent", value: "save" });
    for (const label of saves) {
      // Both words are there; the form's :has() on the switch shows one (the other is display:none).
      expect(label).toMatch(/<span class="[^"]*group-has-\[\[data-publish-switch\]:checked\]\/editor:hidden[^"]*">Spara utkast<\/span>/);
      expect(label).toMatch(/<span class="hidden [^"]*">Publicera<\/span>/);
    }
    expect(html).toContain("data-publish-switch");
    expect(visibleText(html)).toContain("Förhandsgranska");
  });

  it("names the save of a published post 'Spara ändringar', and a draft's 'Publicera'", async () => {
    const { html, changes } = await newPost({ title: "Redan publicerat", published: "on" });
    expect((await submit("/admin/blog/new", html, changes)).status).toBe(302);
    const post = await postBySlug("redan-publicerat");
    const path = `/admin/blog/edit/${post.id}`;
    /** The label each save button shows while the publish switch is on. */
    const onLabels = (page: string) => [...page.matchAll(/<span class="hidden [^"]*">([^<]*)<\/span><\/button>/g)].map((match) => match[1]);
    expect(onLabels(await (await admin.get(path)).text())).toEqual(["Spara ändringar", "Spara ändringar"]);
    expect((await submit(path, await (await admin.get(path)).text(), { published: "" })).status).toBe(302);
    expect(onLabels(await (await admin.get(path)).text())).toEqual(["Publicera", "Publicera"]);
  });

  it("dates a post when it is first published, shows that date and not the creation date, and keeps it", async () => {
    const { html, changes } = await newPost({ title: "Skrivet i mars", excerpt: "Ett utkast länge." });
    expect((await submit("/admin/blog/new", html, changes)).status).toBe(302);
    const draft = await postBySlug("skrivet-i-mars");
    expect(draft.published_at).toBeNull();
    const created = longDate(draft.created_at);
    // The list's columns are the spec's: Titel, Skapad, Status, Åtgärder.
    const draftList = await (await admin.get("/admin/blog?q=Skrivet i mars")).text();
    expect([...draftList.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map((match) => match[1])).toEqual([
      "Titel",
      "Skapad",
      "Status",
      "Åtgärder",
    ]);
    expect(visibleText(draftList)).toContain(`Skrivet i mars ${created} Utkast Redigera`);
    // Written long ago (the creation date), published today.
    await (await db()).updateTable("hotels_blog_posts").set({ created_at: "2026-03-02T10:00:00Z" }).where("id", "=", draft.id).execute();
    const path = `/admin/blog/edit/${draft.id}`;
    expect((await submit(path, await (await admin.get(path)).text(), { published: "on" })).status).toBe(302);
    const published = await postBySlug("skrivet-i-mars");
    expect(published.published_at).toBeInstanceOf(Date);
    const today = longDate(published.published_at!);
    expect(today).not.toBe("2 mars 2026");

    const page = await (await visitor().get("/blog/skrivet-i-mars")).text();
    expect(visibleText(page)).toContain(`Publicerad ${today} · 1 min läsning`);
    expect(page).toContain(`<time dateTime="${published.published_at!.toISOString()}">`);
    expect(page).toContain(`"datePublished":"${published.published_at!.toISOString()}"`);
    expect(visibleText(page)).not.toContain("2 mars 2026");
    const list = visibleText(await (await visitor().get("/blog")).text());
    expect(list).toMatch(new RegExp(`${today} Skrivet i mars`));
    // Skapad is when it was written; the status says when it was published.
    expect(visibleText(await (await admin.get("/admin/blog?q=Skrivet i mars")).text())).toContain(
      `Skrivet i mars 2 mars 2026 Publicerad ${today} Redigera`,
    );

    // Unpublished and published again: the first date stays.
    expect((await submit(path, await (await admin.get(path)).text(), { published: "" })).status).toBe(302);
    expect((await postBySlug("skrivet-i-mars")).published_at).toEqual(published.published_at);
    expect((await submit(path, await (await admin.get(path)).text(), { published: "on" })).status).toBe(302);
    expect((await postBySlug("skrivet-i-mars")).published_at).toEqual(published.published_at);
  });

  it("asks for the cover's text alternative or that it is decorative, and uses it on the post and the list", async () => {
    const { html, changes } = await newPost({ title: "Fjällstuga", coverImage: "/images/hotels/hotel-2.svg", published: "on" });
    let response = await submit("/admin/blog/new", html, changes);
    expect(response.status).toBe(400);
    let page = await response.text();
    const errorId = /<ul id="([^"]+)"[^>]*><li>Beskriv vad omslagsbilden visar, eller markera den som dekorativ\.<\/li>/.exec(page)?.[1];
    expect(errorId).toBeTruthy();
    expect(page).toMatch(new RegExp(`id="new-post-coverImageAlt"[^>]*aria-invalid="true" aria-describedby="[^"]*${errorId}"`));
    expect(page).toContain('value="/images/hotels/hotel-2.svg"');

    response = await submit("/admin/blog/new", page, { ...changes, coverImageAlt: "En röd stuga i snön vid fjället" });
    expect(response.status).toBe(302);
    expect((await postBySlug("fjallstuga")).cover_image_alt).toBe("En röd stuga i snön vid fjället");
    page = await (await visitor().get("/blog/fjallstuga")).text();
    expect(page).toMatch(/<img src="\/images\/hotels\/hotel-2.svg" alt="En röd stuga i snön vid fjället"/);
    expect(page).toContain('<meta property="og:image:alt" content="En röd stuga i snön vid fjället"/>');
    expect(await (await visitor().get("/blog")).text()).toMatch(
      /<img src="\/images\/hotels\/hotel-2.svg" alt="En röd stuga i snön vid fjället"/,
    );

    // Marked decorative: stored as '' and shown with alt="" (the typed text is not used).
    const { id } = await postBySlug("fjallstuga");
    const path = `/admin/blog/edit/${id}`;
    page = await (await admin.get(path)).text();
    expect((await submit(path, page, { coverDecorative: "on" })).status).toBe(302);
    expect((await postBySlug("fjallstuga")).cover_image_alt).toBe("");
    expect(await (await visitor().get("/blog/fjallstuga")).text()).toMatch(/<img src="\/images\/hotels\/hotel-2.svg" alt=""/);
    // Opened again, the editor says so.
    expect(await (await admin.get(path)).text()).toMatch(/name="coverDecorative"[^>]*checked=""/);
  });

  it("uses the post's own search engine title and description, else its title and excerpt, within their limits", async () => {
    const { html, changes } = await newPost({ title: "Hotell i Visby", excerpt: "Om Gotland.", published: "on" });
    let response = await submit("/admin/blog/new", html, { ...changes, seoTitle: "x".repeat(61), seoDescription: "y".repeat(161) });
    expect(response.status).toBe(400);
    let page = await response.text();
    expect(visibleText(page)).toContain("Högst 60 tecken.");
    expect(visibleText(page)).toContain("Högst 160 tecken.");
    expect(page).toContain(`value="${"x".repeat(61)}"`);
    expect(visibleText(page)).toContain("61/60 tecken.");

    response = await submit("/admin/blog/new", page, {
      ...changes,
      seoTitle: "Bästa hotellen i Visby 2026",
      seoDescription: "Vi har bott på dem: sju hotell innanför ringmuren.",
    });
    expect(response.status).toBe(302);
    page = await (await visitor().get("/blog/hotell-i-visby")).text();
    expect(page).toContain("<title>Bästa hotellen i Visby 2026 | Hotellguiden Blogg Reseguide</title>");
    expect(page).toContain('<meta name="description" content="Vi har bott på dem: sju hotell innanför ringmuren."/>');
    expect(page).toContain('<meta property="og:title" content="Bästa hotellen i Visby 2026 | Hotellguiden Blogg Reseguide"/>');
    expect(page).toContain('<meta property="og:description" content="Vi har bott på dem: sju hotell innanför ringmuren."/>');
    // The page itself keeps the post's own title.
    expect(page).toMatch(/<h1[^>]*>Hotell i Visby<\/h1>/);

    // Emptied: the title and the excerpt again.
    const { id } = await postBySlug("hotell-i-visby");
    const path = `/admin/blog/edit/${id}`;
    expect((await submit(path, await (await admin.get(path)).text(), { seoTitle: "", seoDescription: "" })).status).toBe(302);
    page = await (await visitor().get("/blog/hotell-i-visby")).text();
    expect(page).toContain("<title>Hotell i Visby | Hotellguiden Blogg Reseguide</title>");
    expect(page).toContain('<meta name="description" content="Om Gotland."/>');
  });

  it("refuses an image from a host the browser would block, by its field, and takes ours and the configured hosts", async () => {
    let { html } = await newPost({});
    html = await (await submit("/admin/blog/new", html, {}, buttonValue(html, "+ Bild"))).text();
    const changes = {
      title: "Bilder utifrån",
      "blocks[0].content": "Ett stycke.",
      "blocks[1].url": "https://cdn.elsewhere.example/photo.jpg",
      "blocks[1].alt": "Ett foto",
      coverImage: "https://tracker.example.org/cover.jpg",
      coverImageAlt: "Omslaget",
    };
    const response = await submit("/admin/blog/new", html, changes);
    expect(response.status).toBe(400);
    const page = await response.text();
    const text = visibleText(page);
    expect(text).toContain("Bilder från tracker.example.org blockeras av webbplatsens säkerhetsregler och skulle visas trasiga.");
    expect(text).toContain("Bilder från cdn.elsewhere.example blockeras");
    expect(text).toContain("IMAGE_HOSTS");
    expect(page).toContain('value="https://cdn.elsewhere.example/photo.jpg"');
    expect(page).toContain('value="Ett foto"');
    expect(await (await db()).selectFrom("hotels_blog_posts").select("id").where("title", "=", "Bilder utifrån").execute()).toEqual([]);

    // A configured host (IMAGE_HOSTS) and our own origin are fine.
    const saved = await submit("/admin/blog/new", page, {
      ...changes,
      "blocks[1].url": "https://images.example-cdn.com/photo.jpg",
      coverImage: "http://hotellguiden.test/images/hotels/hotel-3.svg",
    });
    expect(saved.status).toBe(302);
  });

  it("previews the post as it will look, from the form as typed, saving nothing and keeping every edit", async () => {
    const count = async () => (await (await db()).selectFrom("hotels_blog_posts").select(sqlCount).executeTakeFirstOrThrow()).n;
    const before = await count();
    const { html, changes } = await newPost({
      title: "Förhandsvisad resa",
      excerpt: "Ett utdrag.",
      seoTitle: "Sökrubrik för resan",
      coverImage: "/images/hotels/hotel-5.svg",
      coverImageAlt: "Ett hotell vid vattnet",
      instructions: "AI-instruktioner som ska finnas kvar",
    });
    const response = await submit("/admin/blog/new", html, changes, { name: "intent", value: "preview" });
    expect(response.status).toBe(200);
    const page = await response.text();
    const preview = /<section[^>]*aria-labelledby="post-preview-heading"[\s\S]*?<\/section>/.exec(page)?.[0] ?? "";
    expect(visibleText(preview)).toContain("Förhandsvisning");
    expect(visibleText(preview)).toContain("Inget är sparat än.");
    expect(preview).toMatch(/<h2[^>]*>Förhandsvisad resa<\/h2>/);
    expect(visibleText(preview)).toContain("Ett stycke om resan.");
    expect(visibleText(preview)).toContain("Sökrubrik för resan");
    expect(visibleText(preview)).toContain("/blog/forhandsvisad-resa");
    expect(visibleText(preview)).toContain("Inte publicerad än");
    expect(preview).toContain('alt="Ett hotell vid vattnet"');
    // Every field as it was typed, and nothing saved.
    expect(page).toContain('value="Förhandsvisad resa"');
    expect(page).toContain(">Ett utdrag.</textarea>");
    expect(page).toContain('value="Sökrubrik för resan"');
    expect(page).toContain('value="Ett hotell vid vattnet"');
    expect(page).toContain(">Ett stycke om resan.</textarea>");
    expect(page).toContain(">AI-instruktioner som ska finnas kvar</textarea>");
    expect(await count()).toBe(before);

    // A form that could not be saved cannot be previewed either: the fields say why, kept as typed.
    const refused = await submit(
      "/admin/blog/new",
      page,
      { ...changes, "blocks[0].content": "", coverImageAlt: "" },
      { name: "intent", value: "preview" },
    );
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(visibleText(again)).toContain("Ingen förhandsvisning");
    expect(visibleText(again)).toContain("Skriv något i stycket eller ta bort blocket.");
    expect(visibleText(again)).toContain("Beskriv vad omslagsbilden visar");
    expect(again).not.toContain("post-preview-heading");
    expect(again).toContain('value="Förhandsvisad resa"');
    expect(await count()).toBe(before);
  });

  it("shows under the slug the slug that will be stored, and stores that one", async () => {
    const { html, changes } = await newPost({ title: "Åre & Sälen: tips!", slug: "Min Slug!! för Åre" });
    // (The slug rule writes & as "och".)
    const response = await submit("/admin/blog/new", html, {}, buttonValue(html, "+ Rubrik"));
    const page = await (
      await submit("/admin/blog/new", await response.text(), { ...changes, "blocks[1].content": "Rubrik" }, buttonValue(html, "+ Citat"))
    ).text();
    expect(visibleText(page)).toContain("Adressen blir /blog/min-slug-for-are (det du skrev sparas som ”min-slug-for-are”).");
    // With the slug emptied it follows the title.
    const empty = await (await submit("/admin/blog/new", page, { slug: "" }, buttonValue(page, "Ta bort Citat 3"))).text();
    expect(visibleText(empty)).toContain("Adressen blir /blog/are-och-salen-tips .");
    expect(
      (await submit("/admin/blog/new", page, { ...changes, "blocks[1].content": "Rubrik", "blocks[2].content": "Citat" })).status,
    ).toBe(302);
    expect((await postBySlug("min-slug-for-are")).title).toBe("Åre & Sälen: tips!");
  });
});
