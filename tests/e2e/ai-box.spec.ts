import { expect, jsOff, test } from "./fixtures.ts";

test("the AI box suggests hotels with links to their pages", async ({ page }, testInfo) => {
  await page.goto("/hotels");
  const box = page.locator("details").filter({ hasText: "Få hotellförslag med AI" });
  await expect(page.getByLabel("Vad söker du?")).toBeHidden();
  await box.locator("summary").click();
  await expect(page.getByLabel("Vad söker du?")).toBeVisible();

  await page.getByLabel("Vad söker du?").fill("Fyrstjärnigt hotell i Stockholm med frukost");
  await page.getByLabel("Önskemål (valfritt)").fill("nära tunnelbanan");

  const button = page.getByRole("button", { name: "Få rekommendationer" });
  if (jsOff(testInfo)) {
    await button.click();
  } else {
    // Hold the answer until the waiting state has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/hotels"),
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      },
    );
    await button.click();
    const waiting = page.getByRole("button", { name: "Hämtar rekommendationer..." });
    await expect(waiting).toBeDisabled();
    release();
  }

  const answer = page.getByRole("region", { name: "Våra förslag" });
  await expect(answer).toBeVisible();
  // The e2e server talks to the provider stand-in (tests/ai-stand-in.ts), which picks three
  // of the Stockholm hotels our retrieval gave it.
  await expect(answer).toContainText("Tre förslag från leverantören.");
  await expect(answer.getByRole("link")).toHaveCount(3);
  const first = answer.getByRole("link").first();
  const name = (await first.textContent())!;
  expect(name.length).toBeGreaterThan(3);
  // What was typed is still there.
  await expect(page.getByLabel("Vad söker du?")).toHaveValue("Fyrstjärnigt hotell i Stockholm med frukost");

  await first.click();
  await expect(page).toBeAt(/^http:\/\/localhost:\d+\/Sweden\/Stockholm\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});

test("the AI box asks for a question when it is blank", async ({ page }) => {
  await page.goto("/hotels");
  await page.locator("summary").filter({ hasText: "Få hotellförslag med AI" }).click();
  await page.getByRole("button", { name: "Få rekommendationer" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Önskemål saknas" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("Vänligen ange vad du söker för typ av hotell");
  await expect(page.getByLabel("Vad söker du?")).toHaveAttribute("aria-invalid", "true");
});
