import path from "node:path";
import { defineConfig } from "vitest/config";

// React Router's Vite plugin regenerates route types into .react-router/types whenever a dev
// server starts (it empties the folder first). The integration tests start one per file, two
// files at a time, so two workers can empty the folder under each other and the loser's write
// fails as an unhandled rejection outside any test. The types are the type check's business
// (it generates them before Vitest runs), so exactly those file errors are not test failures.
const routeTypesFolder = path.resolve(".react-router", "types");
const isRouteTypesRace = (error: { code?: unknown; path?: unknown }) =>
  typeof error.path === "string" && error.path.startsWith(routeTypesFolder) && (error.code === "ENOENT" || error.code === "ENOTEMPTY");

export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "app/**/*.test.tsx", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    // Migrates the test databases once per run; every test file copies them (tests/db.ts).
    globalSetup: ["./tests/global-setup.ts"],
    setupFiles: ["./tests/setup.ts"],
    // Vitest's default on two cores is one worker; the integration files wait much of their
    // time (app start, the PostgreSQL server, child processes), so two run side by side:
    // 95 s instead of 180 s for the whole suite with PostgreSQL, measured back to back on the
    // 2-core CI machine. VITEST_MAX_WORKERS overrides it.
    maxWorkers: 2,
    onUnhandledError: (error) => !isRouteTypesRace(error as { code?: unknown; path?: unknown }),
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
