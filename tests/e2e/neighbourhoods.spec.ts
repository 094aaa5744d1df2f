import { expect, jsOff, test } from "./fixtures.ts";
import { openPopularChoice } from "./popular-choice.ts";

test("open a neighbourhood from the Stockholm page and filter it", async ({ page }, testInfo) => {
  await page.goto("/Sweden/Stockholm");
  const areas = page.getByRole("region", { name: "Områden i Stockholm" });
  await expect(areas.getByRole("listitem").first()).toContainText(/\d+ hotell/);
  await areas.getByRole("link", { name: "Södermalm", exact: true }).click();

  await expect(page).toBeAt(/\/Sweden\/Stockholm\/omrade\/sodermalm$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotell på Södermalm, Stockholm");
  await expect(page.getByText(/^Vi har \d+ hotell på Södermalm i Stockholm\./)).toBeVisible();
  const cards = page.locator("main article");
  await expect(cards.first()).toBeVisible();
  for (const place of await cards.locator("h3 + p").allTextContents()) {
    if (place.includes("Stockholm")) expect(place).toBe("Södermalm, Stockholm");
  }
  await expect(page.getByRole("navigation", { name: "Brödsmulor" })).toContainText("Stockholm");

  // Stars narrow the neighbourhood's list, on its own address (a GET form, with or without JS).
  await page.getByLabel("Stjärnor", { exact: true }).selectOption("4");
  if (jsOff(testInfo)) await page.getByRole("button", { name: "Visa hotell" }).click();
  await expect(page).toBeAt(/\/Sweden\/Stockholm\/omrade\/sodermalm\?(.*&)?rating=4/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotell på Södermalm, Stockholm");
  await expect(cards.first()).toBeVisible();
  for (const label of await cards
    .getByRole("img", { name: /stjärnor$/ })
    .evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")))) {
    expect(Number.parseInt(label ?? "0")).toBeGreaterThanOrEqual(4);
  }

  if (!jsOff(testInfo)) {
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`neighbourhood-${width}.png`), fullPage: true });
    }
  }
});

test("a landing page opens with an introduction from the data", async ({ page }, testInfo) => {
  await openPopularChoice(page, "Hotell med frukost");
  await expect(page).toBeAt(/\/Sweden\/Stockholm\/med\/frukost$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotell i Stockholm med frukost");
  await expect(page.getByText(/^Vi har \d+ hotell med frukost i Stockholm\. Priserna ligger från .+ per natt\./)).toBeVisible();
  if (!jsOff(testInfo)) {
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`landing-${width}.png`), fullPage: true });
    }
  }
});
