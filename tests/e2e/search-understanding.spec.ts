/**
 * What the list and the suggestions show for what Swedes type (issue 35, points 1, 2, 4 and 5);
 * the ranking itself is tested on both databases in tests/integration/search-understanding.test.ts.
 */
import { expect, test } from "./fixtures.ts";

test("a search for malmo lists Malmö's hotels before Málaga's", async ({ page }) => {
  await page.goto("/hotels?search=malmo");
  const places = await page
    .locator("main article")
    .evaluateAll((cards) =>
      cards.map((card) => (card.textContent?.includes("Málaga") ? "Málaga" : card.textContent?.includes("Malmö") ? "Malmö" : "?")),
    );
  expect(places[0]).toBe("Malmö");
  const firstMalaga = places.indexOf("Málaga");
  if (firstMalaga >= 0) expect(places.slice(firstMalaga)).not.toContain("Malmö");
});

test("københavn and kobenhavn list Köpenhamn's hotels", async ({ page }) => {
  for (const text of ["københavn", "kobenhavn"]) {
    await page.goto(`/hotels?search=${encodeURIComponent(text)}`);
    await expect(page.getByRole("link", { name: "Se alla hotell i Köpenhamn" })).toBeVisible();
    await expect(page.locator("main article").first()).toContainText("Köpenhamn");
  }
});

test("a search that finds nothing asks Menade du … and offers the popular places", async ({ page }) => {
  await page.goto("/hotels?search=qwzxvbnm+stokholmm+plxqj");
  await expect(page.getByText("Vi hittade inga hotell för ”qwzxvbnm stokholmm plxqj”.")).toBeVisible();
  await expect(page.getByText(/^Menade du/)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Populära resmål" }).getByRole("link").first()).toBeVisible();
  await page.getByRole("link", { name: "Stockholm, Sverige" }).click();
  await expect(page).toBeAt(/\/Sweden\/Stockholm/);
  await expect(page.locator("main article").first()).toContainText("Stockholm");
});

test("kö suggests Köpenhamn and its hotels, not a name that only folds to it", { tag: "@needs-js" }, async ({ page }) => {
  await page.goto("/");
  await page.getByRole("search").getByRole("combobox", { name: "Sök hotell, städer eller resmål" }).fill("kö");
  const list = page.getByRole("listbox");
  await expect(list.getByRole("option").first()).toContainText("Köpenhamn");
  await expect(list.getByRole("group", { name: "Hotell" }).getByRole("option").first()).toContainText("Köpenhamn");
  await expect(list).not.toContainText("Kolonaki");
});

test("on a phone the suggestions are as wide as the search box, field and button", { tag: "@needs-js" }, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/");
  const search = page.getByRole("search");
  const input = search.getByRole("combobox", { name: "Sök hotell, städer eller resmål" });
  await input.fill("stock");
  const list = page.getByRole("listbox");
  await expect(list.getByRole("option").first()).toBeVisible();
  const button = (await search.getByRole("button", { name: "Sök" }).boundingBox())!;
  const field = (await input.boundingBox())!;
  const box = (await list.boundingBox())!;
  // From the field's left edge to the Sök button's right edge (235 px wide before: the field's), within the screen.
  expect(box.x).toBeLessThanOrEqual(field.x + 1);
  expect(box.x + box.width).toBeGreaterThanOrEqual(button.x + button.width - 1);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
});
