/**
 * Comparing prices as a visitor does, with and without JavaScript: dates and guests chosen on
 * the home page follow them to a place's cards (stay totals), a hotel's partner prices (cheapest
 * first), a side-by-side comparison and the cheapest partner, whose address carries the dates.
 */
import { addDays, todayInSweden } from "#app/offers/stay.ts";
import { expect, test } from "./fixtures.ts";

const kronor = (text: string) => Number(text.replace(/\D/g, ""));

test("dates from the home page to a place, a hotel's prices, a comparison and the cheapest partner", async ({ page }) => {
  // The demo partners' hosts are under .example; the test answers for them so nothing leaves the machine.
  await page.route(/^https:\/\/[a-z.]+\.example\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><html lang=sv><title>Partner</title><h1>Partnersidan</h1></html>",
    }),
  );
  const checkIn = addDays(todayInSweden(), 14);
  const checkOut = addDays(checkIn, 3);

  await page.goto("/");
  const search = page.getByRole("search");
  await search.getByLabel("Incheckning").fill(checkIn);
  await search.getByLabel("Utcheckning").fill(checkOut);
  await search.getByLabel("Vuxna").fill("2");
  await search.getByRole("combobox", { name: "Sök hotell, städer eller resmål" }).fill("Göteborg");
  await search.getByRole("button", { name: "Sök" }).click();
  await expect(page).toHaveURL(new RegExp(`/hotels\\?search=G%C3%B6teborg&incheckning=${checkIn}&utcheckning=${checkOut}`));

  // The search names a place: its own page, with the stay.
  await page.getByRole("link", { name: "Se alla hotell i Göteborg" }).click();
  await expect(page).toHaveURL(new RegExp(`/Sweden/Gothenburg\\?incheckning=${checkIn}&utcheckning=${checkOut}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotell i Göteborg, Sverige");
  await expect(page.getByText(/^Priser för .*3 nätter, 2 vuxna, 1 rum$/)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const card = page
    .locator("main article")
    .filter({ hasText: /hos [2-4] sajter/ })
    .first();
  await expect(card).toContainText("för 3 nätter");
  const hotelName = (await card.getByRole("heading", { level: 3 }).textContent())!.trim();
  await card.getByRole("link", { name: "Visa hotell" }).click();

  // The hotel's prices: at least two partners, cheapest first, per night and for the stay.
  await expect(page).toHaveURL(new RegExp(`/Sweden/Gothenburg/[a-z0-9-]+\\?incheckning=${checkIn}&utcheckning=${checkOut}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(hotelName);
  const offers = page.getByRole("list", { name: /^Priser hos [2-4] sajter, billigast först/ }).locator(":scope > li");
  expect(await offers.count()).toBeGreaterThanOrEqual(2);
  const perNight = (await offers.locator(".text-lg").allTextContents()).map(kronor);
  expect(perNight).toEqual([...perNight].sort((a, b) => a - b));
  await expect(offers.first()).toContainText("för 3 nätter");
  await expect(page.getByText(/^Priserna uppdaterades senast/)).toContainText("Slutpriset och villkoren sätts av sajten du bokar hos.");
  const cheapest = offers.first().getByRole("link", { name: /^Till / });
  const hotelPage = page.url();

  // Side by side with two other hotels of the place.
  await page.getByRole("checkbox", { name: `Jämför ${hotelName}` }).check();
  const others = page.getByRole("region", { name: "Fler hotell i Göteborg" }).getByRole("checkbox", { name: /^Jämför / });
  await others.nth(0).check();
  await others.nth(1).check();
  await page.getByRole("button", { name: "Jämför valda hotell" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/jamfor\\?.*incheckning=${checkIn}`));
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveCount(4); // the row headers' column and three hotels
  await expect(table).toContainText(hotelName);
  await expect(table).toContainText("för 3 nätter");

  // Back to the hotel, and on to the cheapest partner with the dates.
  await page.goto(hotelPage);
  const cheapestPartner = ((await cheapest.textContent()) ?? "").replace(/^Till /, "").trim();
  await cheapest.click();
  // Named as the partners table names it (its host is on the page too).
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Du skickas vidare till ${cheapestPartner}`);
  const onward = page.getByRole("link", { name: /Om inget händer, klicka här/ });
  const target = new URL((await onward.getAttribute("href")) ?? "");
  expect(target.host).toMatch(/\.example$/);
  expect([...target.searchParams.values()]).toEqual(expect.arrayContaining([checkIn, checkOut]));
  await expect(page).toHaveURL((url) => url.host === target.host);
});

test("stay dates that cannot be used are set aside with a note, never an error", async ({ page }) => {
  const response = await page.goto("/Sweden/Stockholm?incheckning=2020-01-01&utcheckning=2020-01-03&vuxna=99");
  expect(response?.status()).toBe(200);
  await expect(page.getByText("Incheckningen 2020-01-01 har redan varit, så vi visar priser per natt utan datum.")).toBeVisible();
  await expect(page.getByText("Antalet vuxna måste vara 1–30, så vi räknar med 2 vuxna.")).toBeVisible();
  await expect(page.locator("main article").first()).toBeVisible();
});

test("filters by price per night, guest rating and amenities", async ({ page }) => {
  await page.goto("/hotels?prismin=1000&prismax=2000&gastbetyg=8&bekvamlighet=pool");
  await expect(page.getByLabel("Lägsta pris per natt")).toHaveValue("1000");
  await expect(page.getByLabel("Gästbetyg")).toHaveValue("8");
  await expect(page.getByRole("checkbox", { name: "Pool" })).toBeChecked();
  const cards = page.locator("main article");
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.locator(".text-lg.font-bold").allTextContents()) {
    expect(kronor(text)).toBeGreaterThanOrEqual(1000);
    expect(kronor(text)).toBeLessThanOrEqual(2000);
  }
  for (const badge of await cards.getByText(/^Betyg \d+,\d av 10$/).allTextContents()) {
    expect(Number(/Betyg (\d+,\d)/.exec(badge)![1]!.replace(",", "."))).toBeGreaterThanOrEqual(8);
  }
});
