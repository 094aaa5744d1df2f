import { request } from "@playwright/test";
import { openAsAdmin } from "./sign-in.ts";
import { expect, jsOff, test } from "./fixtures.ts";

test("grant a user the administrator role, revoke it after confirming, and find both in the audit log", async ({
  page,
  baseURL,
}, testInfo) => {
  // Someone signs up through the open form, from a client of their own: without the
  // administrator's cookie (which the test's options would lend it), whose session a sign-up would end.
  const email = `e2e-person-${testInfo.project.name}@hotellguiden.test`;
  const visitor = await request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const signUp = await visitor.post("/login", {
    form: { intent: "sign-up", email, password: "e2e-person-lösenord" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(signUp.status()).toBe(302);
  await visitor.dispose();

  await openAsAdmin(page, `/admin/users?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Local, signed up on the site");
  await expect(row).toContainText("User");

  // An address nobody verified is asked about before it is promoted: a dialog with JavaScript, a question on the page without.
  const kind = jsOff(testInfo) ? "alertdialog" : "dialog";
  await row.getByRole("link", { name: `Grant admin to ${email}` }).click();
  const grant = page.getByRole(kind, { name: `Make ${email} an administrator?` });
  await expect(grant).toContainText("does not verify addresses");
  await grant.getByRole("button", { name: "Yes, make administrator" }).click();
  await expect(page.getByText(`${email} is an administrator.`)).toBeVisible();
  await expect(row).toContainText("Administrator");

  await row.getByRole("link", { name: `Revoke admin of ${email}` }).click();
  const revoke = page.getByRole(kind, { name: `Revoke the administrator role of ${email}?` });
  await expect(revoke).toBeVisible();
  await revoke
    .getByRole("button", { name: "Cancel" })
    .or(revoke.getByRole("link", { name: "Cancel" }))
    .click();
  await expect(revoke).toBeHidden();
  await expect(row).toContainText("Administrator");
  await row.getByRole("link", { name: `Revoke admin of ${email}` }).click();
  await revoke.getByRole("button", { name: "Yes, revoke" }).click();
  await expect(page.getByText(`${email} is no longer an administrator.`)).toBeVisible();
  await expect(row).not.toContainText("Administrator");
  const userId = (await row.getByRole("rowheader").innerText()).match(/[0-9a-f-]{36}/)![0];

  // The audit log, filtered to this screen with its GET form, has both changes, newest first.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await page.getByLabel("Screen").selectOption("/admin/users");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toBeAt(/screen=%2Fadmin%2Fusers/);
  const entries = page.getByRole("row").filter({ hasText: userId });
  await expect(entries.first()).toContainText("revoke");
  await expect(entries.first()).toContainText("Administrator role revoked");
  await expect(entries.nth(1)).toContainText("grant");
  await expect(entries.nth(1)).toContainText("Done");
});
