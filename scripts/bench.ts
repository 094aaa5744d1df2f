/**
 * `npm run bench`: the performance budget. Builds, then serves the production build on
 * loopback against PostgreSQL (the throwaway cluster of scripts/with-postgres.sh) with the demo
 * catalogue and with 100,000 hotels, each once without and once with the page cache, and prints
 * Markdown tables: throughput beside each page's static-file ceiling, JavaScript and CSS per
 * page type, Lighthouse for the four public templates, and whether each target is met. The
 * same text goes to bench-results/latest.md. Progress goes to stderr.
 *
 *   npm run bench -- [--sizes demo,100k] [--duration 5] [--skip-lighthouse] [--skip-build]
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { z } from "zod";
import { openDatabase } from "#app/db/db.server.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { seedDemoCatalogue } from "#app/operations/seed.server.ts";
import { assetsTable, kB, measureAssets, type AssetRow } from "./bench/assets.ts";
import { lighthouseTable, runLighthouse, type LighthouseRow } from "./bench/lighthouse.ts";
import {
  ceilingPath,
  CONNECTIONS,
  measure,
  MIN_REQUESTS,
  removeCeilings,
  writeCeilings,
  type Ceiling,
  type LoadFigures,
} from "./bench/load.ts";
import { discoverPages, lighthousePages, type BenchPage } from "./bench/pages.ts";
import { requireBuild, startServer, type BenchServer } from "./bench/server.ts";
import { benchReport } from "./bench/report.ts";

const SIZES = {
  demo: { database: "hg_bench_demo", hotels: null, title: "demo catalogue" },
  "100k": { database: "hg_bench_100k", hotels: 100_000, title: "100k catalogue" },
} as const;
type SizeKey = keyof typeof SIZES;

const TARGETS = { uncachedShare: 10, cachedShare: 70, performance: 95, otherScores: 100, jsBudget: 100_000 };

const flagsSchema = z.object({
  sizes: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((size) => size.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(Object.keys(SIZES) as [SizeKey, ...SizeKey[]])).min(1)),
  duration: z.coerce.number().int().min(1).max(600),
  "skip-lighthouse": z.boolean(),
  "skip-build": z.boolean(),
});
const USAGE = "Usage: npm run bench -- [--sizes demo,100k] [--duration 5] [--skip-lighthouse] [--skip-build]";
let parsedFlags;
try {
  parsedFlags = flagsSchema.safeParse(
    parseArgs({
      options: {
        sizes: { type: "string", default: "demo,100k" },
        duration: { type: "string", default: "5" },
        "skip-lighthouse": { type: "boolean", default: false },
        "skip-build": { type: "boolean", default: false },
      },
    }).values,
  );
} catch (error) {
  // An unknown flag or a missing value.
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(1);
}
if (!parsedFlags.success) {
  console.error(`Bad flags: ${z.prettifyError(parsedFlags.error)}\n${USAGE}`);
  process.exit(1);
}
const flags = parsedFlags.data;
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error("TEST_DATABASE_URL is not set: run `npm run bench`, which starts a throwaway PostgreSQL (scripts/with-postgres.sh).");
  process.exit(1);
}

const { progress, emit, write } = benchReport("bench");

/** A measurement, or why there is none (an answer other than 2xx, a timeout). */
type Outcome = LoadFigures | { error: string };
type Pair = { page: Outcome; ceiling: Outcome };
interface Row {
  page: BenchPage;
  ceiling: Ceiling;
  uncached: Pair;
  cached: Pair;
}
const failed = (outcome: Outcome): outcome is { error: string } => "error" in outcome;
const share = (run: Pair) => (failed(run.page) || failed(run.ceiling) ? null : (100 * run.page.rps) / run.ceiling.rps);
const failures: string[] = [];

// Stopped on the way out, whatever happens (also on Ctrl-C).
const running = new Set<BenchServer>();
async function cleanUp() {
  await Promise.all([...running].map((server) => server.stop()));
  running.clear();
  removeCeilings();
}
process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));
process.once("SIGTERM", () => void cleanUp().finally(() => process.exit(143)));

async function serve(env: Record<string, string | undefined>): Promise<BenchServer> {
  const server = await startServer({ SESSION_SECRET: randomBytes(36).toString("base64url"), ...env });
  running.add(server);
  return server;
}
async function stop(server: BenchServer) {
  running.delete(server);
  await server.stop();
}

