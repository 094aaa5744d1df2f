/**
 * The one rate limiter, on both drivers: a slot is taken before the work, atomically, so
 * concurrent requests never get past the limit; slots can be given back; several keys are
 * taken all or none.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import {
  addressClaim,
  clearIdleRateLimits,
  giveBackHit,
  RATE_POLICIES,
  signInClaims,
  takeRateLimit,
  type RatePolicy,
} from "#app/http/rate-limit.server.ts";
import { testDatabases } from "#tests/db.ts";

let counter = 0;
const uniqueKey = (name: string) => `test:${name}:${++counter}:${Date.now()}`;
const FIVE_A_MINUTE: RatePolicy = { max: 5, windowSeconds: 60 };

describe.each(testDatabases())("rate limit on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  const hitsOf = async (key: string) =>
    (await sql<{ n: number }>`select cardinality(hits) as n from rate_limits where key = ${key}`.execute(handle.db)).rows[0]?.n ?? 0;

  it("lets exactly the maximum through when 50 requests arrive at once", async () => {
    const key = uniqueKey("race");
    const decisions = await Promise.all(Array.from({ length: 50 }, () => takeRateLimit([{ key, policy: FIVE_A_MINUTE }], handle.db)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
    expect(await hitsOf(key)).toBe(5);
    for (const refused of decisions.filter((d) => !d.allowed)) {
      expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.allowed === false && refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
  });

  it("gives a slot back on release, so the next request gets it", async () => {
    const key = uniqueKey("release");
    const taken = [];
    for (let i = 0; i < 5; i++) taken.push(await takeRateLimit([{ key, policy: FIVE_A_MINUTE }], handle.db));
    expect((await takeRateLimit([{ key, policy: FIVE_A_MINUTE }], handle.db)).allowed).toBe(false);
    const first = taken[0]!;
    if (!first.allowed) throw new Error("expected a slot");
    await first.release();
    expect(await hitsOf(key)).toBe(4);
    expect((await takeRateLimit([{ key, policy: FIVE_A_MINUTE }], handle.db)).allowed).toBe(true);
  });

  it("gives back exactly one slot when several hits share a timestamp", async () => {
    const key = uniqueKey("same-time");
    await sql`insert into rate_limits (key, hits, last_allowed) values (${key}, array_fill(now(), array[4]), true)`.execute(handle.db);
    const hit = (await sql<{ hit: string }>`select hits[1]::text as hit from rate_limits where key = ${key}`.execute(handle.db)).rows[0]!
      .hit;
    await giveBackHit(key, hit, handle.db);
    expect(await hitsOf(key)).toBe(3);
    await giveBackHit(key, "2001-01-01 00:00:00+00", handle.db);
    expect(await hitsOf(key)).toBe(3);
  });

  it("takes several keys all or none: a full key gives back the slots taken before it", async () => {
    const open = uniqueKey("open");
    const full = uniqueKey("full");
    for (let i = 0; i < 5; i++) await takeRateLimit([{ key: full, policy: FIVE_A_MINUTE }], handle.db);
    const decision = await takeRateLimit(
      [
        { key: open, policy: FIVE_A_MINUTE },
        { key: full, policy: FIVE_A_MINUTE },
      ],
      handle.db,
    );
    expect(decision.allowed).toBe(false);
    expect(await hitsOf(open)).toBe(0);
  });

  it("forgets hits older than the window", async () => {
    const key = uniqueKey("old");
    await sql`insert into rate_limits (key, hits, last_allowed)
      values (${key}, array_fill(now() - interval '2 minutes', array[5]), true)`.execute(handle.db);
    expect((await takeRateLimit([{ key, policy: FIVE_A_MINUTE }], handle.db)).allowed).toBe(true);
    // The old hits are dropped as the new one is counted.
    expect(await hitsOf(key)).toBe(1);
  });

  it("says when the oldest hit inside the window leaves it", async () => {
    const key = uniqueKey("retry");
    await sql`insert into rate_limits (key, hits, last_allowed)
      values (${key}, array[now() - interval '40 seconds', now() - interval '30 seconds', now(), now(), now()], true)`.execute(handle.db);
    const decision = await takeRateLimit([{ key, policy: FIVE_A_MINUTE }], handle.db);
    expect(decision.allowed).toBe(false);
    if (decision.allowed) return;
    expect(decision.retryAfterSeconds).toBeGreaterThanOrEqual(19);
    expect(decision.retryAfterSeconds).toBeLessThanOrEqual(21);
  });

  it("keys sign-in on address and e-mail, e-mail alone and address alone", () => {
    expect(signInClaims(" Anna@X.se ", "1.2.3.4").map((claim) => claim.key)).toEqual([
      "sign-in:address-email:1.2.3.4|anna@x.se",
      "sign-in:email:anna@x.se",
      "sign-in:address:1.2.3.4",
    ]);
    expect(signInClaims("anna@x.se", null).map((claim) => claim.key)).toEqual(["sign-in:email:anna@x.se"]);
    // One address cannot use up the e-mail's own limit: its own runs out long before.
    expect(RATE_POLICIES.signInPerEmail.max).toBeGreaterThan(RATE_POLICIES.signInPerAddressAndEmail.max * 3);
    expect(addressClaim("contact", null, RATE_POLICIES.contactPerAddress).key).toBe("contact:unknown");
  });

  it("clears counters unused for a day", async () => {
    const key = uniqueKey("idle");
    await takeRateLimit([{ key, policy: FIVE_A_MINUTE }], handle.db);
    await sql`update rate_limits set updated_at = now() - interval '2 days' where key = ${key}`.execute(handle.db);
    expect(await clearIdleRateLimits(new Date(Date.now() - 86_400_000), handle.db)).toBeGreaterThanOrEqual(1);
    expect(await hitsOf(key)).toBe(0);
  });
});
