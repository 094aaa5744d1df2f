import fs from "node:fs";
import path from "node:path";
import { E2E_AXE_DIR, E2E_DATA_DIR } from "./run-dirs.ts";

/**
 * Removes the run's embedded database once the server has stopped. The pages checked with
 * axe-core are listed in test-results/axe-checked.txt (project, then URL), for comparing runs.
 */
export default function globalTeardown() {
  fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  if (fs.existsSync(E2E_AXE_DIR)) {
    const checked = fs
      .readdirSync(E2E_AXE_DIR)
      .map((file) => fs.readFileSync(path.join(E2E_AXE_DIR, file), "utf8"))
      .sort();
    fs.mkdirSync("test-results", { recursive: true });
    fs.writeFileSync(path.join("test-results", "axe-checked.txt"), `${checked.join("\n")}\n`);
    fs.rmSync(E2E_AXE_DIR, { recursive: true, force: true });
  }
}
