/**
 * `npm run user:admin -- --email a@b.se [--revoke]` grants (or revokes) the administrator
 * role of a local user; `--user-id <uuid>` instead of `--email` names a user of any provider
 * (for Supabase Auth, the id shown in the dashboard under Authentication → Users). A local
 * account made through the open sign-up form is only promoted with `--promote-self-registered`.
 * A change of role ends the user's sessions and is written to the audit log (/admin/audit).
 * Applies pending migrations first.
 */
import { parseArgs } from "node:util";
import { recordCommandLineRoleChange } from "#app/admin/audit-log.server.ts";
import { isUuid, setAdmin, UserInputError, type AdminTarget } from "#app/auth/users.server.ts";
import { closeAppDatabase, DataDirLockedError, getAppDatabase } from "#app/db/db.server.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { EnvError, parseEnv } from "#app/utils/env.server.ts";

const USAGE = "Usage: npm run user:admin -- (--email <address> | --user-id <uuid>) [--revoke | --promote-self-registered]";

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

let values: { email?: string; "user-id"?: string; revoke?: boolean; "promote-self-registered"?: boolean };
try {
  const parsed = parseArgs({
    options: {
      email: { type: "string" },
      "user-id": { type: "string" },
      revoke: { type: "boolean", default: false },
      "promote-self-registered": { type: "boolean", default: false },
    },
  });
  values = parsed.values;
} catch (error) {
  fail((error as Error).message);
}
const email = values.email?.trim();
const userId = values["user-id"]?.trim();
if (!email && !userId) fail("Name the user with --email (a local user) or --user-id (any provider's user id).");
if (email && userId) fail("Pass either --email or --user-id, not both.");
if (userId && !isUuid(userId)) fail(`--user-id must be a user id (a UUID such as 3f1c1a3e-1b2c-4d5e-8f90-123456789abc), got "${userId}".`);
const target: AdminTarget = email ? { email } : { userId: userId! };
const admin = !values.revoke;
if (values.revoke && values["promote-self-registered"]) fail("--promote-self-registered does not go with --revoke.");

try {
  const env = parseEnv();
  const { db } = getAppDatabase(env);
  await migrate(undefined, db);
  const result = await setAdmin({ ...target, admin, promoteSelfRegistered: values["promote-self-registered"] ?? false }, db);
  const who = result.email ? `${result.email} (user id ${result.userId})` : `user id ${result.userId}`;
  const sessions = result.endedSessions ? ` ${result.endedSessions} session(s) of it were ended.` : "";
  const done = admin ? `Granted the administrator role to ${who}.${sessions}` : `Revoked the administrator role of ${who}.${sessions}`;
  if (result.changed) await recordCommandLineRoleChange("user:admin", { userId: result.userId, admin, message: done }, db);
  if (admin) {
    console.log(result.changed ? done : `${who} already had the administrator role.`);
  } else {
    console.log(result.changed ? done : `${who} did not have the administrator role.`);
  }
} catch (error) {
  console.error(
    error instanceof EnvError || error instanceof DataDirLockedError || error instanceof UserInputError
      ? error.message
      : `Changing the role failed: ${(error as Error).message}`,
  );
  process.exitCode = 1;
} finally {
  await closeAppDatabase();
}
