/**
 * The price alert form on a hotel page, with JavaScript on and off (decision 072): a bad address
 * is refused beside its field; a good one is thanked with "Kolla din e-post"; the confirmation
 * (written to the server's outbox: the e2e server has no SMTP) leads to a page whose button
 * confirms, back on the hotel page. axe checks every page on the way (the fixture).
 */
import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { addDays, todayInSweden } from "#app/utils/stay.ts";
import { expect, jsOff, test } from "./fixtures.ts";
import { E2E_DATA_DIR } from "./run-dirs.ts";

/** The confirmation link of the outbox's mail to `to`, or null while the server's job has not written it. */
async function confirmationLink(to: string): Promise<string | null> {
  const outbox = path.join(E2E_DATA_DIR, "outbox");
  if (!fs.existsSync(outbox)) return null;
  for (const file of fs.readdirSync(outbox)) {
    const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
    const address = mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined;
    if (address === to) return /^(http\S+bevakning\?token=\S+)$/m.exec(mail.text ?? "")![1]!;
  }
  return null;
}

test("a visitor asks for a price alert on a stay and confirms it from the e-mail", async ({ page }, testInfo) => {
  const email = `bevakning-${testInfo.project.name}-${testInfo.retry}@example.se`;
  const checkIn = addDays(todayInSweden(), 7);
  await page.goto(`/Sweden/Stockholm?incheckning=${checkIn}&utcheckning=${addDays(checkIn, 2)}`);
  await page.locator("main article").first().getByRole("link", { name: "Visa hotell" }).click();
  await expect(page).toBeAt(/\/Sweden\/Stockholm\/[a-z0-9-]+\?incheckning=/);
  const hotelUrl = page.url();

  const alert = page.getByRole("region", { name: "Bevaka priset" });
  await expect(alert).toContainText("Vi mejlar dig när priset för");
  await alert.getByLabel("E-postadress").fill("inte-en-adress");
  await alert.getByLabel("Målpris i kronor (valfritt)").fill("billigt");
  await alert.getByRole("button", { name: "Bevaka priset" }).click();
  await expect(alert.getByText("Ange en giltig e-postadress, till exempel namn@exempel.se.")).toBeVisible();
  await expect(alert.getByText("Ange målpriset i hela kronor, till exempel 1500.")).toBeVisible();
  // Without JavaScript the server's page puts the focus on the first field with an error.
  if (jsOff(testInfo)) await expect(alert.getByLabel("E-postadress")).toBeFocused();

  await alert.getByLabel("E-postadress").fill(email);
  await alert.getByLabel("Målpris i kronor (valfritt)").fill("1 500");
  await alert.getByRole("button", { name: "Bevaka priset" }).click();
  await expect(page.getByText("Kolla din e-post")).toBeVisible();
  await expect(page).toBeAt((url) => url.pathname === new URL(hotelUrl).pathname && url.search === new URL(hotelUrl).search);
  if (!jsOff(testInfo)) await expect(alert.getByLabel("E-postadress")).toHaveValue("");

  // The mail's link opens a page that asks; its button confirms and leads back to the stay.
  await expect.poll(() => confirmationLink(email)).not.toBeNull();
  await page.goto((await confirmationLink(email))!);
  await expect(page.getByRole("heading", { level: 1, name: "Bekräfta prisbevakningen" })).toBeVisible();
  await expect(page.getByText("målpris 1 500 kr")).toBeVisible();
  await page.getByRole("button", { name: "Bekräfta bevakningen" }).click();
  await expect(page.getByText("Bevakningen är bekräftad")).toBeVisible();
  await expect(page).toBeAt((url) => url.pathname === new URL(hotelUrl).pathname);
});
