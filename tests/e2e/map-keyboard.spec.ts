/**
 * The map as a screen reader and a keyboard meet it: every marker and cluster is a button with a
 * name of its own (the hotel and its price, or "12 hotell"); Enter or Space opens a marker's
 * popup with focus in it, and Escape closes it with focus back on the marker.
 */
import { expect, test } from "./fixtures.ts";

test("the place page's map names every marker and cluster, and its popups answer to the keyboard @needs-js", async ({ page }) => {
  // Uppsala's first page of hotels fits a view with both single hotels and clusters (the demo places hotels in their districts).
  await page.goto("/Sweden/Uppsala");
  const map = page.getByRole("region", { name: "Karta över hotell i Uppsala" });
  await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();

  // What a screen reader lists: one named button per marker, by hotel and price, or a cluster's count.
  const icons = await map.locator(".leaflet-marker-icon").count();
  const snapshot = await map.ariaSnapshot();
  const named = snapshot.split("\n").filter((line) => /^\s*- button "(.+, från \d[\d\s]*kr \/ natt|\d+ hotell)"/.test(line));
  expect(named.length).toBe(icons);
  expect(named.some((line) => line.includes(", från "))).toBe(true);
  expect(named.some((line) => / hotell"/.test(line))).toBe(true);

  // The name is on the button itself, not only a title or text inside it.
  const label = (await map
    .getByRole("button", { name: /^.+, från \d[\d\s]*kr \/ natt$/ })
    .first()
    .getAttribute("aria-label"))!;
  expect(label).toMatch(/^.+, från \d[\d\s]*kr \/ natt$/);
  // That one marker, whatever the popup's panning does to the others.
  const marker = map.getByRole("button", { name: label, exact: true });
  const hotel = label.replace(/, från .*$/, "");

  const popup = map.getByRole("dialog", { name: hotel });
  await marker.focus();
  await page.keyboard.press("Space");
  await expect(popup).toBeVisible();
  await expect(popup).toBeFocused();
  await expect(popup.getByRole("link", { name: "Visa hotellet" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(popup).toBeHidden();
  await expect(marker).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(popup).toBeVisible();
  // Escape from inside the popup too.
  await page.keyboard.press("Tab");
  await expect(popup.getByRole("link", { name: "Visa hotellet" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(popup).toBeHidden();
  await expect(marker).toBeFocused();

  // A cluster zooms in: it splits into what it held, and focus stays in the map.
  const before = await map.ariaSnapshot();
  await map
    .getByRole("button", { name: /^\d+ hotell$/ })
    .first()
    .focus();
  await page.keyboard.press("Enter");
  await expect(map.locator(".leaflet-container")).toBeFocused();
  await expect.poll(() => map.ariaSnapshot()).not.toBe(before);
});
