import { chromium } from "playwright-core";
const base = "http://localhost:3400";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: ["--no-sandbox","--disable-gpu","--disable-background-networking"] });
const pages = process.argv.slice(2);
for (const js of [true, false]) for (const width of [390, 1366]) {
  const context = await browser.newContext({ baseURL: base, javaScriptEnabled: js, viewport: { width, height: width === 390 ? 844 : 900 }, locale: "sv-SE" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") errors.push(m.text()); });
  for (const [i, path] of pages.entries()) {
    const r = await page.goto(path);
    if (js) await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30000 }).catch(() => {});
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const file = `/tmp/shot-${i}-${width}-${js ? "js" : "nojs"}.png`;
    await page.screenshot({ path: file, fullPage: false });
    console.log(r?.status(), overflow, file, path);
  }
  if (errors.length) console.log("console:", errors.slice(0, 5));
  await context.close();
}
await browser.close();
