/**
 * The app as the integration tests run it: built once per Vitest run (tests/global-setup.ts)
 * from the current sources, with the same Vite and React Router configuration as
 * `npm run build`, into a throwaway folder; every test file then loads that bundle with
 * Node's own import (tests/app-server.ts). Loading the bundle costs about 0.5 s of CPU; starting
 * Vite's dev server and transforming the app through its module runner cost about 3.5 s, once
 * per test file (docs/decisions/035).
 *
 * Besides server/app.ts (the bundle `npm run build` makes), every module under app/ is an entry
 * of its own, sharing the bundle's chunks: a test imports the running app's own database handle,
 * caches, seed functions and route modules from the same module graph (TestApp.importApp).
 */
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { scratchRoot } from "#tests/db-template.ts";

/** The environment variable that carries the run's build folder to every test file and child process. */
export const APP_BUILD_ENV = "HG_TEST_APP_BUILD";

/** The names by which the build folder is left to Node (vitest.config.ts: server.deps.external). */
export const APP_BUILD_PREFIX = "hg-app-build-";

/** Builds the app into a fresh folder and returns it; the caller removes it. */
export async function buildAppForTests(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(scratchRoot(), APP_BUILD_PREFIX));
  // The bundle imports its dependencies by name: Node finds them through this link, as it finds
  // build/'s in the project. The package type makes the bundle's .js files ES modules.
  fs.symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"), "dir");
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));

  const entries: Record<string, string> = { "server/app": path.resolve("server/app.ts") };
  for (const file of fs.globSync("app/**/*.{ts,tsx}")) {
    if (/\.test\.tsx?$|\.d\.ts$/.test(file)) continue;
    const name = entryName(file);
    if (entries[name]) throw new Error(`${file} and another module would be built as ${name}`);
    entries[name] = path.resolve(file);
  }
  const testEntries: Plugin = {
    name: "hotellguiden-test-entries",
    // After React Router's plugin, which sets the server bundle's single entry and its file name.
    enforce: "post",
    configEnvironment: (name) =>
      name === "ssr" ? { build: { rollupOptions: { input: entries, output: { entryFileNames: "[name].js" } } } } : undefined,
  };
  // React Router reads its build folder from react-router.config.ts, which takes it from here.
  const previous = process.env.HG_BUILD_DIRECTORY;
  process.env.HG_BUILD_DIRECTORY = dir;
  try {
    // Imported here: every test file loads this module (tests/setup.ts), and only the global setup builds.
    const { createBuilder } = await import("vite");
    const builder = await createBuilder({ configFile: path.resolve("vite.config.ts"), plugins: [testEntries], logLevel: "error" });
    await builder.buildApp();
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    if (previous === undefined) delete process.env.HG_BUILD_DIRECTORY;
    else process.env.HG_BUILD_DIRECTORY = previous;
  }
  return dir;
}

/** An app module's name in the build: its path without extension, and without the brackets of route file names, which the bundler would rewrite. */
const entryName = (file: string) =>
  file
    .replace(/^\/+/, "")
    .replace(/\.tsx?$/, "")
    .replace(/[^\w./-]/g, "_");

/** Where the run's build of an app module (`server/app.ts`, `app/…/x.server.ts`) is. */
export function builtModule(file: string): string {
  const dir = process.env[APP_BUILD_ENV];
  if (!dir) throw new Error(`${APP_BUILD_ENV} is not set: the app is built by tests/global-setup.ts`);
  return path.join(dir, "server", `${entryName(file)}.js`);
}
