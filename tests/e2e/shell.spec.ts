import { expect, test } from "./fixtures.ts";

test("the home page renders the header, content from the database and the footer", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Sök efter ditt nästa resmål" })).toBeVisible();
  await expect(page).toHaveTitle(/Hotellguiden$/);

  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Hotellguiden" })).toHaveAttribute("href", "/");
  const nav = page.getByRole("navigation", { name: "Huvudmeny" });
  await expect(nav.getByRole("link", { name: "Hotell", exact: true })).toHaveAttribute("href", "/hotels");
  await expect(nav.getByRole("link", { name: "Reseguider" })).toHaveAttribute("href", "/blog");

  // Seeded destinations come from the database.
  await expect(page.getByRole("main").getByRole("heading", { name: "Populära destinationer", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Göteborg", level: 3 })).toBeVisible();

  const footer = page.getByRole("contentinfo");
  for (const href of [
    "/Sweden",
    "/Norway",
    "/Denmark",
    "/Finland",
    "/Sweden/Stockholm",
    "/Sweden/Gothenburg",
    "/Denmark/Copenhagen",
    "/Norway/Oslo",
    "/Finland/Helsinki",
    "/about",
    "/contact",
    "/sitemap",
  ]) {
    await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Hotellguiden. Alla rättigheter förbehållna.`);
});

test("Destinationer lists Sverige, Norge, Danmark and Finland first, then one more", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Huvudmeny" });
  await nav.getByText("Destinationer", { exact: true }).click();
  const explore = nav.getByRole("link", { name: /Utforska hotell i/ });
  await expect(explore).toHaveCount(5);
  await expect(explore.first()).toBeVisible();
  const names = await explore.locator("span:first-child").allTextContents();
  expect(names.slice(0, 4)).toEqual(["Sverige", "Norge", "Danmark", "Finland"]);
  await expect(nav.getByRole("link", { name: "Visa alla destinationer" })).toHaveAttribute("href", "/hotels");
});

test("the menu is hidden below 768 px and a compact menu takes its place", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Huvudmeny" })).toBeHidden();
  await page.getByText("Meny", { exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Mobilmeny" }).getByRole("link", { name: "Reseguider" })).toBeVisible();
});

for (const path of ["/flights", "/rentals", "/explore", "/finns/inte/alls/här"]) {
  test(`${path} answers 404 with the not-found page`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sidan du letar efter finns inte" })).toBeVisible();
    await page.getByRole("link", { name: "Till startsidan" }).click();
    await expect(page).toBeAt("/");
  });
}

test("/healthz says the process is alive and /readyz that the database answers", { tag: "@same-without-js" }, async ({ request }) => {
  const liveness = await request.get("/healthz");
  expect(liveness.status()).toBe(200);
  expect(await liveness.json()).toEqual({ status: "ok" });
  const readiness = await request.get("/readyz");
  expect(readiness.status()).toBe(200);
  expect(await readiness.json()).toEqual({ status: "ok", database: "up" });
});

test("the mobile menu has the Destinationer group, current on a country page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/Sweden");
  await page.getByText("Meny", { exact: true }).click();
  const menu = page.getByRole("navigation", { name: "Mobilmeny" });
  const group = menu.getByText("Destinationer", { exact: true });
  // Open at once on a destination's page, and marked as where the visitor is.
  await expect(group).toHaveAttribute("aria-current", "true");
  await expect(menu.getByRole("link", { name: /Utforska hotell i/ })).toHaveCount(5);
  await expect(menu.getByRole("link", { name: "Visa alla destinationer" })).toHaveAttribute("href", "/hotels");
  await menu.getByRole("link", { name: "Hotell", exact: true }).click();
  await expect(page).toBeAt(/\/hotels$/);
  // The menu closes once the new page has rendered; a tap before that would close it itself.
  await expect(menu).toBeHidden();
  await page.getByText("Meny", { exact: true }).click();
  await expect(menu.getByRole("link", { name: "Hotell", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(group).not.toHaveAttribute("aria-current", "true");
  // Closed elsewhere; a tap opens it.
  await expect(menu.getByRole("link", { name: "Visa alla destinationer" })).toBeHidden();
  await group.click();
  await expect(menu.getByRole("link", { name: "Visa alla destinationer" })).toBeVisible();
  // An address shaped like a country's that names none is no destination's page.
  expect((await page.goto("/finns-inte-alls"))?.status()).toBe(404);
  await page.getByText("Meny", { exact: true }).click();
  await expect(menu.getByRole("link", { name: "Visa alla destinationer" })).toBeHidden();
  await expect(group).not.toHaveAttribute("aria-current", "true");
});
