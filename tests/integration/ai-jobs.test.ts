/**
 * Bulk rewrite jobs in the database: workers never take the same hotel, a job whose worker
 * died midway is finished by another, and the progress counters always add up. The engine
 * is a stand-in object (no HTTP); the database is real, PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { AiUnavailableError, type AiEngine } from "#app/ai/engine.server.ts";
import {
  claimItems,
  JobAlreadyRunningError,
  jobProgress,
  listJobs,
  NO_DESCRIPTION,
  retryFailedItems,
  runWorkerOnce,
  startRewriteJob,
} from "#app/ai/jobs.server.ts";
import { createLocalEngine } from "#app/ai/local-engine.server.ts";
import { startRewrite } from "#app/ai/service.server.ts";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { testDatabases } from "#tests/db.ts";

/** Translates by prefixing; records which hotel each call was for; can be told to fail. */
function stubEngine(options: { failFor?: Set<string>; slowMs?: number } = {}) {
  const calls: string[] = [];
  const engine: AiEngine = {
    ...createLocalEngine(),
    name: "openai-compatible",
    canTranslate: true,
    async translateToSwedish(hotel) {
      calls.push(hotel.name);
      if (options.slowMs) await new Promise((resolve) => setTimeout(resolve, options.slowMs));
      if (options.failFor?.has(hotel.name)) throw new AiUnavailableError("provider down");
      return `SV: ${hotel.description}`;
    },
  };
  return { engine, calls };
}

const HOTELS = Array.from({ length: 12 }, (_, index) => `J${String(index + 1).padStart(2, "0")}`);

