import type { Page } from "@playwright/test";

/** Follows one of Stockholm's "Populära val" (its indexable landing pages) from the place's page. */
export async function openPopularChoice(page: Page, link: string) {
  await page.goto("/Sweden/Stockholm");
  await page.getByRole("navigation", { name: "Populära val i Stockholm" }).getByRole("link", { name: link }).click();
}
