/**
 * The search box is a text input with the combobox role (HTML allows the role on no search
 * input), so the clearing a search input did by itself is the page's own: a clear button, and
 * Escape, which first closes the suggestions and then clears the text.
 */
import { expect, test } from "./fixtures.ts";

test("the search box clears by its button or a second Escape @needs-js", async ({ page }) => {
  await page.goto("/");
  const input = page.getByRole("combobox", { name: "Sök hotell, städer eller resmål" });
  await input.fill("Oslo");
  await expect(page.getByRole("option").first()).toBeVisible();
  await input.press("Escape");
  await expect(page.getByRole("listbox")).toBeHidden();
  await expect(input).toHaveValue("Oslo");
  await input.press("Escape");
  await expect(input).toHaveValue("");

  await input.fill("Malm");
  await page.getByRole("button", { name: "Rensa texten" }).click();
  await expect(input).toHaveValue("");
  await expect(input).toBeFocused();
  await expect(page.getByRole("button", { name: "Rensa texten" })).toHaveCount(0);
});
