/**
 * The back office's connector health (/admin/connectors): per partner, its calls of the last
 * hour from connector_calls (what the live price service and the test button record), its last
 * error and last test, and its circuit breaker from connector_breakers; and the test button's
 * one search, recorded like any other call. Decision 069.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { addDays, todayInSweden } from "#app/utils/stay.ts";
import { ConnectorError, type ConnectorFailure, type LiveStay, type PartnerConnector, type PartnerHotel } from "./connector.ts";

type DB = Kysely<Database>;

/** The window the screen's figures count. */
export const HEALTH_WINDOW_MINUTES = 60;

/** A partner's calls of the last hour, visitors' only (a test's 10 s would skew the budget's share). */
export interface CallFigures {
  calls: number;
  /** Calls answered ('ok') within the budget. */
  answeredInBudget: number;
  /** Milliseconds, interpolated (percentile_cont); null without calls. */
  p50: number | null;
  p95: number | null;
}

export interface CallRecord {
  at: Date;
  operation: string;
  outcome: string;
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
}

export type BreakerState =
  | { state: "closed"; consecutiveFailures: number }
  | { state: "open"; until: Date; consecutiveFailures: number }
  /** Open until a time that has passed: the next call is the trial. */
  | { state: "half-open"; since: Date; consecutiveFailures: number };

export interface PartnerHealth {
  partnerId: string;
  figures: CallFigures;
  lastError: CallRecord | null;
  lastTest: CallRecord | null;
  breaker: BreakerState;
}

const NO_CALLS: CallFigures = { calls: 0, answeredInBudget: 0, p50: null, p95: null };

type HealthRow = {
  partner_id: string;
  calls: number;
  answered: number;
  p50: number | null;
  p95: number | null;
  has_calls: boolean;
} & { [K in `${"error" | "test"}_${"at" | "operation" | "outcome" | "status" | "text" | "duration"}`]: unknown };

const callOf = (row: HealthRow, prefix: "error" | "test"): CallRecord | null =>
  row[`${prefix}_at`] === null
    ? null
    : {
        at: new Date(row[`${prefix}_at`] as Date | string),
        operation: row[`${prefix}_operation`] as string,
        outcome: row[`${prefix}_outcome`] as string,
        httpStatus: row[`${prefix}_status`] as number | null,
        error: row[`${prefix}_text`] as string | null,
        durationMs: row[`${prefix}_duration`] as number,
      };

/** The newest call of the partner `p.id` matching `where`, as `<prefix>_…` columns (any age: housekeeping keeps a week). */
const latestCall = (prefix: "error" | "test", where: RawBuilder<unknown>) => sql`
  left join lateral (
    select c.started_at as ${sql.ref(`${prefix}_at`)}, c.operation as ${sql.ref(`${prefix}_operation`)},
           c.outcome as ${sql.ref(`${prefix}_outcome`)}, c.http_status as ${sql.ref(`${prefix}_status`)},
           c.error as ${sql.ref(`${prefix}_text`)}, c.duration_ms as ${sql.ref(`${prefix}_duration`)}
    from connector_calls c
    where c.partner_id = p.id and ${where}
    order by c.started_at desc, c.id desc
    limit 1
  ) as ${sql.ref(prefix)} on true`;

/**
 * Per partner id: the last hour's figures, the last error, the last test and whether it has any
 * call. Each is looked up by partner through the (partner_id, started_at) index, so the screen's
 * cost follows the number of partners and the hour's calls, not the week the table keeps.
 */
async function callHealth(partnerIds: readonly string[], now: Date, db: DB): Promise<Map<string, HealthRow>> {
  if (!partnerIds.length) return new Map();
  const since = new Date(now.getTime() - HEALTH_WINDOW_MINUTES * 60_000);
  const { rows } = await sql<HealthRow>`
    select p.id as partner_id, h.calls, h.answered, h.p50, h.p95, error.*, test.*,
           exists (select 1 from connector_calls c where c.partner_id = p.id) as has_calls
    from unnest(${[...partnerIds]}::text[]) as p(id)
    cross join lateral (
      select count(*)::int as calls,
             count(*) filter (where c.outcome = 'ok' and c.in_budget)::int as answered,
             percentile_cont(0.5) within group (order by c.duration_ms) as p50,
             percentile_cont(0.95) within group (order by c.duration_ms) as p95
      from connector_calls c
      where c.partner_id = p.id and c.started_at > ${since} and c.started_at <= ${now} and c.operation <> 'test'
    ) as h
    ${latestCall("error", sql`c.outcome <> 'ok'`)}
    ${latestCall("test", sql`c.operation = 'test'`)}
  `.execute(db);
  return new Map(rows.map((row) => [row.partner_id, row]));
}

