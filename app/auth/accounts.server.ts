/**
 * The people the back office lists: every user this site knows of, of either provider —
 * local accounts, administrators, anyone who has signed in here (Supabase Auth keeps its own
 * accounts, so a Supabase user appears once they have signed in) and anyone with a live
 * session — with their role, when they last signed in and how many sessions they have.
 */
import { sql, type Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import type { AuthUser } from "./provider.server.ts";
import { endUserSessions, type UserSession } from "./session.server.ts";
import { setAdmin, type SetAdminResult } from "./users.server.ts";

type DB = Kysely<Database>;

export const ACCOUNTS_PAGE_SIZE = 50;

export interface Account {
  userId: string;
  /** Unknown for a Supabase user made an administrator by id who has not signed in here yet. */
  email: string | null;
  admin: boolean;
  /** Local: an account of this site's own sign-in; else one that only Supabase Auth holds. */
  local: boolean;
  /** Made through the open sign-up form (local accounts only): its address was never verified. */
  selfRegistered: boolean;
  /** A local account's creation; for a Supabase user, their first sign-in here. */
  createdAt: Date | null;
  lastSignInAt: Date | null;
  activeSessions: number;
}

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function accountsQuery(now: Date, db: DB = getAppDatabase().db) {
  return db
    .with("known", (q) =>
      q
        .selectFrom("users")
        .select("id as user_id")
        .union(q.selectFrom("admin_users").select("user_id"))
        .union(q.selectFrom("account_sign_ins").select("user_id"))
        .union(q.selectFrom("sessions").select("user_id").where("expires_at", ">", now)),
    )
    .with("live", (q) =>
      q
        .selectFrom("sessions")
        .where("expires_at", ">", now)
        .groupBy("user_id")
        .select(["user_id", sql<number>`count(*)::int`.as("sessions"), sql<string>`max(email)`.as("email")]),
    )
    .selectFrom("known")
    .leftJoin("users", "users.id", "known.user_id")
    .leftJoin("account_sign_ins", "account_sign_ins.user_id", "known.user_id")
    .leftJoin("admin_users", "admin_users.user_id", "known.user_id")
    .leftJoin("live", "live.user_id", "known.user_id")
    .select([
      "known.user_id",
      sql<string | null>`coalesce(users.email, account_sign_ins.email, live.email)`.as("email"),
      sql<boolean>`admin_users.user_id is not null`.as("admin"),
      sql<boolean>`users.id is not null`.as("local"),
      sql<boolean>`coalesce(users.registered_via = 'sign-up', false)`.as("self_registered"),
      sql<Date | null>`coalesce(users.created_at, account_sign_ins.first_sign_in_at)`.as("created_at"),
      "account_sign_ins.last_sign_in_at",
      sql<number>`coalesce(live.sessions, 0)`.as("sessions"),
    ]);
}

type AccountRow = {
  user_id: string;
  email: string | null;
  admin: boolean;
  local: boolean;
  self_registered: boolean;
  created_at: Date | null;
  last_sign_in_at: Date | null;
  sessions: number;
};

const toAccount = (row: AccountRow): Account => ({
  userId: row.user_id,
  email: row.email,
  admin: row.admin,
  local: row.local,
  selfRegistered: row.self_registered,
  createdAt: row.created_at ? new Date(row.created_at) : null,
  lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at) : null,
  activeSessions: Number(row.sessions),
});

/** One page of accounts, administrators first, then by address; `search` matches part of the address. */
export async function listAccounts(
  { search, page }: { search: string; page: number },
  db: DB = getAppDatabase().db,
  now: Date = new Date(),
): Promise<{ accounts: Account[]; total: number }> {
  let query = accountsQuery(now, db);
  if (search) query = query.where(sql<boolean>`coalesce(users.email, account_sign_ins.email, live.email) ilike ${likePattern(search)}`);
  const rows = await query
    .select(sql<number>`count(*) over ()`.as("total"))
    .orderBy(sql`admin_users.user_id is null`)
    .orderBy(sql`coalesce(users.email, account_sign_ins.email, live.email) nulls last`)
    .orderBy("known.user_id")
    .limit(ACCOUNTS_PAGE_SIZE)
    .offset((page - 1) * ACCOUNTS_PAGE_SIZE)
    .execute();
  return { accounts: rows.map(toAccount), total: rows[0] ? Number(rows[0].total) : await countAccounts(search, now, db) };
}

/** The total when the page asked for is past the end (no row carries it). */
async function countAccounts(search: string, now: Date, db: DB = getAppDatabase().db): Promise<number> {
  let query = accountsQuery(now, db);
  if (search) query = query.where(sql<boolean>`coalesce(users.email, account_sign_ins.email, live.email) ilike ${likePattern(search)}`);
  const rows = await query.execute();
  return rows.length;
}

/** The account with this id, when the site knows of it. */
export async function findAccount(userId: string, db: DB = getAppDatabase().db, now: Date = new Date()): Promise<Account | null> {
  const row = await accountsQuery(now, db).where("known.user_id", "=", userId).executeTakeFirst();
  return row ? toAccount(row) : null;
}

/** Notes a successful sign-in (of either provider): the list of people shows it. */
export async function recordSignIn(
  user: AuthUser,
  provider: UserSession["provider"],
  now: Date = new Date(),
  db: DB = getAppDatabase().db,
): Promise<void> {
  await db
    .insertInto("account_sign_ins")
    .values({ user_id: user.id, email: user.email, provider, first_sign_in_at: now, last_sign_in_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ email: user.email, provider, last_sign_in_at: now }))
    .execute();
}

/**
 * Ends a user's sessions on every device. When it is the administrator's own account, the
 * session making the request is kept: they sign themselves out everywhere else, not here.
 */
export function endSessionsOf(userId: string, actor: UserSession, db: DB = getAppDatabase().db): Promise<number> {
  return endUserSessions(userId, userId === actor.user.id ? actor.key : undefined, db);
}

/**
 * Grants or revokes the administrator role from the back office, under the same rules as
 * `npm run user:admin` (setAdmin) and those of an administrator acting on others: never their
 * own role away, never the last administrator.
 */
export function changeAdminRole(
  userId: string,
  admin: boolean,
  { by, promoteSelfRegistered }: { by: UserSession; promoteSelfRegistered: boolean },
  db: DB = getAppDatabase().db,
): Promise<SetAdminResult> {
  return setAdmin({ userId, admin, promoteSelfRegistered, by: { userId: by.user.id } }, db);
}
