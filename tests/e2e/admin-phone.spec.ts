/**
 * The back office on a 390 px phone, signed in, with and without JavaScript: every screen in
 * the menu (and the post editor) fits the screen's width; the menu button names the current
 * screen and opens a list where that screen is marked and in view; and in every table on the
 * page the first row's name and actions are on screen, also once the table is scrolled to
 * its end (the columns between them scroll inside the table's own box).
 */
import type { Locator } from "@playwright/test";
import { ADMIN_SCREENS } from "#app/admin/screens.ts";
import { E2E_ADMIN } from "./accounts.ts";
import { expect, jsOff, test } from "./fixtures.ts";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const PAGES = [...ADMIN_SCREENS.map(({ path, label }) => ({ path, label })), { path: "/admin/blog/new", label: "Blog" }];

/** The element's left and right edges lie within the screen's width. */
async function expectAcrossTheScreen(element: Locator, what: string) {
  const box = await element.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(-0.5);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(PHONE.width + 0.5);
}

/** The first row's name and last (actions) cell are on screen, and each control in it can be used. */
async function expectFirstRowInReach(table: Locator, name: string) {
  const row = table.locator("tbody tr").first();
  const rowName = row.locator("th[scope=row]");
  await expectAcrossTheScreen(rowName, `${name}: the first row's name`);
  // A table without an actions column (the audit log) keeps only its name column in view.
  if ((await table.getAttribute("data-actions")) === null) return null;
  const actions = row.locator("td").last();
  await expectAcrossTheScreen(actions, `${name}: the first row's actions`);
  for (const control of await actions.locator("a, button").all()) {
    await expectAcrossTheScreen(control, `${name}: ${await control.textContent()}`);
  }
  // Between the two, a window the other columns scroll through.
  const [nameBox, actionsBox] = [(await rowName.boundingBox())!, (await actions.boundingBox())!];
  expect(actionsBox.x - (nameBox.x + nameBox.width), `${name}: room for the columns between`).toBeGreaterThanOrEqual(80);
  return actions;
}

test("every back-office screen on a phone: no sideways scroll, the menu names the screen, table rows' names and actions in reach", async ({
  page,
}) => {
  for (const screen of PAGES) {
    await test.step(screen.path, async () => {
      await page.goto(screen.path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), "the page's width").toBeLessThanOrEqual(PHONE.width);

      // The menu is one button in the top bar, naming where we are; its list is closed.
      const menuButton = page.locator("details.admin-nav > summary");
      await expect(menuButton).toBeVisible();
      await expect(menuButton).toContainText(screen.label);
      const nav = page.getByRole("navigation", { name: "Admin" });
      await expect(nav).toBeHidden();
      await menuButton.click();
      const current = nav.locator("a[aria-current=page]");
      await expect(current).toHaveText(screen.label);
      await expect(current).toBeInViewport({ ratio: 1 });
      await menuButton.click();
      await expect(nav).toBeHidden();

      for (const table of await page.locator("[role=region]:has(> table)").all()) {
        if (!(await table.isVisible())) continue; // in a closed <details>
        const name = `${screen.path}, ${await table.getAttribute("aria-label")}`;
        const actions = await expectFirstRowInReach(table, name);
        // Scrolled to its far end, the name and the actions are still there.
        await table.evaluate((box) => (box.scrollLeft = box.scrollWidth));
        await expectFirstRowInReach(table, `${name}, scrolled to the end`);
        for (const control of (await actions?.locator("a, button").all()) ?? []) await control.click({ trial: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth), "the page's width").toBeLessThanOrEqual(PHONE.width);
      }
    });
  }
});

test("the phone menu goes to another screen and closes", async ({ page }, testInfo) => {
  await page.goto("/admin/hotels");
  const menuButton = page.locator("details.admin-nav > summary");
  await menuButton.click();
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Blog" }).click();
  await expect(page).toBeAt("/admin/blog");
  await expect(menuButton).toContainText("Blog");
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();
  // Signed in as whom: in the menu on a phone.
  await menuButton.click();
  await expect(page.getByRole("navigation", { name: "Admin" })).toContainText(`Signed in as ${E2E_ADMIN.email}`);
  if (!jsOff(testInfo)) {
    // Escape closes it and leaves the focus on its button.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();
    await expect(menuButton).toBeFocused();
  }
});