/** A breaker row as the screen says it. */
export function breakerState(row: { consecutive_failures: number; open_until: Date | string | null } | undefined, now: Date): BreakerState {
  if (!row) return { state: "closed", consecutiveFailures: 0 };
  const consecutiveFailures = row.consecutive_failures;
  if (row.open_until === null) return { state: "closed", consecutiveFailures };
  const until = new Date(row.open_until);
  return until > now ? { state: "open", until, consecutiveFailures } : { state: "half-open", since: until, consecutiveFailures };
}

/**
 * The health of each partner in `partnerIds` (the configured connectors) and of every other
 * partner with calls recorded or a breaker, in that order (the others by id).
 */
export async function connectorHealth(
  partnerIds: readonly string[],
  now: Date = new Date(),
  db: DB = getAppDatabase().db,
): Promise<PartnerHealth[]> {
  const [partners, breakers] = await Promise.all([
    db.selectFrom("partners").select("id").orderBy("id").execute(),
    db.selectFrom("connector_breakers").select(["partner_id", "consecutive_failures", "open_until"]).execute(),
  ]);
  const breakerOf = new Map(breakers.map((row) => [row.partner_id, row]));
  // Calls are recorded under partners' ids (a connector's partnerId is one); a breaker names its partner.
  const candidates = [...new Set([...partnerIds, ...partners.map((row) => row.id), ...breakers.map((row) => row.partner_id)])];
  const calls = await callHealth(candidates, now, db);
  const others = candidates.filter((id) => !partnerIds.includes(id) && (calls.get(id)?.has_calls || breakerOf.has(id))).sort();
  return [...partnerIds, ...others].map((partnerId) => {
    const row = calls.get(partnerId);
    // float8 arrives as a number from both drivers; Number() keeps a driver that sends text honest.
    const figure = (value: number | null | undefined) => (value === null || value === undefined ? null : Number(value));
    return {
      partnerId,
      figures: row ? { calls: row.calls, answeredInBudget: row.answered, p50: figure(row.p50), p95: figure(row.p95) } : NO_CALLS,
      lastError: row ? callOf(row, "error") : null,
      lastTest: row ? callOf(row, "test") : null,
      breaker: breakerState(breakerOf.get(partnerId), now),
    };
  });
}

/** Partners' names by id, for rows whose partner has no configured connector. */
export async function partnerNames(db: DB = getAppDatabase().db): Promise<Record<string, string>> {
  const rows = await db.selectFrom("partners").select(["id", "name"]).execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.name]));
}

// ---------------------------------------------------------------------------------------------
// Test connection

/** How long the test waits for the partner: far past any visitor's budget, to see a slow partner answer. */
export const TEST_TIMEOUT_MS = 10_000;
/** How many of our hotels with an id at the partner the test asks about. */
export const TEST_HOTELS = 3;

/**
 * A property the partner's own documentation uses, asked about when none of our hotels has an
 * id there yet: Booking.com's OpenAPI examples use accommodation 10004 (docs/partner-formats/
 * booking-demand-api-v3.2.md). Its hotels.id is a placeholder: the answer is only summarised.
 */
export const SAMPLE_PARTNER_HOTEL_IDS: Readonly<Record<string, string>> = { booking: "10004" };
const SAMPLE_HOTEL_ID = "00000000-0000-0000-0000-000000000000";

const NOTHING_TO_ASK = "No hotel has an id at this partner yet, and there is no documented sample id for it: nothing was asked.";

/** The test's stay: 30 days ahead, one night, 2 adults, 1 room. */
export function testStay(today: string = todayInSweden()): LiveStay {
  const checkIn = addDays(today, 30);
  return { checkIn, checkOut: addDays(checkIn, 1), adults: 2, rooms: 1, bookerCountry: "se", platform: "desktop" };
}

