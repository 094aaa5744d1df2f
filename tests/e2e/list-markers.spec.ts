/**
 * The map shows every hotel of the list, not only the page's 24 (issue 39, decision 082). With
 * JavaScript the map reads the whole list's markers after the page: Stockholm's 30 demo hotels are
 * all on it (in clusters or alone), and after "Sök i det här området" the map holds as many as the
 * live region announces. Without JavaScript nothing of this is sent: the page and its map's
 * fallback list are the page's own hotels, and the markers' address answers JSON for the script.
 */
import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** How many hotels the map's markers stand for: a cluster's count ('12 hotell'), a hotel's marker one. */
const markedHotels = (map: Locator) =>
  map.locator(".leaflet-marker-icon").evaluateAll((icons) =>
    icons.reduce((sum, icon) => {
      const cluster = icon.classList.contains("hotel-cluster") ? /^(\d+) hotell$/.exec(icon.getAttribute("aria-label") ?? "") : null;
      return sum + (cluster ? Number(cluster[1]) : 1);
    }, 0),
  );

test("a card pointed at while the whole list's markers arrive keeps the map and the page @needs-js", async ({ page }) => {
  // The markers' answer is held until the visitor points at a card (its marker stands out then).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/resources/map-markers/**", async (route) => {
    await held;
    await route.continue();
  });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/hotels");
  const map = page.getByRole("region", { name: "Karta över hotellen" });
  await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
  await page.locator("main article").first().hover();
  await expect(map.locator(".leaflet-marker-icon.is-active")).toHaveCount(1);
  const answered = page.waitForResponse("**/resources/map-markers/**");
  release();
  await answered;
  await expect.poll(() => markedHotels(map)).toBeGreaterThan(24);
  await expect(map.locator(".leaflet-marker-icon.is-active")).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the map shows every hotel of the list, and after searching its area as many as it announces @needs-js", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/Sweden/Stockholm");
  await expect(page.locator("main article")).toHaveCount(24);
  const map = page.getByRole("region", { name: "Karta över hotell i Stockholm" });
  await map.scrollIntoViewIfNeeded();
  // The page's own hotels at once, then the whole list's: more than a page holds.
  await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
  await expect.poll(() => markedHotels(map)).toBeGreaterThan(24);
  const whole = await markedHotels(map);

  // Zoomed out a step and searched: the area holds every hotel of the place.
  await map.locator(".leaflet-container").focus();
  await page.keyboard.press("-");
  const button = map.getByRole("button", { name: "Sök i det här området" });
  await expect(button).toBeVisible();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Enter");
  const status = map.getByText(/^\d+ hotell i området$/);
  await expect(status).toHaveAttribute("aria-live", "polite");
  const announced = Number((await status.textContent())!.split(" ")[0]);
  expect(announced).toBeGreaterThanOrEqual(whole);
  await expect(page.locator("main article")).toHaveCount(24);
  await expect.poll(() => markedHotels(map)).toBe(announced);
  await expect(button).toBeFocused();
});

test("a list page works as it did without the map's script; the markers' address answers the whole list", async ({ page }) => {
  await page.goto("/Sweden/Stockholm?omrade=59.2,17.8,59.5,18.3");
  await expect(page.getByText("Hotellen i området du valde på kartan.")).toBeVisible();
  await expect(page.locator("main article")).toHaveCount(24);
  const answer = await page.request.get("/resources/map-markers/Sweden/Stockholm?omrade=59.2,17.8,59.5,18.3&sida=2");
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { markers: Array<{ name: string; href: string }>; total: number; listed: number };
  expect(body.markers.length).toBeGreaterThan(24);
  expect(body.listed).toBe(body.total);
  expect(body.markers.every((marker) => marker.href.startsWith("/"))).toBe(true);
});
