/**
 * JavaScript and CSS a first visit downloads, per page type, measured in Chromium at a phone's
 * viewport (where the map waits behind its toggle or below the fold): everything until the
 * network is idle, then, separately, what opening the map adds. Sizes are each body gzipped
 * at level 6, so they do not depend on the server's choice between br and gzip.
 */
import zlib from "node:zlib";
import { chromium, type Page, type Response } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "#tests/chromium.ts";
import type { BenchPage } from "./pages.ts";

export interface Bundle {
  files: number;
  gzip: number;
}

export interface AssetRow {
  label: string;
  path: string;
  js: Bundle;
  css: Bundle;
  /** What opening the map adds; null on pages without a map. */
  map: { js: Bundle; css: Bundle } | null;
  /** True when Leaflet was already there before anyone opened the map. */
  mapLoadedEarly: boolean;
}

type Kind = "js" | "css";
type Phase = "initial" | "map";
const kindOf = (response: Response): Kind | null => {
  const type = response.headers()["content-type"] ?? "";
  if (/javascript/.test(type)) return "js";
  if (/text\/css/.test(type)) return "css";
  return null;
};

/** Resolves once no request has been in flight for `quietMs` (Playwright's networkidle, after navigation). */
function networkQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let inFlight = 0;
    let timer: NodeJS.Timeout | undefined;
    const settle = () => {
      clearTimeout(timer);
      if (inFlight === 0) timer = setTimeout(done, quietMs);
    };
    const started = () => {
      inFlight++;
      clearTimeout(timer);
    };
    const finished = () => {
      inFlight = Math.max(0, inFlight - 1);
      settle();
    };
    const deadline = setTimeout(() => {
      cleanup();
      reject(new Error(`the network did not go quiet within ${timeoutMs} ms`));
    }, timeoutMs);
    function cleanup() {
      clearTimeout(timer);
      clearTimeout(deadline);
      page.off("request", started).off("requestfinished", finished).off("requestfailed", finished);
    }
    function done() {
      cleanup();
      resolve();
    }
    page.on("request", started).on("requestfinished", finished).on("requestfailed", finished);
    settle();
  });
}

const sum = (entries: Array<{ kind: Kind; gzip: number }>, kind: Kind): Bundle => {
  const matching = entries.filter((entry) => entry.kind === kind);
  return { files: matching.length, gzip: matching.reduce((total, entry) => total + entry.gzip, 0) };
};

export async function measureAssets(origin: string, pages: BenchPage[]): Promise<AssetRow[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const rows: AssetRow[] = [];
    for (const benchPage of pages.filter((p) => p.ext === "html")) {
      // A fresh context per page: an empty cache, as on a first visit.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, locale: "sv-SE" });
      const page = await context.newPage();
      let phase: Phase = "initial";
      const seen = new Map<string, { phase: Phase; kind: Kind; gzip: number }>();
      const bodies: Promise<void>[] = [];
      page.on("response", (response) => {
        const kind = kindOf(response);
        if (!kind || response.status() !== 200 || seen.has(response.url())) return;
        const entry = { phase, kind, gzip: 0 };
        seen.set(response.url(), entry);
        bodies.push(response.body().then((body) => void (entry.gzip = zlib.gzipSync(body, { level: 6 }).length)));
      });
      await page.goto(`${origin}${benchPage.path}`, { waitUntil: "networkidle" });
      await Promise.all(bodies);
      const mapLoadedEarly = (await page.locator(".leaflet-container").count()) > 0;

      let map: AssetRow["map"] = null;
      phase = "map";
      // The list pages' <details> toggle hides the map on narrow screens; open it as a visitor would.
      const toggle = page.locator("details.map-toggle > summary");
      if (await toggle.isVisible()) await toggle.click();
      const region = page.getByRole("region", { name: /^Karta/ }).first();
      if (await region.count()) {
        await region.scrollIntoViewIfNeeded();
        // Leaflet renders once its chunk and stylesheet are in; then let the rest (tiles) settle.
        await region.locator(".leaflet-container").waitFor({ timeout: 30_000 });
        await networkQuiet(page);
        await Promise.all(bodies);
        const added = [...seen.values()].filter((entry) => entry.phase === "map");
        map = { js: sum(added, "js"), css: sum(added, "css") };
      }
      const initial = [...seen.values()].filter((entry) => entry.phase === "initial");
      rows.push({ label: benchPage.label, path: benchPage.path, js: sum(initial, "js"), css: sum(initial, "css"), map, mapLoadedEarly });
      await context.close();
    }
    return rows;
  } finally {
    await browser.close();
  }
}

export const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const cell = (bundle: Bundle) => `${kB(bundle.gzip)} (${bundle.files})`;

export function assetsTable(rows: AssetRow[]): string {
  const lines = [
    "| page | path | JS gzip kB (files) | CSS gzip kB (files) | map chunk JS gzip kB (files) | map chunk CSS gzip kB (files) |",
    "|---|---|---:|---:|---:|---:|",
  ];
  for (const row of rows) {
    const mapJs = row.map ? cell(row.map.js) : "—";
    const mapCss = row.map ? cell(row.map.css) : "—";
    lines.push(`| ${row.label} | \`${row.path}\` | ${cell(row.js)} | ${cell(row.css)} | ${mapJs} | ${mapCss} |`);
  }
  const early = rows.filter((row) => row.mapLoadedEarly).map((row) => row.label);
  if (early.length) lines.push("", `The map loaded without being opened on: ${early.join(", ")} (its chunk is then in the first columns).`);
  return lines.join("\n");
}
