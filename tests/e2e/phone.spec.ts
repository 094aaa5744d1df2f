/**
 * List pages on a phone: no sideways scrolling, no text past its box, the "Karta" link at the
 * bottom centre of the screen (over no card once the list ends), and a full-screen map behind
 * it — Leaflet with JavaScript, the fallback list of hotels without.
 */
import type { Page } from "@playwright/test";
import { expect, jsOff, test } from "./fixtures.ts";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/**
 * Text that runs past the box it is laid out in (a long word in a narrow column), and date fields
 * narrower than their date (the year cut off): each as "tag: text". Boxes that clip or scroll on
 * purpose (an ellipsis, a table that scrolls sideways), hidden text and the map are left out.
 */
async function overflowingText(page: Page): Promise<string[]> {
  // Every closed <details> open, so what a visitor opens is checked too.
  return page.evaluate(() => {
    for (const details of document.querySelectorAll("details")) details.open = true;
    const found: string[] = [];
    const isBox = (style: CSSStyleDeclaration) => !style.display.startsWith("inline") && style.display !== "contents";
    const clips = (style: CSSStyleDeclaration) => style.overflowX !== "visible";
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest("script, style, noscript, template, .sr-only, .leaflet-container, [hidden]")) continue;
      let box: Element | null = parent;
      let clipped = false;
      while (box) {
        const style = getComputedStyle(box);
        if (clips(style)) clipped = true;
        if (isBox(style)) break;
        box = box.parentElement;
      }
      if (!box || clipped || clips(getComputedStyle(box))) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const inner = range.getBoundingClientRect();
      if (inner.width === 0) continue;
      const outer = box.getBoundingClientRect();
      if (inner.right > outer.right + 1 || inner.left < outer.left - 1) found.push(`${box.tagName.toLowerCase()}: ${text.slice(0, 60)}`);
    }
    for (const input of document.querySelectorAll<HTMLInputElement>("input[type=date]")) {
      if (!input.getClientRects().length) continue;
      // The same field without a width is as wide as its whole date.
      const probe = input.cloneNode() as HTMLInputElement;
      probe.style.cssText = "position:absolute;width:auto;min-width:0;max-width:none;visibility:hidden";
      input.after(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      if (input.getBoundingClientRect().width + 0.5 < needed)
        found.push(`input ${input.name}: ${Math.round(input.getBoundingClientRect().width)} px for a date of ${Math.round(needed)} px`);
    }
    return found;
  });
}

const LIST_PAGES = [
  { name: "/hotels", path: "/hotels" },
  { name: "a country page", path: "/Sweden" },
  { name: "a place page", path: "/Sweden/Stockholm" },
];

for (const { name, path } of LIST_PAGES) {
  test(`${name} on a phone: no sideways scroll, Karta in the first screen, a full-screen map`, async ({ page }, testInfo) => {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // At the bottom centre of the first screen, over no card's picture or price at the top.
    const open = page.getByRole("link", { name: "Karta", exact: true });
    const button = (await open.boundingBox())!;
    expect(Math.abs(button.x + button.width / 2 - PHONE.width / 2)).toBeLessThanOrEqual(1);
    expect(button.y + button.height).toBeLessThanOrEqual(PHONE.height);
    expect(button.y + button.height).toBeGreaterThan(PHONE.height - 48);
    // Where the list ends it rests below the last card, covering none of it.
    await page.locator("#lista").evaluate((list) => list.scrollIntoView({ block: "end" }));
    const lastCard = (await page.locator("#lista article").last().boundingBox())!;
    const resting = (await open.boundingBox())!;
    expect(resting.y).toBeGreaterThanOrEqual(lastCard.y + lastCard.height);
    await page.evaluate(() => window.scrollTo(0, 0));

    // The map is not on the page until asked for.
    const panel = page.locator("#karta");
    await expect(panel).toBeHidden();
    await open.click();
    await expect(page).toBeAt(/#karta$/);
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
  await expect(page).not.toBeAt(/#karta/);
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

test("no text runs past its box on a phone: the filters, the booking box's dates, the lists", async ({ page }) => {
  await page.goto("/Sweden/Gothenburg");
  const hotel = (await page.locator("main article h3 a").first().getAttribute("href"))!;
  for (const path of ["/", "/hotels", "/Sweden/Gothenburg", hotel, "/sitemap", "/contact"]) {
    await page.goto(path);
    expect(await overflowingText(page), path).toEqual([]);
  }
});

test("the booking box's dates show the whole date on a desktop too", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/Sweden/Gothenburg");
  await page.locator("main article h3 a").first().click();
  await expect(page.getByRole("heading", { name: "Boka ditt rum" })).toBeVisible();
  expect(await overflowingText(page)).toEqual([]);
});
