/**
 * Run first by `npm test`: the HTML check (tests/integration/html-validity.test.ts) runs the
 * Nu HTML Checker, a Java program, which a fresh machine may lack. As root with apt-get at hand
 * Debian's headless Java is installed here (as .ci/run does); otherwise the run stops at once
 * with the one command to type, instead of failing after the type check and half the tests.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";

const PACKAGE = "default-jre-headless";
const INSTALL = `sudo apt-get update && sudo apt-get install -y ${PACKAGE}`;

const hasJava = () => spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0;

if (!hasJava()) {
  const canInstall = process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    console.error(`The HTML check needs Java. Install it with: ${INSTALL}`);
    process.exit(1);
  }
  console.log("Java is missing: installing Debian's package…");
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", PACKAGE], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  } catch {
    console.error(`Installing Java failed. Install it yourself with: ${INSTALL}`);
    process.exit(1);
  }
  if (!hasJava()) {
    console.error(`Java is still missing. Install it yourself with: ${INSTALL}`);
    process.exit(1);
  }
}
