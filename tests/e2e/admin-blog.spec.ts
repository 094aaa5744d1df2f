import path from "node:path";
import type { Page } from "@playwright/test";
import { signInTo } from "./sign-in.ts";
import { expect, jsOff, test } from "./fixtures.ts";

const block = (page: Page, name: RegExp) => page.getByRole("group", { name });

test("write a post with every block type, reorder and delete blocks, upload a cover, publish, edit and delete it", async ({ page }, testInfo) => {
  const title = `Vinterresa ${testInfo.project.name}`;
  await signInTo(page, "/admin/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blogghantering" })).toBeVisible();
  await page.getByRole("link", { name: "Nytt inlägg" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Skapa nytt inlägg" })).toBeVisible();
  await expect(page.getByText("Lägg till innehåll med knappen ovan eller använd AI-generering.")).toBeVisible();

  await page.getByLabel("Rubrik", { exact: true }).fill(title);
  await page.getByLabel("Utdrag").fill("En guide till en kall men vacker resa.");

  // One block of each type, filled in as it is added.
  await page.getByRole("button", { name: "+ Paragraf" }).click();
  await block(page, /^Paragraf 1$/).getByLabel("Text").fill("Snön lägger sig över staden.");
  await page.getByRole("button", { name: "+ Rubrik" }).click();
  await block(page, /^Rubrik 2$/).getByLabel("Rubriktext").fill("Var du ska bo");
  await page.getByRole("button", { name: "+ Bild" }).click();
  await block(page, /^Bild 3$/).getByLabel("Bildadress").fill("/images/hotels/hotel-4.svg");
  await block(page, /^Bild 3$/).getByLabel("Alternativtext (beskriv bilden)").fill("Ett hotell i snö");
  await page.getByRole("button", { name: "+ Knapp" }).click();
  await expect(block(page, /^Knapp 4$/).getByLabel("Knapptext")).toHaveValue("Läs mer");
  await page.getByRole("button", { name: "+ Lista" }).click();
  await block(page, /^Lista 5$/).getByLabel("Punkt 1", { exact: true }).fill("Varma kläder");
  await block(page, /^Lista 5$/).getByRole("button", { name: "+ Lägg till punkt" }).click();
  await block(page, /^Lista 5$/).getByLabel("Punkt 2", { exact: true }).fill("Bra skor");
  await page.getByRole("button", { name: "+ Citat" }).click();
  await block(page, /^Citat 6$/).getByLabel("Citat", { exact: true }).fill("Det finns inget dåligt väder.");

  // Move the quote up, delete the button.
  await page.getByRole("button", { name: "Flytta upp Citat 6" }).click();
  await expect(block(page, /^Citat 5$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Flytta upp Paragraf 1" })).toBeDisabled();
  await page.getByRole("button", { name: "Ta bort Knapp 4" }).click();
  await expect(block(page, /^Knapp/)).toHaveCount(0);
  await expect(block(page, /^Lista 5$/).getByLabel("Punkt 2", { exact: true })).toHaveValue("Bra skor");

  // Upload a cover.
  await page.getByLabel("Eller ladda upp en bild:").setInputFiles(path.resolve("tests/e2e/files/omslag.png"));
  await page.getByRole("button", { name: "Ladda upp", exact: true }).first().click();
  await expect(page.getByText("Bilden är uppladdad")).toBeVisible();
  await expect(page.getByLabel("Omslagsbild")).toHaveValue(/^\/uploads\/blog-images\/[0-9a-f-]{36}\.png$/);
  await expect(page.getByLabel("Rubrik", { exact: true })).toHaveValue(title);

  await expect(page.getByText("Inlägget kommer sparas som utkast.")).toBeVisible();
  await page.getByRole("switch", { name: "Publicera" }).check();
  if (!jsOff(testInfo)) await expect(page.getByText("Inlägget kommer att vara publikt.")).toBeVisible();
  await page.getByRole("button", { name: "Publicera inlägg" }).click();
  await expect(page).toHaveURL("/admin/blog");
  await expect(page.getByText("Inlägg skapat")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Publicerad");

  // On the public blog.
  await page.goto("/blog");
  await page.getByRole("article").filter({ hasText: title }).getByRole("link", { name: /^Läs mer/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/Publicerad \d+ \w+ \d{4} · 1 min läsning/)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Var du ska bo" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Ett hotell i snö" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Bra skor" })).toBeVisible();
  await expect(page.locator("blockquote")).toHaveText("Det finns inget dåligt väder.");
  const postUrl = page.url();

  // Edit it.
  await page.goto("/admin/blog");
  await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: /^Redigera/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Redigera inlägg" })).toBeVisible();
  await page.getByLabel("Rubrik", { exact: true }).fill(`${title} (uppdaterad)`);
  await page.getByRole("button", { name: "Spara ändringar" }).click();
  await expect(page.getByText("Inlägg uppdaterat")).toBeVisible();
  await page.goto(postUrl);
  await expect(page.getByRole("heading", { level: 1, name: `${title} (uppdaterad)` })).toBeVisible();

  // Delete it: a dialog with JavaScript, a confirmation on the page without.
  await page.goto("/admin/blog");
  await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: /^Ta bort/ }).click();
  const question = jsOff(testInfo) ? page.getByRole("alertdialog") : page.getByRole("dialog");
  await expect(question).toContainText("Är du säker?");
  await question.getByRole("button", { name: "Ta bort" }).click();
  await expect(page.getByText("Inlägg borttaget")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
  expect((await page.goto(postUrl))?.status()).toBe(404);
});

test("the AI panel drafts a post into the editor", async ({ page }) => {
  await signInTo(page, "/admin/blog/new");
  await page.getByText("Generera innehåll med AI").click();
  await page.getByLabel("Instruktioner").fill("Skriv om hotell i Oslo");
  await page.getByRole("button", { name: "Generera innehåll", exact: true }).click();
  await expect(page.getByText("AI-innehåll har lagts till i redigeraren.")).toBeVisible();
  // The e2e server's provider stand-in (tests/ai-stand-in.ts) writes this draft.
  await expect(page.getByLabel("Rubrik", { exact: true })).toHaveValue("Hotelltips från leverantören");
  await expect(page.getByLabel("URL Slug")).toHaveValue("hotelltips-fran-leverantoren");
  await expect(block(page, /^Paragraf 1$/).getByLabel("Text")).toHaveValue("Här är några hotell vi gillar.");
});
