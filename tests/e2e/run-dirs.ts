/**
 * Folders of one Playwright run, shared by its workers. The run's id comes from the main
 * process (playwright.config.ts sets E2E_RUN_ID before the workers start, and they inherit it).
 */
import os from "node:os";
import path from "node:path";

process.env.E2E_RUN_ID ??= String(process.pid);

/** A fresh embedded database per run: the server seeds the demo catalogue on start. */
export const E2E_DATA_DIR = path.join(os.tmpdir(), `hotellguiden-e2e-${process.env.E2E_RUN_ID}`);
/** One empty file per page checked with axe-core in this run (project and URL in its name). */
export const E2E_AXE_DIR = path.join(os.tmpdir(), `hotellguiden-e2e-axe-${process.env.E2E_RUN_ID}`);
