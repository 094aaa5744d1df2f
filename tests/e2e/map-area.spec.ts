/**
 * "Sök i det här området" (issue 39 points 2 and 5, decision 078). With JavaScript: the visitor
 * pans the place page's map by keyboard, the button appears, is reached with Shift+Tab and
 * pressed; the address gets the area, the list holds the hotels of the view, a polite live region
 * says how many, and the focus stays on the button. Without it: a "Visa hotell i närheten av …"
 * link lists the hotels round that spot, the page's filters kept.
 */
import { expect, test } from "./fixtures.ts";

test("panning the map and searching its area lists the hotels there, announced, the focus kept @needs-js", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/Sweden/Stockholm?rating=3");
  const map = page.getByRole("region", { name: "Karta över hotell i Stockholm" });
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
  const button = map.getByRole("button", { name: "Sök i det här området" });
  await expect(button).toBeHidden();

  // The map's own keys: arrows pan it, + zooms in.
  await map.locator(".leaflet-container").focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("+");
  await expect(button).toBeVisible();
  // Just before the map in the tab order.
  await page.keyboard.press("Shift+Tab");
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toBeAt(
    (url) =>
      url.pathname === "/Sweden/Stockholm" && /^-?\d+(\.\d{1,4})?(,-?\d+(\.\d{1,4})?){3}$/.test(url.searchParams.get("omrade") ?? ""),
  );
  expect(new URL(page.url()).searchParams.get("rating")).toBe("3");
  const status = map.getByText(/^\d+ hotell i området$/);
  await expect(status).toHaveAttribute("aria-live", "polite");
  const count = Number((await status.textContent())!.split(" ")[0]);
  await expect(page.getByText("Hotellen i området du valde på kartan.")).toBeVisible();
  await expect(page.locator("main article")).toHaveCount(Math.min(count, 24));
  await expect(button).toBeFocused();
  await expect(page.getByRole("checkbox", { name: "Bara hotell i kartans område" })).toBeChecked();
});

test("without a map to pan, the place page links to the hotels round a spot, filters kept", async ({ page }) => {
  await page.goto("/Sweden/Stockholm?sortera=betyg");
  const areas = page.getByRole("navigation", { name: "Sök i en del av Stockholm" });
  const link = areas.getByRole("link", { name: /^Visa hotell i närheten av / }).first();
  await link.click();
  await expect(page).toBeAt(
    (url) => url.pathname === "/Sweden/Stockholm" && url.searchParams.has("omrade") && url.searchParams.get("sortera") === "betyg",
  );
  await expect(page.getByText("Hotellen i området du valde på kartan.")).toBeVisible();
  await expect(page.locator("main article").first()).toBeVisible();
  await page.getByRole("link", { name: "Visa alla hotell i Stockholm" }).click();
  await expect(page).toBeAt(
    (url) => url.pathname === "/Sweden/Stockholm" && !url.searchParams.has("omrade") && url.searchParams.get("sortera") === "betyg",
  );
});
