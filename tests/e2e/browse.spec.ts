import type { Page } from "@playwright/test";
import { expect, jsOff, test } from "./fixtures.ts";

test("search from the home page lists matching hotels", async ({ page }, testInfo) => {
  await page.goto("/");
  const search = page.getByRole("search");
  await search.getByRole("combobox", { name: "Sök hotell, städer eller resmål" }).fill("Stockholm");
  await search.getByRole("button", { name: "Sök" }).click();
  // With a script the address keeps only what was chosen; without, the form sends every field.
  await expect(page).toBeAt(
    jsOff(testInfo) ? /\/hotels\?search=Stockholm&incheckning=&utcheckning=&vuxna=2&rum=1$/ : /\/hotels\?search=Stockholm$/,
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sökresultat för ”Stockholm”");
  await expect(page.locator("main article").first()).toContainText("Stockholm");
});

test("choosing a suggestion goes to the place page (with JS); the plain search takes over without", async ({ page }, testInfo) => {
  await page.goto("/");
  const input = page.getByRole("combobox", { name: "Sök hotell, städer eller resmål" });
  await input.click();
  if (jsOff(testInfo)) {
    // No script, no dropdown: the field is an ordinary GET form.
    await expect(page.getByRole("listbox", { includeHidden: true })).toBeHidden();
    await input.fill("Malm");
    await input.press("Enter");
    // Without a script the form sends its date and guest fields as they are.
    await expect(page).toBeAt(/\/hotels\?search=Malm&incheckning=&utcheckning=&vuxna=2&rum=1$/);
    await expect(page.locator("main article").first()).toContainText("Malmö");
    return;
  }
  await expect(page.getByRole("listbox")).toContainText("Börja skriva för att söka efter hotell, platser eller länder");
  await input.fill("Malm");
  const option = page.getByRole("group", { name: "Platser" }).getByRole("option", { name: /Malmö/ });
  await expect(option).toBeVisible();
  await expect(page.getByRole("group", { name: "Hotell" }).getByRole("option").first()).toBeVisible();
  await option.click();
  await expect(page).toBeAt(/\/Sweden\/Malm%C3%B6$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotell i Malmö, Sverige");
});

test("the suggestions answer to the keyboard", async ({ page }, testInfo) => {
  await page.goto("/");
  const input = page.getByRole("combobox", { name: "Sök hotell, städer eller resmål" });
  await input.fill("Oslo");
  if (jsOff(testInfo)) {
    await input.press("Enter");
    await expect(page).toBeAt(/\/hotels\?search=Oslo&incheckning=&utcheckning=&vuxna=2&rum=1$/);
    return;
  }
  await expect(page.getByRole("option").first()).toBeVisible();
  await input.press("ArrowDown");
  await expect(page.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await input.press("ArrowDown");
  await expect(page.getByRole("option").nth(1)).toHaveAttribute("aria-selected", "true");
  await input.press("Escape");
  await expect(page.getByRole("listbox")).toBeHidden();
  await expect(input).toHaveValue("Oslo");
  await input.press("ArrowDown");
  // The place the text names comes first, before its hotels.
  await expect(page.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("option").first()).toContainText("Oslo");
  await input.press("Enter");
  await expect(page).toBeAt(/\/Norway\/Oslo$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotell i Oslo, Norge");
});

test("filter by country, place and rating, then reset", async ({ page }, testInfo) => {
  const applyIfNoJs = async () => {
    if (jsOff(testInfo)) await page.getByRole("button", { name: "Visa hotell" }).click();
  };
  await page.goto("/hotels");
  const place = page.getByLabel("Plats");
  await expect(place).toBeDisabled();

  await page.getByLabel("Land").selectOption("Norway");
  await applyIfNoJs();
  await expect(page).toBeAt(/country=Norway/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotell i Norge");

  await expect(place).toBeEnabled();
  await place.selectOption("Bergen");
  await applyIfNoJs();
  await expect(page).toBeAt(/location=Bergen/);

  await page.getByLabel("Stjärnor", { exact: true }).selectOption("4");
  await applyIfNoJs();
  await expect(page).toBeAt(/rating=4/);
  const cards = page.locator("main article");
  await expect(cards.first()).toBeVisible();
  for (const label of await cards
    .getByRole("img", { name: /stjärnor$/ })
    .evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")))) {
    expect(Number.parseInt(label ?? "0")).toBeGreaterThanOrEqual(4);
  }
  for (const text of await cards.locator("p.text-muted").first().allTextContents()) expect(text).toContain("Bergen");

  await page.getByRole("link", { name: "Återställ" }).click();
  await expect(page).toBeAt(/\/hotels$/);
  await expect(page.getByLabel("Land")).toHaveValue("");
});

test("the offer's conditions and the currency are filters of the form, kept when paging", async ({ page }, testInfo) => {
  const applyIfNoJs = async () => {
    if (jsOff(testInfo)) await page.getByRole("button", { name: "Visa hotell" }).click();
  };
  await page.goto("/hotels");
  await page.getByText("Pris, villkor, gästbetyg och bekvämligheter").click();
  // Without dates the price filter is per night.
  await expect(page.getByRole("group", { name: "Pris per natt (kr)" })).toBeVisible();
  const breakfast = page.getByRole("checkbox", { name: "Frukost ingår" });
  await breakfast.check();
  await applyIfNoJs();
  await expect(page).toBeAt(/villkor=frukost/);
  await expect(breakfast).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Gratis avbokning" })).not.toBeChecked();

  await page.getByLabel("Valuta").selectOption("EUR");
  await applyIfNoJs();
  await expect(page).toBeAt(/valuta=EUR/);
  expect(page.url()).toContain("villkor=frukost");
  await expect(page.getByLabel("Valuta")).toHaveValue("EUR");

  await page.getByRole("navigation", { name: "Sidor" }).getByRole("link", { name: "Nästa" }).click();
  await expect(page).toBeAt(/sida=2/);
  expect(page.url()).toMatch(/villkor=frukost.*valuta=EUR|valuta=EUR.*villkor=frukost/);
});

test("page links reach every hotel", async ({ page }) => {
  await page.goto("/hotels");
  const firstOnPageOne = await page.locator("main article h3").first().textContent();
  const pager = page.getByRole("navigation", { name: "Sidor" });
  await pager.getByRole("link", { name: "Nästa" }).click();
  await expect(page).toBeAt(/\/hotels\?sida=2$/);
  await expect(pager.locator('[aria-current="page"]')).toHaveText("2");
  await expect(page.locator("main article h3").first()).not.toHaveText(firstOnPageOne ?? "");
  await pager.getByRole("link", { name: "Föregående" }).click();
  await expect(page).toBeAt(/\/hotels$/);
});

test("sorting by price puts the cheapest first", async ({ page }, testInfo) => {
  await page.goto("/Sweden");
  await page.getByLabel("Sortera").selectOption("pris");
  if (jsOff(testInfo)) await page.getByRole("button", { name: "Visa hotell" }).click();
  await expect(page).toBeAt(/sortera=pris/);
  const prices = async () =>
    (await page.locator("main article .text-lg.font-bold").allTextContents()).map((price) => Number(price.replace(/\D/g, "")));
  await expect.poll(async () => (await prices()).length).toBeGreaterThan(5);
  await expect
    .poll(async () => {
      const numbers = await prices();
      return numbers.every((value, i) => i === 0 || numbers[i - 1]! <= value);
    })
    .toBe(true);
});

test("country and place pages match case and accents, and unknown ones answer 404", async ({ page }) => {
  // Another spelling answers 301 to the catalogue's address; the page names the place in Swedish.
  const response = await page.goto("/sverige/malmo");
  expect(response?.status()).toBe(200);
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/sverige\/malmo$/);
  await expect(page).toBeAt(/\/Sweden\/Malm%C3%B6$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotell i Malmö, Sverige");
  await expect(page.getByRole("navigation", { name: "Brödsmulor" }).getByRole("link", { name: "Sverige" })).toHaveAttribute(
    "href",
    "/Sweden",
  );

  const country = await page.goto("/Sweden");
  expect(country?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Hitta och jämför hotell inför din nästa resa" })).toBeVisible();

  expect((await page.goto("/Atlantis"))?.status()).toBe(404);
  expect((await page.goto("/Sweden/Atlantis"))?.status()).toBe(404);
});

test("home page chips choose the place whose hotels are shown, and the page stays at the chips", async ({ page }) => {
  await page.goto("/");
  const chips = page.getByRole("list", { name: "Välj plats" });
  await expect(chips.locator('[aria-current="true"]')).toHaveText("Stockholm");
  await chips.getByRole("link", { name: "Oslo" }).scrollIntoViewIfNeeded();
  await chips.getByRole("link", { name: "Oslo" }).click();
  await expect(page).toBeAt(/\?plats=Oslo#populara-platser$/);
  await expect(chips.locator('[aria-current="true"]')).toHaveText("Oslo");
  // Without JavaScript too the new page shows the chips, not the top of the page.
  await expect(chips.getByRole("link", { name: "Oslo" })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const section = page.getByRole("region", { name: "Populära platser" });
  await expect(section.locator("article")).toHaveCount(4);
  for (const text of await section.locator("article p.text-muted").allTextContents()) {
    if (text.includes(",")) expect(text).toContain("Oslo");
  }
});

test("hostile query strings never break the list", async ({ page }) => {
  for (const query of [
    "search=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "search=%25%25%25&rating=all&sida=abc",
    "search=%E0%A4%A&country=&location=",
  ]) {
    const response = await page.goto(`/hotels?${query}`);
    expect(response?.status(), query).toBe(200);
    await expect(page.locator("script:text('alert(1)')")).toHaveCount(0);
  }
});

test("a country page leads to its places, with their hotel counts", async ({ page }) => {
  await page.goto("/Sweden");
  const places = page.getByRole("navigation", { name: "Platser i Sverige" });
  const gothenburg = places.getByRole("link", { name: /^Göteborg \(\d+ hotell\)$/ });
  await expect(gothenburg).toHaveAttribute("href", "/Sweden/Gothenburg");
  await gothenburg.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotell i Göteborg, Sverige");
});

test("a card's pictures have previous and next buttons (with JS), a picture count without", async ({ page }, testInfo) => {
  await page.goto("/hotels");
  const card = page.locator("main article").first();
  const pictures = card.getByRole("list", { name: /^Bilder på / });
  const count = await pictures.locator("img").count();
  expect(count).toBeGreaterThan(1);
  if (jsOff(testInfo)) {
    await expect(card.getByText(`${count} bilder`)).toBeVisible();
    await expect(pictures).toHaveCSS("overflow-x", "auto");
    return;
  }
  await expect(card.getByText(`Bild 1 av ${count}`)).toBeVisible();
  await card.getByRole("button", { name: "Nästa bild" }).click();
  await expect(card.getByText(`Bild 2 av ${count}`)).toBeVisible();
  await card.getByRole("button", { name: "Föregående bild" }).press("Enter");
  await expect(card.getByText(`Bild 1 av ${count}`)).toBeVisible();
  // From the first picture, back goes round to the last.
  await card.getByRole("button", { name: "Föregående bild" }).click();
  await expect(card.getByText(`Bild ${count} av ${count}`)).toBeVisible();
});

test("suggestions in the phone's filter panel fit the screen, and one letter opens no box", { tag: "@needs-js" }, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/hotels");
  await page.getByText("Visa filter", { exact: true }).click();
  const input = page.getByRole("combobox", { name: "Sök hotell, städer eller resmål" });
  await input.fill("s");
  await expect(page.getByRole("listbox", { includeHidden: true })).toBeHidden();
  await expect(input).toHaveAttribute("aria-expanded", "false");
  await input.fill("sto");
  const list = page.getByRole("listbox");
  await expect(list.getByRole("option").first()).toBeVisible();
  const box = (await list.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
});

/**
 * Holds back the page's scripts (they start at the load event, decision 042) until `release`,
 * so a test can act on the page as a visitor does before they arrive.
 */
async function holdScripts(page: Page) {
  const held: Array<() => Promise<void>> = [];
  let holding = true;
  await page.route("**/assets/*.js", (route) => (holding ? void held.push(() => route.continue()) : route.continue()));
  return async () => {
    holding = false;
    for (const go of held.splice(0)) await go();
  };
}

test("what a visitor did before the scripts arrived is taken up once they have", { tag: "@needs-js" }, async ({ page }) => {
  // A filter chosen while the page is plain (its "Visa hotell" button is hidden when scripting is on).
  let release = await holdScripts(page);
  await page.goto("/hotels", { waitUntil: "commit" });
  await page.getByLabel("Land").selectOption("Norway");
  await expect(page).toBeAt(/\/hotels$/);
  await release();
  await expect(page).toBeAt(/country=Norway/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotell i Norge");

  // The search field in focus before the scripts arrived opens its suggestions.
  await page.unrouteAll();
  release = await holdScripts(page);
  await page.goto("/", { waitUntil: "commit" });
  await page.getByRole("combobox", { name: "Sök hotell, städer eller resmål" }).focus();
  await expect(page.getByRole("listbox")).toBeHidden();
  await release();
  await expect(page.getByRole("listbox")).toContainText("Börja skriva för att söka efter hotell, platser eller länder");
});
