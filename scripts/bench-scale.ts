/**
 * `npm run bench:scale`: the catalogue at scale. For each size, a fresh PostgreSQL database gets
 * the demo catalogue (600 hotels, posts, partners), then the rest of the hotels and their offers
 * through the real importer (`npm run import`, a child process, as in production). Then the
 * production build is served on loopback without and with the page cache, and every public page,
 * search suggestions and the sitemap (an index past 50,000 addresses) is measured beside two
 * ceilings: the same bytes as a static file from the same server, and the same bytes brotli'd
 * beforehand and answered from memory by a bare node:http server. Also: import rate, database
 * size, the app's memory (RSS) after start and after the load, with PostgreSQL and with PGlite,
 * and EXPLAIN (ANALYZE, BUFFERS) of every query each page runs (auto_explain), written to
 * bench-results/explain-{size}.md. Figures only; the report goes to bench-results/scale.md.
 *
 *   npm run bench:scale -- [--sizes demo,100k,1m] [--duration 5] [--skip-build]
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { openDatabase } from "#app/db/db.server.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { seedDemoCatalogue } from "#app/operations/seed.server.ts";
import { startBareCeiling } from "./bench/bare-ceiling.ts";
import { measure, type LoadFigures } from "./bench/load.ts";
import { discoverPages, type BenchPage } from "./bench/pages.ts";
import { requireBuild, startServer, type BenchServer } from "./bench/server.ts";
import { writeDemoFeed, writeDemoOfferFeed } from "./make-feed.ts";
import { benchReport } from "./bench/report.ts";

const SIZES = { demo: 600, "100k": 100_000, "1m": 1_000_000 } as const;
type SizeKey = keyof typeof SIZES;
const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "demo,100k,1m" },
    duration: { type: "string", default: "5" },
    "skip-build": { type: "boolean", default: false },
  },
});
const sizes = values.sizes.split(",").map((size) => size.trim()) as SizeKey[];
if (!sizes.length || sizes.some((size) => !(size in SIZES))) throw new Error(`--sizes takes ${Object.keys(SIZES).join(", ")}`);
const DURATION = Number(values.duration);
const serverUrl = process.env.TEST_DATABASE_URL;
const serverLog = process.env.TEST_DATABASE_LOG;
if (!serverUrl || !serverLog) {
  console.error("Run `npm run bench:scale`: it starts a throwaway PostgreSQL (scripts/with-postgres.sh) and names its log.");
  process.exit(1);
}

const { progress, emit, write } = benchReport("scale");
const int = (value: number) => Math.round(value).toLocaleString("en");
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

/** The server's resident memory now (Linux). */
function rss(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("VmRSS:"));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

/** Samples a server's RSS every 100 ms until stopped; gives the highest. */
function watchPeakRss(pid: number): { stop(): number } {
  let peak = rss(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rss(pid))), 100);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rss(pid));
    },
  };
}

/** RSS once the server has been idle for 30 s: V8 shrinks its heap some seconds after a load, not at once (10 s was not always enough). */
async function settledRss(pid: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 30_000));
  return rss(pid);
}

/** "135 MB after start, 380 MB at the peak, 330 MB right after, 220 MB 30 s later". */
const memoryFigures = (figures: { afterStart?: number; peak: number; afterLoad: number; settled: number }) =>
  [
    ...(figures.afterStart === undefined ? [] : [`${mb(figures.afterStart)} after start`]),
    `${mb(figures.peak)} at the peak of the load`,
    `${mb(figures.afterLoad)} right after it`,
    `${mb(figures.settled)} after 30 s idle`,
  ].join(", ");

