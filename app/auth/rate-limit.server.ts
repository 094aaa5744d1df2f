/**
 * Rate limiting of sign-in and sign-up, kept in the database (login_attempts) so it holds
 * across several app servers. A key is limited once it has RATE_LIMIT.maxFailures failed
 * attempts in the last RATE_LIMIT.windowMinutes; callers check every key of a request (its e-mail address and its client
 * address), answer 429 with RATE_LIMIT_MESSAGE when any is limited, and otherwise record
 * the outcome under every key.
 *
 * Times come from the database's clock unless `now` is given (tests), so app servers with
 * slightly different clocks still agree.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { normalizeEmail } from "#app/domain/password.ts";

export const RATE_LIMIT = {
  maxFailures: 5,
  windowMinutes: 15,
} as const;

export const RATE_LIMIT_MESSAGE = "För många misslyckade försök. Vänta en stund och försök igen.";

export interface RateLimitResult {
  limited: boolean;
  /** Seconds until the request would be allowed again (for Retry-After); 0 when not limited. */
  retryAfterSeconds: number;
}

/** The keys of one request: `email:<normalised address>` and `ip:<client address>`, when known. */
export function rateLimitKeys(request: { email?: string | null; ip?: string | null }): string[] {
  const keys: string[] = [];
  const email = request.email ? normalizeEmail(request.email) : "";
  if (email) keys.push(`email:${email}`);
  const ip = request.ip?.trim();
  if (ip) keys.push(`ip:${ip}`);
  return keys;
}

const uniqueKeys = (keys: string[]) => [...new Set(keys.filter((key) => key !== ""))];

const WINDOW = sql.raw(`interval '${RATE_LIMIT.windowMinutes} minutes'`);

/**
 * Whether any of `keys` is limited, in one query: for each key, the maxFailures-th most
 * recent failure inside the window (an index range scan on (key, attempted_at desc) that
 * reads at most maxFailures rows). The key is allowed again when that failure leaves the window.
 */
export async function checkRateLimit(db: Kysely<Database>, keys: string[], now?: Date): Promise<RateLimitResult> {
  const list = uniqueKeys(keys);
  if (list.length === 0) return { limited: false, retryAfterSeconds: 0 };
  const clock = sql`coalesce(${now ?? null}::timestamptz, now())`;
  const { rows } = await sql<{ key: string; seconds_left: number }>`
    select k.key, extract(epoch from (f.attempted_at + ${WINDOW} - ${clock})) as seconds_left
    from (values ${sql.join(list.map((key) => sql`(${key}::text)`))}) as k (key)
    cross join lateral (
      select a.attempted_at
      from login_attempts a
      where a.key = k.key
        and a.succeeded = false
        and a.attempted_at > ${clock} - ${WINDOW}
      order by a.attempted_at desc
      offset ${RATE_LIMIT.maxFailures - 1}
      limit 1
    ) f
  `.execute(db);
  if (rows.length === 0) return { limited: false, retryAfterSeconds: 0 };
  const seconds = Math.max(...rows.map((row) => Number(row.seconds_left)));
  return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(seconds)) };
}

/** Records one attempt under every key (only failures count towards the limit). */
export async function recordAttempt(
  db: Kysely<Database>,
  keys: string[],
  succeeded: boolean,
  now?: Date,
): Promise<void> {
  const list = uniqueKeys(keys);
  if (list.length === 0) return;
  await db
    .insertInto("login_attempts")
    .values(list.map((key) => ({ key, succeeded, ...(now ? { attempted_at: now } : {}) })))
    .execute();
}

/** Deletes attempts older than `olderThan` (housekeeping); returns how many were removed. */
export async function clearOldAttempts(db: Kysely<Database>, olderThan: Date): Promise<number> {
  const result = await db.deleteFrom("login_attempts").where("attempted_at", "<", olderThan).executeTakeFirst();
  return Number(result.numDeletedRows);
}
