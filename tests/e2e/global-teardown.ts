import fs from "node:fs";
import { E2E_DATA_DIR } from "../../playwright.config.ts";

/** Removes the run's embedded database once the server has stopped. */
export default function globalTeardown() {
  fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });
}
