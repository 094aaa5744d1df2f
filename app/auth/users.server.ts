/**
 * Local accounts and the administrator role: used by the CLI (`user:create`, `user:admin`),
 * the start-up bootstrap (ADMIN_EMAIL + ADMIN_PASSWORD) and the admin check of requests.
 * Passwords are never logged, returned or put in error messages.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Kysely } from "kysely";
import type { AuthUser } from "#app/auth/provider.server.ts";
import { hashPassword, verifyPassword } from "#app/auth/password-hash.server.ts";
import { endUserSessions } from "#app/auth/session.server.ts";
import type { Database } from "#app/db/schema.ts";
import { emailProblem, passwordProblem } from "#app/auth/credentials.ts";
import { isUuid } from "#app/utils/uuid.ts";
import { log } from "#app/utils/log.server.ts";
import { normalizeEmail } from "#app/utils/fold-text.ts";

/** Which rule refused a change of role, for callers that answer each in their own words. */
export type RoleRule = "self-registered" | "unknown-user" | "self-revoke" | "last-admin";

/** Bad input to one of these functions; the message is safe to print. */
export class UserInputError extends Error {
  override name = "UserInputError";
  readonly rule: RoleRule | null;
  constructor(message: string, rule: RoleRule | null = null) {
    super(message);
    this.rule = rule;
  }
}

export { isUuid };

export interface CreateLocalUserInput {
  email: string;
  password: string;
  /** Also grant the administrator role. False leaves an existing user's role as it is. */
  admin?: boolean;
  /**
   * Grant the role even to an account that was made through the open sign-up form. Without
   * it such an account is refused: its address was never verified, so whoever signed it up
   * first (a squatter on boss@…) would become an administrator.
   */
  promoteSelfRegistered?: boolean;
}

export interface CreateLocalUserResult {
  user: AuthUser;
  /** False when the account existed and only its password was replaced. */
  created: boolean;
  /** Whether the user is an administrator afterwards. */
  admin: boolean;
  /** Whether this call made them one. */
  granted: boolean;
  /** Sessions of the account that were ended (its password was replaced, or it became an administrator). */
  endedSessions: number;
}

/** Why a signed-up account is not made an administrator, and how to do it anyway. */
export function selfRegisteredRefusal(email: string, flag: string): string {
  return (
    `${email} was registered through the site's open sign-up form, which does not verify addresses: ` +
    "whoever signed it up may not own the address. It was not made an administrator. " +
    `If you know the account is the right person's, run again with ${flag}: ` +
    "the account is then promoted and every session of it is ended."
  );
}

/**
 * Creates a local account, or replaces the password of the account with that e-mail
 * address; with `admin` also grants the role. Replacing a password or granting the role ends
 * every session the account had. One transaction.
 */
