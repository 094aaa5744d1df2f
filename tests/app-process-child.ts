/**
 * One app server in a process of its own, for tests/app-process.ts: started exactly as
 * tests/app-server.ts starts it in-process (the run's build of the current sources),
 * with the settings the parent passed as JSON in HG_TEST_APP_ENV. Once it listens, prints
 * one line {"testApp":{"origin":…}} on stdout. Stops cleanly when the parent lets go of its
 * IPC channel (stop(), or the parent process ended), so no server outlives the test run.
 */
import { z } from "zod";
import { loadReactProductionBuild } from "#tests/react-production.ts";

// Any failure ends us, with its reason for the parent's message.
process.on("unhandledRejection", (reason) => {
  console.error(reason);
  process.exit(1);
});

const settings = z.record(z.string(), z.string()).parse(JSON.parse(process.env.HG_TEST_APP_ENV ?? "{}"));
delete process.env.HG_TEST_APP_ENV;

loadReactProductionBuild();
// Imported only now: anything it loads that loads React (React Router) must find the production build.
const { startTestApp } = await import("#tests/app-server.ts");
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
