/**
 * Local accounts and the administrator role: used by the CLI (`user:create`, `user:admin`),
 * the start-up bootstrap (ADMIN_EMAIL + ADMIN_PASSWORD) and the admin check of requests.
 * Passwords are never logged, returned or put in error messages.
 */
import type { Kysely } from "kysely";
import type { AuthUser } from "#app/auth/provider.server.ts";
import { hashPassword, verifyPassword } from "#app/auth/password.server.ts";
import type { Database } from "#app/db/schema.ts";
import { emailProblem, normalizeEmail, passwordProblem } from "#app/domain/password.ts";
import { isUuid } from "#app/domain/uuid.ts";
import { log } from "#app/log.server.ts";

/** Bad input to one of these functions; the message is safe to print. */
export class UserInputError extends Error {
  override name = "UserInputError";
}

export { isUuid };

export interface CreateLocalUserInput {
  email: string;
  password: string;
  /** Also grant the administrator role. False leaves an existing user's role as it is. */
  admin?: boolean;
}

export interface CreateLocalUserResult {
  user: AuthUser;
  /** False when the account existed and only its password was replaced. */
  created: boolean;
  /** Whether the user is an administrator afterwards. */
  admin: boolean;
}

/**
 * Creates a local account, or replaces the password of the account with that e-mail
 * address; with `admin` also grants the role. One transaction.
 */
export async function createLocalUser(db: Kysely<Database>, input: CreateLocalUserInput): Promise<CreateLocalUserResult> {
  const emailIssue = emailProblem(input.email);
  if (emailIssue) throw new UserInputError(`Invalid e-mail address: ${emailIssue}`);
  const passwordIssue = passwordProblem(input.password);
  if (passwordIssue) throw new UserInputError(`Invalid password: ${passwordIssue}`);
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);

  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    const row = await trx
      .insertInto("users")
      .values({ email, password_hash: passwordHash })
      .onConflict((oc) => oc.column("email").doUpdateSet({ password_hash: passwordHash }))
      .returning(["id", "email"])
      .executeTakeFirstOrThrow();
    if (input.admin) {
      await trx
        .insertInto("admin_users")
        .values({ user_id: row.id })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .execute();
    }
    const admin = await trx
      .selectFrom("admin_users")
      .select("user_id")
      .where("user_id", "=", row.id)
      .executeTakeFirst();
    return { user: { id: row.id, email: row.email }, created: !existing, admin: admin !== undefined };
  });
}

export type AdminTarget = { email: string; userId?: undefined } | { userId: string; email?: undefined };

export interface SetAdminResult {
  userId: string;
  /** The local account's e-mail address when the user was found by e-mail. */
  email: string | null;
  admin: boolean;
  /** False when the user already had (or already lacked) the role. */
  changed: boolean;
}

/**
 * Grants or revokes the administrator role. A local user is found by e-mail address; a
 * user of another provider (Supabase Auth) is named by their user id, which is not checked
 * against that provider.
 */
export async function setAdmin(db: Kysely<Database>, target: AdminTarget & { admin: boolean }): Promise<SetAdminResult> {
  let userId: string;
  let email: string | null = null;
  if (target.email !== undefined) {
    email = normalizeEmail(target.email);
    const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    if (!user) {
      throw new UserInputError(
        `There is no local user with the e-mail address ${email}. ` +
          "For a user of another provider (Supabase Auth), pass --user-id <uuid> instead.",
      );
    }
    userId = user.id;
  } else {
    userId = target.userId.trim().toLowerCase();
    if (!isUuid(userId)) throw new UserInputError(`Not a user id (a UUID): ${target.userId}`);
  }

  if (target.admin) {
    const inserted = await db
      .insertInto("admin_users")
      .values({ user_id: userId })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .returning("user_id")
      .executeTakeFirst();
    return { userId, email, admin: true, changed: inserted !== undefined };
  }
  const deleted = await db.deleteFrom("admin_users").where("user_id", "=", userId).executeTakeFirst();
  return { userId, email, admin: false, changed: Number(deleted.numDeletedRows) > 0 };
}

/** Whether the user has the administrator role. Errors are logged and count as "no". */
export async function isAdmin(db: Kysely<Database>, userId: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  try {
    const row = await db.selectFrom("admin_users").select("user_id").where("user_id", "=", userId).executeTakeFirst();
    return row !== undefined;
  } catch (error) {
    log.error("admin check failed", error, { userId });
    return false;
  }
}

export interface BootstrapAdminSettings {
  ADMIN_EMAIL?: string;
  ADMIN_PASSWORD?: string;
}

export type BootstrapAdminResult = "skipped" | "created" | "updated" | "unchanged";

/**
 * For a first start without a shell: when ADMIN_EMAIL and ADMIN_PASSWORD are both set,
 * makes sure that local account exists with that password and the administrator role.
 * A bad address or password throws a UserInputError (start-up should stop on it).
 */
export async function ensureBootstrapAdmin(
  db: Kysely<Database>,
  env: BootstrapAdminSettings,
): Promise<BootstrapAdminResult> {
  const emailSetting = env.ADMIN_EMAIL?.trim() ?? "";
  const password = env.ADMIN_PASSWORD ?? "";
  if (!emailSetting && !password) return "skipped";
  if (!emailSetting || !password) {
    log.warn("bootstrap admin skipped: set both ADMIN_EMAIL and ADMIN_PASSWORD", {
      adminEmailSet: Boolean(emailSetting),
      adminPasswordSet: Boolean(password),
    });
    return "skipped";
  }
  const email = normalizeEmail(emailSetting);
  const emailIssue = emailProblem(email);
  if (emailIssue) throw new UserInputError(`ADMIN_EMAIL: ${emailIssue}`);
  const passwordIssue = passwordProblem(password);
  if (passwordIssue) throw new UserInputError(`ADMIN_PASSWORD: ${passwordIssue}`);

  // A restart with the same settings changes nothing (and does not rehash the password).
  const existing = await db.selectFrom("users").select(["id", "password_hash"]).where("email", "=", email).executeTakeFirst();
  if (existing && (await verifyPassword(password, existing.password_hash))) {
    const { changed } = await setAdmin(db, { userId: existing.id, admin: true });
    log.info("bootstrap admin ready", { email, userId: existing.id, result: changed ? "granted" : "unchanged" });
    return changed ? "updated" : "unchanged";
  }
  const result = await createLocalUser(db, { email, password, admin: true });
  log.info("bootstrap admin ready", { email, userId: result.user.id, result: result.created ? "created" : "password updated" });
  return result.created ? "created" : "updated";
}
