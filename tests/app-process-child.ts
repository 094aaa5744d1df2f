/**
 * One app server in a process of its own, for tests/app-process.ts: started exactly as
 * tests/app-server.ts starts it in-process (Vite's module runner over the current sources),
 * with the settings the parent passed as JSON in HG_TEST_APP_ENV. Once it listens, prints
 * one line {"testApp":{"origin":…}} on stdout. Stops cleanly when the parent lets go of its
 * IPC channel (stop(), or the parent process ended), so no server outlives the test run.
 * (Not on SIGTERM: Vite's own SIGTERM handler exits the process before our close is done.)
 */
import { z } from "zod";
import { startTestApp } from "#tests/app-server.ts";

// The dev server's route type generation (.react-router/types) is not needed here and may race
// with another test's dev server writing the same folder; any other failure still ends us.
process.on("unhandledRejection", (reason) => {
  const path = (reason as { path?: unknown } | null)?.path;
  if (typeof path === "string" && path.includes(".react-router")) return;
  console.error(reason);
  process.exit(1);
});

const settings = z.record(z.string(), z.string()).parse(JSON.parse(process.env.HG_TEST_APP_ENV ?? "{}"));
delete process.env.HG_TEST_APP_ENV;

const app = await startTestApp(settings);
process.stdout.write(`${JSON.stringify({ testApp: { origin: app.origin } })}\n`);

let stopping = false;
process.on("disconnect", () => {
  if (stopping) return;
  stopping = true;
  void app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
