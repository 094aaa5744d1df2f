import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every source file under app/, repo-relative. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) ? [path.relative(process.cwd(), file).split(path.sep).join("/")] : [];
  });
}

/** The name a reader tells a module by: without folder, extension, `.server`, `.client` or `.test`. */
const baseName = (file: string) =>
  path.posix
    .basename(file)
    .replace(/\.tsx?$/, "")
    .replace(/\.test$/, "")
    .replace(/\.(server|client)$/, "");

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const isRoute = (file: string) => file.startsWith("app/routes/");

/**
 * Files that may share a base name: a module and its own tests beside it, and a route module and
 * its own server module beside it (`screen.tsx` + `screen.server.ts`, the one shape of a screen).
 */
function mayShare(files: readonly string[]): boolean {
  const folders = new Set(files.map((file) => path.posix.dirname(file)));
  if (folders.size > 1) return false;
  const modules = files.filter((file) => !isTest(file));
  if (modules.length <= 1) return true;
  return (
    modules.length === 2 &&
    modules.every(isRoute) &&
    modules.some((file) => !file.endsWith(".server.ts")) &&
    modules.some((file) => file.endsWith(".server.ts"))
  );
}

describe("file names (decision 017, issue 36 point 5)", () => {
  it("no two modules under app/ share a base name", () => {
    const byName = new Map<string, string[]>();
    for (const file of sources(path.resolve("app"))) byName.set(baseName(file), [...(byName.get(baseName(file)) ?? []), file]);
    const colliding = [...byName.values()].filter((files) => files.length > 1 && !mayShare(files));
    expect(colliding).toEqual([]);
  });
});
