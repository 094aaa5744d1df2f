import type { Page } from "@playwright/test";
import { openAsAdmin } from "./sign-in.ts";
import { expect, jsOff, test } from "./fixtures.ts";

/** Picks an option; without JavaScript the filter form is sent with its button. */
async function chooseFilter(page: Page, label: string, option: string, noJs: boolean) {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
  if (noJs) await page.getByRole("button", { name: "Apply Filters" }).click();
}

test("filter the hotel table, select rows and set their affiliate flag in bulk", async ({ page }, testInfo) => {
  const noJs = jsOff(testInfo);
  await openAsAdmin(page, "/admin/hotels");
  await expect(page.getByRole("heading", { level: 1, name: "Hotel Management" })).toBeVisible();
  await expect(page.getByText("Showing first 50 results of 600 total hotels")).toBeVisible();
  await expect(page.getByLabel("Location", { exact: true })).toBeDisabled();

  await chooseFilter(page, "Country", "Sverige", noJs);
  await expect(page).toBeAt(/country=Sweden/);
  await expect(page.getByLabel("Location", { exact: true })).toBeEnabled();
  // Stockholm has enough hotels without an affiliate URL for both runs (with and without JavaScript share the data).
  await chooseFilter(page, "Location", "Stockholm", noJs);
  await chooseFilter(page, "Affiliate status", "Missing affiliate URL", noJs);
  // (Without JavaScript the form also sends its empty and "all" fields.)
  for (const part of [/country=Sweden/, /location=Stockholm/, /affiliate=missing/]) await expect(page).toBeAt(part);
  // The address changes before the new table is drawn: the rows are read once it lists only
  // hotels without an affiliate URL.
  await expect(page.getByRole("table").getByRole("button", { name: /^Affiliate: Yes/ })).toHaveCount(0);
  // "Description rewritten" is a status that follows the text, not a switch.
  await expect(page.getByRole("button", { name: /^Description rewritten/ })).toHaveCount(0);

  const rows = page.getByRole("table").getByRole("row");
  const first = rows.nth(1).getByRole("rowheader");
  const second = rows.nth(2).getByRole("rowheader");
  const names = [(await first.innerText()).split("\n")[0]!, (await second.innerText()).split("\n")[0]!];
  const bulk = page.getByRole("button", { name: "Set affiliate flag", exact: true });
  // With JavaScript the bulk buttons appear once something is selected.
  if (!noJs) await expect(bulk).toBeHidden();
  for (const name of names) await page.getByLabel(`Select ${name}`, { exact: true }).check();
  if (!noJs) await expect(page.getByText("· 2 selected")).toBeVisible();
  await bulk.click();

  await expect(page.getByText("Set affiliate flag: 2 hotels.")).toBeVisible();
  await expect(page).toBeAt(/country=Sweden&location=Stockholm&affiliate=missing/);
  // By the exact name: "Heritage Apartments Stockholm 2" is another hotel.
  for (const name of names) await expect(page.getByLabel(`Select ${name}`, { exact: true })).toHaveCount(0);
});

test("choosing another country leaves the previous country's place behind", async ({ page }, testInfo) => {
  const noJs = jsOff(testInfo);
  await openAsAdmin(page, "/admin/hotels?country=Sweden&location=Stockholm");
  await chooseFilter(page, "Country", "Norge", noJs);
  await expect(page).toBeAt(/country=Norway/);
  await expect(page.getByLabel("Location", { exact: true })).toHaveValue("");
  await expect(page.getByText(/^Showing first \d+ results of \d+ total hotels$|^\d+ hotels$/)).toBeVisible();
  const notice = page.getByText("There is no location “Stockholm” in Norge, so all of Norge is shown.");
  // Without JavaScript the form still sends the old place: it is set aside with a notice. With it, the place is cleared at once.
  if (noJs) await expect(notice).toBeVisible();
  else {
    await expect(page).not.toBeAt(/location=/);
    await expect(notice).toHaveCount(0);
  }
});

