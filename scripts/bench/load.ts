/**
 * Throughput of a page beside its ceiling: the same bytes served as a static file by the same
 * server through the same compression middleware (the production app serves build/client).
 */
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import type { BenchPage } from "./pages.ts";

export const CONNECTIONS = 50;
/** Browsers offer both; the compression middleware picks br, for the page and the file alike. */
const HEADERS = { "accept-encoding": "gzip, br" };
const CEILING_DIR = "build/client/__bench";
/** Two requests per connection: the warm-up, and the least a measurement makes. */
export const MIN_REQUESTS = CONNECTIONS * 2;
/** A request slower than this fails the run: a page that slow under load is a finding, not a figure. */
const TIMEOUT_SECONDS = 60;

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
}

/**
 * A warm-up of two requests per connection (discarded), then about `seconds` of load at 50
 * connections. Both runs are a number of requests rather than a time, so every request is
 * answered before the run ends: none is left for the server to finish while the next run is
 * measured, and a slow page (50 connections × a slow render) still completes two rounds.
 * Anything but 2xx fails.
 */
export async function measure(url: string, seconds: number): Promise<LoadFigures> {
  const warmup = await run(url, MIN_REQUESTS);
  const rate = warmup["2xx"] / warmup.duration;
  const result = await run(url, Math.max(MIN_REQUESTS, Math.round(rate * seconds)));
  return { rps: result["2xx"] / result.duration, p50: result.latency.p50, p99: result.latency.p99 };
}

async function run(url: string, amount: number) {
  // autocannon notices the end at its next sample, so sample often: the run's duration is then exact to 10 ms.
  const result = await autocannon({ url, connections: CONNECTIONS, amount, timeout: TIMEOUT_SECONDS, headers: HEADERS, sampleInt: 10 });
  if (result.non2xx || result.errors || result.timeouts) {
    const codes = Object.entries(result.statusCodeStats)
      .map(([code, { count }]) => `${code}×${count}`)
      .join(", ");
    throw new Error(
      `${url}: ${result.non2xx} non-2xx answers (${codes}), ${result.errors} errors, ${result.timeouts} timeouts (over ${TIMEOUT_SECONDS} s)`,
    );
  }
  return result;
}

export const ceilingPath = (page: BenchPage) => `/__bench/${page.key}.${page.ext}`;

export interface Ceiling {
  /** Size of the decoded body. */
  bytes: number;
  /** Content-Encoding of the page and of its static copy. */
  pageEncoding: string | null;
  fileEncoding: string | null;
}

/**
 * Writes each page's decoded bytes (fetched once, anonymously) to build/client/__bench and
 * notes the content encoding each goes out with. They differ only for a tiny body: the
 * compression middleware skips a static file under 1 kB but compresses a streamed page.
 */
export async function writeCeilings(origin: string, pages: BenchPage[]): Promise<Map<BenchPage["key"], Ceiling>> {
  fs.rmSync(CEILING_DIR, { recursive: true, force: true });
  fs.mkdirSync(CEILING_DIR, { recursive: true });
  const ceilings = new Map<BenchPage["key"], Ceiling>();
  for (const page of pages) {
    const response = await fetch(`${origin}${page.path}`, { redirect: "manual", headers: HEADERS });
    if (response.status !== 200) throw new Error(`GET ${page.path} answered ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    fs.writeFileSync(path.join(CEILING_DIR, `${page.key}.${page.ext}`), bytes);
    const copy = await fetch(`${origin}${ceilingPath(page)}`, { headers: HEADERS });
    await copy.arrayBuffer();
    if (copy.status !== 200) throw new Error(`GET ${ceilingPath(page)} answered ${copy.status}`);
    ceilings.set(page.key, {
      bytes: bytes.length,
      pageEncoding: response.headers.get("content-encoding"),
      fileEncoding: copy.headers.get("content-encoding"),
    });
  }
  return ceilings;
}

export function removeCeilings(): void {
  fs.rmSync(CEILING_DIR, { recursive: true, force: true });
}
