import { getAppDatabase } from "#app/db/db.server.ts";

/** True when the app's database answers a trivial query (/readyz). */
export function databaseAnswers(): Promise<boolean> {
  return getAppDatabase().ping();
}
