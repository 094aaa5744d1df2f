import { getAppDatabase } from "#app/db/db.server.ts";

/** True when the app's database answers a trivial query (the load balancer's /healthz). */
export function databaseAnswers(): Promise<boolean> {
  return getAppDatabase().ping();
}
