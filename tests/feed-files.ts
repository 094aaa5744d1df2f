/**
 * What the feed importer tests share: feed files in a temporary folder (each with its own
 * rejects file), NDJSON text, reading a rejects file, and `npm run import` as a child process.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/** A temporary folder for this test file, removed after it; `feed()` writes a new file in it each call. */
export function feedFolder(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  let count = 0;
  return {
    dir,
    feed(extension: string, content: string): string {
      const file = path.join(dir, `feed-${++count}.${extension}`);
      fs.writeFileSync(file, content);
      return file;
    },
  };
}

export const ndjson = (...rows: unknown[]) => rows.map((row) => `${JSON.stringify(row)}\n`).join("");

/** The default rejects file of a feed, one object a line. */
export function rejectsOf(file: string): Array<Record<string, unknown>> {
  return fs
    .readFileSync(`${file}.rejects.ndjson`, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const NODE = path.resolve("node_modules/.bin/node");

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run import -- …args` with the test's environment (no DATABASE_URL unless given). */
export function importCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      NODE,
      ["scripts/import.ts", ...args],
      { env: { ...process.env, DATABASE_URL: "", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}
