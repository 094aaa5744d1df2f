/**
 * A throwaway PostgreSQL 15 cluster for a test file that needs a real server when
 * TEST_DATABASE_URL is not set (scripts/with-postgres.sh sets it in CI): initdb into a
 * temporary folder, the server on a free loopback port, stopped by its pid afterwards.
 * As root, both run as the `postgres` user (PostgreSQL refuses to run as root).
 */
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres, like TEST_DATABASE_URL. */
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface PostgresClusterOptions {
  /** Where initdb and postgres live (default /usr/lib/postgresql/15/bin, or PG_BIN). */
  binDir?: string;
  /** Ports to pick from at random (default 56000–56999). */
  ports?: [first: number, last: number];
}

const READY = "database system is ready to accept connections";

export async function startPostgresCluster(options: PostgresClusterOptions = {}): Promise<PostgresCluster> {
  const binDir = options.binDir ?? process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
  if (!fs.existsSync(path.join(binDir, "initdb"))) {
    throw new Error(`PostgreSQL 15 is not installed (${binDir}/initdb): apt-get install -y postgresql-15, or set TEST_DATABASE_URL`);
  }
  const owner = await clusterOwner();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-pg-"));
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  const as = { ...owner, cwd: dir, env: { PATH: process.env.PATH ?? "/usr/bin:/bin" } };
  try {
    await run(
      path.join(binDir, "initdb"),
      ["-D", path.join(dir, "data"), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"],
      as,
    );
    const [first, last] = options.ports ?? [56000, 56999];
    // A port that was free a moment ago may be taken by the time the server binds: try another.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort(first, last);
      try {
        return await startServer(binDir, dir, port, as);
      } catch (error) {
        if (attempt >= 5 || !(error instanceof PortTakenError)) throw error;
      }
    }
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

class PortTakenError extends Error {}

function startServer(
  binDir: string,
  dir: string,
  port: number,
  as: { uid?: number; gid?: number; cwd: string; env: NodeJS.ProcessEnv },
): Promise<PostgresCluster> {
  const server = spawn(
    path.join(binDir, "postgres"),
    [
      "-D",
      path.join(dir, "data"),
      "-p",
      String(port),
      "-k",
      dir,
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "fsync=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "full_page_writes=off",
    ],
    { ...as, stdio: ["ignore", "pipe", "pipe"] },
  );
  // Keeps reading the log (a full pipe would stall the server) and remembers its tail for errors.
  let log = "";
  const remember = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-8000));
  server.stdout!.on("data", remember);
  server.stderr!.on("data", remember);
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  // A test run that dies without its afterAll must not leave the server behind.
  const killOnExit = () => server.kill("SIGQUIT");
  process.once("exit", killOnExit);

  return new Promise<PostgresCluster>((resolve, reject) => {
    const onData = () => {
      if (!log.includes(READY)) return;
      server.stderr!.off("data", onData);
      server.off("exit", onEarlyExit);
      resolve({
        url: `postgres://postgres@127.0.0.1:${port}/postgres`,
        pid: server.pid!,
        async stop() {
          process.off("exit", killOnExit);
          if (server.exitCode === null && server.signalCode === null) {
            server.kill("SIGINT"); // fast shutdown: ends the sessions, then stops
            const stuck = setTimeout(() => server.kill("SIGQUIT"), 10_000);
            await exited;
            clearTimeout(stuck);
          }
          fs.rmSync(dir, { recursive: true, force: true });
        },
      });
    };
    const onEarlyExit = (code: number | null) => {
      process.off("exit", killOnExit);
      const message = `PostgreSQL on port ${port} stopped while starting (exit ${code}):\n${log}`;
      reject(/could not bind|address already in use/i.test(log) ? new PortTakenError(message) : new Error(message));
    };
    server.stderr!.on("data", onData);
    server.once("exit", onEarlyExit);
    server.once("error", reject);
  });
}

/** As root, the cluster belongs to the `postgres` user; otherwise to whoever runs the tests. */
async function clusterOwner(): Promise<{ uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  const id = async (flag: string) => Number((await run("id", [flag, "postgres"])).stdout.trim());
  return { uid: await id("-u"), gid: await id("-g") };
}

/** A random loopback port in [first, last] that nobody listens on right now. */
async function freePort(first: number, last: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = first + Math.floor(Math.random() * (last - first + 1));
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port in ${first}–${last}`);
}
