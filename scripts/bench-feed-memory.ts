/**
 * `npm run bench:feed-memory [-- --mb 150]`: the importer's peak memory on hostile feeds. Writes,
 * in a temporary folder, an NDJSON file with one line of that many MB, a CSV file whose quote is
 * never closed for that many MB, a JSON array with one element of that size, a JSON file of
 * 100,000 nested arrays (each between good rows), and a plain 1,000-row feed for comparison; runs
 * `npm run import -- --dry-run` on each as a child process against PostgreSQL (the npm script
 * starts one; without TEST_DATABASE_URL, an embedded database in the folder, where PGlite alone
 * takes some 650 MB), and prints its peak resident memory (/usr/bin/time -v, or the child's VmHWM
 * in /proc), exit code, time and what it said about the hostile record. Figures only: nothing
 * here passes or fails. See docs/decisions/045-feed-records-have-limits.md.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { mb: { type: "string", default: "150" } } });
const MB = Number(values.mb);
if (!Number.isFinite(MB) || MB <= 0) throw new Error("--mb must be a positive number");
const NODE = process.execPath;
const TIME = "/usr/bin/time";

/** Writes `head`, then `filler` repeated to `MB` megabytes, then `tail`, a megabyte at a time. */
async function writeFile(file: string, head: string, filler: string, tail: string) {
  const out = fs.createWriteStream(file);
  const block = filler.repeat(Math.ceil(1_048_576 / filler.length));
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once("drain", resolve)));
  await write(head);
  for (let written = 0; written < MB * 1_048_576; written += block.length) await write(block);
  await write(tail);
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

interface Run {
  code: number | null;
  peakKb: number;
  seconds: number;
  stdout: string;
  stderr: string;
}

/** Runs the script under /usr/bin/time -v when it is there, else polls the child's VmHWM. */
function measure(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  const timed = fs.existsSync(TIME);
  const started = performance.now();
  const child = timed ? spawn(TIME, ["-v", NODE, ...args], { env }) : spawn(NODE, args, { env });
  let stdout = "";
  let stderr = "";
  let polledKb = 0;
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const poll = timed
    ? undefined
    : setInterval(() => {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, { encoding: "utf8", flag: "r" });
        polledKb = Math.max(polledKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
      }, 50);
  return new Promise((resolve) => {
    child.on("close", (code) => {
      if (poll) clearInterval(poll);
      const reported = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
      const exit = /Exit status: (\d+)/.exec(stderr);
      resolve({
        code: timed && exit ? Number(exit[1]) : code,
        peakKb: reported ? Number(reported[1]) : polledKb,
        seconds: (performance.now() - started) / 1000,
        stdout,
        stderr: timed ? stderr.replace(/\n?\s*Command being timed:[\s\S]*$/, "") : stderr,
      });
    });
  });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-feed-memory-"));
try {
  const env = { ...process.env, DATA_DIR: path.join(dir, "data"), DATABASE_URL: process.env.TEST_DATABASE_URL ?? "" };
  const migrated = await measure(["scripts/db-migrate.ts"], env);
  if (migrated.code !== 0) throw new Error(`db:migrate failed: ${migrated.stderr}`);

  const good = (id: string) => JSON.stringify({ hotel_id: id, name: `Hotell ${id}` });
  const files: Array<[string, string, () => Promise<void>]> = [];
  const add = (name: string, what: string, write: (file: string) => Promise<void>) => {
    const file = path.join(dir, name);
    files.push([file, what, () => write(file)]);
  };
  add("plain.ndjson", "a plain feed of 1,000 hotels", (file) =>
    fs.promises.writeFile(file, Array.from({ length: 1000 }, (_, i) => `${good(`P-${i}`)}\n`).join("")),
  );
  add("long-line.ndjson", `one ${MB} MB NDJSON line`, (file) =>
    writeFile(file, `${good("A")}\n{"hotel_id":"BIG","description":"`, "x", `"}\n${good("C")}\n`),
  );
  add("open-quote.csv", `a CSV quote left open for ${MB} MB`, (file) => writeFile(file, 'hotel_id,name\nA,Ett\nBIG,"', "rad, ", "\n"));
  add("big-element.json", `one ${MB} MB JSON element`, (file) =>
    writeFile(file, `[${good("A")},{"hotel_id":"BIG","description":"`, "x", `"},${good("C")}]`),
  );
  add("nested.json", "100,000 nested JSON arrays", async (file) =>
    fs.promises.writeFile(file, `[${good("A")},${"[".repeat(100_000)}${"]".repeat(100_000)}]`),
  );

  const database = env.DATABASE_URL ? "PostgreSQL" : "the embedded database (PGlite)";
  console.log(`Peak resident memory of npm run import -- --dry-run against ${database} (Node ${process.version})\n`);
  for (const [file, what, write] of files) {
    await write();
    const run = await measure(["scripts/import.ts", "--dry-run", file], env);
    const said = `${run.stdout}\n${run.stderr}`
      .split("\n")
      .find((line) => /longer than|nested|quoted/.test(line))
      ?.trim();
    const size = `${(fs.statSync(file).size / 1_048_576).toFixed(1)} MB`;
    console.log(
      `${what.padEnd(34)} ${size.padStart(9)}  peak ${`${(run.peakKb / 1024).toFixed(0)} MB`.padStart(7)}  exit ${run.code}  ${run.seconds.toFixed(1)} s`,
    );
    if (said) console.log(`  ${said.slice(0, 160)}`);
    await fs.promises.rm(file);
    await fs.promises.rm(`${file}.rejects.ndjson`, { force: true });
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
