/**
 * Flexible dates as a visitor uses them, with and without JavaScript (issue 38 point 1): from a
 * hotel page to the month's prices, the cheapest date picked, and back on the hotel page with that
 * stay and the same total in the booking box. The fixture runs axe on every page visited.
 */
import { expect, test } from "./fixtures.ts";

test("from a hotel page to the month's prices, the cheapest date and the hotel with that stay", async ({ page }) => {
  await page.goto("/Sweden/Gothenburg");
  const card = page
    .locator("main article")
    .filter({ hasText: /hos [2-4] sajter/ })
    .first();
  const hotelName = (await card.getByRole("heading", { level: 3 }).textContent())!.trim();
  await card.getByRole("link", { name: "Visa hotell" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(hotelName);

  await page.getByRole("link", { name: "Flexibla datum? Se priser för hela månaden" }).click();
  await expect(page).toBeAt(/\?kalender=\d{4}-\d{2}#kalender$/);
  const calendar = page.getByRole("region", { name: "Priser för hela månaden" });
  const table = calendar.getByRole("table", { name: /^Totalpris i kr för 2 nätter, 2 vuxna, 1 rum, per incheckningsdag i / });
  await expect(table.getByRole("columnheader")).toHaveText(["mån", "tis", "ons", "tor", "fre", "lör", "sön"]);
  // The demo's near prices are the next month's nights: this month may end before them.
  const cheapest = table.getByRole("link", { name: /, billigast$/ });
  if ((await cheapest.count()) === 0) {
    await calendar.getByRole("navigation", { name: "Månader" }).getByRole("link").last().click();
    await expect(page).toBeAt(/\?kalender=\d{4}-\d{2}#kalender$/);
  }
  const first = cheapest.first();
  await expect(first).toContainText("Billigast");
  // The link's name as a screen reader reads it: "söndag 6 december: 2 707 kr för 2 nätter, billigast".
  const label = (await first.locator(".sr-only").textContent())!;
  const amount = /: (.+) för 2 nätter, billigast$/.exec(label)![1]!;
  await first.click();

  // The hotel page with that stay: its booking box shows the same total.
  await expect(page).toBeAt(/\?incheckning=\d{4}-\d{2}-\d{2}&utcheckning=\d{4}-\d{2}-\d{2}#priser$/);
  const url = new URL(page.url());
  const checkIn = url.searchParams.get("incheckning")!;
  const nights = (Date.parse(url.searchParams.get("utcheckning")!) - Date.parse(checkIn)) / 86_400_000;
  expect(nights).toBe(2);
  expect(label).toContain(`${Number(checkIn.slice(8))} `);
  const box = page.getByRole("complementary", { name: "Boka ditt rum" });
  await expect(box.getByText(amount, { exact: true })).toBeVisible();
  await expect(box).toContainText("inkl. skatter och avgifter, för");
  await expect(box).toContainText("2 nätter, 2 vuxna, 1 rum");
  // The month is closed (the price history's own table may be on the page).
  await expect(page.getByRole("region", { name: "Priser för hela månaden" })).toHaveCount(0);
});

test("the month's prices for another length and party, by the calendar's own form", async ({ page }) => {
  await page.goto("/Sweden/Gothenburg");
  await page.getByRole("link", { name: "Flexibla datum? Se priser för hela månaden" }).click();
  const calendar = page.getByRole("region", { name: "Priser för hela månaden" });
  await calendar.getByRole("combobox", { name: "Nätter" }).selectOption("3");
  await calendar.getByRole("combobox", { name: "Vuxna" }).selectOption("1");
  await calendar.getByRole("button", { name: "Visa priser" }).click();
  await expect(page).toBeAt(/\/Sweden\/Gothenburg\?kalender=\d{4}-\d{2}&natter=3&vuxna=1&rum=1#kalender$/);
  await expect(
    calendar.getByRole("table", { name: /^Billigaste hotellets totalpris i kr för 3 nätter, 1 vuxen, 1 rum, per incheckningsdag i / }),
  ).toBeVisible();
});
