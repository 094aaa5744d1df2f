import { expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./accounts.ts";

/** Signs the administrator in through /login and lands on `target` (the redirectTo path). */
export async function signInTo(page: Page, target: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`);
  await page.getByLabel("E-postadress").fill(E2E_ADMIN.email);
  await page.getByLabel("Lösenord", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Logga in" }).click();
  await expect(page).toHaveURL(target);
}

/**
 * Opens `target` in the back office as the administrator. The admin projects' pages start
 * signed in (fixtures.ts signs in through /login once per worker and reuses the session);
 * signing in through the form itself is tests/e2e/auth.spec.ts's, with JavaScript on and off.
 */
export async function openAsAdmin(page: Page, target: string) {
  await page.goto(target);
  await expect(page).toHaveURL(target);
  await expect(page.getByRole("banner")).toContainText(`Signed in as ${E2E_ADMIN.email}`);
}
