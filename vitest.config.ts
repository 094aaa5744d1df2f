import { defineConfig } from "vitest/config";
import { APP_BUILD_PREFIX } from "./tests/app-build.ts";

export default defineConfig({
  // Test files render JSX with React's production runtime, the build tests/setup.ts loads.
  oxc: { jsx: { development: false } },
  test: {
    include: ["app/**/*.test.ts", "app/**/*.test.tsx", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    // Migrates the test databases and builds the app once per run; every test file copies the
    // databases (tests/db.ts) and loads the build (tests/app-server.ts).
    globalSetup: ["./tests/global-setup.ts"],
    setupFiles: ["./tests/setup.ts"],
    // The run's build of the app is loaded by Node itself, not transformed again by Vitest.
    server: { deps: { external: [new RegExp(APP_BUILD_PREFIX)] } },
    // Vitest's default on two cores is one worker; the integration files wait much of their
    // time (app start, the PostgreSQL server, child processes), so two run side by side:
    // 95 s instead of 180 s for the whole suite with PostgreSQL, measured back to back on the
    // 2-core CI machine. VITEST_MAX_WORKERS overrides it.
    maxWorkers: 2,
    // Each test file is a process of its own that lives 1-50 s and runs PGlite (PostgreSQL as
    // WebAssembly, about 10 MB of code). V8 compiles it with its baseline compiler, then again
    // with its optimising one for the functions that run often, on background threads: work a
    // short-lived process never earns back. Baseline only, the whole suite back to back:
    // 143 s / 265 CPU-seconds -> 123 s / 227 (docs/decisions/043).
    execArgv: ["--liftoff-only"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
