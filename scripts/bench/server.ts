/**
 * The production server for the benchmarks: `node server/main.ts` on loopback with the built
 * app, started as a child process and stopped by its pid, with the environment the production
 * image sets (the Dockerfile's ENV lines: memory settings among them).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface BenchServer {
  /** http://127.0.0.1:PORT — what load generators use (no name lookup). */
  origin: string;
  /** http://localhost:PORT — what the browser opens (a secure context for Lighthouse). */
  browserOrigin: string;
  pid: number;
  stop(): Promise<void>;
}

/** The `ENV key=value …` settings of the Dockerfile's runtime stage, as the image runs the server. */
export function imageEnvironment(dockerfile = "Dockerfile"): Record<string, string> {
  const runtime = fs.readFileSync(dockerfile, "utf8").split(/^FROM .* AS runtime$/m)[1] ?? "";
  const settings: Record<string, string> = {};
  for (const [, line] of runtime.matchAll(/^ENV (.+)$/gm))
    for (const [, key, value] of line!.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S+)/g)) settings[key!] = value!;
  return settings;
}

export function requireBuild(): void {
  if (!fs.existsSync("build/server/index.js")) throw new Error("No build: run `npm run build` first.");
}

/** A port nobody listens on right now (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built app with NODE_ENV=production on 127.0.0.1 and resolves once /healthz
 * answers 200. `env` adds to (and overrides) the defaults below, an undefined value removes
 * the variable. The server's output goes to a file (not through this process, which also
 * generates the load), shown when the server fails to start.
 */
export async function startServer(env: Record<string, string | undefined>, port?: number): Promise<BenchServer> {
  requireBuild();
  const listenPort = port ?? (await freePort());
  const origin = `http://127.0.0.1:${listenPort}`;
  const browserOrigin = `http://localhost:${listenPort}`;
  const settings: Record<string, string | undefined> = {
    ...process.env,
    ...imageEnvironment(),
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(listenPort),
    SITE_URL: browserOrigin,
    // Nothing may leave the machine: map tiles come from a local file.
    MAP_TILE_URL: `${browserOrigin}/placeholder.svg?z={z}&x={x}&y={y}`,
    ...env,
  };
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-bench-server-"));
  const logFile = path.join(logDir, "server.log");
  const log = fs.openSync(logFile, "w");
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: Object.fromEntries(Object.entries(settings).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  const server: BenchServer = {
    origin,
    browserOrigin,
    pid: child.pid!,
    async stop() {
      await stopChild(child);
      fs.rmSync(logDir, { recursive: true, force: true });
    },
  };
  try {
    await waitForHealth(origin, child);
  } catch (error) {
    const output = fs.readFileSync(logFile, "utf8").slice(-10_000);
    await server.stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  return server;
}

async function waitForHealth(origin: string, child: ChildProcess): Promise<void> {
  // Seeding the demo catalogue at boot takes a few seconds; a 100k catalogue is seeded beforehand.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not answer /healthz with 200 within 180 s");
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  // main.ts gives in-flight requests 10 s; past that, end it.
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}
