/**
 * `npm run user:create` and `npm run user:admin`, run as the real scripts against an
 * embedded database in a temporary DATA_DIR, including the case where another process
 * (here: this one, standing in for the running server) holds that database.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword } from "#app/auth/password-hash.server.ts";
import { openDatabase, type DatabaseHandle } from "#app/db/db.server.ts";
import { logLines, withoutLogLines } from "#tests/cli-output.ts";

const NODE = path.resolve("node_modules/.bin/node");
const dataDirs: string[] = [];

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-user-cli-"));
  dataDirs.push(dir);
  return dir;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the script; stdout and stderr as printed, the app's log lines among them. */
function runRaw(script: "user-create" | "user-admin", args: string[], dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      NODE,
      [`scripts/${script}.ts`, ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * Runs the script; what it says to its user. The app's log lines are left out: a slow machine adds
 * "slow query" warnings to stderr (a migration that took over a second failed this file in CI once).
 */
async function run(script: "user-create" | "user-admin", args: string[], dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const result = await runRaw(script, args, dataDir, env);
  return { code: result.code, stdout: withoutLogLines(result.stdout), stderr: withoutLogLines(result.stderr) };
}

/** The user ids with the administrator role in `dataDir`'s database (the command's effect). */
async function adminIds(dataDir: string): Promise<string[]> {
  const handle = openDatabase({ dataDir });
  try {
    return (await handle.db.selectFrom("admin_users").select("user_id").orderBy("user_id").execute()).map((row) => row.user_id);
  } finally {
    await handle.close();
  }
}

afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("user CLI: bad arguments", () => {
  // None of these needs the database: they stop before opening it.
  const dir = tempDataDir();

  it.each([
    ["user-create", [], /--email is required/],
    ["user-create", ["--email", "anna@exempel.se"], /--password is required/],
    ["user-create", ["--email", "anna", "--password", "hemligt123"], /--email is not accepted: Ange en giltig e-postadress/],
    ["user-create", ["--email", "anna@exempel.se", "--password", "kort-1"], /Lösenordet måste vara minst 8 tecken/],
    ["user-create", ["--email", "anna@exempel.se", "--password", "kvist", "hemlisord"], /Unexpected extra arguments/],
    ["user-create", ["--email", "anna@exempel.se", "--pasword", "hemligt123"], /Unknown option '--pasword'/],
    ["user-admin", [], /Name the user with --email/],
    ["user-admin", ["--email", "a@b.se", "--user-id", crypto.randomUUID()], /either --email or --user-id/],
    ["user-admin", ["--user-id", "42"], /--user-id must be a user id/],
    ["user-admin", ["--email", "a@b.se", "--admin"], /Unknown option '--admin'/],
    ["user-create", ["--email", "a@b.se", "--password", "hemligt123", "--promote-self-registered"], /only goes with --admin/],
    ["user-admin", ["--email", "a@b.se", "--revoke", "--promote-self-registered"], /does not go with --revoke/],
  ] as const)("%s %j exits 1 and explains", async (script, args, message) => {
    const result = await run(script, [...args], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/^Usage: npm run user:/m);
    expect(result.stdout).toBe("");
    for (const secret of ["hemligt123", "kort-1", "kvist", "hemlisord"]) {
      expect(result.stderr).not.toContain(secret);
    }
    expect(fs.existsSync(path.join(dir, "pglite"))).toBe(false);
  });
});

describe("user CLI on a machine so slow that every query is logged as slow", () => {
  it("says the same to its user, the log lines apart", async () => {
    // DB_SLOW_QUERY_MS=0 logs every query: what a machine several times slower does to the migrations.
    const raw = await runRaw("user-create", ["--email", "sakta@exempel.se", "--password", "Hemligt lösen 123", "--admin"], tempDataDir(), {
      DB_SLOW_QUERY_MS: "0",
    });
    expect(logLines(raw.stderr).filter((line) => line.level === "warn" && line.msg === "slow query").length).toBeGreaterThan(10);
    expect(raw.code).toBe(0);
    expect(withoutLogLines(raw.stderr)).toBe("");
    expect(withoutLogLines(raw.stdout)).toMatch(
      /^Created the local user sakta@exempel\.se \(id [0-9a-f-]{36}\)\. It has the administrator role\.\n$/,
    );
  });
});

describe("user CLI against an embedded database", () => {
  const dir = tempDataDir();
  const PASSWORD = "Hemligt lösen 123";
  let userId = "";
  const supabaseUserId = crypto.randomUUID();

  it("creates a local administrator, migrating the new database first", async () => {
    const result = await run("user-create", ["--email", " Anna@Exempel.se ", "--password", PASSWORD, "--admin"], dir);
    // What the command did, not an empty stderr: a busy machine's Node may warn there.
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Created the local user anna@exempel\.se \(id [0-9a-f-]{36}\)\. It has the administrator role\.\n$/);
    expect(result.stdout).not.toContain(PASSWORD);
    userId = /id ([0-9a-f-]{36})/.exec(result.stdout)![1]!;
    const handle = openDatabase({ dataDir: dir });
    try {
      const user = await handle.db.selectFrom("users").select(["id", "email", "password_hash"]).executeTakeFirstOrThrow();
      expect(user).toMatchObject({ id: userId, email: "anna@exempel.se" });
      expect(await verifyPassword(PASSWORD, user.password_hash)).toBe(true);
    } finally {
      await handle.close();
    }
    expect(await adminIds(dir)).toEqual([userId]);
  });

  it("revokes and grants the role by e-mail address", async () => {
    const revoked = await run("user-admin", ["--email", "anna@exempel.se", "--revoke"], dir);
    expect(revoked).toMatchObject({
      code: 0,
      stdout: `Revoked the administrator role of anna@exempel.se (user id ${userId}).\n`,
    });
    expect(await adminIds(dir)).toEqual([]);
    const granted = await run("user-admin", ["--email", "ANNA@exempel.se"], dir);
    expect(granted).toMatchObject({
      code: 0,
      stdout: `Granted the administrator role to anna@exempel.se (user id ${userId}).\n`,
    });
    expect(await adminIds(dir)).toEqual([userId]);
  });

  it("grants the role to another provider's user id", async () => {
    const result = await run("user-admin", ["--user-id", supabaseUserId], dir);
    expect(result).toMatchObject({
      code: 0,
      stdout: `Granted the administrator role to user id ${supabaseUserId}.\n`,
    });
    expect(await adminIds(dir)).toEqual([userId, supabaseUserId].sort());
  });

  it("writes each change of role to the audit log, as the command line's", async () => {
    const handle: DatabaseHandle = openDatabase({ dataDir: dir });
    try {
      const rows = await handle.db
        .selectFrom("admin_audit_log")
        .select(["actor", "user_id", "screen", "intent", "row_ids"])
        .orderBy("id")
        .execute();
      expect(rows).toEqual([
        { actor: "cli", user_id: null, screen: "user:create", intent: "grant", row_ids: [userId] },
        { actor: "cli", user_id: null, screen: "user:admin", intent: "revoke", row_ids: [userId] },
        { actor: "cli", user_id: null, screen: "user:admin", intent: "grant", row_ids: [userId] },
        { actor: "cli", user_id: null, screen: "user:admin", intent: "grant", row_ids: [supabaseUserId] },
      ]);
    } finally {
      await handle.close();
    }
  });

  it("explains an e-mail address without a local user", async () => {
    const result = await run("user-admin", ["--email", "ingen@exempel.se"], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/no local user with the e-mail address ingen@exempel\.se.*--user-id/);
  });

  it("stops with a clear message while another process holds the database, and leaves it intact", async () => {
    const server: DatabaseHandle = openDatabase({ dataDir: dir });
    try {
      const before = await server.db.selectFrom("users").select(["id", "email", "password_hash"]).execute();
      expect(before.map((row) => row.id)).toEqual([userId]);

      const result = await run("user-create", ["--email", "bo@exempel.se", "--password", "hemligt123"], dir);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain(`is in use by process ${process.pid}`);
      expect(result.stderr).toContain("Stop that process first");
      const admin = await run("user-admin", ["--email", "anna@exempel.se", "--revoke"], dir);
      expect(admin.code).toBe(1);
      expect(admin.stderr).toContain("is in use by process");

      // The holder still works, and nothing changed.
      expect(await server.db.selectFrom("users").select(["id", "email", "password_hash"]).execute()).toEqual(before);
      const admins = await server.db.selectFrom("admin_users").select("user_id").orderBy("user_id").execute();
      expect(admins.map((row) => row.user_id)).toEqual([userId, supabaseUserId].sort());
      expect(await verifyPassword(PASSWORD, before[0]!.password_hash)).toBe(true);
    } finally {
      await server.close();
    }
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);
  });

  it("works again once the database is free, and replaces the password of an existing user", async () => {
    const result = await run("user-create", ["--email", "anna@exempel.se", "--password", "nytt-lösen-456"], dir);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toBe(
      `The local user anna@exempel.se (id ${userId}) already existed; its password was replaced. It has the administrator role.\n`,
    );
    const handle = openDatabase({ dataDir: dir });
    try {
      const row = await handle.db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow();
      expect(await verifyPassword("nytt-lösen-456", row.password_hash)).toBe(true);
      expect(await verifyPassword(PASSWORD, row.password_hash)).toBe(false);
    } finally {
      await handle.close();
    }
  });

  it("refuses to make an account signed up on the site an administrator unless told so, then ends its sessions", async () => {
    const email = "chefen@exempel.se";
    const setup = openDatabase({ dataDir: dir });
    let squatterId: string;
    try {
      // Someone signed up the boss's address through the open form, and is signed in.
      const row = await setup.db
        .insertInto("users")
        .values({ email, password_hash: "scrypt$x", registered_via: "sign-up" })
        .returning("id")
        .executeTakeFirstOrThrow();
      squatterId = row.id;
      await setup.db
        .insertInto("sessions")
        .values({ id: "squatter-session", user_id: squatterId, email, provider: "local", expires_at: new Date(Date.now() + 86_400_000) })
        .execute();
    } finally {
      await setup.close();
    }

    const refused = await run("user-create", ["--email", email, "--password", PASSWORD, "--admin"], dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("was registered through the site's open sign-up form");
    expect(refused.stderr).toContain("--promote-self-registered");
    const refusedAdmin = await run("user-admin", ["--email", email], dir);
    expect(refusedAdmin.code).toBe(1);
    expect(refusedAdmin.stderr).toContain("--promote-self-registered");

    const promoted = await run("user-create", ["--email", email, "--password", PASSWORD, "--admin", "--promote-self-registered"], dir);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toBe(
      `The local user ${email} (id ${squatterId}) already existed; its password was replaced. It has the administrator role. 1 session(s) of it were ended.\n`,
    );
    const check = openDatabase({ dataDir: dir });
    try {
      expect(await check.db.selectFrom("sessions").select("id").where("user_id", "=", squatterId).execute()).toEqual([]);
      expect(await check.db.selectFrom("admin_users").select("user_id").where("user_id", "=", squatterId).execute()).toHaveLength(1);
    } finally {
      await check.close();
    }
  });
});
