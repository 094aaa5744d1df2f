/**
 * An administrator's write and the role check that allows it are one transaction (decision
 * 048), on a real PostgreSQL server, where requests run side by side: a write already past
 * the request's role check when the role is revoked is refused if the revocation commits
 * first, and two administrators revoking each other at once leave one. The races are made
 * deterministic by a second connection that holds the revocation (or the administrators'
 * rows) until the app's requests are seen waiting for it in pg_locks: no sleeps.
 */
import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { Browser, signIn, startTestApp, TEST_ADMIN, visibleText, type TestApp } from "#tests/app-server.ts";
import { openFreshPostgres } from "#tests/db.ts";
import { startPostgresCluster, type PostgresCluster } from "#tests/postgres-cluster.ts";

let cluster: PostgresCluster | undefined;
let database: DatabaseHandle | undefined;
let databaseUrl: string;
let app: TestApp;

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? (cluster = await startPostgresCluster()).url;
  database = await openFreshPostgres(serverUrl);
  const current = await database.db.selectNoFrom((eb) => eb.fn<string>("current_database").as("name")).executeTakeFirstOrThrow();
  const url = new URL(serverUrl);
  url.pathname = `/${current.name}`;
  databaseUrl = url.toString();
  app = await startTestApp({ DATABASE_URL: databaseUrl, SESSION_SECRET: crypto.randomBytes(32).toString("base64url") });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await cluster?.stop();
});

const PASSWORD = "kapplopning-losen-1";

/** A second administrator, signed in, and the first one (TEST_ADMIN), signed in afresh. */
async function twoAdmins(email: string) {
  const { createLocalUser } = await app.importApp<typeof import("#app/auth/users.server.ts")>("app/auth/users.server.ts");
  const other = (await createLocalUser({ email, password: PASSWORD, admin: true }, await app.db())).user;
  const first = new Browser(app.origin);
  await signIn(first, TEST_ADMIN.email, TEST_ADMIN.password);
  const second = new Browser(app.origin);
  await signIn(second, email, PASSWORD);
  const firstId = (await (await app.db()).selectFrom("users").select("id").where("email", "=", TEST_ADMIN.email).executeTakeFirstOrThrow())
    .id;
  return { first, firstId, second, secondId: other.id };
}

/** A connection of the test's own, outside the app: it plays the other administrator's transaction. */
async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

/**
 * Resolves "waiting" once `count` of the app's statements wait for a lock, or "answered" when
 * `answers` settle first (a request that did not wait for the lock at all).
 */
