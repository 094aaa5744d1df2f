/**
 * `npm test`: Vitest, with the type check, the lint, the format check and the production build for the browser
 * tests running beside it (on two cores they fill Vitest's waits); then Playwright against that build. A failing step does not stop the others: every step runs and reports (only the
 * browser tests need the build), then the run exits with the first failing step's code. Before all that, Java
 * for the HTML check (scripts/ensure-java.ts): installed, or the one command to type.
 *
 * The build runs beside the type check and Vitest safely: it writes only build/, while the
 * route type generation (`react-router typegen`) writes .react-router/, and Vitest builds the
 * app for its integration tests into a throwaway folder of its own (tests/app-build.ts); neither
 * build reads .react-router/.
 * The build's output is shown when it fails, or as one line with its time when it passes.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

interface Outcome {
  code: number;
  output: string;
  ms: number;
}

function npmRun(script: string, options: { buffered?: boolean } = {}): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: options.buffered ? ["ignore", "pipe", "pipe"] : "inherit" });
    const chunks: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString(), ms: performance.now() - started }),
    );
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const failed: Array<{ name: string; code: number }> = [];

function step(name: string, outcome: Outcome): boolean {
  console.log(`\n[npm test] ${name}: ${outcome.code === 0 ? "passed" : `failed (exit ${outcome.code})`} in ${seconds(outcome.ms)}`);
  if (outcome.code !== 0) failed.push({ name, code: outcome.code });
  return outcome.code === 0;
}

// Every Node process of the run (the checks, each Vitest worker, every command-line tool and app
// server a test starts, Playwright's workers) keeps V8's compiled code and the stripped
// TypeScript of the modules it loads in one cache, and the next process loading the same module
// reads it instead of compiling again: about a tenth of the command-line tests' CPU.
process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), "hotellguiden-node-compile-cache");

// Vitest's global setup seeds the demo with its near prices for the integration tests; the browser
// tests' servers run the same seed on their first start and no test runs until it is done, so the
// setup leaves a copy here for them (tests/e2e/app-on-demo-copy.ts; decision 083).
const demoTemplate = path.join(os.tmpdir(), `hotellguiden-e2e-demo-${process.pid}`);
process.env.E2E_DEMO_TEMPLATE_DIR = demoTemplate;
process.on("exit", () => fs.rmSync(demoTemplate, { recursive: true, force: true }));

// Vitest's HTML check runs Java: missing, the run stops here rather than after the type check.
const java = spawnSync(process.execPath, ["scripts/ensure-java.ts"], { stdio: "inherit" });
if (java.status !== 0) process.exit(java.status ?? 1);

const started = performance.now();
// Everything before the browser tests starts at once: the checks read files only, the type check
// writes only .react-router/ (route types, which neither build reads), the build writes build/,
// and Vitest builds its own copy of the app into a throwaway folder (tests/app-build.ts). Vitest
// no longer waits for the type check: its first half minute (building the app, migrating and
// seeding the template databases) and the integration files' waits overlap the checks. Their
// output is shown after Vitest's, each with its result.
const build = npmRun("build", { buffered: true });
const typecheck = npmRun("typecheck", { buffered: true });
const lint = npmRun("lint", { buffered: true });
const format = npmRun("format:check", { buffered: true });
step("unit and integration tests (vitest)", await npmRun("test:unit"));
for (const [name, run] of [
  ["typecheck", typecheck],
  ["lint (eslint)", lint],
  ["format (prettier --check)", format],
] as const) {
  const outcome = await run;
  if (outcome.code !== 0) process.stdout.write(outcome.output);
  step(name, outcome);
}
const built = await build;
if (built.code !== 0) process.stdout.write(built.output);
if (step("build (beside the checks and Vitest)", built)) step("browser tests (playwright)", await npmRun("test:e2e:run"));
else console.log("\n[npm test] browser tests (playwright): not run, they need the build");
if (failed.length > 0) {
  console.log(`[npm test] failed in ${seconds(performance.now() - started)}: ${failed.map((f) => f.name).join(", ")}`);
  process.exit(failed[0]!.code);
}
console.log(`[npm test] all steps passed in ${seconds(performance.now() - started)}`);