/** What the test shows of the partner's answer, after the redirect. */
export type TestSummary = {
  partnerName: string;
  stay: LiveStay;
  /** The partner's ids asked about. */
  asked: string[];
  /** Whether they are the documented sample (none of our hotels has an id there). */
  sample: boolean;
  durationMs: number;
} & (
  | {
      ok: true;
      quotes: number;
      hotelsWithQuotes: number;
      unavailable: number;
      cheapest: { total: number; currency: string; partnerHotelId: string } | null;
    }
  | { ok: false; failure: ConnectorFailure; status: number | null; requestId: string | null; message: string }
);

/** Up to TEST_HOTELS of our hotels with an id at the partner, the most recently set first. */
async function testHotels(partnerId: string, db: DB): Promise<PartnerHotel[]> {
  const rows = await db
    .selectFrom("hotel_partner_ids")
    .select(["hotel_id", "partner_hotel_id"])
    .where("partner_id", "=", partnerId)
    .orderBy("updated_at", "desc")
    .orderBy("hotel_id")
    .limit(TEST_HOTELS)
    .execute();
  return rows.map((row) => ({ hotelId: row.hotel_id, partnerHotelId: row.partner_hotel_id }));
}

/**
 * Runs one search through the connector for the test stay and records it in connector_calls
 * (operation 'test'). The partner is asked before anything is written: an admin post writes in
 * one transaction (decision 048), which must not wait 10 s for a partner.
 */
export async function testConnector(connector: PartnerConnector, db: DB = getAppDatabase().db): Promise<TestSummary> {
  let hotels = await testHotels(connector.partnerId, db);
  const sampleId = SAMPLE_PARTNER_HOTEL_IDS[connector.partnerId];
  const sample = hotels.length === 0 && sampleId !== undefined;
  if (sample) hotels = [{ hotelId: SAMPLE_HOTEL_ID, partnerHotelId: sampleId }];
  const stay = testStay();
  const base = { partnerName: connector.partnerName, stay, asked: hotels.map((hotel) => hotel.partnerHotelId), sample };
  const started = new Date();
  const clock = performance.now();
  const timeout = AbortSignal.timeout(TEST_TIMEOUT_MS);
  let summary: TestSummary;
  // Nothing to ask about: no call is made, so none is recorded.
  if (!hotels.length)
    return { ...base, durationMs: 0, ok: false, failure: "rejected", status: null, requestId: null, message: NOTHING_TO_ASK };
  try {
    const answer = await Promise.race([
      connector.search(stay, hotels, { signal: timeout }),
      // A connector that ignores its signal still ends the test on time.
      new Promise<never>((_, reject) =>
        timeout.addEventListener("abort", () => reject(new ConnectorError("timeout", `No answer within ${TEST_TIMEOUT_MS / 1000} s`)), {
          once: true,
        }),
      ),
    ]);
    const cheapest = answer.quotes.reduce<(typeof answer.quotes)[number] | null>(
      (best, quote) => (best === null || quote.total < best.total ? quote : best),
      null,
    );
    summary = {
      ...base,
      durationMs: Math.round(performance.now() - clock),
      ok: true,
      quotes: answer.quotes.length,
      hotelsWithQuotes: new Set(answer.quotes.map((quote) => quote.partnerHotelId)).size,
      unavailable: answer.unavailable.length,
      cheapest: cheapest ? { total: cheapest.total, currency: cheapest.currency, partnerHotelId: cheapest.partnerHotelId } : null,
    };
  } catch (error) {
    const failure =
      error instanceof ConnectorError
        ? error
        : new ConnectorError(timeout.aborted ? "timeout" : "network", error instanceof Error ? error.message : String(error));
    summary = {
      ...base,
      durationMs: Math.round(performance.now() - clock),
      ok: false,
      failure: failure.failure,
      status: failure.status,
      requestId: failure.requestId,
      message: failure.message,
    };
  }
  await recordTestCall(connector.partnerId, started, summary, db);
  return summary;
}

async function recordTestCall(partnerId: string, startedAt: Date, summary: TestSummary, db: DB): Promise<void> {
  await db
    .insertInto("connector_calls")
    .values({
      partner_id: partnerId,
      operation: "test",
      started_at: startedAt,
      duration_ms: summary.durationMs,
      outcome: summary.ok ? "ok" : summary.failure,
      in_budget: summary.ok && summary.durationMs <= getEnv().LIVE_PRICE_BUDGET_MS,
      http_status: summary.ok ? null : summary.status,
      error: summary.ok
        ? null
        : [summary.message, summary.requestId ? `request ${summary.requestId}` : null].filter(Boolean).join(" · ").slice(0, 1000),
    })
    .execute();
}
