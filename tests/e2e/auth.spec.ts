import { E2E_ADMIN } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";

test("an administrator signs in from a guarded page, comes back to it, and signs out", async ({ page }) => {
  // The page asked for, with its query, survives the trip through /login.
  await page.goto("/admin?fran=e2e");
  await expect(page).toBeAt("/login?redirectTo=%2Fadmin%3Ffran%3De2e");
  await expect(page.getByRole("heading", { level: 1, name: "Logga in" })).toBeVisible();

  await page.getByLabel("E-postadress").fill(E2E_ADMIN.email);
  await page.getByLabel("Lösenord", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Logga in" }).click();

  await expect(page).toBeAt("/admin?fran=e2e");
  await expect(page.getByText("Välkommen tillbaka!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(`Signed in as ${E2E_ADMIN.email}`);
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByText("Hotels in total")).toBeVisible();

  // Public pages know the visitor is signed in.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "View site" }).click();
  await expect(page).toBeAt("/");
  await expect(page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Admin" })).toBeVisible();
  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Admin" }).click();
  await expect(page).toBeAt("/admin");

  await page.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "Sign out" }).click();
  await expect(page).toBeAt("/login");
  await expect(page.getByText("Du har loggats ut.")).toBeVisible();
  await expect(page.getByText("Utloggad")).toBeVisible();

  // Signed out for real: the back office sends us to sign in again.
  await page.goto("/admin");
  await expect(page).toBeAt("/login?redirectTo=%2Fadmin");
});

test("a wrong password is refused with the reason, the e-mail stays and the password does not", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("E-postadress").fill(E2E_ADMIN.email);
  await page.getByLabel("Lösenord", { exact: true }).fill("inte-rätt-lösenord");
  await page.getByRole("button", { name: "Logga in" }).click();

  const alert = page.getByRole("alert").filter({ hasText: "Inloggningen misslyckades" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("Fel e-postadress eller lösenord.");
  await expect(page.getByLabel("E-postadress")).toHaveValue(E2E_ADMIN.email);
  await expect(page.getByLabel("Lösenord", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Lösenord", { exact: true })).toBeFocused();
});

test("empty fields are explained next to each field", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Logga in" }).click();
  await expect(page.getByText("Ange din e-postadress.")).toBeVisible();
  await expect(page.getByText("Ange ditt lösenord.")).toBeVisible();
  await expect(page.getByLabel("E-postadress")).toHaveAttribute("aria-invalid", "true");
});

test("the sign-in form works from the keyboard alone", async ({ page }) => {
  await page.goto("/login?redirectTo=%2Fadmin");
  await page.getByLabel("E-postadress").focus();
  await page.keyboard.type(E2E_ADMIN.email);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Lösenord", { exact: true })).toBeFocused();
  await page.keyboard.type(E2E_ADMIN.password);
  await page.keyboard.press("Enter");
  await expect(page).toBeAt("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("a new account can be created and is kept out of the back office", async ({ page }, testInfo) => {
  const email = `ny-${testInfo.project.name}@hotellguiden.test`;
  await page.goto("/login");
  await page.getByRole("link", { name: "Skapa konto" }).click();
  await expect(page).toBeAt("/login?tab=skapa-konto");
  await expect(page.getByRole("heading", { level: 1, name: "Skapa konto" })).toBeVisible();
  await page.getByLabel("E-postadress").fill(email);
  await page.getByLabel("Lösenord", { exact: true }).fill("kort");
  await page.getByRole("button", { name: "Skapa konto" }).click();
  await expect(page.getByText("Lösenordet måste vara minst 8 tecken.")).toBeVisible();

  await page.getByLabel("Lösenord", { exact: true }).fill("ett-bra-lösenord");
  await page.getByRole("button", { name: "Skapa konto" }).click();
  await expect(page).toBeAt("/");
  await expect(page.getByText("Konto skapat")).toBeVisible();

  await page.goto("/admin");
  await expect(page).toBeAt("/");
  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("button", { name: "Logga ut" }).click();
  await expect(page).toBeAt("/login");
});
