/**
 * The blog back office over HTTP, the way a browser without JavaScript uses it: every
 * editor intent is a form post the server answers with the re-rendered editor (nothing typed
 * is lost), save rules and slug conflicts, AI drafts, uploads (checked by content, at most
 * 5 MB, stored under a random name and served with long caching), and the admin list with
 * search and the delete confirmation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, signIn, startTestApp, TEST_ADMIN, visibleText, type TestApp } from "#tests/app-server.ts";

let app: TestApp;
let admin: Browser;
const db = () => app.db();

beforeAll(async () => {
  app = await startTestApp({ SEED_DEMO: "always" });
  admin = new Browser(app.origin);
  await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(async () => {
  await app?.close();
});

const unescape = (value: string) => value.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** The value of the button whose visible text is `label` (conform intents are JSON in the value). */
function buttonValue(html: string, label: string | RegExp): { name: string; value: string } {
  for (const match of html.matchAll(/<button([^>]*)>([\s\S]*?)<\/button>/g)) {
    const text = match[2]!.replace(/<!--[\s\S]*?-->/g, "").replace(/<[^>]+>/g, "").trim();
    const attributes = match[1]!;
    const aria = /aria-label="([^"]*)"/.exec(attributes)?.[1] ?? "";
    if (typeof label === "string" ? text === label || aria === label : label.test(text) || label.test(aria)) {
      return { name: /name="([^"]+)"/.exec(attributes)?.[1] ?? "", value: unescape(/value="([^"]*)"/.exec(attributes)?.[1] ?? "") };
    }
  }
  throw new Error(`no button ${label}`);
}

/** Every named field's current value in the page's editor form (what a browser would send). */
function formFields(html: string): [string, string][] {
  const fields: [string, string][] = [];
  for (const match of html.matchAll(/<input([^>]*)\/?>/g)) {
    const a = match[1]!;
    const name = /name="([^"]+)"/.exec(a)?.[1];
    const type = /type="([^"]+)"/.exec(a)?.[1] ?? "text";
    if (!name || type === "file" || name === "website") continue;
    if ((type === "checkbox" || type === "radio") && !/checked=""/.test(a)) continue;
    fields.push([name, unescape(/value="([^"]*)"/.exec(a)?.[1] ?? (type === "checkbox" ? "on" : ""))]);
  }
  for (const match of html.matchAll(/<textarea([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = /name="([^"]+)"/.exec(match[1]!)?.[1];
    if (name) fields.push([name, unescape(match[2]!)]);
  }
  return fields;
}

