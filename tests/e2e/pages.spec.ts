import { expect, jsOff, test } from "./fixtures.ts";

test("/about explains the site, the commission model and how to reach us", async ({ page }) => {
  const response = await page.goto("/about");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Om oss | Hotellguiden");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/about$/);
  await expect(page.getByRole("heading", { level: 1, name: "Om Hotellguiden" })).toBeVisible();
  for (const name of ["Så tjänar vi pengar", "Hur vi väljer och rangordnar hotell", "Vårt oberoende", "Kontakta oss"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  await expect(page.getByRole("main")).toContainText("Provisionen kostar dig ingenting extra.");

  await page.getByRole("main").getByRole("link", { name: "Till kontaktformuläret" }).click();
  await expect(page).toBeAt("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Kontakt" })).toBeVisible();
});

test("/sitemap lists the main pages, every country with its places, and the blog; its links work", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Webbplatskarta" }).click();
  await expect(page).toBeAt("/sitemap");
  await expect(page).toHaveTitle("Webbplatskarta | Hotellguiden");
  await expect(page.getByRole("heading", { level: 1, name: "Webbplatskarta" })).toBeVisible();

  const main = page.getByRole("region", { name: "Huvudsidor" });
  await expect(main.getByRole("link", { name: "Alla hotell" })).toHaveAttribute("href", "/hotels");
  await expect(page.getByRole("region", { name: "Reseguider" }).getByRole("link").first()).toHaveAttribute("href", /^\/blog\//);

  const destinations = page.getByRole("region", { name: "Länder och orter" });
  await destinations.getByRole("link", { name: "Sverige", exact: true }).click();
  await expect(page).toBeAt("/Sweden");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotell i Sverige");

  await page.goBack();
  await expect(page).toBeAt("/sitemap");
  await page.getByRole("list", { name: "Orter i Sverige" }).getByRole("link", { name: "Malmö", exact: true }).click();
  await expect(page).toBeAt(/\/Sweden\/Malm%C3%B6$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotell i Malmö, Sverige");
});

test("/contact shows an error per field and focuses the first, keeping what was typed", async ({ page }) => {
  await page.goto("/contact");
  await expect(page).toHaveTitle("Kontakt | Hotellguiden");
  const name = page.getByLabel("Namn");
  const email = page.getByLabel("E-postadress");
  const message = page.getByLabel("Meddelande", { exact: true });
  const send = page.getByRole("button", { name: "Skicka meddelande" });

  await send.click();
  await expect(page.getByRole("alert")).toContainText("Meddelandet kunde inte skickas");
  for (const [field, error] of [
    [name, "Ange ditt namn."],
    [email, "Ange din e-postadress."],
    [message, "Skriv ditt meddelande."],
  ] as const) {
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(new RegExp(error.replace(".", "\\.")));
  }
  await expect(name).toBeFocused();

  await name.fill("Anna Andersson");
  await email.fill("anna@");
  await message.fill("För kort");
  await send.click();
  await expect(email).toHaveAccessibleDescription(/Ange en giltig e-postadress/);
  await expect(email).toBeFocused();
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  await expect(message).toHaveAccessibleDescription(/Meddelandet måste vara minst 10 tecken\./);
  await expect(name).toHaveValue("Anna Andersson");
  await expect(email).toHaveValue("anna@");
  await expect(message).toHaveValue("För kort");
});

test("/contact sends a valid message and thanks the visitor", async ({ page }, testInfo) => {
  await page.goto("/contact");
  await page.getByLabel("Namn").fill(`Testare ${testInfo.project.name}`);
  await page.getByLabel("E-postadress").fill("testare@example.se");
  await page.getByLabel("Meddelande", { exact: true }).fill("Hej! Jag undrar om ni listar hotell på Gotland.");
  await page.getByRole("button", { name: "Skicka meddelande" }).click();

  await expect(page.getByText("Tack för ditt meddelande")).toBeVisible();
  await expect(page.getByText("Vi svarar så snart vi kan.")).toBeVisible();
  await expect(page).toBeAt("/contact");
  // A fresh, empty form for the next message.
  await expect(page.getByLabel("Namn")).toHaveValue("");
  await expect(page.getByLabel("Meddelande", { exact: true })).toHaveValue("");
  if (!jsOff(testInfo)) await expect(page.getByRole("alert")).toHaveCount(0);
});

test("/robots.txt and /sitemap.xml answer for crawlers", { tag: "@same-without-js" }, async ({ request, baseURL }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const rules = await robots.text();
  expect(rules).toContain("Disallow: /admin");
  expect(rules).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const xml = await sitemap.text();
  expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset /);
  expect(xml).toContain(`<loc>${baseURL}/</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/Sweden/Malm%C3%B6</loc>`);
});
