/**
 * Run before the browser tests: Playwright drives Debian's headless shell of Chromium, which a
 * fresh machine does not have. As root with apt-get at hand it is installed here (as .ci/run
 * does); otherwise the run stops at once with the one command to type, instead of failing every
 * browser test. Never `playwright install`: it downloads a browser of its own, which this network
 * refuses.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { HEADLESS_SHELL_PATH } from "../tests/chromium.ts";

const PACKAGE = "chromium-headless-shell";
const INSTALL = `sudo apt-get update && sudo apt-get install -y ${PACKAGE}`;

if (!fs.existsSync(HEADLESS_SHELL_PATH)) {
  const canInstall = process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get") && !process.env.CHROMIUM_HEADLESS_SHELL_PATH;
  if (!canInstall) {
    console.error(`The browser tests need Chromium's headless shell at ${HEADLESS_SHELL_PATH}. Install it with: ${INSTALL}`);
    process.exit(1);
  }
  console.log("Chromium's headless shell is missing: installing Debian's package…");
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", PACKAGE], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  } catch {
    console.error(`Installing Chromium's headless shell failed. Install it yourself with: ${INSTALL}`);
    process.exit(1);
  }
}
