/**
 * `npm run bench:bodies`: the production server's memory while 10 clients at once each send a
 * 100 MB chunked body (no Content-Length) to /contact, whose form takes 64 kB. Prints the
 * server's resident memory when idle, its peak during the attack (sampled every 10 ms from
 * /proc), what each client got back and how much it managed to send. Needs `npm run build`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { postChunked } from "./bench/chunked-post.ts";
import { startServer } from "./bench/server.ts";

const CLIENTS = 10;
const BODY_BYTES = 100 * 1024 * 1024;
const MB = 1024 * 1024;

const rssOf = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-bench-bodies-"));
const server = await startServer({ DATA_DIR: dataDir, LOG_REQUESTS: "0", TRUST_PROXY: "1" });
try {
  // Warm up: the page and the action once, so idle memory includes what a first request loads.
  for (let i = 0; i < 5; i++) await (await fetch(`${server.origin}/contact`)).text();
  await postChunked(new URL("/contact", server.origin), { contentType: "application/x-www-form-urlencoded", totalBytes: 1024, chunk: "a" });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idle = rssOf(server.pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 10);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) =>
      postChunked(new URL("/contact", server.origin), {
        contentType: i % 2 ? "multipart/form-data; boundary=x" : "application/x-www-form-urlencoded",
        totalBytes: BODY_BYTES,
        headers: { Origin: server.origin, "X-Forwarded-For": `198.51.100.${i + 1}` },
      }),
    ),
  );
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 500));
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(server.pid));
  const statuses = answers.map((answer) => answer.status ?? "closed").join(", ");
  const sent = answers.map((answer) => (answer.sent / MB).toFixed(1));
  console.log(`${CLIENTS} concurrent chunked bodies of ${BODY_BYTES / MB} MB to /contact (limit 64 kB), ${ms.toFixed(0)} ms`);
  console.log(`answers: ${statuses}`);
  console.log(`MB each client sent before the answer: ${sent.join(", ")}`);
  console.log(`server RSS idle ${(idle / MB).toFixed(1)} MB, peak ${(peak / MB).toFixed(1)} MB, +${((peak - idle) / MB).toFixed(1)} MB`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
