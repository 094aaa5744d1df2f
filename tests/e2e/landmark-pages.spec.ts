import { expect, jsOff, test } from "./fixtures.ts";
import { metres } from "./card-distance.ts";
import { openPopularChoice } from "./popular-choice.ts";

test("open the hotels near Centralstationen from the Stockholm page and filter them", async ({ page }, testInfo) => {
  await openPopularChoice(page, "Hotell nära Centralstationen");

  await expect(page).toBeAt(/\/Sweden\/Stockholm\/nara\/centralstationen$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotell nära Centralstationen i Stockholm");
  await expect(
    page.getByText(/^Vi har \d+ hotell inom en kilometer från Centralstationen i Stockholm\. Det närmaste ligger \d+\sm bort\./),
  ).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Brödsmulor" })).toContainText("Stockholm");

  // Nearest first, each card measured to the station, none beyond the kilometre.
  const cards = page.locator("main article");
  await expect(cards.first()).toBeVisible();
  const distances = (await cards.getByText(/ till Centralstationen$/).allTextContents()).map(metres);
  expect(distances.length).toBeGreaterThanOrEqual(5);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  expect(distances.at(-1)).toBeLessThanOrEqual(1000);
  await expect(page.getByLabel("Sortera")).toHaveValue("avstand");

  // Stars narrow the list on the page's own address (a GET form, with or without JS), still nearest first.
  await page.getByLabel("Stjärnor", { exact: true }).selectOption("4");
  if (jsOff(testInfo)) await page.getByRole("button", { name: "Visa hotell" }).click();
  await expect(page).toBeAt(/\/Sweden\/Stockholm\/nara\/centralstationen\?(.*&)?rating=4/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotell nära Centralstationen i Stockholm");
  await expect(cards.first()).toBeVisible();
  const filtered = (await cards.getByText(/ till Centralstationen$/).allTextContents()).map(metres);
  expect(filtered).toEqual([...filtered].sort((a, b) => a - b));
  for (const label of await cards
    .getByRole("img", { name: /stjärnor$/ })
    .evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")))) {
    expect(Number.parseInt(label ?? "0")).toBeGreaterThanOrEqual(4);
  }

  if (!jsOff(testInfo)) {
    await page.goto("/Sweden/Stockholm/nara/centralstationen");
    // The map marks the station itself beside its hotels (not a button: the hotels are what it reaches).
    const map = page.getByRole("region", { name: "Karta över hotell nära Centralstationen i Stockholm" });
    await map.scrollIntoViewIfNeeded();
    await expect(map.locator(".landmark-marker")).toHaveText("Centralstationen");
    await expect(map.locator(".landmark-marker")).not.toHaveAttribute("role", "button");
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`landmark-${width}.png`), fullPage: true });
    }
  }
});
