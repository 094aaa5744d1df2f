/**
 * Bulk rewrite jobs in the database, done by the job runner (decision 071): two runners never
 * take the same hotel, an item whose server died midway is finished, and the progress counters
 * always add up. The engine is a stand-in object (no HTTP); the database is real, PGlite and
 * PostgreSQL; the runners poll fast, and the tests wait for what the job shows.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sql } from "kysely";
import { AiUnavailableError, type AiEngine } from "#app/ai/engine.server.ts";
import {
  JobAlreadyRunningError,
  jobProgress,
  listJobs,
  NO_DESCRIPTION,
  retryFailedItems,
  rewriteItemJob,
  startRewriteJob,
} from "#app/ai/jobs.server.ts";
import { createLocalEngine } from "#app/ai/local-engine.server.ts";
import { startRewrite } from "#app/ai/service.server.ts";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { startJobRunner, type JobRunner } from "#app/jobs/job-queue.server.ts";
import { testDatabases } from "#tests/db.ts";

/**
 * Translates by prefixing; records which hotel each call was for; can be told to fail, or to
 * wait at a gate from its `holdFrom`-th call on until `open()`.
 */
function stubEngine(options: { failFor?: Set<string>; slowMs?: number; holdFrom?: number } = {}) {
  const calls: string[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const engine: AiEngine = {
    ...createLocalEngine(),
    name: "openai-compatible",
    canTranslate: true,
    async translateToSwedish(hotel) {
      calls.push(hotel.name);
      if (options.holdFrom !== undefined && calls.length >= options.holdFrom) await gate;
      if (options.slowMs) await new Promise((resolve) => setTimeout(resolve, options.slowMs));
      if (options.failFor?.has(hotel.name)) throw new AiUnavailableError("provider down");
      return `SV: ${hotel.description}`;
    },
  };
  return { engine, calls, open };
}

// Failing hotels are tried again after a second, not the queue's 5 s and 10 s.
const FAST = { pollingIntervalSeconds: 0.5, retryDelayMaxSeconds: 1 };
/** Waits for a job's visible state. */
const until = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 60_000, interval: 100 });

const HOTELS = Array.from({ length: 12 }, (_, index) => `J${String(index + 1).padStart(2, "0")}`);

