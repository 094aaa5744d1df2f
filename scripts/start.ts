/**
 * `npm start`: builds the app when the build is missing or older than the sources, then
 * runs the production server. A second start reuses both the build and the data.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const BUILD_MARKER = "build/server/index.js";
const SOURCES = [
  "app",
  "server",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];

function newestChange(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

const builtAt = fs.existsSync(BUILD_MARKER) ? fs.statSync(BUILD_MARKER).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map(newestChange));
if (builtAt < sourcesAt) {
  console.log(builtAt ? "Sources changed since the last build; building…" : "No build yet; building…");
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= "production";
await import("../server/main.ts");