/** A fresh, empty database on the throwaway cluster; its URL. */
async function freshDatabase(name: string): Promise<string> {
  const admin = openDatabase({ databaseUrl: serverUrl });
  try {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
    await sql`create database ${sql.id(name)}`.execute(admin.db);
  } finally {
    await admin.close();
  }
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withDatabase<T>(databaseUrl: string, work: (db: ReturnType<typeof openDatabase>["db"]) => Promise<T>): Promise<T> {
  const handle = openDatabase({ databaseUrl, statementTimeoutMs: 600_000 });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * A failed measurement (any answer but 2xx) is reported in the table and makes the whole run
 * fail at the end, after the other pages have been measured.
 */
async function attempt(url: string, what: string): Promise<Outcome> {
  try {
    return await measure(url, flags.duration);
  } catch (error) {
    const message = `${what}: ${(error as Error).message}`;
    failures.push(message);
    progress(`FAILED ${message}`);
    return { error: (error as Error).message };
  }
}

async function loadAll(server: BenchServer, pages: BenchPage[], label: string) {
  const results = new Map<BenchPage["key"], Pair>();
  for (const page of pages) {
    progress(`${label}: ${page.path} and its ceiling`);
    // Back to back, so both see the same machine (others share these two cores).
    const pageOutcome = await attempt(`${server.origin}${page.path}`, `${label}, ${page.label}`);
    const ceiling = await attempt(`${server.origin}${ceilingPath(page)}`, `${label}, ${page.label}'s ceiling`);
    results.set(page.key, { page: pageOutcome, ceiling });
  }
  return results;
}

const ms = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
function throughputTable(rows: Row[]): string {
  const lines = [
    "| page | path | body kB | page cache | req/s | p50 ms | p99 ms | ceiling req/s | ceiling p50 ms | ceiling p99 ms | share of ceiling |",
    "|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  const notes: string[] = [];
  for (const row of rows) {
    const { pageEncoding, fileEncoding, bytes } = row.ceiling;
    const mismatch = pageEncoding !== fileEncoding;
    if (mismatch) {
      notes.push(
        `\\* ${row.page.label}: the page goes out as ${pageEncoding ?? "identity"}, its static copy (${bytes} bytes) as ${fileEncoding ?? "identity"}` +
          (bytes < 1024
            ? " (the compression middleware leaves a body of known length under 1 kB alone; a streamed page has no known length)."
            : "."),
      );
    }
    for (const mode of ["uncached", "cached"] as const) {
      const run = row[mode];
      const first = mode === "uncached";
      const figures = (outcome: Outcome) =>
        failed(outcome) ? "**failed** | | " : `${Math.round(outcome.rps)} | ${ms(outcome.p50)} | ${ms(outcome.p99)}`;
      const ratio = share(run);
      lines.push(
        `| ${first ? `${row.page.label}${mismatch ? "\\*" : ""}` : ""} | ${first ? `\`${row.page.path}\`` : ""} | ${first ? kB(bytes) : ""} | ${first ? "off" : "on"} | ` +
          `${figures(run.page)} | ${figures(run.ceiling)} | ${ratio === null ? "—" : `${ratio.toFixed(1)}%`} |`,
      );
      for (const [what, outcome] of [
        ["page", run.page],
        ["ceiling", run.ceiling],
      ] as const) {
        if (failed(outcome)) notes.push(`- ${row.page.label}, page cache ${first ? "off" : "on"}, ${what} failed: ${outcome.error}`);
      }
    }
  }
  return [...lines, ...(notes.length ? ["", ...notes] : [])].join("\n");
}

const throughput = new Map<SizeKey, Row[]>();
let assets: AssetRow[] | null = null;
let lighthouse: LighthouseRow[] | null = null;
let browserSize: SizeKey | null = null;

try {
  if (!flags["skip-build"]) {
    progress("npm run build");
    // The build's own output goes to stderr with the progress, keeping stdout for the tables.
    const build = spawnSync("npm", ["run", "build"], { stdio: ["ignore", 2, 2] });
    if (build.status !== 0) throw new Error("npm run build failed");
  }
  requireBuild();

  for (const sizeKey of flags.sizes) {
    const size = SIZES[sizeKey];
    const databaseUrl = await freshDatabase(size.database);
    const base = { DATABASE_URL: databaseUrl, SEED_DEMO: size.hotels ? "never" : "always" };
    if (size.hotels) {
      progress(`seeding ${size.title} into ${size.database}`);
      await withDatabase(databaseUrl, async (db) => {
        await migrate(undefined, db);
        await seedDemoCatalogue({ hotels: size.hotels }, db);
      });
    }

    progress(`${size.title}: starting the server without the page cache`);
    // Seeds the demo catalogue on its first start (SEED_DEMO=always).
    const uncached = await serve({ ...base, PAGE_CACHE_TTL_MS: "0" });
    const hotels = await withDatabase(databaseUrl, async (db) => {
      await sql`analyze`.execute(db);
      const { count } = await db
        .selectFrom("hotels")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(count);
    });
    const pages = await discoverPages(uncached.origin);
    const ceilings = await writeCeilings(uncached.origin, pages);
    const uncachedRuns = await loadAll(uncached, pages, `${size.title}, uncached`);
    await stop(uncached);

    progress(`${size.title}: starting the server with the page cache (defaults)`);
    const cached = await serve({ ...base, PAGE_CACHE_TTL_MS: undefined });
    const cachedRuns = await loadAll(cached, pages, `${size.title}, cached`);
    const rows = pages.map((page) => ({
      page,
      ceiling: ceilings.get(page.key)!,
      uncached: uncachedRuns.get(page.key)!,
      cached: cachedRuns.get(page.key)!,
    }));
    throughput.set(sizeKey, rows);
    emit(
      `## Throughput: ${size.title} (${hotels.toLocaleString("en")} hotels in PostgreSQL)\n\n` +
        `autocannon, ${CONNECTIONS} connections, \`Accept-Encoding: gzip, br\`; each run about ${flags.duration} s (at least ${MIN_REQUESTS} requests) ` +
        `after a warm-up of ${MIN_REQUESTS} requests. ` +
        `The ceiling is the same bytes as a static file from the same server (same compression), measured right after the page.\n\n` +
        throughputTable(rows),
    );

    // Page weight and Lighthouse do not depend on the catalogue's size: measured once, on the first.
    if (!browserSize) {
      browserSize = sizeKey;
      progress(`${size.title}: JavaScript and CSS per page type in Chromium`);
      assets = await measureAssets(cached.browserOrigin, pages);
      emit(
        `## JavaScript and CSS per page type (${size.title})\n\n` +
          "A first visit in Chromium at 412×823 (a phone), everything until the network is idle; the map's chunk is what opening the map adds. " +
          "Each file gzipped at level 6; kB = 1,000 bytes.\n\n" +
          assetsTable(assets),
      );
      if (!flags["skip-lighthouse"]) {
        progress(`${size.title}: Lighthouse`);
        lighthouse = await runLighthouse(cached.browserOrigin, lighthousePages(pages));
        emit(
          `## Lighthouse (mobile preset, Debian's Chromium, ${size.title}, page cache on; median of 3 runs by performance)\n\n${lighthouseTable(lighthouse)}`,
        );
      }
    }
    await stop(cached);
    removeCeilings();
  }

  emit(`## Targets\n\n${targets().join("\n")}`);
  write("latest.md", "npm run bench");
  progress("written to bench-results/latest.md");
  if (failures.length) {
    console.error(
      `\nThe benchmark failed: ${failures.length} measurement(s) saw answers other than 2xx:\n${failures.map((f) => `  ${f}`).join("\n")}`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`\nThe benchmark failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}

function targets(): string[] {
  const verdict = (met: boolean) => (met ? "met" : "**NOT met**");
  const lines: string[] = [];
  for (const [sizeKey, rows] of throughput) {
    for (const [mode, target] of [
      ["uncached", TARGETS.uncachedShare],
      ["cached", TARGETS.cachedShare],
    ] as const) {
      const measured = rows.flatMap((row) => {
        const ratio = share(row[mode]);
        return ratio === null ? [] : [{ label: row.page.label, ratio }];
      });
      const broken = rows.filter((row) => share(row[mode]) === null).map((row) => row.page.label);
      const worst = measured.reduce<{ label: string; ratio: number } | null>(
        (low, next) => (!low || next.ratio < low.ratio ? next : low),
        null,
      );
      lines.push(
        `- ${verdict(!broken.length && !!worst && worst.ratio >= target)}: ${mode}, every public page at least ${target}% of its ceiling (${SIZES[sizeKey].title}) — ` +
          [worst ? `lowest ${worst.label} at ${worst.ratio.toFixed(1)}%` : "", broken.length ? `failed: ${broken.join(", ")}` : ""]
            .filter(Boolean)
            .join("; "),
      );
    }
  }
  if (lighthouse) {
    const low = (key: keyof LighthouseRow["scores"]) => lighthouse!.reduce((min, row) => (row.scores[key] < min.scores[key] ? row : min));
    const perf = low("performance");
    lines.push(
      `- ${verdict(perf.scores.performance >= TARGETS.performance)}: Lighthouse performance ≥ ${TARGETS.performance} — lowest ${perf.label} at ${perf.scores.performance}`,
    );
    for (const [key, name] of [
      ["accessibility", "accessibility"],
      ["best-practices", "best practices"],
      ["seo", "SEO"],
    ] as const) {
      const row = low(key);
      lines.push(
        `- ${verdict(row.scores[key] >= TARGETS.otherScores)}: Lighthouse ${name} ${TARGETS.otherScores} — lowest ${row.label} at ${row.scores[key]}`,
      );
    }
  } else {
    lines.push("- not measured: Lighthouse (--skip-lighthouse)");
  }
  if (assets) {
    const heaviest = assets.reduce((max, row) => (row.js.gzip > max.js.gzip ? row : max));
    lines.push(
      `- ${verdict(assets.every((row) => row.js.gzip < TARGETS.jsBudget))}: under ${TARGETS.jsBudget / 1000} kB of gzip JavaScript on any public page before the map loads — ` +
        `heaviest ${heaviest.label} at ${kB(heaviest.js.gzip)} kB`,
    );
  }
  return lines;
}
