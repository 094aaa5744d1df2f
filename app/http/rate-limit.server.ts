/**
 * The one rate limiter (sign-in, sign-up, the contact form, the AI box, price alerts, counted clicks), kept
 * in the database (rate_limits) so it holds across every app server, with the database's clock.
 *
 * Count first, then do the work: a request takes a slot under each of its keys before it does
 * anything that costs (a password hash, an AI answer, a stored message). Taking a slot is one
 * INSERT … ON CONFLICT DO UPDATE that locks the key's row, so concurrent requests are counted
 * one after the other on PostgreSQL and on PGlite alike: exactly `max` get in, never more.
 * A slot can be given back (a correct password, an outage that was not the visitor's doing).
 */
import { sql, type Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { normalizeEmail } from "#app/utils/fold-text.ts";

export interface RatePolicy {
  max: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every limit of the site. Sign-in counts wrong passwords only (a correct one gives its slot
 * back): five per address and e-mail, so a mistyping person is stopped briefly; a looser limit
 * per e-mail across all addresses, so one address cannot lock a known administrator out but a
 * crowd of addresses cannot guess freely either; and one per address across all e-mails.
 */
export const RATE_POLICIES = {
  signInPerAddressAndEmail: { max: 5, windowSeconds: 15 * MINUTE },
  signInPerEmail: { max: 30, windowSeconds: 15 * MINUTE },
  signInPerAddress: { max: 50, windowSeconds: 15 * MINUTE },
  /** A person makes one account; a script making dozens is stopped. */
  signUpPerAddress: { max: 5, windowSeconds: HOUR },
  /** A person writes a message or two. */
  contactPerAddress: { max: 5, windowSeconds: HOUR },
  /** The AI box: a person asks a few questions; a script asking hundreds is stopped. */
  aiBoxPerAddress: { max: 20, windowSeconds: 10 * MINUTE },
  /** Price alerts asked for from one address: a person watches a few hotels. */
  alertPerAddress: { max: 10, windowSeconds: HOUR },
  /** Confirmation mails to one e-mail address: nobody's inbox is filled by strangers. */
  alertPerEmail: { max: 3, windowSeconds: HOUR },
  /** Clicks counted for the dashboard from one address, whatever user agents it claims. */
  clicksPerAddress: { max: 30, windowSeconds: HOUR },
} as const satisfies Record<string, RatePolicy>;

export const RATE_LIMIT_MESSAGE = "För många misslyckade försök. Vänta en stund och försök igen.";
export const SIGN_UP_LIMIT_MESSAGE = "Många konton har skapats härifrån på kort tid. Vänta en stund och försök igen.";

/** One counter: a key (its policy's name and the client's address, e-mail…) and its policy. */
export interface RateClaim {
  key: string;
  policy: RatePolicy;
}

export type RateDecision =
  | { allowed: true; /** Gives the slots back, for a request that turned out not to count. */ release(): Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

/** The sign-in counters of one attempt (the client address may be unknown). */
export function signInClaims(email: string, address: string | null): RateClaim[] {
  const who = normalizeEmail(email);
  const claims: RateClaim[] = [{ key: `sign-in:email:${who}`, policy: RATE_POLICIES.signInPerEmail }];
  if (address) {
    claims.unshift({ key: `sign-in:address-email:${address}|${who}`, policy: RATE_POLICIES.signInPerAddressAndEmail });
    claims.push({ key: `sign-in:address:${address}`, policy: RATE_POLICIES.signInPerAddress });
  }
  return claims;
}

/** A counter per client address; requests without a known address share one. */
export function addressClaim(name: string, address: string | null, policy: RatePolicy): RateClaim {
  return { key: `${name}:${address ?? "unknown"}`, policy };
}

interface Taken {
  key: string;
  hit: string;
}

/**
 * Takes a slot under every claim, or none: when one key is full, the slots already taken for
 * this request are given back and the answer says how long until that key has room again.
 */
export async function takeRateLimit(claims: RateClaim[], db: Kysely<Database> = getAppDatabase().db): Promise<RateDecision> {
  const taken: Taken[] = [];
  const release = async () => {
    for (const { key, hit } of taken.splice(0)) {
      await giveBackHit(key, hit, db);
    }
  };
  for (const { key, policy } of claims) {
    const window = sql`make_interval(secs => ${policy.windowSeconds})`;
    // The hits still inside the window; the row's lock makes read-count-append one step.
    const live = sql`array(select t from unnest(r.hits) as t where t > clock_timestamp() - ${window} order by t)`;
    const { rows } = await sql<{ allowed: boolean; hit: string; seconds_left: number }>`
      insert into rate_limits as r (key, hits, last_allowed)
      values (${key}, array[clock_timestamp()], true)
      on conflict (key) do update set
        last_allowed = cardinality(${live}) < ${policy.max},
        hits = case when cardinality(${live}) < ${policy.max} then ${live} || clock_timestamp() else ${live} end,
        updated_at = now()
      returning
        last_allowed as allowed,
        hits[cardinality(hits)]::text as hit,
        extract(epoch from (hits[1] + ${window} - clock_timestamp())) as seconds_left
    `.execute(db);
    const row = rows[0]!;
    if (!row.allowed) {
      await release();
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(row.seconds_left))) };
    }
    taken.push({ key, hit: row.hit });
  }
  return { allowed: true, release };
}

/**
 * Removes one hit (its time as the database wrote it) from a key. One occurrence only: two hits
 * can share a timestamp (PGlite's clock is coarse), and each stands for a request.
 */
export async function giveBackHit(key: string, hit: string, db: Kysely<Database> = getAppDatabase().db): Promise<void> {
  await sql`
    update rate_limits
    set hits = hits[:array_position(hits, ${hit}::timestamptz) - 1] || hits[array_position(hits, ${hit}::timestamptz) + 1:]
    where key = ${key} and array_position(hits, ${hit}::timestamptz) is not null
  `.execute(db);
}

/** Removes keys unused for longer than any window (housekeeping). */
export async function clearIdleRateLimits(olderThan: Date, db: Kysely<Database> = getAppDatabase().db): Promise<number> {
  const result = await db.deleteFrom("rate_limits").where("updated_at", "<", olderThan).executeTakeFirst();
  return Number(result.numDeletedRows);
}
