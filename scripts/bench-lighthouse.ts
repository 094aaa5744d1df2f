/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, Debian's Chromium) for the public page
 * templates of the built app, served on loopback from a fresh demo database. Prints scores.
 * `npm run bench` runs the same audit as part of the whole performance budget.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { lighthouseTable, runLighthouse } from "./bench/lighthouse.ts";
import { discoverPages, lighthousePages } from "./bench/pages.ts";
import { startServer, type BenchServer } from "./bench/server.ts";

const port = process.env.LIGHTHOUSE_PORT ? Number(process.env.LIGHTHOUSE_PORT) : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-lighthouse-"));

let server: BenchServer | undefined;
try {
  // The embedded database: seeded with the demo catalogue on this first start.
  server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: undefined }, port);
  const pages = lighthousePages(await discoverPages(server.origin));
  console.log(lighthouseTable(await runLighthouse(server.browserOrigin, pages)));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