test("an empty selection is answered with 'No hotels selected'", async ({ page }, testInfo) => {
  await openAsAdmin(page, "/admin/hotels");
  if (!jsOff(testInfo)) {
    // With JavaScript the buttons only show while something is selected.
    // The first hotel's box (row 0 is the header, whose select-all box appears with the script).
    const box = page.getByRole("table").getByRole("row").nth(1).getByRole("checkbox");
    await box.check();
    await expect(page.getByRole("button", { name: "Set affiliate flag", exact: true })).toBeVisible();
    await box.uncheck();
    await expect(page.getByRole("button", { name: "Set affiliate flag", exact: true })).toBeHidden();
    return;
  }
  await page.getByRole("button", { name: "Set affiliate flag", exact: true }).click();
  await expect(page.getByText("No hotels selected")).toBeVisible();
  await expect(page.getByText("Select at least one hotel to set the affiliate flag.")).toBeVisible();
});

test("rewrite descriptions with AI in bulk and follow the job until it finishes", async ({ page }) => {
  await openAsAdmin(page, "/admin/hotels?country=Sweden&location=Kiruna");
  const rows = page.getByRole("table").getByRole("row");
  const name = (await rows.nth(1).getByRole("rowheader").innerText()).split("\n")[0]!;
  await page.getByLabel(`Select ${name}`, { exact: true }).check();
  await page.getByRole("button", { name: "Rewrite descriptions with AI" }).click();
  await expect(page).toBeAt(/\/admin\/jobs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Rewrite descriptions with AI" })).toBeVisible();
  // The page updates itself (polling with JavaScript, the Refresh header without).
  await expect(page.getByText("1 of 1 hotels processed (100%)")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 2, name: "Finished" })).toBeVisible();
});

test("translate a description with AI, edit it and save it", async ({ page }) => {
  await openAsAdmin(page, "/admin/hotels?country=Sweden&location=%C3%85re");
  const hotelId = (await page.getByRole("table").getByRole("row").nth(1).getByRole("rowheader").innerText()).split("\n")[1]!.trim();
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "AI Rewrite" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "AI Description Translation" })).toBeVisible();

  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("Please enter a hotel ID")).toBeVisible();

  await page.getByLabel("Hotel name, place or ID").fill(hotelId.toLowerCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("Hotel found")).toBeVisible();
  await page.getByRole("button", { name: "Translate with AI" }).click();
  const swedish = page.getByLabel("Swedish translation");
  await expect(swedish).toHaveValue(/^Svensk översättning: /);
  await swedish.fill(`${await swedish.inputValue()} Redigerad för hand.`);
  await page.getByRole("button", { name: "Save Translation" }).click();
  await expect(page.getByText("Translated description saved successfully")).toBeVisible();
  await expect(page.getByLabel("Swedish translation")).toHaveValue(/Redigerad för hand\.$/);
  // The original stays the partner's text beside our saved Swedish one.
  const original = page.getByLabel("Partner's original description");
  await expect(original).toHaveValue(/\S/);
  await expect(original).not.toHaveValue(/Redigerad för hand|Svensk översättning/);
});

test("find a hotel by place on the translation screen and open it from the list", async ({ page }) => {
  await openAsAdmin(page, "/admin/rewrite");
  await page.getByLabel("Hotel name, place or ID").fill("KIRUNA");
  await page.getByRole("button", { name: "Search" }).click();
  const list = page.getByRole("region", { name: /hotels? matching “KIRUNA”/ });
  await expect(list).toBeVisible();
  const first = list.getByRole("link").first();
  const name = await first.innerText();
  await expect(list.getByRole("listitem").first()).toContainText("Kiruna, Sweden");
  await first.click();
  await expect(page.getByText("Hotel found")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 }).first()).toContainText(name);
});

