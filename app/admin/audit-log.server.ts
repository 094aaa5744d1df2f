/**
 * The audit log of the back office: every write an administrator makes is recorded by one
 * middleware on the admin layout, so no screen can forget it, and the role changes made with
 * the command-line scripts by those. Read at /admin/audit.
 */
import { sql, type Kysely } from "kysely";
import type { MiddlewareFunction } from "react-router";
import { adminWriteScope } from "#app/auth/admin-write.server.ts";
import { NOT_AUTHORISED } from "#app/auth/guards.server.ts";
import { requestAuth } from "#app/auth/request-auth.server.ts";
import { EDITOR_MAX_BODY_BYTES } from "#app/blog/editor-form.ts";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { flashOf, redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { log } from "#app/utils/log.server.ts";
import { AUDIT_LIMITS, auditedFields, auditMessage, auditOutcome, type AuditOutcome } from "#app/admin/audit.ts";

type DB = Kysely<Database>;

export const AUDIT_PAGE_SIZE = 50;

export interface AuditEntryInput {
  actor: "admin" | "cli";
  userId?: string | null;
  email?: string | null;
  screen: string;
  path: string;
  method: string;
  intent?: string | null;
  rowIds?: string[];
  rowCount?: number;
  status?: number | null;
  outcome: AuditOutcome;
  message?: string | null;
}

export async function recordAuditEntry(entry: AuditEntryInput, db: DB = getAppDatabase().db): Promise<void> {
  await db
    .insertInto("admin_audit_log")
    .values({
      actor: entry.actor,
      user_id: entry.userId ?? null,
      email: entry.email ?? null,
      screen: entry.screen,
      path: entry.path,
      method: entry.method,
      intent: entry.intent ?? null,
      row_ids: entry.rowIds ?? [],
      row_count: entry.rowCount ?? entry.rowIds?.length ?? 0,
      status: entry.status ?? null,
      outcome: entry.outcome,
      message: entry.message ?? null,
    })
    .execute();
}

/**
 * The form's fields, read from a copy of the request so the action still gets the body. A
 * body that cannot be read (too large, not a form) gives null: the entry is still written.
 */
/**
 * The form read from a copy of the request beside the route's own reading, so the route still
 * refuses a body past its limit the moment it passes it: `drop()` stops reading the copy then.
 */
function readFormCopy(request: Request): { form: Promise<FormData | null>; drop(): void } {
  const stop = new AbortController();
  // The largest form the back office takes: the post editor with an image.
  const form = readFormData(request.clone(), EDITOR_MAX_BODY_BYTES, { signal: stop.signal }).catch(() => null);
  return { form, drop: () => stop.abort() };
}

/**
 * For every request in the back office that is not a read (GET, HEAD) and comes from an
 * administrator: lets the route answer inside the administrator's write scope (decision 048:
 * the role is checked again, under a lock, in the transaction of the first write), records
 * who did what to which rows and how it ended in the same transaction, and commits. A
 * request whose administrator lost the role before its write gets the answer a non-admin
 * gets, and nothing it did is kept. A failed answer (5xx) keeps nothing either; its entry is
 * written on its own. A failure to record the entry is logged and does not undo the write.
 */
export const auditAdminWrites: MiddlewareFunction<Response> = async ({ request, context, params, pattern, url }, next) => {
  if (request.method === "GET" || request.method === "HEAD") return next();
  const auth = requestAuth(context);
  const session = auth.session && (await auth.isAdmin()) ? auth.session : null;
  if (!session) return next();
  const copy = readFormCopy(request);
  const write = adminWriteScope(session.user.id);
  let response: Response;
  try {
    response = await write.run(next);
  } catch (error) {
    await write.end("rollback");
    throw error;
  }
  // A body the route refused as too large is not read any further for the log.
  if (response.status === 413) copy.drop();
  let scope = write;
  if (!write.refusal && response.status >= 500) {
    await write.end("rollback");
    scope = adminWriteScope(session.user.id);
  }
  if (!scope.refusal) {
    const form = await copy.form;
    try {
      const flash = await flashOf(response);
      const { intent, rowIds, rowCount } = auditedFields(params, form);
      const entry: AuditEntryInput = {
        actor: "admin",
        userId: session.user.id,
        email: session.user.email,
        screen: `/${pattern.replace(/^\/+/, "")}`,
        path: url.pathname,
        method: request.method,
        intent,
        rowIds,
        rowCount,
        status: response.status,
        outcome: auditOutcome(response.status, flash),
        message: auditMessage(flash),
      };
      await scope.run(() => recordAuditEntry(entry));
    } catch (error) {
      if (!scope.refusal) log.error("audit entry not recorded", error, { screen: pattern, userId: session.user.id });
    }
  }
  if (scope.refusal) {
    copy.drop();
    await scope.end("rollback");
    return redirectWithFlash("/", NOT_AUTHORISED);
  }
  // A failure to commit is thrown: the write did not happen, and the answer must not say it did.
  await scope.end("commit");
  return response;
};

export interface AuditEntry {
  id: number;
  at: Date;
  actor: "admin" | "cli";
  userId: string | null;
  email: string | null;
  screen: string;
  path: string;
  method: string;
  intent: string | null;
  rowIds: string[];
  rowCount: number;
  status: number | null;
  outcome: AuditOutcome;
  message: string | null;
}

export interface AuditFilter {
  /** A user id, or 'cli' for the command line's entries. */
  who: string | null;
  screen: string | null;
  page: number;
}

/** One page of the log, newest first, with the filter applied. */
export async function listAuditEntries(
  filter: AuditFilter,
  db: DB = getAppDatabase().db,
): Promise<{ entries: AuditEntry[]; total: number }> {
  let query = db.selectFrom("admin_audit_log");
  if (filter.who === "cli") query = query.where("actor", "=", "cli");
  else if (filter.who) query = query.where("user_id", "=", filter.who);
  if (filter.screen) query = query.where("screen", "=", filter.screen);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(AUDIT_PAGE_SIZE)
      .offset((filter.page - 1) * AUDIT_PAGE_SIZE)
      .execute(),
    query.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.total),
    entries: rows.map((row) => ({
      id: Number(row.id),
      at: new Date(row.at),
      actor: row.actor,
      userId: row.user_id,
      email: row.email,
      screen: row.screen,
      path: row.path,
      method: row.method,
      intent: row.intent,
      rowIds: row.row_ids,
      rowCount: row.row_count,
      status: row.status,
      outcome: row.outcome,
      message: row.message,
    })),
  };
}

