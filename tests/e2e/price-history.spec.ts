/**
 * The hotel page's price history in a browser (decision 073): the chart is an image with a
 * summary and its figures are a table for screen readers, it fits a 390 px phone, and the demo's
 * deal badges (some cards, never most) lead to a page that explains them. axe checks every page
 * visited (fixtures.ts).
 */
import { addDays, todayInSweden } from "#app/utils/stay.ts";
import { expect, test } from "./fixtures.ts";

const stay = (days: number) => {
  const checkIn = addDays(todayInSweden(), days);
  return `incheckning=${checkIn}&utcheckning=${addDays(checkIn, 2)}`;
};

test("the price history chart fits a phone and reads as a table", { tag: "@same-without-js" }, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/Sweden/Stockholm?${stay(8)}`);
  await page.locator("main article").first().getByRole("link", { name: "Visa hotell" }).click();
  const history = page.getByRole("region", { name: "Prishistorik" });
  const chart = history.getByRole("img", {
    name: /^Vanligt pris för 2 nätter per incheckningsmånad, senaste 12 månaderna: från .* till .*\.$/,
  });
  await expect(chart).toBeVisible();
  const box = await chart.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  const table = history.getByRole("table", { name: "Vanligt pris för 2 nätter per incheckningsmånad, senaste 12 månaderna" });
  await expect(table.getByRole("row")).toHaveCount(13);
  await expect(table.getByRole("rowheader", { name: "januari" })).toBeAttached();
});

test("a card's deal badge leads to a hotel page that explains it", { tag: "@same-without-js" }, async ({ page }) => {
  // The demo makes about one hotel in eight cheaper than usual in the coming weeks: some dates show badges.
  let found = false;
  for (const days of [3, 6, 8, 10, 13]) {
    await page.goto(`/hotels?${stay(days)}`);
    const cards = page.locator("main article");
    const deals = cards.filter({ hasText: "Lägre pris än vanligt" });
    const count = await deals.count();
    if (!count) continue;
    expect(count).toBeLessThan((await cards.count()) / 2);
    await deals.first().getByRole("link", { name: "Visa hotell" }).click();
    const history = page.getByRole("region", { name: "Prishistorik" });
    await expect(history).toContainText("Lägre pris än vanligt");
    // Amounts are written with non-breaking spaces (money.ts).
    await expect(history).toContainText(/Vanligtvis\s\d[\d\s]*\skr för 2 nätter i [a-zåäö]+; nu\s\d[\d\s]*\skr/);
    found = true;
    break;
  }
  expect(found).toBe(true);
});
