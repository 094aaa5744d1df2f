/**
 * Asking partners' APIs live for a visitor's stay (DESIGN §4.12, decision 067): for every
 * configured connector, the hotels it has an id for; answers still fresh in live_price_answers
 * are used without a call (shared by every app server); the rest are asked once per process at a
 * time (single flight) unless the partner's circuit breaker (connector_breakers, shared) is open.
 * The caller waits at most its budget; a call goes on up to CALL_LIMIT_MS so that a late answer
 * is still stored for the next visitor. Every call is recorded in connector_calls.
 */
import { pricesChanged } from "#app/prices/price-changes.server.ts";
import { sql, type Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { log } from "#app/utils/log.server.ts";
import { currentRequestMetrics } from "#app/utils/request-metrics.server.ts";
import { nightsOf, type DatedStay } from "#app/utils/stay.ts";
import { comparableStay } from "#app/prices/deal.ts";
import { recordLiveTotals } from "#app/prices/price-history.server.ts";
import {
  ConnectorError,
  type ConnectorFailure,
  type LiveQuote,
  type LiveSearchAnswer,
  type PartnerConnector,
  type PartnerHotel,
  type Platform,
} from "./connector.ts";
import { configuredConnectors } from "./connectors.server.ts";
import { partnerHotels } from "./partner-ids.server.ts";
import type { LiveHotelAnswer, LiveOutcome, PartnerLive } from "./live-offers.ts";

type DB = Kysely<Database>;

/** A call is given up after this long, whatever the page's budget: a late answer still serves the next visitor. */
export const CALL_LIMIT_MS = 10_000;
/** Consecutive failures that open a partner's breaker, and for how long. */
export const BREAKER_FAILURES = 5;
export const BREAKER_OPEN_S = 60;
/** The longest a partner's Retry-After keeps its breaker open. */
const MAX_RETRY_AFTER_S = 3_600;
/** connector_calls.error and connector_breakers.last_failure hold at most this much. */
const ERROR_CHARS = 1000;

/** The known partners' hosts (what /redirect trusts for their landing URLs). */
const PARTNER_HOSTS: Record<string, string> = { booking: "www.booking.com" };

export type LiveIntent = "search" | "availability";

export interface AskLiveOptions {
  kind: LiveIntent;
  /** The page's budget (LIVE_PRICE_BUDGET_MS): what a call's in_budget is measured against. */
  budgetMs?: number;
  /**
   * How long the caller waits (default: the budget); a call not answered by then goes on in the
   * background. A client navigation's deferred part waits DEFERRED_WAIT_MS: the page is shown already.
   */
  waitMs?: number;
  platform?: Platform;
}

/** How long a client navigation's deferred live part waits: its page is drawn already, "Hämtar aktuella priser…" shows meanwhile. */
export const DEFERRED_WAIT_MS = 5_000;

/** Whether any partner's API is configured: without one, pages ask nobody and read nothing more. */
export const liveConfigured = () => configuredConnectors().length > 0;

/**
 * True for React Router's client-side data request (`/path.data`, or `/path/_.data` for a
 * trailing slash): with future.v8_passThroughRequests the loader's `request.url` is the raw one,
 * while its `url` argument is the page's address. A document request has no suffix.
 */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

/** The configured connectors' partners as `partners` rows (partners.id is the FK of every live table). */
export async function ensureConnectorPartners(
  connectors: readonly PartnerConnector[] = configuredConnectors(),
  db: DB = getAppDatabase().db,
): Promise<void> {
  for (const connector of connectors) {
    // Only made when missing: an administrator's edits (name, logo, active) are kept. A name
    // another partner already has leaves the row unmade rather than failing the boot.
    await db
      .insertInto("partners")
      .values({
        id: connector.partnerId,
        name: connector.partnerName,
        host: PARTNER_HOSTS[connector.partnerId] ?? `${connector.partnerId}.invalid`,
        logo_url: null,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

/**
 * The partners' live answers for the stay and hotels (hotels.id): one entry per configured,
 * active partner that has an id for at least one of the hotels. Never throws and never takes
 * much longer than the budget.
 */
export async function askLive(
  stay: DatedStay,
  hotelIds: readonly string[],
  options: AskLiveOptions,
  db: DB = getAppDatabase().db,
): Promise<PartnerLive[]> {
  const connectors = configuredConnectors();
  if (!connectors.length || !hotelIds.length) return [];
  const budgetMs = options.budgetMs ?? getEnv().LIVE_PRICE_BUDGET_MS;
  // The budget is the visitor's wait for the page: it counts from when the request came in, not
  // from here (the page's own reads come first), so the page answers within it plus its render.
  const budgetEnd = (currentRequestMetrics()?.startedAt ?? Date.now()) + budgetMs;
  const deadline = options.waitMs !== undefined ? Date.now() + options.waitMs : budgetEnd;
  const results = await Promise.all(
    connectors.map((connector) =>
      askPartner(connector, stay, [...new Set(hotelIds)], options.kind, options.platform ?? "desktop", budgetEnd, deadline, db).catch(
        (error: unknown): PartnerLive | null => {
          // Our own database failing is no reason to fail the page either: the stored prices stay.
          log.error("live prices failed", error, { partner: connector.partnerId });
          return { ...partnerOf(connector), outcome: "failed", answers: [], asked: [...hotelIds] };
        },
      ),
    ),
  );
  return results.filter((result) => result !== null);
}

function partnerOf(connector: PartnerConnector, row?: { name: string; host: string; logo_url: string | null }) {
  return {
    partnerId: connector.partnerId,
    partnerName: row?.name ?? connector.partnerName,
    partnerHost: row?.host ?? PARTNER_HOSTS[connector.partnerId] ?? "",
    partnerLogo: row?.logo_url ?? null,
  };
}

async function askPartner(
  connector: PartnerConnector,
  stay: DatedStay,
  hotelIds: string[],
  kind: LiveIntent,
  platform: Platform,
  /** When the visitor's budget ends (Date.now() time): a call answering after it is recorded as out of budget. */
  budgetEnd: number,
  deadline: number,
  db: DB,
): Promise<PartnerLive | null> {
  const [partner, hotels] = await Promise.all([
    db.selectFrom("partners").select(["name", "host", "logo_url", "active"]).where("id", "=", connector.partnerId).executeTakeFirst(),
    partnerHotels(connector.partnerId, hotelIds, db),
  ]);
  // A partner switched off in the back office is not asked, as its stored prices are not shown.
  if (!partner?.active || !hotels.length) return null;
  const base = { ...partnerOf(connector, partner), asked: hotels.map((hotel) => hotel.hotelId) };
  const fresh = await freshAnswers(connector.partnerId, stay, base.asked, db);
  const missing = hotels.filter((hotel) => !fresh.has(hotel.hotelId));
  const answered = () => [...fresh.values()];
  if (!missing.length) return { ...base, outcome: "answered", answers: answered() };

  const questions = kind === "search" ? [missing] : missing.map((hotel) => [hotel]);
  const outcomes: LiveOutcome[] = [];
  await Promise.all(
    questions.map(async (question) => {
      const started = await startOrJoin(connector, kind, { ...stay, platform }, question, budgetEnd, db);
      if (started === "breaker-open") return void outcomes.push("breaker-open");
      const settled = await within(started.flight, deadline - Date.now());
      if (settled === undefined) return void outcomes.push("late");
      if (settled.ok) {
        for (const answer of settled.answers) fresh.set(answer.hotelId, answer);
        outcomes.push("answered");
      } else outcomes.push("failed");
    }),
  );
  // The worst of the questions' outcomes names the partner's row; what did come back is used.
  const outcome = (["failed", "breaker-open", "late"] as const).find((worst) => outcomes.includes(worst)) ?? "answered";
  return { ...base, outcome, answers: answered() };
}

/** The value of the promise if it settles within `ms`, else undefined (the promise goes on). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, ms));
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const stayKey = (stay: DatedStay) => [stay.checkIn, stay.checkOut, stay.adults, stay.rooms];

async function freshAnswers(
  partnerId: string,
  stay: DatedStay,
  hotelIds: readonly string[],
  db: DB,
): Promise<Map<string, LiveHotelAnswer>> {
  const rows = await db
    .selectFrom("live_price_answers")
    .select(["hotel_id", "quotes", "fetched_at"])
    .where("partner_id", "=", partnerId)
    .where("hotel_id", "in", [...hotelIds])
    .where("check_in", "=", stay.checkIn)
    .where("check_out", "=", stay.checkOut)
    .where("adults", "=", stay.adults)
    .where("rooms", "=", stay.rooms)
    .where("expires_at", ">", sql<Date>`now()`)
    .execute();
  return new Map(
    rows.map((row) => [
      row.hotel_id,
      {
        hotelId: row.hotel_id,
        quotes: (typeof row.quotes === "string" ? JSON.parse(row.quotes) : row.quotes) as LiveQuote[],
        fetchedAt: new Date(row.fetched_at).toISOString(),
      },
    ]),
  );
}

type CallResult = { ok: true; answers: LiveHotelAnswer[] } | { ok: false; failure: ConnectorFailure };

/** Calls under way in this process, by question: a second visitor asking the same joins the first call. */
const inFlight = new Map<string, Promise<CallResult>>();

async function startOrJoin(
  connector: PartnerConnector,
  kind: LiveIntent,
  stay: DatedStay & { platform: Platform },
  hotels: PartnerHotel[],
  budgetEnd: number,
  db: DB,
): Promise<{ flight: Promise<CallResult> } | "breaker-open"> {
  const key = JSON.stringify([connector.partnerId, kind, ...stayKey(stay), stay.platform, hotels.map((hotel) => hotel.hotelId).sort()]);
  const joined = inFlight.get(key);
  if (joined) return { flight: joined };
  if (!(await mayCall(connector.partnerId, db))) return "breaker-open";
  // Another visitor may have started the same call while the breaker was read.
  const raced = inFlight.get(key);
  if (raced) return { flight: raced };
  const flight = call(connector, kind, stay, hotels, budgetEnd, db).finally(() => inFlight.delete(key));
  inFlight.set(key, flight);
  return { flight };
}

/**
 * Whether the partner may be asked now: its breaker is closed, or its open time is over and this
 * server wins the one trial call (one statement moves open_until on while it is past: a second
 * server's update finds it in the future and loses, so the others see the breaker open).
 */
async function mayCall(partnerId: string, db: DB): Promise<boolean> {
  const breaker = await db
    .selectFrom("connector_breakers")
    .select(["open_until", sql<boolean>`open_until > now()`.as("open")])
    .where("partner_id", "=", partnerId)
    .executeTakeFirst();
  if (!breaker?.open_until) return true;
  if (breaker.open) return false;
  const trial = await db
    .updateTable("connector_breakers")
    .set({ open_until: sql<Date>`now() + make_interval(secs => ${BREAKER_OPEN_S})`, updated_at: sql<Date>`now()` })
    .where("partner_id", "=", partnerId)
    .where("open_until", "<=", sql<Date>`now()`)
    .executeTakeFirst();
  return Number(trial.numUpdatedRows) === 1;
}

async function call(
  connector: PartnerConnector,
  kind: LiveIntent,
  stay: DatedStay & { platform: Platform },
  hotels: PartnerHotel[],
  budgetEnd: number,
  db: DB,
): Promise<CallResult> {
  const started = performance.now();
  const startedAt = new Date();
  const signal = AbortSignal.timeout(CALL_LIMIT_MS);
  const live = {
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    adults: stay.adults,
    rooms: stay.rooms,
    bookerCountry: "se" as const,
    platform: stay.platform,
  };
  let answer: LiveSearchAnswer | undefined;
  let error: ConnectorError | undefined;
  try {
    const asked = kind === "search" ? connector.search(live, hotels, { signal }) : connector.availability(live, hotels[0]!, { signal });
    answer = await Promise.race([asked, aborted(signal)]);
  } catch (caught) {
    error = asConnectorError(caught);
  }
  const durationMs = Math.round(performance.now() - started);
  // In budget: answered before the visitor who asked stopped waiting for it.
  const inBudget = Date.now() <= budgetEnd;
  try {
    await db
      .insertInto("connector_calls")
      .values({
        partner_id: connector.partnerId,
        operation: kind,
        started_at: startedAt,
        duration_ms: durationMs,
        outcome: error ? error.failure : "ok",
        in_budget: inBudget,
        http_status: error ? error.status : 200,
        error: error ? cut(error.message) : null,
      })
      .execute();
    if (error) {
      await recordFailure(connector.partnerId, error, db);
      return { ok: false, failure: error.failure };
    }
    await recordSuccess(connector.partnerId, db);
    return { ok: true, answers: await storeAnswers(connector.partnerId, stay, hotels, answer!, db) };
  } catch (caught) {
    log.error("live answer not recorded", caught, { partner: connector.partnerId });
    return error ? { ok: false, failure: error.failure } : { ok: false, failure: "malformed" };
  }
}

/** Rejects when the signal aborts: a connector that ignores its signal is given up on all the same. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason as Error), { once: true }));
}

function asConnectorError(caught: unknown): ConnectorError {
  if (caught instanceof ConnectorError) return caught;
  const name = caught instanceof Error ? caught.name : "";
  const message = caught instanceof Error ? caught.message : String(caught);
  if (name === "TimeoutError" || name === "AbortError")
    return new ConnectorError("timeout", `no answer within ${CALL_LIMIT_MS} ms`, { cause: caught });
  // Anything but a ConnectorError is the connector's own bug: counted as an unusable answer.
  return new ConnectorError("malformed", message, { cause: caught });
}

const cut = (text: string) => text.slice(0, ERROR_CHARS);

async function recordFailure(partnerId: string, error: ConnectorError, db: DB) {
  const retryAfter =
    error.failure === "rate-limited" && error.retryAfterSeconds ? Math.min(error.retryAfterSeconds, MAX_RETRY_AFTER_S) : null;
  const failures = sql<number>`connector_breakers.consecutive_failures + 1`;
  // A 429 says how long to stay away; otherwise the breaker opens at the Nth failure in a row
  // (and again after each failed trial call).
  const openUntil =
    retryAfter !== null
      ? sql<Date>`now() + make_interval(secs => ${retryAfter})`
      : sql<Date>`case when connector_breakers.consecutive_failures + 1 >= ${BREAKER_FAILURES}
          then now() + make_interval(secs => ${BREAKER_OPEN_S}) else connector_breakers.open_until end`;
  const message = cut(`${error.failure}: ${error.message}`);
  await db
    .insertInto("connector_breakers")
    .values({
      partner_id: partnerId,
      consecutive_failures: 1,
      open_until: retryAfter !== null ? sql<Date>`now() + make_interval(secs => ${retryAfter})` : null,
      last_failure: message,
      last_failure_at: sql<Date>`now()`,
    })
    .onConflict((conflict) =>
      conflict.column("partner_id").doUpdateSet({
        consecutive_failures: failures,
        open_until: openUntil,
        last_failure: message,
        last_failure_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

async function recordSuccess(partnerId: string, db: DB) {
  await db
    .updateTable("connector_breakers")
    .set({ consecutive_failures: 0, open_until: null, updated_at: sql<Date>`now()` })
    .where("partner_id", "=", partnerId)
    .where((eb) => eb.or([eb("consecutive_failures", ">", 0), eb("open_until", "is not", null)]))
    .execute();
}

/**
 * Stores each asked hotel's answer until now + LIVE_PRICE_TTL_S: its quotes, or [] when the
 * partner has nothing for the stay (named unavailable, or simply left out of the answer); a stay
 * of the history's reference party also goes into the price history, in the same transaction.
 */
async function storeAnswers(
  partnerId: string,
  stay: DatedStay,
  hotels: PartnerHotel[],
  answer: LiveSearchAnswer,
  db: DB,
): Promise<LiveHotelAnswer[]> {
  const stored = await db.transaction().execute(async (trx) => {
    const rows = await storeAnswerRows(partnerId, stay, hotels, answer, trx);
    if (comparableStay(stay)) {
      // Every quote: the history keeps each hotel's cheapest.
      const totals = rows.flatMap(({ hotelId, quotes }) => quotes.map(({ currency, total }) => ({ hotelId, currency, total })));
      await recordLiveTotals(partnerId, { checkIn: stay.checkIn, nights: nightsOf(stay)! }, totals, undefined, trx);
    }
    return rows;
  });
  // After the commit (the alert check's job is queued on the runner's own footing), and not
  // awaited: the page waiting for this answer does not wait for the alerts.
  void pricesChanged("live");
  return stored;
}

async function storeAnswerRows(
  partnerId: string,
  stay: DatedStay,
  hotels: PartnerHotel[],
  answer: LiveSearchAnswer,
  db: DB,
): Promise<LiveHotelAnswer[]> {
  const asked = new Set(hotels.map((hotel) => hotel.hotelId));
  const byHotel = new Map<string, LiveQuote[]>([...asked].map((id) => [id, []]));
  for (const quote of answer.quotes) if (asked.has(quote.hotelId)) byHotel.get(quote.hotelId)!.push(quote);
  const ttl = getEnv().LIVE_PRICE_TTL_S;
  const rows = await db
    .insertInto("live_price_answers")
    .values(
      [...byHotel].map(([hotelId, quotes]) => ({
        partner_id: partnerId,
        hotel_id: hotelId,
        check_in: stay.checkIn,
        check_out: stay.checkOut,
        adults: stay.adults,
        rooms: stay.rooms,
        quotes: JSON.stringify(quotes),
        fetched_at: sql<Date>`now()`,
        expires_at: sql<Date>`now() + make_interval(secs => ${ttl})`,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(["partner_id", "hotel_id", "check_in", "check_out", "adults", "rooms"]).doUpdateSet((eb) => ({
        quotes: eb.ref("excluded.quotes"),
        fetched_at: eb.ref("excluded.fetched_at"),
        expires_at: eb.ref("excluded.expires_at"),
      })),
    )
    .returning(["hotel_id", "fetched_at"])
    .execute();
  return rows.map((row) => ({
    hotelId: row.hotel_id,
    quotes: byHotel.get(row.hotel_id) ?? [],
    fetchedAt: new Date(row.fetched_at).toISOString(),
  }));
}

/** A partner's breaker as the health screen shows it. */
export async function breakerState(
  partnerId: string,
  db: DB = getAppDatabase().db,
): Promise<{ state: "closed" | "open" | "half-open"; consecutiveFailures: number; openUntil: string | null; lastFailure: string | null }> {
  const row = await db
    .selectFrom("connector_breakers")
    .select(["consecutive_failures", "open_until", "last_failure", sql<boolean>`open_until > now()`.as("open")])
    .where("partner_id", "=", partnerId)
    .executeTakeFirst();
  if (!row) return { state: "closed", consecutiveFailures: 0, openUntil: null, lastFailure: null };
  return {
    state: row.open_until === null ? "closed" : row.open ? "open" : "half-open",
    consecutiveFailures: row.consecutive_failures,
    openUntil: row.open_until && new Date(row.open_until).toISOString(),
    lastFailure: row.last_failure,
  };
}

/** Housekeeping: expired answers, and calls older than `keepCallsBefore`. */
export async function deleteOldLiveRecords(
  keepCallsBefore: Date,
  db: DB = getAppDatabase().db,
): Promise<{ liveAnswers: number; connectorCalls: number }> {
  const answers = await db
    .deleteFrom("live_price_answers")
    .where("expires_at", "<=", sql<Date>`now()`)
    .executeTakeFirst();
  const calls = await db.deleteFrom("connector_calls").where("started_at", "<", keepCallsBefore).executeTakeFirst();
  return { liveAnswers: Number(answers.numDeletedRows), connectorCalls: Number(calls.numDeletedRows) };
}
