/**
 * Loads React's production build, as the site runs it, before anything else loads React: React
 * picks its build by NODE_ENV when first loaded, and Vitest sets NODE_ENV to "test", which would
 * give the app React's development build, whose checks made every server render about a third
 * slower (the bad-input sweep: 65 → 51 CPU-seconds). Only React's packages see "production": the
 * app itself still reads NODE_ENV=test. Node keeps one instance of each module, which the app's
 * imports then get. Called first in every test file (tests/setup.ts) and in every app server
 * started as a child process (tests/app-process-child.ts): a React loaded earlier in its
 * development build would be mixed with this one and fail every render (docs/decisions/040).
 */
import { createRequire } from "node:module";

export function loadReactProductionBuild() {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    const require = createRequire(import.meta.url);
    for (const entry of ["react", "react/jsx-runtime", "react-dom", "react-dom/server"]) require(entry);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