/** The choices of the filter: who has entries (by address) and the screens that have. */
export async function auditFilterOptions(
  db: DB = getAppDatabase().db,
): Promise<{ people: { value: string; label: string }[]; screens: string[] }> {
  const [people, screens] = await Promise.all([
    db
      .selectFrom("admin_audit_log")
      .select(["actor", "user_id", sql<string | null>`max(email)`.as("email")])
      .groupBy(["actor", "user_id"])
      .execute(),
    db.selectFrom("admin_audit_log").select("screen").distinct().orderBy("screen").execute(),
  ]);
  return {
    people: people
      .map((row) => (row.user_id ? { value: row.user_id, label: row.email ?? row.user_id } : { value: row.actor, label: "Command line" }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    screens: screens.map((row) => row.screen),
  };
}

/** A role change made with `npm run user:admin` or `user:create --admin`, for the audit log. */
export function recordCommandLineRoleChange(
  command: "user:admin" | "user:create",
  change: { userId: string; admin: boolean; message: string },
  db: DB = getAppDatabase().db,
): Promise<void> {
  return recordAuditEntry(
    {
      actor: "cli",
      screen: command,
      path: `npm run ${command}`,
      method: "CLI",
      intent: change.admin ? "grant" : "revoke",
      rowIds: [change.userId],
      outcome: "ok",
      message: change.message.slice(0, AUDIT_LIMITS.message),
    },
    db,
  );
}