/** Posts the editor as a browser would: its fields, changed by `changes`, and the clicked button. */
async function submit(path: string, html: string, changes: Record<string, string>, button?: { name: string; value: string }, files: Record<string, File> = {}) {
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
  if (button) body.append(button.name, button.value);
  for (const [name, file] of Object.entries(files)) body.append(name, file);
  return admin.request(path, { method: "POST", body, headers: { Origin: app.origin } });
}

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]);

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
    html = await (await submit("/admin/blog/new", html, { "blocks[0].content": "Staden är vacker i snö.", "blocks[1].content": "Var du ska bo", "blocks[2].items[0]": "Gamla stan" }, buttonValue(html, /^Rubriknivå 2/))).text();
    expect(html).toMatch(/>H<!-- -->3</);
    expect(html).toContain(">Staden är vacker i snö.</textarea>");
    html = await (await submit("/admin/blog/new", html, {}, buttonValue(html, "+ Lägg till punkt"))).text();
    html = await (await submit("/admin/blog/new", html, { "blocks[2].items[1]": "Södermalm" }, buttonValue(html, "Flytta upp Lista 3"))).text();
    // The list is now second, with both items and the typed heading kept.
    expect(visibleText(html)).toMatch(/Paragraf 1.*Lista 2.*Rubrik 3/);
    expect(html).toContain('value="Södermalm"');
    expect(html).toContain('value="Var du ska bo"');
    // The first block cannot move up, the last cannot move down.
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Flytta upp Paragraf 1"|<button[^>]*aria-label="Flytta upp Paragraf 1"[^>]*disabled=""/);

    // Remove the heading, regenerate the slug, then save.
    html = await (await submit("/admin/blog/new", html, {}, buttonValue(html, "Ta bort Rubrik 3"))).text();
    expect(visibleText(html)).not.toContain("Rubrik 3");
    html = await (await submit("/admin/blog/new", html, {}, { name: "_action", value: "regenerate-slug" })).text();
    expect(visibleText(html)).toContain("Slug uppdaterad");
    expect(html).toContain('value="stockholm-i-vinter"');

    response = await submit("/admin/blog/new", html, { excerpt: "Vinterguide.", published: "on" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/blog");
    expect(visibleText(await (await admin.follow(response)).text())).toContain("Inlägg skapat");

    const post = await (await db()).selectFrom("hotels_blog_posts").selectAll().where("slug", "=", "stockholm-i-vinter").executeTakeFirstOrThrow();
    expect(post).toMatchObject({ title: "Stockholm i vinter", excerpt: "Vinterguide.", published: true, author: TEST_ADMIN.email, reading_time: "1" });
    expect(post.content).toEqual([
      { type: "paragraph", content: "Staden är vacker i snö." },
      { type: "list", style: "unordered", items: ["Gamla stan", "Södermalm"] },
    ]);
    expect((await new Browser(app.origin).get("/blog/stockholm-i-vinter")).status).toBe(200);
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
    const post = await (await db()).selectFrom("hotels_blog_posts").select(["id"]).where("slug", "=", "stockholm-i-vinter").executeTakeFirstOrThrow();
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
    expect(after.content).toContainEqual({ type: "button", text: "Läs mer", url: "/Sweden/Stockholm", external: false, variant: "default" });
    expect((await admin.get("/admin/blog/edit/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("drafts with AI into the editor, and asks for instructions when there are none", async () => {
    let html = await (await admin.get("/admin/blog/new")).text();
    let response = await submit("/admin/blog/new", html, { instructions: "  " }, { name: "_action", value: "ai-generate" });
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain("Ange instruktioner för AI-generering.");

    response = await submit("/admin/blog/new", html, { instructions: "Familjehotell i Köpenhamn" }, { name: "_action", value: "ai-generate" });
    expect(response.status).toBe(200);
    html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("Innehåll genererat");
    expect(text).toContain("AI-innehåll har lagts till i redigeraren.");
    expect(html).toMatch(/name="title"[^>]*value="\d hotell i Copenhagen värda att boka"|value="\d hotell i Copenhagen värda att boka"[^>]*name="title"/);
    expect(html).toContain(">Familjehotell i Köpenhamn</textarea>");
    expect(text).toMatch(/Paragraf 1.*Rubrik 2/);
    // The draft saves as it is.
    response = await submit("/admin/blog/new", html, {});
    expect(response.status).toBe(302);
  });

  it("uploads a cover image checked by content, and serves it with long caching", async () => {
    let html = await (await admin.get("/admin/blog/new")).text();
    let response = await submit("/admin/blog/new", html, {}, { name: "_action", value: "upload-cover" }, { coverFile: new File([new TextEncoder().encode("<svg onload=alert(1)>")], "bild.png", { type: "image/png" }) });
    expect(response.status).toBe(400);
    let text = visibleText(await response.text());
    expect(text).toContain("Uppladdningsfel");
    expect(text).toContain("Bara bildfiler (JPEG, PNG, GIF, WebP eller AVIF) kan laddas upp.");

    response = await submit("/admin/blog/new", html, {}, { name: "_action", value: "upload-cover" }, { coverFile: new File([new Uint8Array(5 * 1024 * 1024 + 1)], "stor.png", { type: "image/png" }) });
    expect(visibleText(await response.text())).toContain("Bilden får vara högst 5 MB.");

    response = await submit("/admin/blog/new", html, { title: "Med omslag" }, { name: "_action", value: "upload-cover" }, { coverFile: new File([PNG], "Omslag.PNG", { type: "image/png" }) });
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

describe("the post list", () => {
  it("searches by title, and deletes only after the confirmation", async () => {
    const list = visibleText(await (await admin.get("/admin/blog?q=vinter")).text());
    expect(list).toContain("Stockholm i vinter och vår");
    expect(list).toContain("Publicerad");
    expect(visibleText(await (await admin.get("/admin/blog?q=finns-inte-alls")).text())).toContain("Inga inlägg matchade din sökning.");

    const post = await (await db()).selectFrom("hotels_blog_posts").select("id").where("slug", "=", "stockholm-i-vinter").executeTakeFirstOrThrow();
    const confirm = await (await admin.get(`/admin/blog?q=vinter&radera=${post.id}`)).text();
    expect(visibleText(confirm)).toContain("Är du säker?");
    expect(visibleText(confirm)).toContain("tas bort permanent");
    const response = await admin.post(`/admin/blog?q=vinter&radera=${post.id}`, { id: post.id, intent: "delete" });
    expect(response.headers.get("Location")).toBe("/admin/blog?q=vinter");
    expect(visibleText(await (await admin.follow(response)).text())).toContain("Inlägg borttaget");
    expect(await (await db()).selectFrom("hotels_blog_posts").select("id").where("id", "=", post.id).execute()).toEqual([]);
  });
});
