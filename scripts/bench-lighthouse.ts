/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, Debian's Chromium) for the public page
 * templates of the built app, served on loopback from a fresh demo database. Prints scores.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "#tests/chromium.ts";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3290);
const origin = `http://localhost:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-lighthouse-"));

if (!fs.existsSync("build/server/index.js")) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

const server = spawn(process.execPath, ["server/main.ts"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    SITE_URL: origin,
    DATA_DIR: dataDir,
    // Nothing may leave the machine: map tiles come from a local file.
    MAP_TILE_URL: `${origin}/placeholder.svg?z={z}&x={x}&y={y}`,
  },
  stdio: "ignore",
});

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not start");
}

let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitForServer();
  const placeHtml = await (await fetch(`${origin}/Sweden/Stockholm`)).text();
  const hotelPath = placeHtml.match(/href="(\/Sweden\/Stockholm\/[a-z0-9-]+)"/)?.[1];
  if (!hotelPath) throw new Error("no hotel link found on /Sweden/Stockholm");
  const pages = [
    ["home", "/"],
    ["/hotels", "/hotels"],
    ["place", "/Sweden/Stockholm"],
    ["hotel", hotelPath],
  ] as const;

  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  console.log("| page | performance | accessibility | best practices | SEO | metrics |\n|---|---:|---:|---:|---:|---|");
  for (const [name, pagePath] of pages) {
    const result = await lighthouse(`${origin}${pagePath}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const categories = result?.lhr.categories ?? {};
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    const metric = (id: string) => result?.lhr.audits[id]?.displayValue ?? "?";
    console.log(
      `| ${name} | ${score("performance")} | ${score("accessibility")} | ${score("best-practices")} | ${score("seo")} | ` +
        `FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")} |`,
    );
    for (const key of ["accessibility", "best-practices", "seo"]) {
      const failed = (categories[key]?.auditRefs ?? [])
        .map((ref) => result!.lhr.audits[ref.id])
        .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative" && audit.scoreDisplayMode !== "manual");
      for (const audit of failed) console.log(`    ${key}: ${audit!.id} — ${audit!.title}`);
    }
  }
} finally {
  await chrome?.kill();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
