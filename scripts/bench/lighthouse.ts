/**
 * Lighthouse (its default mobile preset) in Debian's Chromium for a list of pages: the four
 * category scores, the main metrics and the audits that cost points.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "#tests/chromium.ts";

export const LIGHTHOUSE_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

export interface LighthouseRow {
  label: string;
  path: string;
  scores: Record<LighthouseCategory, number>;
  /** The performance score of every run, lowest first: the spread beside the median. */
  performanceRuns: number[];
  metrics: string;
  /** "category: audit-id — title" for each audit below full marks. */
  failures: string[];
}

const RUNS = 3;

/**
 * Lighthouse's performance score moves a few points from run to run: each page is measured
 * RUNS times and the run with the median performance score is reported, with every run's score
 * beside it (a page whose runs move between 95 and 100 shows it). A run that fails to record
 * the page (Chromium's NO_NAVSTART and the like) is tried again, up to twice.
 */
async function medianRun(port: number, url: string) {
  const runs: NonNullable<Awaited<ReturnType<typeof lighthouse>>>[] = [];
  let failures = 0;
  while (runs.length < RUNS) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...LIGHTHOUSE_CATEGORIES] });
    if (result && !result.lhr.runtimeError) {
      runs.push(result);
      continue;
    }
    if (++failures > 2) throw new Error(`Lighthouse could not load ${url}: ${result?.lhr.runtimeError?.message ?? "no result"}`);
  }
  runs.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
  return {
    median: runs[Math.floor(runs.length / 2)]!,
    performanceRuns: runs.map((run) => Math.round((run.lhr.categories.performance?.score ?? 0) * 100)),
  };
}

export async function runLighthouse(origin: string, pages: ReadonlyArray<{ label: string; path: string }>): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  try {
    const rows: LighthouseRow[] = [];
    for (const { label, path } of pages) {
      const { median, performanceRuns } = await medianRun(chrome.port, `${origin}${path}`);
      const { categories, audits } = median.lhr;
      const scores = Object.fromEntries(
        LIGHTHOUSE_CATEGORIES.map((key) => [key, Math.round((categories[key]?.score ?? 0) * 100)]),
      ) as Record<LighthouseCategory, number>;
      const metric = (id: string) => audits[id]?.displayValue ?? "?";
      const failures: string[] = [];
      for (const key of LIGHTHOUSE_CATEGORIES) {
        if (key === "performance") continue;
        for (const ref of categories[key]?.auditRefs ?? []) {
          const audit = audits[ref.id];
          if (
            audit &&
            audit.score !== null &&
            audit.score < 1 &&
            audit.scoreDisplayMode !== "informative" &&
            audit.scoreDisplayMode !== "manual"
          ) {
            // inspector-issues says only "issues were logged"; its items name them (e.g. a CSP violation).
            const items =
              (
                audit.details as
                  { items?: Array<{ issueType?: string; subItems?: { items?: Array<Record<string, unknown>> } }> } | undefined
              )?.items ?? [];
            const named = items
              .filter((item) => item.issueType)
              .map(
                (item) => `${item.issueType}${item.subItems?.items?.length ? `: ${JSON.stringify(item.subItems.items.slice(0, 3))}` : ""}`,
              );
            failures.push(`${key}: ${audit.id} — ${audit.title}${named.length ? ` (${named.join("; ")})` : ""}`);
          }
        }
      }
      rows.push({
        label,
        path,
        scores,
        performanceRuns,
        metrics:
          `FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, ` +
          `TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}`,
        failures,
      });
    }
    return rows;
  } finally {
    chrome.kill();
  }
}

/** A Markdown table, then the audits that cost points, indented under it. */
export function lighthouseTable(rows: LighthouseRow[]): string {
  const lines = [
    "| page | path | performance | runs | accessibility | best practices | SEO | metrics |",
    "|---|---|---:|---|---:|---:|---:|---|",
  ];
  for (const row of rows) {
    const s = row.scores;
    lines.push(
      `| ${row.label} | \`${row.path}\` | ${s.performance} | ${row.performanceRuns.join(" ")} | ${s.accessibility} | ${s["best-practices"]} | ${s.seo} | ${row.metrics} |`,
    );
  }
  const failures = rows.flatMap((row) => row.failures.map((failure) => `- ${row.label}: ${failure}`));
  if (failures.length) lines.push("", "Audits below full marks:", "", ...failures);
  return lines.join("\n");
}