async function waitersOrAnswers(observer: pg.Client, count: number, answers: Promise<unknown>): Promise<"waiting" | "answered"> {
  let answered = false;
  void answers.finally(() => (answered = true));
  for (;;) {
    if (answered) return "answered";
    const { rows } = await observer.query<{ waiting: number }>(
      "select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
    );
    if (rows[0]!.waiting >= count) return "waiting";
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const adminIds = async () =>
  (await (await app.db()).selectFrom("admin_users").select("user_id").execute()).map((row) => row.user_id).sort();

/** A blog post for an administrator to delete. */
const newPost = async (title: string, slug: string) =>
  (await app.db())
    .insertInto("hotels_blog_posts")
    .values({ title, slug, content: JSON.stringify([]) })
    .returning("id")
    .executeTakeFirstOrThrow();

describe("an administrator's write in flight when the role is revoked", () => {
  it("is refused, as for a non-admin, when the revocation commits first, and nothing is written", async () => {
    const { second, secondId } = await twoAdmins("inflight@hotellguiden.test");
    const post = await newPost("Kvar efter återkallelsen", "kvar-efter-aterkallelsen");
    const revoker = await connect();
    const observer = await connect();
    try {
      // The other administrator's revocation, not yet committed.
      await revoker.query("begin");
      await revoker.query("delete from admin_users where user_id = $1", [secondId]);
      // The request passes its role check (the revocation is not committed): its write must wait for it.
      const deleting = second.post(`/admin/blog`, { intent: "delete", id: post.id });
      expect(await waitersOrAnswers(observer, 1, deleting)).toBe("waiting");
      await revoker.query("commit");
      const answer = await deleting;
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/");
      expect(visibleText(await (await second.follow(answer)).text())).toContain("Ej behörig");
      const left = await (await app.db()).selectFrom("hotels_blog_posts").select("title").where("id", "=", post.id).executeTakeFirst();
      expect(left?.title).toBe("Kvar efter återkallelsen");
      // Not the administrator's write any more: the audit log has nothing from it.
      const logged = await (await app.db()).selectFrom("admin_audit_log").select("id").where("user_id", "=", secondId).execute();
      expect(logged).toEqual([]);
    } finally {
      await revoker.end();
      await observer.end();
    }
  });

  it("goes through when it took its lock first, and the revocation waits for it", async () => {
    const { second, secondId } = await twoAdmins("forst@hotellguiden.test");
    const post = await newPost("Borttagen före", "borttagen-fore");
    const holder = await connect();
    const observer = await connect();
    try {
      // A lock on the post's row holds the write after its role check took the share lock.
      await holder.query("begin");
      await holder.query("select id from hotels_blog_posts where id = $1 for update", [post.id]);
      const deleting = second.post(`/admin/blog`, { intent: "delete", id: post.id });
      expect(await waitersOrAnswers(observer, 1, deleting)).toBe("waiting");
      // The revocation now waits for the write in flight.
      const revoker = await connect();
      try {
        const revoking = revoker.query("delete from admin_users where user_id = $1", [secondId]);
        expect(await waitersOrAnswers(observer, 2, revoking)).toBe("waiting");
        await holder.query("commit");
        const answer = await deleting;
        expect(answer.headers.get("Location")).toBe("/admin/blog");
        await revoking;
      } finally {
        await revoker.end();
      }
      expect(
        await (await app.db()).selectFrom("hotels_blog_posts").select("id").where("id", "=", post.id).executeTakeFirst(),
      ).toBeUndefined();
      expect(await adminIds()).not.toContain(secondId);
    } finally {
      await holder.end();
      await observer.end();
    }
  });
});

describe("two administrators revoking each other at the same moment", () => {
  it("leaves one administrator: one revocation goes through, the other administrator is refused as a non-admin", async () => {
    // Only these two are administrators.
    const { first, firstId, second, secondId } = await twoAdmins("omsesidig@hotellguiden.test");
    await (await app.db()).deleteFrom("admin_users").where("user_id", "not in", [firstId, secondId]).execute();
    const holder = await connect();
    const observer = await connect();
    try {
      // Both requests get past their role check, then meet at the administrators' rows.
      await holder.query("begin");
      await holder.query("select user_id from admin_users for update");
      const answers = Promise.all([
        first.post("/admin/users", { intent: "revoke", user: secondId, confirm: "yes" }),
        second.post("/admin/users", { intent: "revoke", user: firstId, confirm: "yes" }),
      ]);
      expect(await waitersOrAnswers(observer, 2, answers)).toBe("waiting");
      await holder.query("rollback");
      const [firstAnswer, secondAnswer] = await answers;
      const left = await adminIds();
      expect(left).toHaveLength(1);
      const [winner, loser] = left[0] === firstId ? [first, second] : [second, first];
      const [won, lost] = left[0] === firstId ? [firstAnswer, secondAnswer] : [secondAnswer, firstAnswer];
      expect(visibleText(await (await winner.follow(won)).text())).toContain("Administrator role revoked");
      expect(lost.headers.get("Location")).toBe("/");
      expect(visibleText(await (await loser.follow(lost)).text())).toContain("Ej behörig");
    } finally {
      await holder.end();
      await observer.end();
    }
  });
});
