/**
 * Expired sessions, idle rate-limit counters and past days' click salts are ignored by every read,
 * so removing them is only tidying: once at start-up and then hourly, on whichever app
 * server gets there.
 */
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { log } from "#app/log.server.ts";
import { deleteExpiredSessions } from "#app/auth/session.server.ts";
import { clearIdleRateLimits } from "#app/rate-limit.server.ts";
import { forgetClickVisitors } from "#app/catalogue/outbound.server.ts";

const HOUR_MS = 3_600_000;
/** Counters are kept a day after their last use (the longest window is an hour). */
const KEEP_COUNTERS_MS = 24 * HOUR_MS;

export async function runHousekeeping(db: Kysely<Database>, now: Date = new Date()) {
  const sessions = await deleteExpiredSessions(db, now);
  const rateLimits = await clearIdleRateLimits(db, new Date(now.getTime() - KEEP_COUNTERS_MS));
  const clickVisitors = await forgetClickVisitors(db, now);
  return { sessions, rateLimits, clickVisitors };
}

let timer: NodeJS.Timeout | undefined;

export function scheduleHousekeeping(db: Kysely<Database>): void {
  if (timer) return;
  const run = () =>
    runHousekeeping(db).then(
      (removed) => {
        if (Object.values(removed).some(Boolean)) log.info("housekeeping", removed);
      },
      (error: unknown) => log.error("housekeeping failed", error),
    );
  void run();
  timer = setInterval(run, HOUR_MS);
  timer.unref(); // never keeps the process alive on shutdown
}

export function stopHousekeeping(): void {
  clearInterval(timer);
  timer = undefined;
}
