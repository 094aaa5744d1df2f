/**
 * A request rate limit in the database (rate_limit_hits), for anything but sign-in (which
 * counts failures only: app/auth/rate-limit.server.ts). Every allowed request is one hit; a key
 * with `max` hits inside the window is refused until the oldest of them leaves the window.
 * Shared by every app server; times come from the database's clock.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";

export interface RatePolicy {
  max: number;
  windowSeconds: number;
}

/** The AI box: a person asks a few questions; a script asking hundreds is stopped. */
export const AI_BOX_POLICY: RatePolicy = { max: 20, windowSeconds: 600 };

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts this request under `key` if it is allowed. */
export async function hitRateLimit(db: Kysely<Database>, key: string, policy: RatePolicy): Promise<RateDecision> {
  const window = sql`make_interval(secs => ${policy.windowSeconds})`;
  const { rows } = await sql<{ seconds_left: number }>`
    select extract(epoch from (h.hit_at + ${window} - now())) as seconds_left
    from rate_limit_hits h
    where h.key = ${key} and h.hit_at > now() - ${window}
    order by h.hit_at desc
    offset ${policy.max - 1}
    limit 1
  `.execute(db);
  if (rows.length) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(rows[0]!.seconds_left))) };
  await db.insertInto("rate_limit_hits").values({ key }).execute();
  return { allowed: true };
}

/** Removes hits older than `olderThan` (housekeeping). */
export async function clearOldHits(db: Kysely<Database>, olderThan: Date): Promise<number> {
  const result = await db.deleteFrom("rate_limit_hits").where("hit_at", "<", olderThan).executeTakeFirst();
  return Number(result.numDeletedRows);
}
