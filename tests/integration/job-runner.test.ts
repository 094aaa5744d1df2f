/**
 * The job runner (app/jobs/job-queue.server.ts, decision 071) on both databases: a job runs once;
 * a throwing job is retried with backoff and ends failed after its limit, with its error kept; a
 * bad payload fails the job, not the worker; a job enqueued in a transaction commits or rolls back
 * with it (on PGlite, where pg-boss shares the app's one connection, this is also the proof that
 * its statements wait their turn); a scheduled job runs; and on PostgreSQL two runners (two app
 * servers) never run one job twice.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { defineJob, enqueueJob, startJobRunner, type JobRunner } from "#app/jobs/job-queue.server.ts";
import { testDatabases } from "#tests/db.ts";

const FAST = { pollingIntervalSeconds: 0.5, cronIntervalSeconds: 1, retryDelayMaxSeconds: 1 };
const until = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 45_000, interval: 100 });

describe.each(testDatabases())("job runner on $name", ({ open }) => {
  let handle: DatabaseHandle;
  let runner: JobRunner;
  const greeted: string[] = [];
  const tries: number[] = [];
  const ticks: string[] = [];

  const greet = defineJob({
    name: "test.greet",
    schema: z.object({ who: z.string() }),
    run: async ({ who }) => void greeted.push(who),
  });
  const flaky = defineJob({
    name: "test.flaky",
    schema: z.object({}),
    retryLimit: 2,
    retryDelaySeconds: 1,
    run: async (_data, job) => {
      tries.push(job.attempt);
      throw new Error("ECB svarar inte");
    },
  });
  const tick = defineJob({
    name: "test.tick",
    schema: z.object({}),
    schedule: "* * * * *",
    run: async (_data, job) => void ticks.push(job.id),
  });

  const jobState = async (queue: string, id: string) => (await runner.boss.getJobById(queue, id))?.state;

  beforeAll(async () => {
    handle = await open();
    runner = await startJobRunner(handle, [greet, flaky, tick], FAST);
  });
  afterAll(async () => {
    await runner?.stop();
    await handle?.close();
  });

  it("runs an enqueued job once", async () => {
    const id = await enqueueJob(greet, { who: "Astrid" });
    expect(id).toEqual(expect.any(String));
    await until(async () => expect(await jobState(greet.name, id!)).toBe("completed"));
    expect(greeted.filter((who) => who === "Astrid")).toEqual(["Astrid"]);
  });

  it("retries a throwing job with backoff and keeps it failed, with its error, after the limit", async () => {
    const id = (await enqueueJob(flaky, {}))!;
    await until(async () => expect(await jobState(flaky.name, id)).toBe("failed"));
    expect(tries).toEqual([1, 2, 3]);
    const job = (await runner.boss.getJobById(flaky.name, id))!;
    expect(job).toMatchObject({ retryLimit: 2, retryCount: 2, retryBackoff: true, retryDelay: 1 });
    expect(JSON.stringify(job.output)).toContain("ECB svarar inte");
  });

  it("refuses bad data when enqueuing, and fails (not crashes on) a stored job with bad data", async () => {
    await expect(enqueueJob(greet, { who: 42 } as unknown as { who: string })).rejects.toThrow();
    const id = (await runner.boss.send(greet.name, { who: 42 }, { retryLimit: 0 }))!;
    await until(async () => expect(await jobState(greet.name, id)).toBe("failed"));
    expect(JSON.stringify((await runner.boss.getJobById(greet.name, id))!.output)).toContain("bad job data");
    // The worker is still there for the next job.
    const next = (await enqueueJob(greet, { who: "Bertil" }))!;
    await until(async () => expect(await jobState(greet.name, next)).toBe("completed"));
  });

  it("enqueues inside a transaction: nothing when it rolls back, the job when it commits", async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await enqueueJob(greet, { who: "Ingen" }, { db: trx });
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    const id = await handle.db.transaction().execute((trx) => enqueueJob(greet, { who: "Cecilia" }, { db: trx }));
    await until(async () => expect(await jobState(greet.name, id!)).toBe("completed"));
    expect(greeted).toContain("Cecilia");
    expect(greeted).not.toContain("Ingen");
    const jobs = await runner.boss.findJobs<{ who: string }>(greet.name);
    expect(jobs.map((job) => job.data.who)).not.toContain("Ingen");
  });

  it("runs a scheduled job", async () => {
    await until(() => expect(ticks.length).toBeGreaterThan(0));
  });

  it("shares the jobs between two runners (two app servers on PostgreSQL) without running one twice", async () => {
    const runs = new Map<number, string[]>();
    const counting = (server: string) =>
      defineJob({
        name: "test.count",
        schema: z.object({ n: z.number() }),
        run: async ({ n }) => void runs.set(n, [...(runs.get(n) ?? []), server]),
      });
    const a = await startJobRunner(handle, [counting("a")], FAST);
    const b = await startJobRunner(handle, [counting("b")], FAST);
    try {
      const ids = await Promise.all(Array.from({ length: 30 }, (_, n) => enqueueJob(counting("a"), { n })));
      await until(async () => {
        const states = await Promise.all(ids.map((id) => b.boss.getJobById("test.count", id!)));
        expect(states.every((job) => job?.state === "completed")).toBe(true);
      });
      expect([...runs.values()].every((servers) => servers.length === 1)).toBe(true);
      expect(runs.size).toBe(30);
      const byServer = [...runs.values()].flat();
      expect(new Set(byServer)).toEqual(new Set(["a", "b"]));
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});
