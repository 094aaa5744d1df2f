import path from "node:path";
import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "./accounts.ts";
import { openAsAdmin } from "./sign-in.ts";
import { expect, jsOff, test } from "./fixtures.ts";

const block = (page: Page, name: RegExp) => page.getByRole("group", { name });
/** The save buttons (one at the top, one under the post), named for what they will do. */
type SaveLabel = "Spara utkast" | "Publicera" | "Spara ändringar";
const saveButtons = (page: Page, label: SaveLabel) => page.getByRole("button", { name: label, exact: true });
const save = (page: Page, label: SaveLabel) => saveButtons(page, label).first().click();

/** Uploads a file by its input: with JavaScript choosing it is the upload, without it the button beside it sends it. */
async function upload(page: Page, input: string, file: Parameters<Page["setInputFiles"]>[1], jsOffProject: boolean) {
  await page.getByLabel(input).setInputFiles(file);
  if (jsOffProject) await page.getByRole("button", { name: "Ladda upp", exact: true }).first().click();
}

test("write a post with every block type, reorder and delete blocks, upload a cover, publish, edit and delete it", async ({
  page,
}, testInfo) => {
  const title = `Vinterresa ${testInfo.project.name}`;
  await openAsAdmin(page, "/admin/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blogghantering" })).toBeVisible();
  await page.getByRole("link", { name: "Nytt inlägg" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Skapa nytt inlägg" })).toBeVisible();
  await expect(page.getByText("Lägg till innehåll med knappen ovan eller använd AI-generering.")).toBeVisible();

  await page.getByLabel("Rubrik", { exact: true }).fill(title);
  await page.getByLabel("Utdrag").fill("En guide till en kall men vacker resa.");

  // One block of each type, filled in as it is added.
  await page.getByRole("button", { name: "+ Paragraf" }).click();
  await block(page, /^Paragraf 1$/)
    .getByLabel("Text")
    .fill("Snön lägger sig över staden.");
  await page.getByRole("button", { name: "+ Rubrik" }).click();
  await block(page, /^Rubrik 2$/)
    .getByLabel("Rubriktext")
    .fill("Var du ska bo");
  await page.getByRole("button", { name: "+ Bild" }).click();
  await block(page, /^Bild 3$/)
    .getByLabel("Bildadress")
    .fill("/images/hotels/hotel-4.svg");
  await block(page, /^Bild 3$/)
    .getByLabel("Alternativtext (beskriv bilden)")
    .fill("Ett hotell i snö");
  await page.getByRole("button", { name: "+ Knapp" }).click();
  await expect(block(page, /^Knapp 4$/).getByLabel("Knapptext")).toHaveValue("Läs mer");
  await page.getByRole("button", { name: "+ Lista" }).click();
  await block(page, /^Lista 5$/)
    .getByLabel("Punkt 1", { exact: true })
    .fill("Varma kläder");
  await block(page, /^Lista 5$/)
    .getByRole("button", { name: "+ Lägg till punkt" })
    .click();
  await block(page, /^Lista 5$/)
    .getByLabel("Punkt 2", { exact: true })
    .fill("Bra skor");
  await page.getByRole("button", { name: "+ Citat" }).click();
  await block(page, /^Citat 6$/)
    .getByLabel("Citat", { exact: true })
    .fill("Det finns inget dåligt väder.");

  // Move the quote up, delete the button.
  await page.getByRole("button", { name: "Flytta upp Citat 6" }).click();
  await expect(block(page, /^Citat 5$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Flytta upp Paragraf 1" })).toBeDisabled();
  await page.getByRole("button", { name: "Ta bort Knapp 4" }).click();
  await expect(block(page, /^Knapp/)).toHaveCount(0);
  await expect(block(page, /^Lista 5$/).getByLabel("Punkt 2", { exact: true })).toHaveValue("Bra skor");

  // Upload a cover, and say what it shows.
  await upload(page, "Eller ladda upp en bild:", path.resolve("tests/e2e/files/omslag.png"), jsOff(testInfo));
  await expect(page.getByText("Bilden är uppladdad")).toBeVisible();
  await expect(page.getByLabel("Omslagsbild", { exact: true })).toHaveValue(/^\/uploads\/blog-images\/[0-9a-f-]{36}\.png$/);
  await expect(page.getByLabel("Rubrik", { exact: true })).toHaveValue(title);
  await page.getByLabel("Omslagsbildens alternativtext").fill("Snötäckta tak i kvällsljus");

  await expect(page.getByText("Inlägget kommer sparas som utkast.")).toBeVisible();
  await page.getByRole("switch", { name: "Publicera" }).check();
  await expect(page.getByText("Inlägget kommer att vara publikt.")).toBeVisible();
  await save(page, "Publicera");
  await expect(page).toBeAt("/admin/blog");
  await expect(page.getByText("Inlägg skapat")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Publicerad");

  // On the public blog.
  await page.goto("/blog");
  await page
    .getByRole("article")
    .filter({ hasText: title })
    .getByRole("link", { name: /^Läs mer/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/Publicerad \d+ \w+ \d{4} · 1 min läsning/)).toBeVisible();
  await expect(page.getByRole("img", { name: "Snötäckta tak i kvällsljus" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Var du ska bo" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Ett hotell i snö" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Bra skor" })).toBeVisible();
  await expect(page.locator("blockquote")).toHaveText("Det finns inget dåligt väder.");
  const postUrl = page.url();

  // Edit it.
  await page.goto("/admin/blog");
  await page
    .getByRole("row")
    .filter({ hasText: title })
    .getByRole("link", { name: /^Redigera/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Redigera inlägg" })).toBeVisible();
  await page.getByLabel("Rubrik", { exact: true }).fill(`${title} (uppdaterad)`);
  await save(page, "Spara ändringar");
  await expect(page.getByText("Inlägg uppdaterat")).toBeVisible();
  await page.goto(postUrl);
  await expect(page.getByRole("heading", { level: 1, name: `${title} (uppdaterad)` })).toBeVisible();

  // Delete it: a dialog with JavaScript, a confirmation on the page without.
  await page.goto("/admin/blog");
  await page
    .getByRole("row")
    .filter({ hasText: title })
    .getByRole("link", { name: /^Ta bort/ })
    .click();
  const question = jsOff(testInfo) ? page.getByRole("alertdialog") : page.getByRole("dialog");
  await expect(question).toContainText("Är du säker?");
  await question.getByRole("button", { name: "Ta bort" }).click();
  await expect(page.getByText("Inlägg borttaget")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
  expect((await page.goto(postUrl))?.status()).toBe(404);
});

test("the AI panel drafts a post into the editor", async ({ page }) => {
  await openAsAdmin(page, "/admin/blog/new");
  await page.getByText("Generera innehåll med AI").click();
  await page.getByLabel("Instruktioner").fill("Skriv om hotell i Oslo");
  await page.getByRole("button", { name: "Generera innehåll", exact: true }).click();
  await expect(page.getByText("AI-innehåll har lagts till i redigeraren.")).toBeVisible();
  // The e2e server's provider stand-in (tests/ai-stand-in.ts) writes this draft.
  await expect(page.getByLabel("Rubrik", { exact: true })).toHaveValue("Hotelltips från leverantören");
  await expect(page.getByLabel("URL Slug")).toHaveValue("hotelltips-fran-leverantoren");
  await expect(block(page, /^Paragraf 1$/).getByLabel("Text")).toHaveValue("Här är några hotell vi gillar.");
});

test("the AI panel drafts a post about what its brief names, not a list of hotels", async ({ page }) => {
  await openAsAdmin(page, "/admin/blog/new");
  await page.getByText("Generera innehåll med AI").click();
  await page.getByLabel("Instruktioner").fill("Skriv om stränder och parker i Nice");
  await page.getByRole("button", { name: "Generera innehåll", exact: true }).click();
  await expect(page.getByText("AI-innehåll har lagts till i redigeraren.")).toBeVisible();
  // The provider stand-in (tests/ai-stand-in.ts) writes a section for each part the prompt names.
  await expect(block(page, /^Rubrik 1$/).getByLabel("Rubriktext")).toHaveValue("Stränder");
  await expect(block(page, /^Rubrik 3$/).getByLabel("Rubriktext")).toHaveValue("Parker");
  await expect(block(page, /^Knapp/)).toHaveCount(0);
  await expect(page.getByRole("group", { name: /^(Paragraf|Rubrik|Knapp) \d+$/ })).toHaveCount(4);
});

test("the save buttons at the top and under the post say what they will do, and follow the switch", async ({ page }, testInfo) => {
  const title = `Knapptext ${testInfo.project.name}`;
  await openAsAdmin(page, "/admin/blog/new");
  await expect(saveButtons(page, "Spara utkast")).toHaveCount(2);
  await expect(saveButtons(page, "Publicera")).toHaveCount(0);
  await page.getByRole("switch", { name: "Publicera" }).check();
  // The form's :has() on the switch picks the words, so this holds with JavaScript off too.
  await expect(saveButtons(page, "Publicera")).toHaveCount(2);
  await expect(saveButtons(page, "Spara utkast")).toHaveCount(0);
  await page.getByRole("switch", { name: "Publicera" }).uncheck();
  await expect(saveButtons(page, "Spara utkast")).toHaveCount(2);
  await page.getByRole("switch", { name: "Publicera" }).check();

  await page.getByLabel("Rubrik", { exact: true }).fill(title);
  await page.getByRole("button", { name: "+ Paragraf" }).click();
  await block(page, /^Paragraf 1$/)
    .getByLabel("Text")
    .fill("Sparad med knappen längst ner.");
  // The one under the post.
  await saveButtons(page, "Publicera").last().click();
  await expect(page).toBeAt("/admin/blog");
  await expect(page.getByText("Inlägg skapat")).toBeVisible();
  // The spec's columns: Titel, Skapad, Status (with the date it was published), Åtgärder.
  await expect(page.getByRole("columnheader")).toHaveText(["Titel", "Skapad", "Status", "Åtgärder"]);
  const row = page.getByRole("row").filter({ hasText: title });
  const date = /^\d{1,2} [a-zåäö]+ \d{4}$/;
  await expect(row.getByRole("cell").nth(0)).toHaveText(date);
  await expect(row.getByRole("cell").nth(1)).toHaveText(/^Publicerad\s*\d{1,2} [a-zåäö]+ \d{4}$/);

  // Opened again, a published post's buttons say Spara ändringar (nothing new is published); switched off, Spara utkast.
  await row.getByRole("link", { name: /^Redigera/ }).click();
  await expect(saveButtons(page, "Spara ändringar")).toHaveCount(2);
  await expect(saveButtons(page, "Publicera")).toHaveCount(0);
  await page.getByRole("switch", { name: "Publicera" }).uncheck();
  await expect(saveButtons(page, "Spara ändringar")).toHaveCount(0);
  await saveButtons(page, "Spara utkast").last().click();
  await expect(page.getByText("Inlägg uppdaterat")).toBeVisible();
  const draftRow = page.getByRole("row").filter({ hasText: title });
  await expect(draftRow).toContainText("Utkast");
  await expect(draftRow.getByRole("cell").nth(0)).toHaveText(date);

  // A draft opened again publishes when the switch is on.
  await draftRow.getByRole("link", { name: /^Redigera/ }).click();
  await page.getByRole("switch", { name: "Publicera" }).check();
  await expect(saveButtons(page, "Publicera")).toHaveCount(2);
});

test("a refused save lists every problem at the top, each a link to its field, and the title says Fel:", async ({ page }) => {
  await openAsAdmin(page, "/admin/blog/new");
  await expect(page).toHaveTitle("Skapa nytt inlägg | Hotellguiden Admin");
  await page.getByRole("button", { name: "+ Paragraf" }).click();
  await block(page, /^Paragraf 1$/)
    .getByLabel("Text")
    .fill("Ett stycke.");
  await page.getByRole("button", { name: "+ Lista" }).click();
  await expect(block(page, /^Lista 2$/).getByLabel("Punkt 1", { exact: true })).toHaveValue("");
  await save(page, "Spara utkast");

  const summary = page.getByRole("alert").filter({ hasText: "Inlägget kunde inte sparas. Rätta följande:" });
  await expect(summary.getByRole("link")).toHaveText([
    "Rubrik: Ange en rubrik.",
    "Lista 2, punkt 1: Skriv något i punkten eller ta bort den.",
  ]);
  await expect(page).toHaveTitle("Fel: Skapa nytt inlägg | Hotellguiden Admin");
  await expect(page).toBeAt("/admin/blog/new");
  await expect(block(page, /^Paragraf 1$/).getByLabel("Text")).toHaveValue("Ett stycke.");
  // The summary is where the page opens; each link leads to its field.
  await expect(summary).toBeInViewport();
  await summary.getByRole("link", { name: /^Lista 2, punkt 1/ }).click();
  await expect(block(page, /^Lista 2$/).getByLabel("Punkt 1", { exact: true })).toBeInViewport();
  await expect(page).toBeAt(/#new-post-blocks%5B1%5D\.items%5B0%5D$/);
});

test("the preview shows the post as it will look, keeps every edit and saves nothing", async ({ page }, testInfo) => {
  const title = `Förhandsvisad ${testInfo.project.name}`;
  await openAsAdmin(page, "/admin/blog/new");
  await page.getByLabel("Rubrik", { exact: true }).fill(title);
  await page.getByLabel("Utdrag").fill("Ett utdrag att förhandsvisa.");
  await page.getByLabel("SEO-rubrik (valfri)").fill("Sökrubriken");
  await page.getByRole("button", { name: "+ Paragraf" }).click();
  await block(page, /^Paragraf 1$/)
    .getByLabel("Text")
    .fill("Så här ser det ut.");
  await page.getByRole("button", { name: "Förhandsgranska" }).click();

  const preview = page.getByRole("region", { name: "Förhandsvisning" });
  await expect(preview.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await expect(preview).toContainText("Inget är sparat än.");
  await expect(preview).toContainText("Så här ser det ut.");
  await expect(preview).toContainText("Sökrubriken");
  await expect(preview).toContainText("Inte publicerad än · 1 min läsning");
  if (!jsOff(testInfo)) await expect(preview).toBeFocused();
  await expect(page).toBeAt("/admin/blog/new");
  await expect(page.getByLabel("Rubrik", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Utdrag")).toHaveValue("Ett utdrag att förhandsvisa.");
  await expect(page.getByLabel("SEO-rubrik (valfri)")).toHaveValue("Sökrubriken");
  await expect(block(page, /^Paragraf 1$/).getByLabel("Text")).toHaveValue("Så här ser det ut.");

  // Nothing was saved.
  const list = await page.context().newPage();
  await list.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
  await expect(list.getByText("Inga inlägg matchade din sökning.")).toBeVisible();
  await list.close();
});

test("an image address on a host the browser would block is refused by its field, and never loaded", async ({ page }) => {
  await openAsAdmin(page, "/admin/blog/new");
  await page.getByLabel("Rubrik", { exact: true }).fill("Bild från fel värd");
  await page.getByRole("button", { name: "+ Paragraf" }).click();
  await block(page, /^Paragraf 1$/)
    .getByLabel("Text")
    .fill("Ett stycke.");
  // The fixture fails the test on any Content Security Policy violation: the editor must not try to show it.
  await page.getByLabel("Omslagsbild", { exact: true }).fill("https://tracker.example.org/cover.jpg");
  await page.getByLabel("Omslagsbildens alternativtext").fill("Ett omslag");
  await save(page, "Spara utkast");
  await expect(page.getByLabel("Omslagsbild", { exact: true })).toHaveAccessibleDescription(
    /^Bilder från tracker\.example\.org blockeras av webbplatsens säkerhetsregler och skulle visas trasiga\./,
  );
  await expect(page).toBeAt("/admin/blog/new");
  await expect(page.getByLabel("Rubrik", { exact: true })).toHaveValue("Bild från fel värd");
  await expect(page.getByRole("img", { name: "Förhandsvisning av omslagsbilden" })).toHaveCount(0);
});

test("choosing an image uploads it at once and fills in its address, keeping the post", { tag: "@needs-js" }, async ({ page }) => {
  await openAsAdmin(page, "/admin/blog/new");
  await page.getByLabel("Rubrik", { exact: true }).fill("Bild i ett steg");
  await page.getByRole("button", { name: "+ Bild" }).click();
  await block(page, /^Bild 1$/)
    .getByLabel("Alternativtext (beskriv bilden)")
    .fill("Utsikt från hotellet");
  await expect(page.getByRole("button", { name: "Ladda upp", exact: true })).toHaveCount(0);
  // The upload is held at the network until the page has been looked at while it runs.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith("/admin/blog/new"),
    async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    },
  );
  await block(page, /^Bild 1$/)
    .getByLabel("Eller ladda upp:")
    .setInputFiles(path.resolve("tests/e2e/files/omslag.png"));
  await expect(block(page, /^Bild 1$/).getByRole("status")).toHaveText("Laddar upp...");
  // Saving now would store the post without the image: the buttons wait for the upload.
  for (const button of await saveButtons(page, "Spara utkast").all()) await expect(button).toBeDisabled();
  await expect(page.getByRole("button", { name: "Förhandsgranska" })).toBeDisabled();
  release();
  await expect(block(page, /^Bild 1$/).getByLabel("Bildadress")).toHaveValue(/^\/uploads\/blog-images\/[0-9a-f-]{36}\.png$/);
  await expect(page.getByText("Bilden är uppladdad")).toBeVisible();
  await expect(block(page, /^Bild 1$/).getByLabel("Eller ladda upp:")).toHaveValue("");
  await expect(page.getByLabel("Rubrik", { exact: true })).toHaveValue("Bild i ett steg");
  await expect(block(page, /^Bild 1$/).getByLabel("Alternativtext (beskriv bilden)")).toHaveValue("Utsikt från hotellet");
  await expect(page).toBeAt("/admin/blog/new");
  await expect(saveButtons(page, "Spara utkast").first()).toBeEnabled();
});

// ---------------------------------------------------------------------------------------------
// Edits an editor must not lose (issue 14, point 5).

/** A post made through the editor; returns the address of its edit page. */
async function createPost(page: Page, title: string): Promise<string> {
  await page.goto("/admin/blog/new");
  await page.getByLabel("Rubrik", { exact: true }).fill(title);
  await page.getByRole("button", { name: "+ Paragraf" }).click();
  await block(page, /^Paragraf 1$/)
    .getByLabel("Text")
    .fill("Första versionen.");
  await save(page, "Spara utkast");
  await expect(page.getByText("Inlägg skapat")).toBeVisible();
  await page
    .getByRole("row")
    .filter({ hasText: title })
    .getByRole("link", { name: /^Redigera/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Redigera inlägg" })).toBeVisible();
  return new URL(page.url()).pathname;
}

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

test("a save from a stale copy is refused with what was typed kept", async ({ page }, testInfo) => {
  const title = `Delat inlägg ${testInfo.project.name}`;
  await openAsAdmin(page, "/admin/blog");
  const editPath = await createPost(page, title);
  const other = await page.context().newPage();
  await other.goto(editPath);

  // The first editor saves…
  await page.getByLabel("Rubrik", { exact: true }).fill(`${title} (A)`);
  await save(page, "Spara utkast");
  await expect(page.getByText("Inlägg uppdaterat")).toBeVisible();

  // …then the second, from the copy opened before that.
  await other.getByLabel("Utdrag").fill("Skrivet av B.");
  await save(other, "Spara utkast");
  await expect(other.getByRole("alert")).toContainText(
    "Någon annan har sparat inlägget medan du redigerade. Dina ändringar är inte sparade",
  );
  await expect(other).toBeAt(editPath);
  await expect(other.getByLabel("Utdrag")).toHaveValue("Skrivet av B.");
  await expect(other.getByLabel("Rubrik", { exact: true })).toHaveValue(title);
  await other.close();

  await expect(page.getByRole("row").filter({ hasText: `${title} (A)` })).toHaveCount(1);
});

test("an image that is too large or not an image is refused by its file input, and the post is kept", async ({ page }, testInfo) => {
  await openAsAdmin(page, "/admin/blog/new");
  await page.getByLabel("Rubrik", { exact: true }).fill("Med för stor bild");
  const fileInput = page.getByLabel("Eller ladda upp en bild:");
  const photo = { name: "mobilbild.png", mimeType: "image/png", buffer: Buffer.concat([PNG_HEADER, Buffer.alloc(6 * 1024 * 1024)]) };
  const text = { name: "anteckning.txt", mimeType: "text/plain", buffer: Buffer.from("inte en bild") };

  if (jsOff(testInfo)) {
    // The server reads the whole post and answers by the input.
    await fileInput.setInputFiles(photo);
    await page.getByRole("button", { name: "Ladda upp", exact: true }).click();
    await expect(page.getByLabel("Eller ladda upp en bild:")).toHaveAccessibleDescription("Bilden får vara högst 5 MB.");
    await page.getByLabel("Eller ladda upp en bild:").setInputFiles(text);
    await page.getByRole("button", { name: "Ladda upp", exact: true }).click();
    await expect(page.getByLabel("Eller ladda upp en bild:")).toHaveAccessibleDescription(
      "Bara bildfiler (JPEG, PNG, GIF, WebP eller AVIF) kan laddas upp.",
    );
  } else {
    // The browser refuses the file as it is picked: nothing is sent.
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await fileInput.setInputFiles(photo);
    await expect(fileInput).toHaveAccessibleDescription("Bilden får vara högst 5 MB.");
    await expect(fileInput).toHaveValue("");
    // Choosing a file is the upload: there is no button to press.
    await expect(page.getByRole("button", { name: "Ladda upp", exact: true })).toHaveCount(0);
    await fileInput.setInputFiles(text);
    await expect(fileInput).toHaveAccessibleDescription("Bara bildfiler (JPEG, PNG, GIF, WebP eller AVIF) kan laddas upp.");
    expect(posts).toEqual([]);
  }
  await expect(page.getByLabel("Rubrik", { exact: true })).toHaveValue("Med för stor bild");

  // A good image still goes up.
  await upload(page, "Eller ladda upp en bild:", path.resolve("tests/e2e/files/omslag.png"), jsOff(testInfo));
  await expect(page.getByText("Bilden är uppladdad")).toBeVisible();
  await expect(page.getByLabel("Eller ladda upp en bild:")).not.toHaveAccessibleDescription(/.+/);
  await expect(page.getByLabel("Rubrik", { exact: true })).toHaveValue("Med för stor bild");
});

test("a save after the session ended keeps the post; signed in again in a new tab, Spara saves it", async ({ page }, testInfo) => {
  const title = `Utloggad ${testInfo.project.name}`;
  await openAsAdmin(page, "/admin/blog");
  const editPath = await createPost(page, title);
  await page.getByLabel("Rubrik", { exact: true }).fill(`${title} (sparad efteråt)`);
  await page.context().clearCookies();
  await save(page, "Spara utkast");

  await expect(page.getByRole("alert")).toContainText("Ej inloggad – din session har gått ut");
  await expect(page.getByLabel("Rubrik", { exact: true })).toHaveValue(`${title} (sparad efteråt)`);
  await expect(block(page, /^Paragraf 1$/).getByLabel("Text")).toHaveValue("Första versionen.");
  const signInLink = page.getByRole("link", { name: "Logga in i en ny flik" });
  await expect(signInLink).toHaveAttribute("target", "_blank");
  await expect(signInLink).toHaveAttribute("rel", "noopener");

  const opened = page.waitForEvent("popup");
  await signInLink.click();
  const tab = await opened;
  await tab.getByLabel("E-postadress").fill(E2E_ADMIN.email);
  await tab.getByLabel("Lösenord", { exact: true }).fill(E2E_ADMIN.password);
  await tab.getByRole("button", { name: "Logga in" }).click();
  await expect(tab).toBeAt(editPath);
  await tab.close();

  await save(page, "Spara utkast");
  await expect(page).toBeAt("/admin/blog");
  await expect(page.getByText("Inlägg uppdaterat")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `${title} (sparad efteråt)` })).toHaveCount(1);
});

// Only with JavaScript can the page ask before it is left (the js-off projects leave it out).
test("leaving an edited post asks first, and staying keeps the text", { tag: "@needs-js" }, async ({ page }) => {
  await openAsAdmin(page, "/admin/blog/new");
  await page.getByLabel("Rubrik", { exact: true }).fill("Osparat utkast");
  // A block added in the browser (a conform intent, sent through the form's submit event) too.
  await page.getByRole("button", { name: "+ Paragraf" }).click();
  await block(page, /^Paragraf 1$/)
    .getByLabel("Text")
    .fill("Text som inte får försvinna.");

  const asked: string[] = [];
  const answer = (accept: boolean) =>
    page.once("dialog", (dialog) => {
      asked.push(`${dialog.type()}: ${dialog.message()}`);
      void (accept ? dialog.accept() : dialog.dismiss());
    });

  answer(false);
  await page.getByRole("link", { name: "Avbryt" }).click();
  await expect.poll(() => asked).toEqual(["confirm: Du har osparade ändringar. Vill du lämna sidan ändå?"]);
  await expect(page).toBeAt("/admin/blog/new");
  await expect(page.getByLabel("Rubrik", { exact: true })).toHaveValue("Osparat utkast");
  await expect(block(page, /^Paragraf 1$/).getByLabel("Text")).toHaveValue("Text som inte får försvinna.");

  answer(false);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Hotels" }).click();
  await expect.poll(() => asked.length).toBe(2);
  await expect(page).toBeAt("/admin/blog/new");
  await expect(page.getByLabel("Rubrik", { exact: true })).toHaveValue("Osparat utkast");

  // Closing the tab or reloading: the browser's own question.
  const other = await page.context().newPage();
  await other.goto("/admin/blog/new");
  await other.getByLabel("Rubrik", { exact: true }).click();
  await other.keyboard.type("Också osparat");
  const unloading = other.waitForEvent("dialog");
  await other.close({ runBeforeUnload: true });
  const question = await unloading;
  expect(question.type()).toBe("beforeunload");
  await question.dismiss();
  await expect(other.getByLabel("Rubrik", { exact: true })).toHaveValue("Också osparat");
  await other.close();

  // Leaving when the answer is yes.
  answer(true);
  await page.getByRole("link", { name: "Avbryt" }).click();
  await expect(page).toBeAt("/admin/blog");
  expect(asked).toHaveLength(3);
});
