/**
 * `npm run user:create -- --email a@b.se --password '…' [--admin]`: creates a local user
 * (the embedded default's auth provider), or replaces the password of an existing one;
 * `--admin` also grants the administrator role. An account made through the site's open sign-up
 * form is only made an administrator with `--promote-self-registered` (its address was never
 * verified). Replacing a password or granting the role ends the account's sessions; a granted
 * role is written to the audit log (/admin/audit). Applies pending migrations first. The password
 * is never printed.
 */
import { parseArgs } from "node:util";
import { recordCommandLineRoleChange } from "#app/admin/audit-log.server.ts";
import { createLocalUser, UserInputError } from "#app/auth/users.server.ts";
import { closeAppDatabase, DataDirLockedError, getAppDatabase } from "#app/db/db.server.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { emailProblem, passwordProblem } from "#app/auth/credentials.ts";
import { EnvError, parseEnv } from "#app/utils/env.server.ts";

const USAGE = "Usage: npm run user:create -- --email <address> --password '<password>' [--admin [--promote-self-registered]]";

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

let values: { email?: string; password?: string; admin?: boolean; "promote-self-registered"?: boolean };
try {
  const parsed = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      admin: { type: "boolean", default: false },
      "promote-self-registered": { type: "boolean", default: false },
    },
    allowPositionals: true,
  });
  // Not echoed: a stray word may be half of an unquoted password.
  if (parsed.positionals.length > 0) fail("Unexpected extra arguments (quote a password that contains spaces).");
  values = parsed.values;
} catch (error) {
  fail((error as Error).message);
}
if (!values.email?.trim()) fail("--email is required.");
if (values["promote-self-registered"] && !values.admin) fail("--promote-self-registered only goes with --admin.");
if (values.password === undefined || values.password === "") fail("--password is required.");
// Checked again by createLocalUser; here so a typo is reported before the database is opened.
const emailIssue = emailProblem(values.email);
if (emailIssue) fail(`--email is not accepted: ${emailIssue}`);
const passwordIssue = passwordProblem(values.password);
if (passwordIssue) fail(`--password is not accepted: ${passwordIssue}`);

try {
  const env = parseEnv();
  const { db } = getAppDatabase(env);
  await migrate(undefined, db);
  const { user, created, admin, granted, endedSessions } = await createLocalUser(
    {
      email: values.email,
      password: values.password,
      admin: values.admin ?? false,
      promoteSelfRegistered: values["promote-self-registered"] ?? false,
    },
    db,
  );
  if (granted) {
    await recordCommandLineRoleChange(
      "user:create",
      { userId: user.id, admin: true, message: `Granted the administrator role to ${user.email}.` },
      db,
    );
  }
  const role = admin ? " It has the administrator role." : "";
  const sessions = endedSessions ? ` ${endedSessions} session(s) of it were ended.` : "";
  console.log(
    created
      ? `Created the local user ${user.email} (id ${user.id}).${role}`
      : `The local user ${user.email} (id ${user.id}) already existed; its password was replaced.${role}${sessions}`,
  );
} catch (error) {
  console.error(
    error instanceof EnvError || error instanceof DataDirLockedError || error instanceof UserInputError
      ? error.message
      : `Creating the user failed: ${(error as Error).message}`,
  );
  process.exitCode = 1;
} finally {
  await closeAppDatabase();
}
