/**
 * Expired sessions, old sign-in attempts and old rate-limit hits are ignored by every read,
 * so removing them is only tidying: once at start-up and then hourly, on whichever app
 * server gets there.
 */
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { log } from "#app/log.server.ts";
import { clearOldAttempts } from "#app/auth/rate-limit.server.ts";
import { deleteExpiredSessions } from "#app/auth/session.server.ts";
import { clearOldHits } from "#app/rate-limit.server.ts";

const HOUR_MS = 3_600_000;
/** Attempts are kept a day (the limit looks back 15 minutes) so abuse can be looked into. */
const KEEP_ATTEMPTS_MS = 24 * HOUR_MS;

export async function runHousekeeping(db: Kysely<Database>, now: Date = new Date()) {
  const sessions = await deleteExpiredSessions(db, now);
  const attempts = await clearOldAttempts(db, new Date(now.getTime() - KEEP_ATTEMPTS_MS));
  const hits = await clearOldHits(db, new Date(now.getTime() - KEEP_ATTEMPTS_MS));
  return { sessions, attempts, hits };
}

let timer: NodeJS.Timeout | undefined;

export function scheduleHousekeeping(db: Kysely<Database>): void {
  if (timer) return;
  const run = () =>
    runHousekeeping(db).then(
      (removed) => {
        if (removed.sessions || removed.attempts || removed.hits) log.info("housekeeping", removed);
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
