/**
 * App servers as separate processes, for tests where several servers share one database
 * (scale-out). The app keeps its database handle and caches on globalThis, so two servers
 * in one process would share them; each child here is a whole app of its own
 * (tests/app-process-child.ts), started like tests/app-server.ts starts one in-process.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { z } from "zod";

export interface AppProcess {
  origin: string;
  pid: number;
  /** The last lines the server wrote (its logs), for a failing test's message. */
  output(): string;
  stop(): Promise<void>;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CHILD = path.join(root, "tests/app-process-child.ts");
const readyLine = z.object({ testApp: z.object({ origin: z.url() }) });

/** Node 24 runs the child's .ts natively; vitest may run on an older system Node. */
function nodeBinary(): string {
  return Number(process.versions.node.split(".")[0]) >= 24 ? process.execPath : path.join(root, "node_modules/.bin/node");
}

/**
 * Starts one app server with `env` on top of tests/app-server.ts's defaults (a fresh
 * DATA_DIR, TRUST_PROXY=1, the test administrator …) and resolves once it listens.
 */
export function startAppProcess(env: Record<string, string>, options: { readyTimeoutMs?: number } = {}): Promise<AppProcess> {
  const child = spawn(nodeBinary(), [CHILD], {
    cwd: root,
    env: { ...process.env, HG_TEST_APP_ENV: JSON.stringify(env) },
    // The IPC channel is the child's lifeline: it stops when the channel closes (tests/app-process-child.ts).
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const lines: string[] = [];
  const remember = (line: string) => {
    lines.push(line);
    if (lines.length > 200) lines.shift();
  };
  const output = () => lines.join("\n");
  readline.createInterface({ input: child.stderr! }).on("line", remember);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // A test run that dies without its afterAll must not leave servers behind.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  return new Promise<AppProcess>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      process.off("exit", killOnExit);
      reject(new Error(`${why}\n--- app server output ---\n${output()}`));
    };
    const timer = setTimeout(() => fail("The app server did not start in time"), options.readyTimeoutMs ?? 90_000);
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(`The app server stopped while starting (exit ${code ?? signal})`);
    const onError = (error: Error) => fail(`The app server could not be started: ${error.message}`);
    child.once("exit", onExit);
    child.once("error", onError);
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      remember(line);
      const ready = line.startsWith("{") ? readyLine.safeParse(safeJson(line)) : null;
      if (!ready?.success) return;
      clearTimeout(timer);
      child.off("exit", onExit);
      child.off("error", onError);
      resolve({
        origin: ready.data.testApp.origin,
        pid: child.pid!,
        output,
        async stop() {
          process.off("exit", killOnExit);
          if (child.exitCode !== null || child.signalCode !== null) return;
          if (child.connected) child.disconnect();
          const stuck = setTimeout(() => child.kill("SIGKILL"), 10_000);
          await exited;
          clearTimeout(stuck);
        },
      });
    });
  });
}

/**
 * Starts several app servers at once; when one fails, stops the others before throwing,
 * so a failed start leaves nothing running.
 */
export async function startAppProcesses(envs: Record<string, string>[]): Promise<AppProcess[]> {
  // One after the other: servers sharing a database boot (migrate, bootstrap the administrator)
  // as a rolling deploy does, never racing each other.
  const started: AppProcess[] = [];
  try {
    for (const env of envs) started.push(await startAppProcess(env));
  } catch (error) {
    await Promise.all(started.map((server) => server.stop()));
    throw error;
  }
  return started;
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}
