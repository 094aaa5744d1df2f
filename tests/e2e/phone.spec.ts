/**
 * List pages on a phone: no sideways scrolling, the "Karta" link in the first screen, and a
 * full-screen map behind it — Leaflet with JavaScript, the fallback list of hotels without.
 */
import { expect, jsOff, test } from "./fixtures.ts";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const LIST_PAGES = [
  { name: "/hotels", path: "/hotels" },
  { name: "a country page", path: "/Sweden" },
  { name: "a place page", path: "/Sweden/Stockholm" },
];

for (const { name, path } of LIST_PAGES) {
  test(`${name} on a phone: no sideways scroll, Karta in the first screen, a full-screen map`, async ({ page }, testInfo) => {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const open = page.getByRole("link", { name: "Karta", exact: true });
    const button = await open.boundingBox();
    expect(button).not.toBeNull();
    expect(button!.y + button!.height).toBeLessThanOrEqual(PHONE.height);

    // The map is not on the page until asked for.
    const panel = page.locator("#karta");
    await expect(panel).toBeHidden();
    await open.click();
    await expect(page).toHaveURL(/#karta$/);
    await expect(panel).toBeVisible();
    expect(await panel.boundingBox()).toEqual({ x: 0, y: 0, ...PHONE });

    if (jsOff(testInfo)) {
      await expect(panel.getByRole("link", { name: "Visa området på OpenStreetMap" })).toBeVisible();
      await expect(panel.getByRole("listitem").first().getByRole("link")).toBeVisible();
    } else {
      const map = panel.locator(".leaflet-container");
      await expect(map).toBeVisible();
      const box = (await map.boundingBox())!;
      expect(box.width).toBe(PHONE.width);
      expect(box.y + box.height).toBe(PHONE.height);
      expect(box.height).toBeGreaterThan(PHONE.height * 0.85);
      // Markers are buttons named by their hotel and price in the card's words, or a cluster's count.
      await expect(panel.getByRole("button", { name: /(, från \d[\d\s]*kr \/ natt|^\d+ hotell)$/ }).first()).toBeVisible();
    }

    await panel.getByRole("link", { name: "Stäng kartan" }).click();
    await expect(panel).toBeHidden();
    await expect(open).toBeVisible();
  });
}

test("the phone map's markers show prices, clusters count hotels, and the list is one tap away @needs-js", async ({ page }) => {
  await page.goto("/Sweden/Stockholm");
  await page.getByRole("link", { name: "Karta", exact: true }).click();
  const panel = page.locator("#karta");
  await expect(panel.locator(".leaflet-marker-icon").first()).toBeVisible();
  await expect(panel.getByRole("button", { name: /^\d+ hotell$/ }).first()).toBeVisible();
  // The name says which hotel and its price as the card says it; the pill shows the card's amount.
  const priced = panel.getByRole("button", { name: /^.+, från \d[\d\s]*kr \/ natt$/ }).first();
  await expect(priced).toBeVisible();
  await expect(priced).toHaveText(/^från \d[\d\s]*kr$/);
  // A marker is reached by keyboard and opens its hotel's popup; Escape closes the popup first.
  const marker = panel.getByRole("button", { name: (await priced.getAttribute("aria-label"))!, exact: true });
  await marker.focus();
  await page.keyboard.press("Enter");
  await expect(panel.locator(".leaflet-popup")).toContainText("Visa hotellet");
  await page.keyboard.press("Escape");
  await expect(panel.locator(".leaflet-popup")).toHaveCount(0);
  await expect(marker).toBeFocused();
  // The next Escape closes the map, back to the list.
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/#karta/);
});

test("no public page scrolls sideways on a phone", async ({ page }) => {
  // /redirect forwards to the demo partner: answered here, nothing leaves the machine.
  await page.route(/\.example\//, (route) => route.fulfill({ status: 204 }));
  await page.goto("/Sweden/Gothenburg");
  const hotel = (await page.locator("main article h3 a").first().getAttribute("href"))!;
  const ids = await page
    .locator('main article input[type="checkbox"][value]')
    .evaluateAll((boxes) => boxes.slice(0, 2).map((box) => (box as HTMLInputElement).value));
  const partner = encodeURIComponent("https://www.resekompassen.example/hotell/hg-000001?ref=hotellguiden");
  for (const path of [
    "/",
    hotel,
    `/jamfor?hotell=${ids[0]}&hotell=${ids[1]}`,
    `/redirect?to=${partner}`,
    "/blog",
    "/login",
    "/contact",
    "/sitemap",
    "/finns-inte",
  ]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
  }
});
