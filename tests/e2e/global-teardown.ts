import fs from "node:fs";
import path from "node:path";
import {
  AXE_CHECK_PREFIX,
  AXE_VISIT_PREFIX,
  E2E_ADMIN_JS_OFF_DATA_DIR,
  E2E_AXE_DIR,
  E2E_DATA_DIR,
  E2E_DEMO_TEMPLATE_DIR,
} from "./run-dirs.ts";

/**
 * Removes the run's embedded databases (the servers' and the demo they copied) once the servers have stopped. The pages visited for
 * axe-core are listed in test-results/axe-visited.txt and the page states it checked (by the
 * first URL that showed each) in test-results/axe-checked.txt (project, then URL), for comparing runs.
 */
export default function globalTeardown() {
  for (const dir of [E2E_DATA_DIR, E2E_ADMIN_JS_OFF_DATA_DIR, E2E_DEMO_TEMPLATE_DIR]) fs.rmSync(dir, { recursive: true, force: true });
  if (fs.existsSync(E2E_AXE_DIR)) {
    const files = fs.readdirSync(E2E_AXE_DIR);
    const list = (prefix: string) =>
      files
        .filter((file) => file.startsWith(prefix))
        .map((file) => fs.readFileSync(path.join(E2E_AXE_DIR, file), "utf8"))
        .sort();
    fs.mkdirSync("test-results", { recursive: true });
    fs.writeFileSync(path.join("test-results", "axe-visited.txt"), `${list(AXE_VISIT_PREFIX).join("\n")}\n`);
    fs.writeFileSync(path.join("test-results", "axe-checked.txt"), `${list(AXE_CHECK_PREFIX).join("\n")}\n`);
    fs.rmSync(E2E_AXE_DIR, { recursive: true, force: true });
  }
}