describe.each(testDatabases())("AI jobs on $name", ({ open }) => {
  let handle: DatabaseHandle;
  let runner: JobRunner;
  // The engine this test's runner writes with.
  let engine: AiEngine = createLocalEngine();
  const finished = (jobId: string) => until(async () => expect((await jobProgress(jobId, handle.db))?.status).toBe("finished"));

  beforeAll(async () => {
    handle = await open();
    runner = await startJobRunner(handle, [rewriteItemJob(() => engine)], FAST);
  });
  afterAll(async () => {
    await runner?.stop();
    await handle?.close();
  });
  beforeEach(async () => {
    await handle.db.deleteFrom("ai_jobs").execute();
    await handle.db.deleteFrom("hotels").execute();
    await handle.db
      .insertInto("hotels")
      .values(
        HOTELS.map((id) => ({
          hotel_id: id,
          name: `Hotel ${id}`,
          location: "Stockholm",
          country: "Sweden",
          description: id === "J12" ? null : `A fine hotel called ${id}.`,
        })),
      )
      .execute();
  });

  it("rewrites every hotel once, even with two runners at the same time", async () => {
    const a = stubEngine({ slowMs: 5 });
    const b = stubEngine({ slowMs: 5 });
    engine = a.engine;
    // A second server's runner, with its own engine.
    const second = await startJobRunner(handle, [rewriteItemJob(() => b.engine)], FAST);
    let jobId: string;
    try {
      jobId = (await startRewriteJob([...HOTELS, "UNKNOWN", "J01"], "admin@hotellguiden.test", handle.db))!;
      expect((await jobProgress(jobId, handle.db))?.total).toBe(12);
      await finished(jobId);
    } finally {
      await second.stop();
    }

    const all = [...a.calls, ...b.calls];
    expect(all.length).toBe(11); // J12 has no description and is never sent
    expect(new Set(all).size).toBe(all.length);
    const progress = (await jobProgress(jobId, handle.db))!;
    expect(progress).toMatchObject({ status: "finished", total: 12, done: 11, failed: 1 });
    expect(progress.failures).toEqual([{ hotelId: "J12", name: "Hotel J12", error: NO_DESCRIPTION }]);
    const rewritten = await handle.db
      .selectFrom("hotels")
      .select(["hotel_id", "rewritten_text", "is_description_rewritten"])
      .where("hotel_id", "=", "J03")
      .executeTakeFirstOrThrow();
    expect(rewritten).toEqual({ hotel_id: "J03", rewritten_text: "SV: A fine hotel called J03.", is_description_rewritten: true });
  });

  it("enqueues a runner job per hotel in the transaction that writes the items, and none for a job that is refused", async () => {
    await runner.pause("ai.rewrite-item");
    try {
      const jobId = (await startRewriteJob(HOTELS, null, handle.db))!;
      await expect(startRewriteJob(HOTELS, null, handle.db)).rejects.toBeInstanceOf(JobAlreadyRunningError);
      const queued = await sql<{ hotel_id: string }>`
        select data->>'hotelId' as hotel_id from pgboss.job
        where name = 'ai.rewrite-item' and state = 'created' and data->>'jobId' = ${jobId}`.execute(handle.db);
      const ids = queued.rows.map((row) => row.hotel_id);
      expect(ids.length).toBe(12);
      expect(new Set(ids).size).toBe(12);
      const all = await sql<{
        n: number;
      }>`select count(*)::int as n from pgboss.job where name = 'ai.rewrite-item' and state = 'created'`.execute(handle.db);
      expect(all.rows[0]?.n).toBe(12);
    } finally {
      await runner.resume("ai.rewrite-item");
    }
    const running = await handle.db.selectFrom("ai_jobs").select("id").where("status", "=", "running").executeTakeFirstOrThrow();
    await finished(running.id);
  });

  it("picks up the work of a server that died midway", async () => {
    const { engine: stub, calls } = stubEngine();
    engine = stub;
    await runner.pause("ai.rewrite-item");
    const jobId = (await startRewriteJob(HOTELS.slice(0, 6), null, handle.db))!;
    // A server started three items, then died: nothing is finished; their runner jobs run again.
    await handle.db
      .updateTable("ai_job_items")
      .set({ status: "running", attempts: 1 })
      .where("job_id", "=", jobId)
      .where("hotel_id", "in", HOTELS.slice(0, 3))
      .execute();
    expect((await jobProgress(jobId, handle.db))?.status).toBe("running");

    await runner.resume("ai.rewrite-item");
    await finished(jobId);
    expect(calls.sort()).toEqual(HOTELS.slice(0, 6).map((id) => `Hotel ${id}`));
    expect(await jobProgress(jobId, handle.db)).toMatchObject({ status: "finished", done: 6, failed: 0 });
  });

  it("retries a failing hotel up to three times, then reports it; the counters always add up", async () => {
    const { engine: stub, calls } = stubEngine({ failFor: new Set(["Hotel J02"]) });
    engine = stub;
    const jobId = (await startRewriteJob(HOTELS.slice(0, 4), null, handle.db))!;
    // Every look, one snapshot (repeatable read): the counters and the waiting items add up.
    await until(async () => {
      const { progress, waiting } = await handle.db
        .transaction()
        .setIsolationLevel("repeatable read")
        .execute(async (trx) => ({
          progress: (await jobProgress(jobId, trx))!,
          waiting: await trx
            .selectFrom("ai_job_items")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("job_id", "=", jobId)
            .where("status", "in", ["pending", "running"])
            .executeTakeFirstOrThrow(),
        }));
      expect(progress.done + progress.failed + Number(waiting.n)).toBe(progress.total);
      expect(progress.status).toBe("finished");
    });
    expect(calls.filter((name) => name === "Hotel J02")).toHaveLength(3);
    const progress = (await jobProgress(jobId, handle.db))!;
    expect(progress).toMatchObject({ status: "finished", total: 4, done: 3, failed: 1 });
    expect(progress.failures).toEqual([{ hotelId: "J02", name: "Hotel J02", error: "provider down" }]);
  });

  it("queues a job's failed hotels again with fresh attempts, and finishes them once the provider answers", async () => {
    const down = stubEngine({ failFor: new Set(["Hotel J02", "Hotel J03"]) });
    const up = stubEngine();
    engine = down.engine;
    const jobId = (await startRewriteJob(HOTELS.slice(0, 4), "editor@hotellguiden.test", handle.db))!;
    await finished(jobId);
    expect(await jobProgress(jobId, handle.db)).toMatchObject({ status: "finished", done: 2, failed: 2 });

    engine = up.engine;
    // The runner waits while the retry is looked at, so the queued state is seen before it moves on.
    await runner.pause("ai.rewrite-item");
    expect(await retryFailedItems(jobId, handle.db)).toBe(2);
    const queued = (await jobProgress(jobId, handle.db))!;
    expect(queued).toMatchObject({ status: "running", done: 2, failed: 0, finishedAt: null, failures: [] });
    await runner.resume("ai.rewrite-item");
    await finished(jobId);
    expect(up.calls.sort()).toEqual(["Hotel J02", "Hotel J03"]);
    expect(await jobProgress(jobId, handle.db)).toMatchObject({ status: "finished", done: 4, failed: 0 });
    // Nothing failed: nothing to retry; an unknown or malformed id is nothing too.
    expect(await retryFailedItems(jobId, handle.db)).toBe(0);
    expect(await retryFailedItems("not-a-uuid", handle.db)).toBe(0);
  });

  it("lists past jobs newest first, with who started them and their counts", async () => {
    engine = stubEngine().engine;
    const older = (await startRewriteJob(["J01"], "first@hotellguiden.test", handle.db))!;
    await handle.db
      .updateTable("ai_jobs")
      .set({ created_at: sql<Date>`now() - interval '1 hour'` })
      .where("id", "=", older)
      .execute();
    await finished(older);
    const newer = (await startRewriteJob(["J02", "J12"], "second@hotellguiden.test", handle.db))!;
    await finished(newer);
    const { jobs, total } = await listJobs(1, handle.db);
    expect(total).toBe(2);
    expect(jobs.map((job) => [job.id, job.createdBy, job.total, job.done, job.failed, job.status])).toEqual([
      [newer, "second@hotellguiden.test", 2, 1, 1, "finished"],
      [older, "first@hotellguiden.test", 1, 1, 0, "finished"],
    ]);
    expect((await listJobs(2, handle.db)).jobs).toEqual([]);
  });

  it("writes Swedish descriptions from the facts with the local engine, also for a hotel without an English one", async () => {
    await handle.db
      .updateTable("hotels")
      .set({
        location: "Gothenburg",
        star_rating: 4,
        rating: 8.6,
        price_amount: 900,
        price_currency: "SEK",
        amenity_keys: ["bastu", "frukost"],
      })
      .where("hotel_id", "in", ["J01", "J12"])
      .execute();
    engine = createLocalEngine();
    const jobId = (await startRewrite(["J01", "J12"], null, handle.db))!;
    await finished(jobId);
    expect(await jobProgress(jobId, handle.db)).toMatchObject({ status: "finished", total: 2, done: 2, failed: 0 });
    const rows = await handle.db
      .selectFrom("hotels")
      .select(["hotel_id", "rewritten_text", "is_description_rewritten"])
      .where("hotel_id", "in", ["J01", "J12"])
      .orderBy("hotel_id")
      .execute();
    for (const row of rows) {
      expect(row.is_description_rewritten).toBe(true);
      expect(row.rewritten_text).toContain(`Hotel ${row.hotel_id}`);
      expect(row.rewritten_text).toContain("ett prisvärt fyrstjärnigt hotell");
      expect(row.rewritten_text).toContain("Göteborg");
      expect(row.rewritten_text).not.toContain("Gothenburg");
      expect(row.rewritten_text).toContain("bastu och frukost");
    }
  });

  it("refuses a second rewrite job while one runs, naming it, and starts it once that one has finished", async () => {
    // The provider answers the first hotel, then keeps the second waiting.
    const held = stubEngine({ holdFrom: 2 });
    engine = held.engine;
    const first = (await startRewriteJob(HOTELS.slice(0, 3), "first@hotellguiden.test", handle.db))!;
    await until(async () => expect((await jobProgress(first, handle.db))?.done).toBe(1));
    const refused = await startRewriteJob(HOTELS, "second@hotellguiden.test", handle.db).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(JobAlreadyRunningError);
    expect((refused as Error).message).toMatch(
      new RegExp(
        `^Another rewrite job is still running: started \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} by first@hotellguiden\\.test, 1 of 3 hotels done \\(/admin/jobs/${first}\\)`,
      ),
    );
    expect((await listJobs(1, handle.db)).total).toBe(1);

    held.open();
    await finished(first);
    const second = await startRewriteJob(HOTELS, "second@hotellguiden.test", handle.db);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    await finished(second!);
  });

  it("starts one job of two posted at the same moment; the database refuses the other even past the app's check", async () => {
    const results = await Promise.allSettled([
      startRewriteJob(HOTELS.slice(0, 6), "a@hotellguiden.test", handle.db),
      startRewriteJob(HOTELS.slice(6), "b@hotellguiden.test", handle.db),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refusal = results.find((result) => result.status === "rejected")!.reason as unknown;
    expect(refusal).toBeInstanceOf(JobAlreadyRunningError);
    const running = await handle.db.selectFrom("ai_jobs").select("id").where("status", "=", "running").execute();
    expect(running).toEqual([{ id: (results.find((result) => result.status === "fulfilled") as PromiseFulfilledResult<string>).value }]);
    // Written straight to the table, past the app's check, a second running job is refused too.
    await expect(handle.db.insertInto("ai_jobs").values({ kind: "rewrite", total: 1 }).execute()).rejects.toThrow(
      /ai_jobs_one_running_per_kind/,
    );
  });

  it("does not retry a finished job's failed hotels while another job runs", async () => {
    const held = stubEngine({ holdFrom: 2 });
    engine = held.engine;
    const failing = (await startRewriteJob(["J01", "J12"], null, handle.db))!;
    await finished(failing);
    expect(await jobProgress(failing, handle.db)).toMatchObject({ status: "finished", failed: 1 });
    const other = (await startRewriteJob(["J02"], "other@hotellguiden.test", handle.db))!;
    await expect(retryFailedItems(failing, handle.db)).rejects.toThrow(/^Another rewrite job is still running: .* 0 of 1 hotels done/);
    expect(await jobProgress(failing, handle.db)).toMatchObject({ status: "finished", failed: 1 });
    expect((await jobProgress(other, handle.db))?.status).toBe("running");
    held.open();
    await finished(other);
  });

  it("starts nothing for ids that do not exist", async () => {
    expect(await startRewriteJob(["NOPE", " "], null, handle.db)).toBeNull();
  });
});
