/**
 * Expired sessions and old sign-in attempts are ignored by every read, so removing them is
 * only tidying: once at start-up and then hourly, on whichever app server gets there.
 */
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { log } from "#app/log.server.ts";
import { clearOldAttempts } from "./rate-limit.server.ts";
import { deleteExpiredSessions } from "./session.server.ts";

const HOUR_MS = 3_600_000;
/** Attempts are kept a day (the limit looks back 15 minutes) so abuse can be looked into. */
const KEEP_ATTEMPTS_MS = 24 * HOUR_MS;

export async function runAuthHousekeeping(db: Kysely<Database>, now: Date = new Date()) {
  const sessions = await deleteExpiredSessions(db, now);
  const attempts = await clearOldAttempts(db, new Date(now.getTime() - KEEP_ATTEMPTS_MS));
  return { sessions, attempts };
}

let timer: NodeJS.Timeout | undefined;

export function scheduleAuthHousekeeping(db: Kysely<Database>): void {
  if (timer) return;
  const run = () =>
    runAuthHousekeeping(db).then(
      (removed) => {
        if (removed.sessions || removed.attempts) log.info("auth housekeeping", removed);
      },
      (error: unknown) => log.error("auth housekeeping failed", error),
    );
  void run();
  timer = setInterval(run, HOUR_MS);
  timer.unref(); // never keeps the process alive on shutdown
}

export function stopAuthHousekeeping(): void {
  clearInterval(timer);
  timer = undefined;
}