test("sort the hotel table by a column, page through it, and follow a row's links", async ({ page }, testInfo) => {
  await openAsAdmin(page, "/admin/hotels?country=Sweden");
  await page
    .getByRole("columnheader", { name: /^Location/ })
    .getByRole("link")
    .click();
  await expect(page).toBeAt(/country=Sweden&sort=location$/);
  await expect(page.getByRole("columnheader", { name: /^Location/ })).toHaveAttribute("aria-sort", "ascending");
  const firstPlace = page.getByRole("table").getByRole("row").nth(1).getByRole("cell").nth(2);
  await expect(firstPlace).toHaveText("Älmhult");
  // The country in Swedish, as its filter names it.
  await expect(page.getByRole("table").getByRole("row").nth(1).getByRole("cell").nth(1)).toHaveText("Sverige");
  await page.getByRole("navigation", { name: "Hotel table pages" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toBeAt(/country=Sweden&sort=location&page=2$/);
  await expect(page.getByText(/^Showing results 51–100 of \d+ total hotels$/)).toBeVisible();
  await expect(page.getByText("Page 2 of 3")).toBeVisible();
  // The other way round.
  await page
    .getByRole("columnheader", { name: /^Location/ })
    .getByRole("link")
    .click();
  await expect(page).toBeAt(/sort=location&order=desc$/);
  await expect(page.getByRole("columnheader", { name: /^Location/ })).toHaveAttribute("aria-sort", "descending");

  const row = page.getByRole("table").getByRole("row").nth(1);
  const name = (await row.getByRole("rowheader").innerText()).split("\n")[0]!;
  await row.getByRole("link", { name: `Visa på sajten (${name})` }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.goBack();
  await expect(page).toBeAt(/sort=location&order=desc$/);
  await expect(page.getByRole("heading", { level: 1, name: "Hotel Management" })).toBeVisible();
  // The way back loads the document again: with JavaScript it is used once hydrated, as the
  // fixture's goto does (a link followed while the scripts start was seen to go nowhere).
  if (testInfo.project.use.javaScriptEnabled !== false) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page
    .getByRole("table")
    .getByRole("row")
    .nth(1)
    .getByRole("link", { name: `Rewrite ${name}` })
    .click();
  await expect(page.getByText("Hotel found")).toBeVisible();
});

test("apply a bulk action to every hotel the filter matches, after confirming the count", async ({ page }, testInfo) => {
  // Setting the flag on hotels that have it changes nothing the other tests rely on.
  await openAsAdmin(page, "/admin/hotels?affiliate=has");
  const total = Number(/of ([\d,]+) total hotels/.exec(await page.getByText(/total hotels/).innerText())![1]!.replace(",", ""));
  expect(total).toBeGreaterThan(50);
  if (jsOff(testInfo)) {
    await page.getByRole("link", { name: "Select all 50 shown" }).click();
    await page.getByRole("link", { name: `Select all ${total} hotels matching this filter` }).click();
  } else {
    await page.getByLabel("Select all visible hotels").check();
    await page.getByRole("button", { name: `Select all ${total} hotels matching this filter` }).click();
  }
  await expect(page.getByText(`Apply to all ${total} hotels matching this filter:`)).toBeVisible();
  await page.getByRole("button", { name: "Set affiliate flag", exact: true }).click();
  // A dialog with JavaScript, the same question on the page without.
  const question = jsOff(testInfo) ? page.getByRole("alertdialog") : page.getByRole("dialog");
  await expect(question).toContainText(`Set affiliate flag: apply to all ${total} hotels matching this filter?`);
  await question.getByRole("button", { name: `Yes, apply to all ${total} hotels` }).click();
  await expect(page.getByText(`Set affiliate flag: ${total} hotels.`)).toBeVisible();
  await expect(page).toBeAt(/\/admin\/hotels\?affiliate=has$/);
});

test("a rewrite job names the hotel that failed, and its failed items can be retried", async ({ page }, testInfo) => {
  // Kyoto has a hotel without an English description: the provider has nothing to translate.
  await openAsAdmin(page, "/admin/hotels?country=Japan&location=Kyoto");
  if (jsOff(testInfo)) {
    await page.getByRole("link", { name: /^Select all \d+ shown$/ }).click();
    // The button must be pressed on the page with the rows selected, not on the one it replaces.
    await expect(page).toBeAt("/admin/hotels?country=Japan&location=Kyoto&select=all");
  } else await page.getByLabel("Select all visible hotels").check();
  await page.getByRole("button", { name: "Rewrite descriptions with AI" }).click();
  await expect(page).toBeAt(/\/admin\/jobs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 2, name: "Finished" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("img", { name: /^2 rewritten, 1 failed, 0 waiting, of 3 hotels$/ })).toBeVisible();
  const failures = page.getByRole("region", { name: "Hotels that failed (1)" });
  await expect(failures).toContainText("No description to translate");
  await failures.getByRole("button", { name: "Retry failed items (1)" }).click();
  await expect(page.getByText("1 failed hotel is queued again.")).toBeVisible();
  // It fails again for the same reason; the hotel's translation screen is one click away.
  await expect(page.getByRole("heading", { level: 2, name: "Finished" })).toBeVisible({ timeout: 60_000 });
  await page.getByRole("region", { name: "Hotels that failed (1)" }).getByRole("link").click();
  await expect(page.getByText("Hotel found")).toBeVisible();
  await expect(page.getByRole("button", { name: "Translate with AI" })).toBeDisabled();
  await expect(page.getByText(/^Unavailable: No description to translate/)).toBeVisible();

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Jobs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  // (Other admin tests may start jobs at the same time: any row will do.)
  await expect(page.getByRole("row", { name: /3 hotels, finished: 2 done, 1 failed/ }).first()).toBeVisible();
});

test("generate an affiliate URL for a hotel's page", async ({ page, context }, testInfo) => {
  await openAsAdmin(page, "/admin/hotels?country=Sweden&location=Uppsala");
  const hotelId = (await page.getByRole("table").getByRole("row").nth(1).getByRole("rowheader").innerText()).split("\n")[1]!.trim();
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Affiliate URLs" }).click();

  await page.getByLabel("Hotel ID").fill(hotelId);
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByRole("alert")).toHaveText("Hotel ID and affiliate ID are required");
  await expect(page.getByLabel("Hotel ID")).toHaveValue(hotelId);

  await page.getByLabel("Affiliate ID").fill("e2e-partner");
  await page.getByRole("button", { name: "Generate" }).click();
  const url = page.getByRole("textbox", { name: "Affiliate URL" });
  await expect(url).toHaveValue(/\/Sweden\/Uppsala\/[a-z0-9-]+\?aff_id=e2e-partner&utm_source=partner&utm_medium=affiliate&utm_campaign=/);
  await expect(url).toHaveAttribute("readonly", "");
  if (jsOff(testInfo)) {
    await expect(page.getByText("Select the address to copy it.")).toBeVisible();
  } else {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy" }).click();
    await expect(page.getByText("Copied to clipboard.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await url.inputValue());
    // The confirmation goes away by itself after two seconds.
    await expect(page.getByText("Copied to clipboard.")).toBeHidden();
  }
});

test("add a destination, see it on the home page, move it and remove it", async ({ page }, testInfo) => {
  const name = `Testort ${testInfo.project.name}`;
  await openAsAdmin(page, "/admin/destinations");
  await page.getByRole("button", { name: "Add Destination" }).click();
  await expect(page.getByText("Name, description and image are required")).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Image URL").fill("/images/hotels/hotel-7.svg");
  await page.getByLabel("Description").fill("En påhittad ort för testerna.");
  await expect(page.getByLabel("Price (optional)")).toHaveValue("Från 890 kr");
  // The link made from a made-up name finds no hotels: refused, with what was typed kept.
  await page.getByRole("button", { name: "Add Destination" }).click();
  await expect(page.getByText(/This link finds no hotels/)).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await page.getByLabel("Link (optional)").fill("/hotels?destination=Malmö");
  await page.getByRole("button", { name: "Add Destination" }).click();
  await expect(page.getByText("Destination added")).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("/hotels?destination=");
  await expect(page.getByRole("button", { name: `Move ${name} down` })).toBeDisabled();

  await page.goto("/");
  await expect(page.getByText("En påhittad ort för testerna.")).toBeVisible();

  await page.goto("/admin/destinations");
  await page.getByRole("button", { name: `Move ${name} up` }).click();
  await expect(page.getByText("Order saved")).toBeVisible();
  await expect(page.getByRole("button", { name: `Move ${name} down` })).toBeEnabled();

  // Edit it in place: a link that finds no hotels is refused by the field, then a good one is saved.
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { level: 3, name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true }).first()).toBeFocused();
  const editing = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Edit ${name}` }) });
  await editing.getByLabel("Description").fill("En ändrad ort för testerna.");
  await editing.getByLabel("Link (optional)").fill("/Sweden/Atlantis");
  await editing.getByRole("button", { name: "Save Changes" }).click();
  await expect(editing.getByText(/This link finds no hotels/)).toBeVisible();
  await expect(editing.getByLabel("Description")).toHaveValue("En ändrad ort för testerna.");
  await editing.getByLabel("Link (optional)").fill("/Sweden/Malmo");
  await editing.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Destination saved")).toBeVisible();
  await expect(item).toContainText("En ändrad ort för testerna.");

  // Removing a card that is live on the home page asks first: a dialog with JavaScript, a question on the page without.
  await page.getByRole("link", { name: `Remove ${name}` }).click();
  const question = page.getByRole(jsOff(testInfo) ? "alertdialog" : "dialog", { name: `Remove ${name}?` });
  await expect(question).toBeVisible();
  await question
    .getByRole("button", { name: "Cancel" })
    .or(question.getByRole("link", { name: "Cancel" }))
    .click();
  await expect(question).toBeHidden();
  await expect(item).toHaveCount(1);
  await page.getByRole("link", { name: `Remove ${name}` }).click();
  await question.getByRole("button", { name: "Yes, remove" }).click();
  await expect(page.getByText("Destination removed")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
});

test("save popular locations and see the home page's chips change", async ({ page }) => {
  await openAsAdmin(page, "/admin/popular-locations");
  // The places by their Swedish names, in Swedish order.
  const labels = (
    await page
      .getByRole("group", { name: /^Locations/ })
      .getByRole("listitem")
      .allInnerTexts()
  ).map((label) => label.trim());
  expect(labels).toContain("Göteborg (Sverige)");
  expect(labels).toContain("Köpenhamn (Danmark)");
  expect(labels.join("\n")).not.toMatch(/Gothenburg|Copenhagen|\(Sweden\)/);
  expect(labels).toEqual([...labels].sort(new Intl.Collator("sv").compare));
  const visby = page.getByLabel("Visby (Sverige)");
  await expect(visby).not.toBeChecked();
  await expect(page.getByLabel("Stockholm (Sverige)")).toBeChecked();
  await visby.check();
  await page.getByRole("button", { name: "Save Selected Locations" }).click();
  await expect(page.getByText("Popular locations saved")).toBeVisible();
  await expect(page.getByLabel("Visby (Sverige)")).toBeChecked();

  await page.goto("/");
  const chips = page.getByRole("list", { name: "Välj plats" });
  await expect(chips.getByRole("link", { name: "Visby" })).toBeVisible();
  await expect(chips.getByRole("link").first()).toHaveText("Stockholm");

  await page.goto("/admin/popular-locations");
  await page.getByLabel("Visby (Sverige)").uncheck();
  await page.getByRole("button", { name: "Save Selected Locations" }).click();
  await expect(page.getByText("Popular locations saved")).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("list", { name: "Välj plats" }).getByRole("link", { name: "Visby" })).toHaveCount(0);
});

test("generate, preview and download the sitemap", async ({ page, context }, testInfo) => {
  await openAsAdmin(page, "/admin/sitemap");
  await page.getByRole("button", { name: "Update Live Sitemap" }).click();
  await expect(page.getByText("Generate a sitemap first")).toBeVisible();

  await page.getByRole("button", { name: "Generate Sitemap" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /\d+ URLs/ })).toBeVisible();
  await expect(page.getByLabel("Sitemap XML")).toHaveValue(/<urlset/);
  if (!jsOff(testInfo)) {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy to clipboard" }).click();
    await expect(page.getByText("Sitemap copied to clipboard.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^<\?xml[\s\S]*<urlset/);
    await expect(page.getByText("Sitemap copied to clipboard.")).toBeHidden();
  }
  await page.getByRole("link", { name: "Preview" }).click();
  await expect(page.getByRole("cell", { name: /\/hotels$/ }).first()).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("sitemap.xml");

  await page.getByRole("button", { name: "Update Live Sitemap" }).click();
  await expect(page.getByText("Live sitemap updated")).toBeVisible();
});
