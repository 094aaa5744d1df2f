/**
 * Fetches of partners' price feeds (table price_feed_runs, the partners screen's record): queued
 * by the schedule or by an administrator's "Fetch now", each run then a job of the job runner
 * (app/feed/price-feed-worker.server.ts, decision 071), finished with what the import took and
 * rejected or why it failed. At most one open (queued or running) run per partner: the partial
 * unique index refuses a second, so two servers, or two clicks, never fetch one feed at once.
 */
import { sql, type Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";

type DB = Kysely<Database>;

/** Times a run is started before it is failed (its server stopped each time). */
export const MAX_RUN_ATTEMPTS = 3;
/** What is kept of an error or of the rejects' reasons. */
export const MAX_RUN_TEXT = 1000;

export const cutRunText = (text: string) => (text.length > MAX_RUN_TEXT ? `${text.slice(0, MAX_RUN_TEXT - 1)}…` : text);

/**
 * Queues a run for every active partner with a feed URL that has none open and none queued in
 * the last `intervalMinutes`. Several servers may do this at once: the index keeps one. Returns
 * the runs queued.
 */
export async function queueDueRuns(intervalMinutes: number, db: DB = getAppDatabase().db): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    insert into price_feed_runs (partner_id)
    select partner.id from partners partner
    where partner.feed_url is not null and partner.active
      and not exists (
        select 1 from price_feed_runs run
        where run.partner_id = partner.id
          and (run.status in ('queued', 'running') or run.queued_at > now() - make_interval(mins => ${intervalMinutes}))
      )
    on conflict (partner_id) where status in ('queued', 'running') do nothing
    returning id
  `.execute(db);
  return rows.map((row) => Number(row.id));
}

export type QueueRunResult =
  | { queued: true; partnerName: string; runId: number }
  | { queued: false; reason: "no-partner" | "no-feed-url" }
  | { queued: false; reason: "open"; partnerName: string; status: "queued" | "running"; since: Date };

/** Queues a run of one partner now ("Fetch now"), unless it has no feed URL or one is open already. */
export async function queueRunNow(partnerId: string, requestedBy: string | null, db: DB = getAppDatabase().db): Promise<QueueRunResult> {
  const partner = await db.selectFrom("partners").select(["name", "feed_url"]).where("id", "=", partnerId).executeTakeFirst();
  if (!partner) return { queued: false, reason: "no-partner" };
  if (!partner.feed_url) return { queued: false, reason: "no-feed-url" };
  const inserted = await db
    .insertInto("price_feed_runs")
    .values({ partner_id: partnerId, requested_by: requestedBy })
    .onConflict((conflict) => conflict.column("partner_id").where("status", "in", ["queued", "running"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return { queued: true, partnerName: partner.name, runId: Number(inserted.id) };
  const open = await db
    .selectFrom("price_feed_runs")
    .select(["status", "queued_at", "started_at"])
    .where("partner_id", "=", partnerId)
    .where("status", "in", ["queued", "running"])
    .executeTakeFirst();
  // It finished between the two statements: the next click queues one.
  if (!open) return { queued: false, reason: "open", partnerName: partner.name, status: "running", since: new Date() };
  return {
    queued: false,
    reason: "open",
    partnerName: partner.name,
    status: open.status === "running" ? "running" : "queued",
    since: open.started_at ?? open.queued_at,
  };
}

export interface ClaimedRun {
  id: number;
  partnerId: string;
  /** The partner's feed URL as it is now (null: removed since the run was queued). */
  feedUrl: string | null;
  attempts: number;
}

/**
 * Marks a run started by this server (one more attempt); null when it is over already (its job
 * ran twice: the first finished it) or gone.
 */
export async function startRun(runId: number, db: DB = getAppDatabase().db): Promise<ClaimedRun | null> {
  const { rows } = await sql<{ id: number; partner_id: string; attempts: number; feed_url: string | null }>`
    update price_feed_runs run
    set status = 'running', started_at = now(), attempts = run.attempts + 1
    from partners partner
    where run.id = ${runId} and run.status in ('queued', 'running') and partner.id = run.partner_id
    returning run.id, run.partner_id, run.attempts, partner.feed_url
  `.execute(db);
  const row = rows[0];
  return row ? { id: Number(row.id), partnerId: row.partner_id, feedUrl: row.feed_url, attempts: Number(row.attempts) } : null;
}

export type RunOutcome =
  | { status: "ok"; taken: number; rejected: number; bytes: number; rejects: string | null }
  | { status: "failed"; error: string; bytes?: number | null };

export async function finishRun(runId: number, outcome: RunOutcome, db: DB = getAppDatabase().db): Promise<void> {
  await db
    .updateTable("price_feed_runs")
    .set({
      status: outcome.status,
      finished_at: sql`now()`,
      rows_taken: outcome.status === "ok" ? outcome.taken : null,
      rows_rejected: outcome.status === "ok" ? outcome.rejected : null,
      bytes: outcome.bytes ?? null,
      error: outcome.status === "failed" ? cutRunText(outcome.error) : outcome.rejects && cutRunText(outcome.rejects),
    })
    .where("id", "=", runId)
    .execute();
}

export interface FeedRunView {
  status: "queued" | "running" | "ok" | "failed";
  requestedBy: string | null;
  queuedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  taken: number | null;
  rejected: number | null;
  bytes: number | null;
  /** Why it failed; for a run that went through, the first rejected rows' reasons (null: none). */
  message: string | null;
}

export interface PartnerFeedRuns {
  /** A run waiting or under way, if any. */
  open: FeedRunView | null;
  /** The last run that finished, if any. */
  last: FeedRunView | null;
}

/** Each partner's open run and last finished run, by partner id (the partners screen). */
export async function feedRunsByPartner(db: DB = getAppDatabase().db): Promise<Map<string, PartnerFeedRuns>> {
  const rows = await db
    .selectFrom("partners as partner")
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom("price_feed_runs as run")
          .selectAll("run")
          .whereRef("run.partner_id", "=", "partner.id")
          .orderBy("run.queued_at", "desc")
          .orderBy("run.id", "desc")
          .limit(2)
          .as("run"),
      (join) => join.onTrue(),
    )
    .selectAll("run")
    .execute();
  const byPartner = new Map<string, PartnerFeedRuns>();
  for (const row of rows) {
    const entry = byPartner.get(row.partner_id) ?? { open: null, last: null };
    const view: FeedRunView = {
      status: row.status,
      requestedBy: row.requested_by,
      queuedAt: new Date(row.queued_at),
      startedAt: row.started_at && new Date(row.started_at),
      finishedAt: row.finished_at && new Date(row.finished_at),
      taken: row.rows_taken,
      rejected: row.rows_rejected,
      bytes: row.bytes === null ? null : Number(row.bytes),
      message: row.error,
    };
    // The newest two: an open one is always the newest (one open at most), so the other is the last finished.
    if (row.status === "queued" || row.status === "running") entry.open = view;
    else entry.last ??= view;
    byPartner.set(row.partner_id, entry);
  }
  return byPartner;
}
