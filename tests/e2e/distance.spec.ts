import { expect, jsOff, test } from "./fixtures.ts";
import { metres } from "./card-distance.ts";

test("sort Stockholm's hotels by distance to Centralstationen", async ({ page }, testInfo) => {
  await page.goto("/Sweden/Stockholm");
  const cards = page.locator("main article");
  // Every card measures from the centre until the visitor chooses a landmark.
  await expect(cards.getByText(/ till centrum$/).first()).toBeVisible();

  await page.getByLabel("Avstånd till").selectOption({ label: "Centralstationen" });
  // With a script the select applies at once (and the sort's label then names the station); without, the button sends both.
  if (!jsOff(testInfo)) {
    await expect(page).toBeAt((url) => url.searchParams.get("nara") === "centralstationen");
    await expect(page.getByLabel("Sortera").locator("option[value=avstand]")).toHaveText("Närmast Centralstationen");
  }
  await page.getByLabel("Sortera").selectOption("avstand");
  if (jsOff(testInfo)) await page.getByRole("button", { name: "Visa hotell" }).click();
  await expect(page).toBeAt((url) => url.searchParams.get("sortera") === "avstand" && url.searchParams.get("nara") === "centralstationen");
  await expect(page.getByLabel("Sortera")).toHaveValue("avstand");
  await expect(page.getByLabel("Avstånd till")).toHaveValue("centralstationen");

  const distances = await cards.getByText(/ till Centralstationen$/).allTextContents();
  expect(distances.length).toBeGreaterThan(10);
  const inMetres = distances.map(metres);
  expect(inMetres).toEqual([...inMetres].sort((a, b) => a - b));

  // The next page goes on from where this one ended.
  await page.getByRole("navigation", { name: "Sidor" }).getByRole("link", { name: "Nästa" }).click();
  await expect(page).toBeAt(/sida=2/);
  const next = (await cards.getByText(/ till Centralstationen$/).allTextContents()).map(metres);
  expect(next[0]).toBeGreaterThanOrEqual(inMetres.at(-1)!);
});
