/**
 * The page cache under a flood of addresses nobody asks for twice (decision 046): a set of
 * pages is made hot (each asked for three times), then 20 connections ask for
 * `/hotels?bust=<random>` and then for `/hotels?search=<random>` for 15 s each, while a probe
 * walks the hot set one request at a time. Printed: the probe's latency and the share of its
 * answers served from the cache, before, during and after each flood.
 *
 *   npm run build && node scripts/bench-page-cache-flood.ts
 *
 * The page cache's TTL is 600 s here so that no hot page expires during the run: what is
 * measured is eviction, not expiry.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startServer } from "./bench/server.ts";

const HOT_PAGES = 400;
const FLOOD_SECONDS = 15;
const FLOOD_CONNECTIONS = 20;
const HEADERS = { "accept-encoding": "gzip, br" };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-bench-flood-"));
const server = await startServer({
  DATA_DIR: dataDir,
  SEED_DEMO: "auto",
  DATABASE_URL: undefined,
  LOG_REQUESTS: "0",
  SERVER_TIMING: "all",
  PAGE_CACHE_TTL_MS: "600000",
});

interface Probe {
  p50: number;
  p95: number;
  hits: number;
}

async function probe(paths: string[]): Promise<Probe> {
  const times: number[] = [];
  let hits = 0;
  for (const pathname of paths) {
    const started = performance.now();
    const response = await fetch(server.origin + pathname, { headers: HEADERS });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.headers.get("server-timing")?.includes("cache;desc=hit")) hits++;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p95: at(0.95), hits: hits / paths.length };
}

async function warm(paths: string[]) {
  for (let round = 0; round < 3; round++) for (const pathname of paths) await (await fetch(server.origin + pathname)).arrayBuffer();
}

const format = (label: string, figures: Probe) =>
  `${label.padEnd(34)} p50 ${figures.p50.toFixed(1).padStart(7)} ms   p95 ${figures.p95.toFixed(1).padStart(7)} ms   from cache ${(figures.hits * 100).toFixed(0).padStart(3)} %`;

async function flood(label: string, junk: () => string) {
  await warm(hot);
  console.log(format(`${label}: before`, await probe(hot)));
  const load = autocannon({
    url: `${server.origin}/hotels`,
    connections: FLOOD_CONNECTIONS,
    duration: FLOOD_SECONDS,
    headers: HEADERS,
    requests: [{ setupRequest: (request) => ({ ...request, path: junk() }) }],
  });
  // Let the flood fill (or not) the cache first, then walk the hot set under it.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  console.log(format(`${label}: during`, await probe(hot)));
  const result = await load;
  console.log(`${"".padEnd(34)} flood: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms`);
  console.log(format(`${label}: after`, await probe(hot)));
}

const random = () => crypto.randomBytes(6).toString("hex");
let hot: string[] = [];
try {
  const sitemap = await (await fetch(`${server.origin}/sitemap.xml`)).text();
  const hotels = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((match) => new URL(match[1]!).pathname)
    .filter((pathname) => pathname.split("/").length === 4);
  hot = ["/", "/hotels", "/blog", ...hotels].slice(0, HOT_PAGES);
  console.log(`${hot.length} hot pages; flood: ${FLOOD_CONNECTIONS} connections for ${FLOOD_SECONDS} s each`);
  await flood("?bust=<random>", () => `/hotels?bust=${random()}`);
  await flood("?search=<random>", () => `/hotels?search=${random()}`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