describe.each(testDatabases())("AI jobs on $name", ({ open }) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
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

  it("rewrites every hotel once, even with two workers at the same time", async () => {
    const jobId = (await startRewriteJob([...HOTELS, "UNKNOWN", "J01"], "admin@hotellguiden.test", handle.db))!;
    expect((await jobProgress(jobId, handle.db))?.total).toBe(12);
    const a = stubEngine({ slowMs: 5 });
    const b = stubEngine({ slowMs: 5 });
    const work = async (engine: AiEngine) => {
      while ((await runWorkerOnce(engine, 2, handle.db)) > 0);
    };
    await Promise.all([work(a.engine), work(b.engine)]);

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

  it("never hands the same item to two claims while its lease holds", async () => {
    await startRewriteJob(HOTELS, null, handle.db);
    const [first, second] = await Promise.all([claimItems(5, handle.db), claimItems(5, handle.db)]);
    const ids = [...first, ...second].map((item) => item.hotelId);
    expect(ids.length).toBe(10);
    expect(new Set(ids).size).toBe(10);
    const third = await claimItems(5, handle.db);
    expect(third.map((item) => item.hotelId).every((id) => !ids.includes(id))).toBe(true);
    expect(third.length).toBe(2);
  });

  it("picks up the work of a worker that died midway", async () => {
    const jobId = (await startRewriteJob(HOTELS.slice(0, 6), null, handle.db))!;
    // A worker claims three items, then its server dies: nothing is finished, the lease runs out.
    const orphaned = await claimItems(3, handle.db);
    expect(orphaned).toHaveLength(3);
    expect((await jobProgress(jobId, handle.db))?.status).toBe("running");
    await handle.db
      .updateTable("ai_job_items")
      .set({ locked_until: sql<Date>`now() - interval '1 second'` })
      .where("status", "=", "running")
      .execute();

    const { engine, calls } = stubEngine();
    while ((await runWorkerOnce(engine, undefined, handle.db)) > 0);
    expect(calls.sort()).toEqual(HOTELS.slice(0, 6).map((id) => `Hotel ${id}`));
    expect(await jobProgress(jobId, handle.db)).toMatchObject({ status: "finished", done: 6, failed: 0 });
  });

  it("retries a failing hotel up to three times, then reports it; the counters always add up", async () => {
    const jobId = (await startRewriteJob(HOTELS.slice(0, 4), null, handle.db))!;
    const { engine, calls } = stubEngine({ failFor: new Set(["Hotel J02"]) });
    while ((await runWorkerOnce(engine, 1, handle.db)) > 0) {
      const progress = (await jobProgress(jobId, handle.db))!;
      const waiting = await handle.db
        .selectFrom("ai_job_items")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("job_id", "=", jobId)
        .where("status", "in", ["pending", "running"])
        .executeTakeFirstOrThrow();
      expect(progress.done + progress.failed + Number(waiting.n)).toBe(progress.total);
    }
    expect(calls.filter((name) => name === "Hotel J02")).toHaveLength(3);
    const progress = (await jobProgress(jobId, handle.db))!;
    expect(progress).toMatchObject({ status: "finished", total: 4, done: 3, failed: 1 });
    expect(progress.failures).toEqual([{ hotelId: "J02", name: "Hotel J02", error: "provider down" }]);
  });

  it("queues a job's failed hotels again with fresh attempts, and finishes them once the provider answers", async () => {
    const jobId = (await startRewriteJob(HOTELS.slice(0, 4), "editor@hotellguiden.test", handle.db))!;
    const down = stubEngine({ failFor: new Set(["Hotel J02", "Hotel J03"]) });
    while ((await runWorkerOnce(down.engine, undefined, handle.db)) > 0);
    expect(await jobProgress(jobId, handle.db)).toMatchObject({ status: "finished", done: 2, failed: 2 });

    expect(await retryFailedItems(jobId, handle.db)).toBe(2);
    const queued = (await jobProgress(jobId, handle.db))!;
    expect(queued).toMatchObject({ status: "running", done: 2, failed: 0, finishedAt: null, failures: [] });
    const up = stubEngine();
    while ((await runWorkerOnce(up.engine, undefined, handle.db)) > 0);
    expect(up.calls.sort()).toEqual(["Hotel J02", "Hotel J03"]);
    expect(await jobProgress(jobId, handle.db)).toMatchObject({ status: "finished", done: 4, failed: 0 });
    // Nothing failed: nothing to retry; an unknown or malformed id is nothing too.
    expect(await retryFailedItems(jobId, handle.db)).toBe(0);
    expect(await retryFailedItems("not-a-uuid", handle.db)).toBe(0);
  });

  it("lists past jobs newest first, with who started them and their counts", async () => {
    const older = (await startRewriteJob(["J01"], "first@hotellguiden.test", handle.db))!;
    await handle.db
      .updateTable("ai_jobs")
      .set({ created_at: sql<Date>`now() - interval '1 hour'` })
      .where("id", "=", older)
      .execute();
    const { engine } = stubEngine();
    while ((await runWorkerOnce(engine, undefined, handle.db)) > 0);
    const newer = (await startRewriteJob(["J02", "J12"], "second@hotellguiden.test", handle.db))!;
    while ((await runWorkerOnce(engine, undefined, handle.db)) > 0);
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
    const jobId = (await startRewrite(["J01", "J12"], null, handle.db))!;
    while ((await runWorkerOnce(createLocalEngine(), undefined, handle.db)) > 0);
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
    const first = (await startRewriteJob(HOTELS.slice(0, 3), "first@hotellguiden.test", handle.db))!;
    await runWorkerOnce(stubEngine().engine, 1, handle.db);
    const refused = await startRewriteJob(HOTELS, "second@hotellguiden.test", handle.db).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(JobAlreadyRunningError);
    expect((refused as Error).message).toMatch(
      new RegExp(
        `^Another rewrite job is still running: started \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} by first@hotellguiden\\.test, 1 of 3 hotels done \\(/admin/jobs/${first}\\)`,
      ),
    );
    expect((await listJobs(1, handle.db)).total).toBe(1);

    while ((await runWorkerOnce(stubEngine().engine, undefined, handle.db)) > 0);
    expect(await startRewriteJob(HOTELS, "second@hotellguiden.test", handle.db)).toMatch(/^[0-9a-f-]{36}$/);
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
    const failing = (await startRewriteJob(["J01", "J12"], null, handle.db))!;
    while ((await runWorkerOnce(stubEngine().engine, undefined, handle.db)) > 0);
    expect(await jobProgress(failing, handle.db)).toMatchObject({ status: "finished", failed: 1 });
    const other = (await startRewriteJob(["J02"], "other@hotellguiden.test", handle.db))!;
    await expect(retryFailedItems(failing, handle.db)).rejects.toThrow(/^Another rewrite job is still running: .* 0 of 1 hotels done/);
    expect(await jobProgress(failing, handle.db)).toMatchObject({ status: "finished", failed: 1 });
    expect((await jobProgress(other, handle.db))?.status).toBe("running");
  });

  it("starts nothing for ids that do not exist", async () => {
    expect(await startRewriteJob(["NOPE", " "], null, handle.db)).toBeNull();
  });
});
