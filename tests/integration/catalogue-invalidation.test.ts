/**
 * Writes to the catalogue invalidate the caches by themselves (decision 063): no data module
 * calls anything after a write, yet a cached read shows the write at once, the bulk AI rewrite
 * (which never cleared) included. PGlite, and PostgreSQL when the run has one.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createLocalEngine } from "#app/ai/local-engine.server.ts";
import type { AiEngine } from "#app/ai/engine.server.ts";
import { jobProgress, rewriteItemJob, startRewriteJob } from "#app/ai/jobs.server.ts";
import { startJobRunner } from "#app/jobs/job-queue.server.ts";
import { CATALOGUE_TABLES, writesCatalogue } from "#app/db/catalogue-writes.server.ts";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { popularHotels } from "#app/hotels/hotel-queries.server.ts";
import { clearCatalogueCache } from "#app/utils/catalogue-cache.server.ts";
import { testDatabases } from "#tests/db.ts";

const translator: AiEngine = {
  ...createLocalEngine(),
  name: "openai-compatible",
  canTranslate: true,
  translateToSwedish: async (hotel) => `Svensk text om ${hotel.name}.`,
};

describe("which statements write the catalogue", () => {
  it("knows a write to a catalogue table from a read or a write elsewhere", () => {
    expect(writesCatalogue(`update "hotels" set "rewritten_text" = $1 where "hotel_id" = $2`)).toBe(true);
    expect(writesCatalogue(`insert into "partners" ("id") values ($1) on conflict do nothing`)).toBe(true);
    expect(writesCatalogue(`delete from public.hotels_blog_posts where id = $1`)).toBe(true);
    expect(writesCatalogue(`with gone as (delete from "hotel_offers" where stale returning 1) select count(*) from gone`)).toBe(true);
    expect(writesCatalogue(`select * from "hotels" where "id" = $1 for update`)).toBe(false);
    expect(writesCatalogue(`insert into "sessions" ("id") values ($1)`)).toBe(false);
    expect(writesCatalogue(`update "ai_job_items" set "state" = 'done'`)).toBe(false);
  });
});

describe.each(testDatabases())("catalogue writes on $name", ({ open }) => {
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
        ["K1", "K2"].map((id) => ({
          hotel_id: id,
          name: `Hotel ${id}`,
          location: "Kiruna",
          country: "Sweden",
          description: `An English text about ${id}.`,
        })),
      )
      .execute();
    clearCatalogueCache();
  });

  it("has the change trigger on every catalogue table", async () => {
    const { rows } = await sql<{ table: string }>`
      select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where t.tgname = c.relname || '_announce_change' and not t.tgisinternal`.execute(handle.db);
    expect(rows.map((row) => row.table).sort()).toEqual([...CATALOGUE_TABLES].sort());
  });

  it("shows a bulk AI rewrite's texts on the cached cards at once", async () => {
    const before = await popularHotels("Kiruna", "Sweden", handle.db);
    expect(before.map((hotel) => hotel.description).sort()).toEqual(["An English text about K1.", "An English text about K2."]);

    const runner = await startJobRunner(handle, [rewriteItemJob(() => translator)], { pollingIntervalSeconds: 0.5 });
    try {
      const jobId = await startRewriteJob(["K1", "K2"], "admin@hotellguiden.test", handle.db);
      expect(jobId).toBeTruthy();
      await vi.waitFor(async () => expect((await jobProgress(jobId!, handle.db))?.status).toBe("finished"), {
        timeout: 30_000,
        interval: 100,
      });
    } finally {
      await runner.stop();
    }

    const after = await popularHotels("Kiruna", "Sweden", handle.db);
    expect(after.map((hotel) => hotel.description).sort()).toEqual(["Svensk text om Hotel K1.", "Svensk text om Hotel K2."]);
  });

  it("drops the cached cards after a write in plain SQL, which no data module wrapped", async () => {
    expect((await popularHotels("Kiruna", "Sweden", handle.db)).map((hotel) => hotel.name).sort()).toEqual(["Hotel K1", "Hotel K2"]);
    await sql`update hotels set name = 'Hotel K1 Nytt' where hotel_id = 'K1'`.execute(handle.db);
    expect((await popularHotels("Kiruna", "Sweden", handle.db)).map((hotel) => hotel.name).sort()).toEqual(["Hotel K1 Nytt", "Hotel K2"]);
  });

  it("drops them after a write in a transaction once it commits", async () => {
    expect((await popularHotels("Kiruna", "Sweden", handle.db)).length).toBe(2);
    await handle.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("hotels").where("hotel_id", "=", "K2").execute();
      // A read inside the transaction's time, on another connection, keeps the old rows.
    });
    expect((await popularHotels("Kiruna", "Sweden", handle.db)).map((hotel) => hotel.name)).toEqual(["Hotel K1"]);
  });
});
