import { addDays, todayInSweden } from "#app/utils/stay.ts";
import { expect, jsOff, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";

test("a card opens the hotel page", async ({ page }) => {
  await page.goto("/Sweden/Stockholm");
  const card = page.locator("main article").first();
  const name = (await card.locator("h3").textContent())?.trim() ?? "";
  await card.getByRole("link", { name: "Visa hotell" }).click();
  await expect(page).toBeAt(/\/Sweden\/Stockholm\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const crumbs = page.getByRole("navigation", { name: "Brödsmulor" });
  await expect(crumbs.getByRole("link", { name: "Stockholm" })).toHaveAttribute("href", "/Sweden/Stockholm");
  await expect(page.getByRole("heading", { name: "Bekvämligheter" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Visa .* på karta/ })).toHaveAttribute("href", /google\.com\/maps\/search/);
  await expect(page.getByRole("link", { name: "Se alla hotell i Stockholm" })).toHaveAttribute("href", "/Sweden/Stockholm");
});

test("every image of the carousel can be reached", async ({ page }, testInfo) => {
  await page.goto("/Sweden/Stockholm");
  await page.locator("main article").first().getByRole("link", { name: "Visa hotell" }).click();
  await expect(page).toBeAt(/\/Sweden\/Stockholm\/[a-z0-9-]+$/);
  const gallery = page.getByRole("list", { name: /^Bilder på / });
  const images = gallery.locator("img");
  await expect(images.first()).toBeVisible();
  const count = await images.count();
  expect(count).toBeGreaterThan(1);
  if (jsOff(testInfo)) {
    // Without JavaScript the list scrolls (scroll-snap) and takes keyboard focus.
    await expect(gallery).toHaveAttribute("tabindex", "0");
    await expect(gallery).toHaveCSS("overflow-x", "auto");
    return;
  }
  await expect(page.getByText(`Bild 1 av ${count}`)).toBeVisible();
  await page.getByRole("button", { name: "Nästa bild" }).click();
  await expect(page.getByText(`Bild 2 av ${count}`)).toBeVisible();
  await gallery.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByText(`Bild 1 av ${count}`)).toBeVisible();
});

test("the map shows the hotel with JavaScript, and a useful fallback without", async ({ page }, testInfo) => {
  await page.goto("/Sweden/Stockholm");
  await page.locator("main article").first().getByRole("link", { name: "Visa hotell" }).click();
  await expect(page).toBeAt(/\/Sweden\/Stockholm\/[a-z0-9-]+$/);
  const map = page.getByRole("region", { name: /^Karta: / });
  // The map loads when it comes into view, as a visitor scrolls down to it.
  await map.scrollIntoViewIfNeeded();
  if (jsOff(testInfo)) {
    await expect(map.getByRole("link", { name: "Visa området på OpenStreetMap" })).toHaveAttribute("href", /openstreetmap\.org/);
    await expect(map.getByRole("link").nth(1)).toBeVisible();
    return;
  }
  await expect(map.locator(".leaflet-marker-icon")).toHaveCount(1);
  await map.locator(".leaflet-marker-icon").click();
  await expect(map.locator(".leaflet-popup")).toContainText("Visa hotellet");
  // Leaflet's own controls speak Swedish too.
  await expect(map.locator(".leaflet-popup").getByRole("button", { name: "Stäng" })).toBeVisible();
  await expect(map.getByRole("button", { name: "Zooma in" })).toHaveAttribute("title", "Zooma in");
  await expect(map.getByRole("button", { name: "Zooma ut" })).toHaveAttribute("title", "Zooma ut");
  await expect(map.locator(".leaflet-control-attribution")).toContainText("OpenStreetMap-bidragsgivare");
  await expect(map.locator(".leaflet-control-attribution a[href='https://leafletjs.com']")).toHaveAttribute(
    "title",
    "Ett JavaScript-bibliotek för interaktiva kartor",
  );
});

test("list pages show their hotels on the map", async ({ page }, testInfo) => {
  await page.goto("/hotels?country=Norway&location=Bergen");
  const map = page.getByRole("region", { name: "Karta över hotellen" });
  if (jsOff(testInfo)) {
    await expect(map.getByRole("link", { name: "Visa området på OpenStreetMap" })).toBeVisible();
    return;
  }
  const cards = await page.locator("main article").count();
  await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
  expect(await map.locator(".leaflet-marker-icon").count()).toBeLessThanOrEqual(cards);
});

test("pointing at a card lights up its marker on the map beside the list @needs-js", async ({ page }) => {
  await page.goto("/hotels?country=Sweden&location=Stockholm");
  const map = page.getByRole("region", { name: "Karta över hotellen" });
  await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
  await expect(map.locator(".leaflet-marker-icon.is-active")).toHaveCount(0);
  const card = page.locator("main article").first();
  await card.hover();
  await expect(map.locator(".leaflet-marker-icon.is-active")).toHaveCount(1);
  await page.mouse.move(0, 0);
  await expect(map.locator(".leaflet-marker-icon.is-active")).toHaveCount(0);
  await card.getByRole("link", { name: "Visa hotell" }).focus();
  await expect(map.locator(".leaflet-marker-icon.is-active")).toHaveCount(1);
});

test("an unknown hotel answers 404 with the error panel, marked noindex", async ({ page }) => {
  const response = await page.goto("/Sweden/Stockholm/hotellet-som-inte-finns");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Det gick inte att hämta hotellet");
  await expect(page.getByText("Vi kunde inte hitta hotellet du letade efter. Försök igen senare eller se andra hotell.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Gå tillbaka" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Se alla hotell i Stockholm" })).toHaveAttribute("href", "/Sweden/Stockholm");
  await expect(page.getByRole("link", { name: "Till startsidan" })).toHaveAttribute("href", "/");
  const related = page.getByRole("region", { name: "Andra hotell i Stockholm" }).locator("article");
  expect(await related.count()).toBeGreaterThan(0);
  expect(await related.count()).toBeLessThanOrEqual(4);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});

test("another spelling of the address answers 301 to the canonical one", { tag: "@same-without-js" }, async ({ page }) => {
  await page.goto("/Sweden/Stockholm");
  const href = (await page.locator("main article").first().getByRole("link", { name: "Visa hotell" }).getAttribute("href")) ?? "";
  const response = await page.goto(href.replace("/Sweden/Stockholm/", "/sweden/STOCKHOLM/").toUpperCase().replace("/SWEDEN", "/sweden"));
  expect(
    await response
      ?.request()
      .redirectedFrom()
      ?.response()
      .then((r) => r?.status()),
  ).toBe(301);
  expect(new URL(page.url()).pathname).toBe(href);
});

test("every page's JSON-LD parses and carries the required fields", { tag: "@same-without-js" }, async ({ page }) => {
  type Node = Record<string, unknown> & { "@type"?: string };
  const blocks = async (path: string) => {
    await page.goto(path);
    const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
    return texts.map((text) => JSON.parse(text) as Node);
  };
  const ofType = (nodes: Node[], type: string) => nodes.filter((node) => node["@type"] === type);

  for (const path of ["/", "/hotels", "/Sweden", "/Sweden/Stockholm"]) {
    const [list] = ofType(await blocks(path), "ItemList");
    const items = (list?.itemListElement ?? []) as Array<{ position: number; item: { name: string; url: string; description?: string } }>;
    expect(items.length, path).toBeGreaterThan(0);
    expect(items.length, path).toBeLessThanOrEqual(10);
    items.forEach((entry, index) => {
      expect(entry.position).toBe(index + 1);
      expect(entry.item.name).toBeTruthy();
      expect(entry.item.url).toMatch(/^http:\/\/localhost:\d+\//);
      expect((entry.item.description ?? "").length).toBeLessThanOrEqual(150);
    });
  }
  const place = await blocks("/Sweden/Stockholm");
  const crumbs = ofType(place, "BreadcrumbList")[0]?.itemListElement as Array<{ position: number; name: string }>;
  expect(crumbs.map((crumb) => crumb.name)).toEqual(["Hem", "Sverige", "Stockholm"]);

  const href = (await page.locator("main article").first().getByRole("link", { name: "Visa hotell" }).getAttribute("href")) ?? "";
  const hotel = await blocks(href);
  const [detail] = ofType(hotel, "Hotel");
  expect(detail).toMatchObject({
    "@context": "https://schema.org",
    address: { "@type": "PostalAddress", addressLocality: "Stockholm", addressCountry: "SE" },
    aggregateRating: { "@type": "AggregateRating", bestRating: 10, worstRating: 1 },
  });
  expect(detail?.name).toBeTruthy();
  // Without dates the price is the partners' lowest per night, in kronor, never the hotel feed's own.
  expect(String(detail?.priceRange ?? "")).toMatch(/^(Från [\d\u00a0]+\u00a0kr)?$/);
  expect(detail).not.toHaveProperty("makesOffer");
  expect(ofType(hotel, "BreadcrumbList")).toHaveLength(1);
});

test("pages carry canonical and Open Graph tags on the configured origin", { tag: "@same-without-js" }, async ({ page }) => {
  await page.goto("/Sweden/Stockholm");
  await expect(page).toHaveTitle(/\| Hotellguiden$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^http:\/\/localhost:\d+\/Sweden\/Stockholm$/);
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "sv_SE");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/og-default\.png$/);
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
});

/**
 * From Malmö's list (whose recommended order puts bookable hotels first) to its first hotel's
 * page, through the card's "Visa hotell"; returns the hotel's name, once its page shows it.
 */
async function openFirstMalmoHotel(page: Page): Promise<string> {
  await page.goto("/Sweden/Malmo");
  const card = page.locator("main article").first();
  const hotelName = ((await card.getByRole("heading", { level: 3 }).textContent()) ?? "").trim();
  await card.getByRole("link", { name: "Visa hotell" }).click();
  await expect(page).toBeAt(/\/Sweden\/[^/]+\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(hotelName);
  return hotelName;
}

test("card → hotel page → booking → redirect → partner", async ({ page }) => {
  // The demo partners' hosts are under .example; the test answers for them so nothing leaves the machine.
  await page.route(/^https:\/\/[a-z.]+\.example\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><html lang=sv><title>Partner</title><h1>Partnersidan</h1></html>",
    }),
  );
  const hotelName = await openFirstMalmoHotel(page);
  const booking = page.getByRole("complementary", { name: "Boka ditt rum" }).getByRole("link", { name: /^Boka nu hos / });
  const partnerName = ((await booking.textContent()) ?? "").replace(/^Boka nu hos /, "").trim();
  const href = (await booking.getAttribute("href")) ?? "";
  const target = new URL(new URL(href, "http://x").searchParams.get("to") ?? "");
  expect(new URL(href, "http://x").searchParams.get("source")).toBe("booking-sidebar");
  await booking.click();
  // The page names the partner and the hotel the visitor is on the way to book.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Du skickas vidare till ${partnerName}`);
  await expect(page.getByText(hotelName, { exact: true })).toBeVisible();
  // The partner's page for the hotel, with the partner's own guest parameters filled in.
  await expect(page).toBeAt((url) => url.host === target.host && url.pathname === target.pathname);
  await expect(page.getByRole("heading", { name: "Partnersidan" })).toBeVisible();
});

test("on a phone a booking bar keeps the price and the way to book in view", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const hotelName = await openFirstMalmoHotel(page);
  const bar = page.getByRole("region", { name: `Boka ${hotelName}` });
  await expect(bar).toBeVisible();
  await expect(bar).toContainText("/ natt");
  const button = bar.getByRole("link", { name: /^Boka nu hos \S/ });
  await expect(button).toBeVisible();
  // The same partner and destination as the booking box, counted as the bar's.
  const barLink = new URL((await button.getAttribute("href")) ?? "", "http://x");
  const boxLink = new URL(
    (await page
      .getByRole("complementary", { name: "Boka ditt rum" })
      .getByRole("link", { name: /^Boka nu/ })
      .getAttribute("href")) ?? "",
    "http://x",
  );
  expect(barLink.searchParams.get("to")).toBe(boxLink.searchParams.get("to"));
  expect(barLink.searchParams.get("source")).toBe("booking-bar");
  // At the bottom of the screen from the start, far above the booking box.
  const box = await bar.boundingBox();
  expect(Math.round(box!.y + box!.height)).toBe(844);

  // At the page's end it covers nothing: it sits above the footer.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByRole("contentinfo")).toBeInViewport();
  const barBottom = await bar.evaluate((element) => element.getBoundingClientRect().bottom);
  const footerTop = await page.getByRole("contentinfo").evaluate((element) => element.getBoundingClientRect().top);
  expect(barBottom).toBeLessThanOrEqual(footerTop);

  // On a wide screen the booking box is beside the page, and the bar is gone.
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(bar).toBeHidden();

  // With dates the bar holds the stay's total with taxes and still books it.
  await page.setViewportSize({ width: 390, height: 844 });
  const checkIn = addDays(todayInSweden(), 10);
  const checkOut = addDays(checkIn, 3);
  await page.goto(`${page.url()}?incheckning=${checkIn}&utcheckning=${checkOut}`);
  await expect(bar).toContainText("inkl. skatter och avgifter");
  await expect(bar.getByRole("link", { name: /^Boka nu hos \S/ })).toBeVisible();
});

test("a stay no partner can sell says so once, with no price and no booking bar", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openFirstMalmoHotel(page);
  // The demo's partners publish prices for at most 250 nights ahead.
  const checkIn = addDays(todayInSweden(), 400);
  await page.goto(`${page.url()}?incheckning=${checkIn}&utcheckning=${addDays(checkIn, 2)}`);
  await expect(page.getByRole("complementary", { name: "Boka ditt rum" })).toContainText("Inga lediga rum för dina datum");
  await expect(page.getByRole("link", { name: /^Boka nu/ })).toHaveCount(0);
  await expect(page.getByRole("region", { name: /^Boka / })).toHaveCount(0);
});