export async function createLocalUser(
  input: CreateLocalUserInput,
  db: Kysely<Database> = getAppDatabase().db,
): Promise<CreateLocalUserResult> {
  const emailIssue = emailProblem(input.email);
  if (emailIssue) throw new UserInputError(`Invalid e-mail address: ${emailIssue}`);
  const passwordIssue = passwordProblem(input.password);
  if (passwordIssue) throw new UserInputError(`Invalid password: ${passwordIssue}`);
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);

  return db.transaction().execute(async (trx) => {
    // Locked: a sign-up racing this cannot slip in between the check and the write.
    const existing = await trx
      .selectFrom("users")
      .leftJoin("admin_users", "admin_users.user_id", "users.id")
      .select(["users.id", "users.registered_via", "admin_users.user_id as admin_id"])
      .where("users.email", "=", email)
      .forUpdate("users")
      .executeTakeFirst();
    const wasAdmin = Boolean(existing?.admin_id);
    if (existing?.registered_via === "sign-up" && input.admin && !wasAdmin && !input.promoteSelfRegistered) {
      throw new UserInputError(selfRegisteredRefusal(email, "--promote-self-registered"), "self-registered");
    }
    const row = await trx
      .insertInto("users")
      .values({ email, password_hash: passwordHash, registered_via: "operator" })
      .onConflict((oc) =>
        oc.column("email").doUpdateSet({
          password_hash: passwordHash,
          // Vouched for by the operator from now on, once promoted.
          ...(input.admin ? { registered_via: "operator" as const } : {}),
        }),
      )
      .returning(["id", "email"])
      .executeTakeFirstOrThrow();
    if (input.admin && !wasAdmin) {
      await trx
        .insertInto("admin_users")
        .values({ user_id: row.id })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .execute();
    }
    const endedSessions = existing ? await endUserSessions(row.id, undefined, trx) : 0;
    return {
      user: { id: row.id, email: row.email },
      created: !existing,
      admin: wasAdmin || Boolean(input.admin),
      granted: Boolean(input.admin) && !wasAdmin,
      endedSessions,
    };
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
  /** Sessions ended because the role changed. */
  endedSessions: number;
}

/**
 * Grants or revokes the administrator role. A local user is found by e-mail address; a
 * user of another provider (Supabase Auth) is named by their user id, which is not checked
 * against that provider. A local account made through the open sign-up form (found either way)
 * is only promoted with `promoteSelfRegistered`. A change of role ends every session of the user.
 *
 * `by` is the administrator making the change in the back office: they cannot revoke their own
 * role, and no revocation leaves the site without an administrator. (The command-line scripts
 * pass no `by`: whoever has a shell on the server can always grant the role again.)
 */
export async function setAdmin(
  target: AdminTarget & { admin: boolean; promoteSelfRegistered?: boolean; by?: { userId: string } },
  db: Kysely<Database> = getAppDatabase().db,
): Promise<SetAdminResult> {
  let userId: string;
  let email: string | null = null;
  if (target.email !== undefined) {
    email = normalizeEmail(target.email);
    const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    if (!user) {
      throw new UserInputError(
        `There is no local user with the e-mail address ${email}. ` +
          "For a user of another provider (Supabase Auth), pass --user-id <uuid> instead.",
        "unknown-user",
      );
    }
    userId = user.id;
  } else {
    userId = target.userId.trim().toLowerCase();
    if (!isUuid(userId)) throw new UserInputError(`Not a user id (a UUID): ${target.userId}`, "unknown-user");
  }
  if (target.admin && !target.promoteSelfRegistered) {
    const local = await db.selectFrom("users").select(["email", "registered_via"]).where("id", "=", userId).executeTakeFirst();
    if (local?.registered_via === "sign-up" && !(await isAdmin(userId, db))) {
      throw new UserInputError(selfRegisteredRefusal(local.email, "--promote-self-registered"), "self-registered");
    }
  }
  if (!target.admin && target.by?.userId === userId) {
    throw new UserInputError("You cannot revoke your own administrator role: ask another administrator.", "self-revoke");
  }

  return db.transaction().execute(async (trx) => {
    let changed: boolean;
    if (target.admin) {
      const inserted = await trx
        .insertInto("admin_users")
        .values({ user_id: userId })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .returning("user_id")
        .executeTakeFirst();
      changed = inserted !== undefined;
      // Vouched for by an operator or administrator from now on (no row for a Supabase user).
      if (changed) await trx.updateTable("users").set({ registered_via: "operator" }).where("id", "=", userId).execute();
    } else {
      if (target.by) {
        // Every administrator row locked: two administrators revoking each other at once
        // cannot both pass this check and leave nobody.
        const admins = await trx.selectFrom("admin_users").select("user_id").forUpdate().execute();
        if (admins.length <= 1 && admins.some((row) => row.user_id === userId)) {
          throw new UserInputError("This is the only administrator: grant the role to someone else first.", "last-admin");
        }
      }
      const deleted = await trx.deleteFrom("admin_users").where("user_id", "=", userId).executeTakeFirst();
      changed = Number(deleted.numDeletedRows) > 0;
    }
    const endedSessions = changed ? await endUserSessions(userId, undefined, trx) : 0;
    return { userId, email, admin: target.admin, changed, endedSessions };
  });
}

/** Whether the user has the administrator role. Errors are logged and count as "no". */
export async function isAdmin(userId: string, db: Kysely<Database> = getAppDatabase().db): Promise<boolean> {
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
  env: BootstrapAdminSettings,
  db: Kysely<Database> = getAppDatabase().db,
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
  // The operator named this address and its password in the settings, so an account signed up
  // under it before is taken over: its password replaced (unless it is already this one) and
  // every session of it ended, so whoever signed it up is out.
  const existing = await db
    .selectFrom("users")
    .select(["id", "password_hash", "registered_via"])
    .where("email", "=", email)
    .executeTakeFirst();
  if (existing?.registered_via === "sign-up") {
    log.warn("bootstrap admin takes over an account made through the sign-up form; its sessions are ended", { email, userId: existing.id });
  }
  if (existing && (await verifyPassword(password, existing.password_hash))) {
    const { changed, endedSessions } = await setAdmin({ userId: existing.id, admin: true, promoteSelfRegistered: true }, db);
    log.info("bootstrap admin ready", { email, userId: existing.id, result: changed ? "granted" : "unchanged", endedSessions });
    return changed ? "updated" : "unchanged";
  }
  const result = await createLocalUser({ email, password, admin: true, promoteSelfRegistered: true }, db);
  log.info("bootstrap admin ready", {
    email,
    userId: result.user.id,
    result: result.created ? "created" : "password updated",
    endedSessions: result.endedSessions,
  });
  return result.created ? "created" : "updated";
}
