/**
 * Folders of one Playwright run, shared by its workers. The run's id comes from the main
 * process (playwright.config.ts sets E2E_RUN_ID before the workers start, and they inherit it).
 */
import os from "node:os";
import path from "node:path";

process.env.E2E_RUN_ID ??= String(process.pid);

/** A fresh embedded database per run: a copy of the run's seeded demo (E2E_DEMO_TEMPLATE_DIR). */
export const E2E_DATA_DIR = path.join(os.tmpdir(), `hotellguiden-e2e-${process.env.E2E_RUN_ID}`);
/** The database of the second server, which only the back office's JavaScript-off project uses. */
export const E2E_ADMIN_JS_OFF_DATA_DIR = `${E2E_DATA_DIR}-admin-js-off`;
/**
 * The demo database each server copies (tests/e2e/app-on-demo-copy.ts): seeded by the first
 * server, unless it is there already: `npm test` names one (E2E_DEMO_TEMPLATE_DIR) that Vitest's
 * global setup fills with the demo it seeds for the integration tests, the same seed.
 */
export const E2E_DEMO_TEMPLATE_DIR = process.env.E2E_DEMO_TEMPLATE_DIR || `${E2E_DATA_DIR}-demo`;
/**
 * One file per page visited for axe-core in this run (AXE_VISIT_PREFIX, holding project and
 * URL) and one per page state checked (AXE_CHECK_PREFIX, holding the first URL that showed it).
 */
export const AXE_VISIT_PREFIX = "visit-";
export const AXE_CHECK_PREFIX = "check-";
export const E2E_AXE_DIR = path.join(os.tmpdir(), `hotellguiden-e2e-axe-${process.env.E2E_RUN_ID}`);