async function withAdmin<T>(databaseUrl: string, work: (db: ReturnType<typeof openDatabase>["db"]) => Promise<T>): Promise<T> {
  const handle = openDatabase({ databaseUrl, statementTimeoutMs: 3_600_000 });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

async function freshDatabase(name: string): Promise<string> {
  await withAdmin(serverUrl!, async (db) => {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(db);
    await sql`create database ${sql.id(name)}`.execute(db);
  });
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `npm run import -- …` against the bench database; its wall time. */
function importCli(args: string[], databaseUrl: string): number {
  const begun = performance.now();
  const run = spawnSync(process.execPath, ["scripts/import.ts", ...args, "--batch", "5000"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (run.status !== 0) throw new Error(`npm run import ${args.join(" ")} exited with ${run.status}`);
  return performance.now() - begun;
}

async function serve(env: Record<string, string | undefined>): Promise<BenchServer> {
  return startServer({ SESSION_SECRET: randomBytes(36).toString("base64url"), ...env });
}

/** What one request of each page asks the database, as auto_explain logs it (a warm second request). */
async function explainPages(databaseUrl: string, database: string, pages: { label: string; path: string }[], size: SizeKey) {
  const settings = {
    session_preload_libraries: "auto_explain",
    "auto_explain.log_min_duration": "0",
    "auto_explain.log_analyze": "on",
    "auto_explain.log_buffers": "on",
    "auto_explain.log_timing": "on",
  };
  await withAdmin(serverUrl!, async (db) => {
    for (const [name, value] of Object.entries(settings))
      await sql.raw(`alter database "${database}" set ${name} = '${value}'`).execute(db);
  });
  const server = await serve({ DATABASE_URL: databaseUrl, SEED_DEMO: "never", PAGE_CACHE_TTL_MS: "0" });
  const out: string[] = [`# EXPLAIN (ANALYZE, BUFFERS) per page, ${size} (${int(SIZES[size])} hotels)`, ""];
  try {
    for (const page of pages) {
      await (await fetch(`${server.origin}${page.path}`)).arrayBuffer();
      const from = fs.statSync(serverLog!).size;
      await (await fetch(`${server.origin}${page.path}`)).arrayBuffer();
      // The log is written by another process: give it a moment to reach the file.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const text = fs.readFileSync(serverLog!, "utf8").slice(from);
      const plans = text.split(/\n(?=\S.*LOG:\s+duration:)/).filter((entry) => entry.includes("duration:"));
      out.push(`## ${page.label} \`${page.path}\`: ${plans.length} queries`, "", "```", ...plans.map((plan) => plan.trim()), "```", "");
    }
  } finally {
    await server.stop();
    await withAdmin(serverUrl!, async (db) => {
      for (const name of Object.keys(settings)) await sql.raw(`alter database "${database}" reset ${name}`).execute(db);
    });
  }
  fs.mkdirSync("bench-results", { recursive: true });
  fs.writeFileSync(`bench-results/explain-${size}.md`, out.join("\n"));
}

/** One request at a time: what one visitor typing waits, not a queue under load. */
async function suggestionLatency(origin: string): Promise<{ p50: number; p95: number; count: number }> {
  const prefixes = ["s", "st", "sto", "stoc", "mal", "par", "rom", "lon", "hotel", "spa", "ber", "osl", "gr", "ba", "ne"];
  const times: number[] = [];
  for (let round = 0; round < 10; round++) {
    for (const prefix of prefixes) {
      const begun = performance.now();
      const response = await fetch(`${origin}/resources/suggestions?q=${encodeURIComponent(prefix)}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`suggestions ${prefix}: ${response.status}`);
      if (round > 0) times.push(performance.now() - begun);
    }
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]!, count: times.length };
}

interface PageRow {
  label: string;
  path: string;
  bytes: number;
  uncached: LoadFigures;
  cached: LoadFigures;
  staticCeiling: LoadFigures;
  bare: LoadFigures;
}

const share = (page: LoadFigures, ceiling: LoadFigures) => `${((100 * page.rps) / ceiling.rps).toFixed(1)}%`;
const summaries = new Map<SizeKey, PageRow[]>();

async function measureSize(size: SizeKey) {
  const hotels = SIZES[size];
  const database = `hg_scale_${size}`;
  const databaseUrl = await freshDatabase(database);
  progress(`${size}: the demo catalogue`);
  await withAdmin(databaseUrl, async (db) => {
    await migrate(undefined, db);
    await seedDemoCatalogue(undefined, db);
  });
  const imports: string[] = [];
  if (hotels > 600) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-scale-"));
    try {
      const feed = path.join(dir, "hotels.ndjson");
      const offers = path.join(dir, "offers.ndjson");
      progress(`${size}: writing feeds`);
      await writeDemoFeed(feed, hotels, "ndjson");
      await writeDemoOfferFeed(offers, hotels, "ndjson");
      progress(`${size}: importing ${int(hotels)} hotels`);
      const hotelMs = importCli([feed], databaseUrl);
      progress(`${size}: importing ${int(hotels)} offers`);
      const offerMs = importCli(["--offers", offers], databaseUrl);
      imports.push(
        `hotels: ${int(hotels)} rows in ${(hotelMs / 1000).toFixed(1)} s (${int(hotels / (hotelMs / 1000))} rows/s)`,
        `offers: ${int(hotels)} rows in ${(offerMs / 1000).toFixed(1)} s (${int(hotels / (offerMs / 1000))} rows/s)`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const facts = await withAdmin(databaseUrl, async (db) => {
    await sql`vacuum analyze`.execute(db);
    const count = async (table: "hotels" | "hotel_offers") =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const { rows } = await sql<{ bytes: number }>`select pg_database_size(current_database()) as bytes`.execute(db);
    return { hotels: await count("hotels"), offers: await count("hotel_offers"), bytes: Number(rows[0]!.bytes) };
  });

  const base = { DATABASE_URL: databaseUrl, SEED_DEMO: "never" };
  progress(`${size}: the pages, and EXPLAIN of their queries`);
  const probe = await serve({ ...base, PAGE_CACHE_TTL_MS: "0" });
  let pages: BenchPage[];
  try {
    pages = await discoverPages(probe.origin);
  } finally {
    await probe.stop();
  }
  const measured: { label: string; path: string }[] = [
    ...pages.map((page) => ({ label: page.label, path: page.path })),
    { label: "suggestions", path: "/resources/suggestions?q=sto" },
  ];
  await explainPages(databaseUrl, database, measured, size);

  const uncached = await serve({ ...base, PAGE_CACHE_TTL_MS: "0" });
  const afterStart = rss(uncached.pid);
  const uncachedPeak = watchPeakRss(uncached.pid);
  const bodies = new Map<string, { body: Buffer; contentType: string }>();
  for (const page of measured) {
    const response = await fetch(`${uncached.origin}${page.path}`);
    bodies.set(page.path, {
      body: Buffer.from(await response.arrayBuffer()),
      contentType: response.headers.get("content-type") ?? "text/html",
    });
  }
  // The static-file ceiling: the same bytes from build/client through the same server.
  const staticDir = path.join("build/client/__scale");
  fs.mkdirSync(staticDir, { recursive: true });
  const staticPath = (index: number) =>
    `/__scale/${index}.${measured[index]!.path.startsWith("/sitemap") ? "xml" : measured[index]!.path.startsWith("/resources") ? "json" : "html"}`;
  measured.forEach((page, index) => fs.writeFileSync(path.join("build/client", staticPath(index)), bodies.get(page.path)!.body));
  const bare = await startBareCeiling(bodies);
  const rows: PageRow[] = [];
  let cached: BenchServer | undefined;
  try {
    const runs = new Map<string, Omit<PageRow, "cached">>();
    for (const [index, page] of measured.entries()) {
      progress(`${size}, uncached: ${page.path}`);
      runs.set(page.path, {
        label: page.label,
        path: page.path,
        bytes: bodies.get(page.path)!.body.length,
        uncached: await measure(`${uncached.origin}${page.path}`, DURATION),
        staticCeiling: await measure(`${uncached.origin}${staticPath(index)}`, DURATION),
        bare: await measure(`${bare.origin}${page.path}`, DURATION),
      });
    }
    const latency = await suggestionLatency(uncached.origin);
    const uncachedMemory = { afterStart, peak: uncachedPeak.stop(), afterLoad: rss(uncached.pid), settled: await settledRss(uncached.pid) };
    await uncached.stop();
    cached = await serve(base);
    const cachedPeak = watchPeakRss(cached.pid);
    for (const page of measured) {
      progress(`${size}, cached: ${page.path}`);
      rows.push({ ...runs.get(page.path)!, cached: await measure(`${cached.origin}${page.path}`, DURATION) });
    }
    const cachedMemory = { peak: cachedPeak.stop(), afterLoad: rss(cached.pid), settled: await settledRss(cached.pid) };
    summaries.set(size, rows);
    emit(
      [
        `## ${size}: ${int(facts.hotels)} hotels, ${int(facts.offers)} offers, database ${mb(facts.bytes)}`,
        "",
        ...(imports.length ? ["Import through `npm run import` (batches of 5,000): " + imports.join("; ") + ".", ""] : []),
        `Suggestions one request at a time (${latency.count} requests, 15 prefixes): p50 ${latency.p50.toFixed(1)} ms, p95 ${latency.p95.toFixed(1)} ms.`,
        "",
        `App server RSS with PostgreSQL, uncached: ${memoryFigures(uncachedMemory)}. Cached: ${memoryFigures(cachedMemory)}.`,
        "",
        `autocannon, 50 connections, \`Accept-Encoding: gzip, br\`, about ${DURATION} s a run. Static: the same bytes from the same server as a file. Bare: the same bytes brotli'd beforehand, from memory, by a bare node:http server.`,
        "",
        "| page | path | kB | uncached req/s | p50 ms | static req/s | uncached / static | cached req/s | bare req/s | cached / bare |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        ...rows.map(
          (row) =>
            `| ${row.label} | \`${row.path}\` | ${(row.bytes / 1000).toFixed(1)} | ${int(row.uncached.rps)} | ${row.uncached.p50} | ${int(row.staticCeiling.rps)} | ${share(row.uncached, row.staticCeiling)} | ${int(row.cached.rps)} | ${int(row.bare.rps)} | ${share(row.cached, row.bare)} |`,
        ),
      ].join("\n"),
    );
  } finally {
    await uncached.stop();
    await cached?.stop();
    await bare.stop();
    fs.rmSync(staticDir, { recursive: true, force: true });
  }
}

/** The embedded default: memory after start and after the same pages under load. */
async function pgliteMemory() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-scale-pglite-"));
  const server = await serve({ DATABASE_URL: undefined, DATA_DIR: dataDir, SEED_DEMO: "auto", PAGE_CACHE_TTL_MS: "0" });
  try {
    const afterStart = rss(server.pid);
    const peak = watchPeakRss(server.pid);
    for (const page of await discoverPages(server.origin)) await measure(`${server.origin}${page.path}`, 2);
    const figures = { afterStart, peak: peak.stop(), afterLoad: rss(server.pid), settled: await settledRss(server.pid) };
    emit(`## PGlite (embedded, demo catalogue)\n\nApp server RSS (2 s of load on each public page): ${memoryFigures(figures)}.`);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  if (!values["skip-build"]) {
    progress("npm run build");
    const build = spawnSync("npm", ["run", "build"], { stdio: ["ignore", 2, 2] });
    if (build.status !== 0) throw new Error("npm run build failed");
  }
  requireBuild();
  for (const size of sizes) await measureSize(size);
  await pgliteMemory();
  if (summaries.size > 1) {
    const [smallest] = [...summaries.keys()];
    const lines = [
      "| page | " + [...summaries.keys()].map((size) => `${size} uncached req/s`).join(" | ") + " | slowest vs " + smallest + " |",
      "|---|" + [...summaries.keys()].map(() => "---:|").join("") + "---:|",
    ];
    for (const [index, row] of summaries.get(smallest!)!.entries()) {
      const figures = [...summaries.values()].map((rows) => rows[index]!.uncached.rps);
      lines.push(`| ${row.label} | ${figures.map(int).join(" | ")} | ${(figures[0]! / Math.min(...figures)).toFixed(2)}× |`);
    }
    emit(`## Uncached throughput by catalogue size\n\n${lines.join("\n")}`);
  }
  write("scale.md", "npm run bench:scale");
  progress("written to bench-results/scale.md and bench-results/explain-*.md");
} catch (error) {
  console.error(`\nThe benchmark failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
}
