/**
 * /admin/jobs shows the job runner's work (decision 071): per queue how many jobs wait, run,
 * wait for a retry, and failed or finished in the last day; the failed and retrying jobs with
 * their error, their try and the next one; and "Retry" on a failed job, a post that is
 * validated, audited and redirected, after which the runner tries the job once more. Strangers
 * are turned away (admin-guards.test.ts covers every role on every admin route).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Browser, signIn, startTestApp, TEST_ADMIN, visibleText, type TestApp } from "#tests/app-server.ts";

let app: TestApp;
let admin: Browser;
type JobQueue = typeof import("#app/jobs/job-queue.server.ts");
let boss: ReturnType<JobQueue["jobRunner"]>["boss"];

beforeAll(async () => {
  app = await startTestApp();
  admin = new Browser(app.origin);
  await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
  boss = (await app.importApp<JobQueue>("app/jobs/job-queue.server.ts")).jobRunner().boss;
});
afterAll(async () => {
  await app?.close();
});

const QUEUE = "operations.housekeeping";
const page = async () => visibleText(await (await admin.get("/admin/jobs")).text());
const stateOf = async (id: string) => (await boss.getJobById(QUEUE, id))?.state;
const until = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 30_000, interval: 100 });

describe("the runner's view", () => {
  // Housekeeping's data is an object; a job of it with none fails before it runs (its schema).
  let failed: string;
  let retrying: string;

  beforeAll(async () => {
    failed = (await boss.send(QUEUE, null, { retryLimit: 0 }))!;
    retrying = (await boss.send(QUEUE, null, { retryLimit: 1, retryDelay: 3600, retryBackoff: false }))!;
    await until(async () => expect([await stateOf(failed), await stateOf(retrying)]).toEqual(["failed", "retry"]));
  });

  it("counts each queue's jobs and lists the failed and retrying ones with their error, try and next try", async () => {
    const text = await page();
    expect(text).toContain("Background jobs");
    expect(text).toMatch(/Queue Queued Running Waiting to retry Failed \(24 h\) Done \(24 h\)/);
    expect(text).toMatch(new RegExp(`${QUEUE.replace(".", "\\.")} 0 0 1 1 \\d+`));
    // Dates as elsewhere in the back office: "29 Nov 2026, 14:05".
    expect(text).toMatch(
      /operations\.housekeeping Failed .*bad job data.* Attempt 1 of 1, gave up \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d\d:\d\d/,
    );
    expect(text).toMatch(
      /operations\.housekeeping Retrying .*bad job data.* Attempt 1 of 2, next attempt \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d\d:\d\d/,
    );
    expect(text).not.toMatch(/Försök|Misslyckade|Bakgrundsjobb/);
    expect(text).toContain(failed);
    expect(text).toContain(retrying);
    const html = await (await admin.get("/admin/jobs")).text();
    // Only the failed job has the button; the retrying one is tried again by itself.
    expect(html.match(/>Retry<\/button>/g)).toHaveLength(1);
  });

  it("tries a failed job once more, audited, and says so after the redirect", async () => {
    const response = await admin.post("/admin/jobs", { intent: "retry-job", queue: QUEUE, id: failed });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/jobs");
    expect(visibleText(await (await admin.follow(response)).text())).toContain(
      "Retrying The job in operations.housekeeping runs once more.",
    );
    // It ran again (and failed again: its data is still wrong), now with two tries.
    await until(async () => expect(await boss.getJobById(QUEUE, failed)).toMatchObject({ state: "failed", retryCount: 1 }));
    expect(await page()).toMatch(/bad job data.* Attempt 2 of 2, gave up/);
    const entry = await (
      await app.db()
    )
      .selectFrom("admin_audit_log")
      .selectAll()
      .where("screen", "=", "/admin/jobs")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ intent: "retry-job", row_ids: [failed], outcome: "ok", status: 302 });
  });

  it("refuses a job that is not failed, and a post that names no job, without a 500", async () => {
    const notFailed = await admin.post("/admin/jobs", { intent: "retry-job", queue: QUEUE, id: retrying });
    expect(notFailed.status).toBe(302);
    expect(visibleText(await (await admin.follow(notFailed)).text())).toContain("Not retried");
    expect(await stateOf(retrying)).toBe("retry");
    const bad = await admin.post("/admin/jobs", { intent: "retry-job", queue: QUEUE, id: "inte-ett-id" });
    expect(bad.status).toBe(400);
    expect((await admin.post("/admin/jobs", { intent: "retry-job", queue: "a queue; drop table", id: failed })).status).toBe(400);
  });

  it("turns away a visitor who is not signed in", async () => {
    const stranger = new Browser(app.origin);
    expect((await stranger.get("/admin/jobs")).status).toBe(302);
    const post = await stranger.post("/admin/jobs", { intent: "retry-job", queue: QUEUE, id: failed });
    expect(post.status).toBe(302);
    expect(await stateOf(failed)).toBe("failed");
  });
});
