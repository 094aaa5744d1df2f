/**
 * Partners' feed URLs fetched by the job runner's jobs (queueDueFeeds, then a prices.feed-run job
 * per run, which this file takes and runs itself, as a worker would) against an msw stand-in for
 * the partners' servers: a due feed is downloaded and imported through the price importer and its
 * run recorded; a 404, a server too slow, a file over the cap, a page that is no price file and a
 * redirect to a private address each record a failed run with the reason and change no price; a
 * partner is never fetched twice at once, nor queued twice; a run whose server died is done by the
 * job's next try. Both databases: the partial unique index and the job in the run's transaction.
 */
import fs from "node:fs";
import path from "node:path";
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { feedRunJob, queueDueFeeds, queueFeedNow, runPriceFeed, type PriceFeedSettings } from "#app/feed/price-feed-worker.server.ts";
import { startJobRunner, type JobRunner } from "#app/jobs/job-queue.server.ts";
import { addDays, todayInSweden } from "#app/utils/stay.ts";
import { feedRunsByPartner } from "#app/prices/price-feed-runs.server.ts";
import { testDatabases } from "#tests/db.ts";
import { feedFolder } from "#tests/feed-files.ts";

const PARTNER = { id: "feedpartner", name: "Feedpartner", host: "www.feedpartner.example" };
const FEEDS = "https://feeds.feedpartner.example";
const today = todayInSweden();
const night1 = addDays(today, 10);
const night2 = addDays(today, 11);
const HEADER =
  "hotel_id,date,adults,rooms,currency,base,tax,fees,breakfast_included,free_cancellation_until,pay_at_hotel,room_name,url,updated_at";
/** A partner's file: two nights of PF1 and a row for a hotel we do not have, with links on the partner's host. */
const csvOf = (host: string) =>
  [
    HEADER,
    `PF1,${night1},2,1,SEK,1000.00,120.00,0,true,,false,Dubbelrum,https://${host}/hotell/PF1,`,
    `PF1,${night2},2,1,SEK,1100.00,132.00,0,true,,false,Dubbelrum,https://${host}/hotell/PF1,`,
    `NOPE,${night1},2,1,SEK,900.00,0,0,false,,false,,https://${host}/hotell/NOPE,`,
  ].join("\n");

/** Requests the stand-in saw, by path. */
const seen: string[] = [];
/** Holds the /held feed until released, to catch a second worker in the act. */
let release: () => void = () => undefined;
let heldArrived: () => void = () => undefined;

const server = setupServer(
  http.get(`${FEEDS}/:partner/:name`, async ({ request, params }) => {
    seen.push(new URL(request.url).pathname);
    const CSV = csvOf(`www.${String(params.partner)}.example`);
    switch (params.name) {
      case "prices.csv":
        return new HttpResponse(CSV, { headers: { "content-type": "text/csv" } });
      case "missing.csv":
        return new HttpResponse("Not found", { status: 404, statusText: "Not Found" });
      case "slow.csv":
        await delay("infinite");
        return new HttpResponse(CSV);
      case "huge.csv":
        return new HttpResponse(`${HEADER}\n${"x".repeat(10_000)}`);
      case "page.html":
        return HttpResponse.html("<!doctype html><title>Log in</title><p>Please log in to see your prices.</p>");
      case "moved.csv":
        return HttpResponse.redirect("https://10.0.0.7/internal/prices.csv", 302);
      case "held.csv": {
        heldArrived();
        await new Promise<void>((resolve) => (release = resolve));
        return new HttpResponse(CSV);
      }
      default:
        return new HttpResponse(null, { status: 500 });
    }
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

const folder = feedFolder("hg-feed-runs-");
const settings: PriceFeedSettings = {
  intervalMinutes: 60,
  maxBytes: 4096,
  timeoutMs: 500,
  downloadDir: path.join(folder.dir, "downloads"),
  fxRatesUrl: null,
};

describe.each(testDatabases())("price feeds on $name", ({ open }) => {
  let handle: DatabaseHandle;
  const db = () => handle.db;
  const runsOf = (partnerId: string) =>
    db()
      .selectFrom("price_feed_runs")
      .select(["status", "rows_taken", "rows_rejected", "error", "requested_by"])
      .where("partner_id", "=", partnerId)
      .orderBy("id")
      .execute();
  const nights = async () => Number((await sql<{ n: number }>`select count(*)::int as n from nightly_rates`.execute(db())).rows[0]!.n);
  const leadPrice = async (hotelId: string) =>
    (await db().selectFrom("hotels").select("offer_price").where("hotel_id", "=", hotelId).executeTakeFirstOrThrow()).offer_price;
  /** Another partner (inactive: the schedule leaves it alone) whose feed is at `file`. */
  const partnerWithFeed = async (id: string, file: string) => {
    await db()
      .insertInto("partners")
      .values({ id, name: id, host: `www.${id}.example`, active: false, feed_url: `${FEEDS}/${id}/${file}` })
      .execute();
  };

  // Enqueues only: the test takes the jobs itself, one at a time, so it sees each moment.
  let runner: JobRunner;
  /** Takes the queued feed-run jobs and runs each, as a server's worker does; how many. */
  const runQueuedFeeds = async () => {
    let done = 0;
    for (let [job] = await runner.boss.fetch<{ runId: number }>(feedRunJob.name); job; [job] = await runner.boss.fetch(feedRunJob.name)) {
      await runPriceFeed(job.data.runId, settings, undefined, db());
      await runner.boss.complete(feedRunJob.name, job.id);
      done++;
    }
    return done;
  };
  /** What the schedule does (due partners queued), then the worker. */
  const runDueFeeds = async () => {
    await queueDueFeeds(settings, db());
    return runQueuedFeeds();
  };

  beforeAll(async () => {
    handle = await open();
    runner = await startJobRunner(handle, [feedRunJob], { work: false });
    await db()
      .insertInto("hotels")
      .values(["PF1", "PF2"].map((hotelId) => ({ hotel_id: hotelId, name: `Hotel ${hotelId}`, location: "Stockholm", country: "Sweden" })))
      .execute();
    await db()
      .insertInto("partners")
      .values({ ...PARTNER, feed_url: `${FEEDS}/${PARTNER.id}/prices.csv` })
      .execute();
  });
  afterAll(async () => {
    await runner?.stop();
    await handle?.close();
  });

  it("fetches a due feed, imports it through the price importer and records the run; not again within the interval", async () => {
    seen.length = 0;
    expect(await runDueFeeds()).toBe(1);
    expect(seen).toEqual(["/feedpartner/prices.csv"]);
    const [run] = await runsOf(PARTNER.id);
    expect(run).toMatchObject({ status: "ok", rows_taken: 2, rows_rejected: 1, requested_by: null });
    expect(run!.error).toContain("NOPE");
    expect(await nights()).toBe(2);
    // The hotel's lead price is the cheapest night with taxes: the list shows it.
    expect(Number(await leadPrice("PF1"))).toBe(1120);
    // Within the interval the schedule leaves it alone; the download is gone from the disk.
    expect(await runDueFeeds()).toBe(0);
    expect(seen).toEqual(["/feedpartner/prices.csv"]);
    expect(fs.readdirSync(settings.downloadDir)).toEqual([]);
  });

  it.each([
    ["a 404", "missing.csv", `${FEEDS}/bad-missing/missing.csv answered 404 Not Found.`],
    ["a server too slow", "slow.csv", `${FEEDS}/bad-slow/slow.csv did not send the whole file within 0.5 s (FEED_TIMEOUT_SECONDS).`],
    ["a file over the cap", "huge.csv", "The file is larger than the limit of 4 kB (FEED_MAX_BYTES): nothing was imported."],
    [
      "a file that is not a price file",
      "page.html",
      `${FEEDS}/bad-page/page.html is not a price file: a CSV twin of nightly rates has a header naming date and base, Transaction messages are XML whose root is <Transaction>.`,
    ],
    [
      "a redirect to a private address",
      "moved.csv",
      `${FEEDS}/bad-moved/moved.csv redirected to https://10.0.0.7/internal/prices.csv, which is on a local or private address (this machine, a private network, a cloud metadata service): refused.`,
    ],
  ])("records %s as a failed run with its reason, and changes no price", async (_case, file, reason) => {
    const id = `bad-${file.replace(/\.\w+$/, "")}`;
    await partnerWithFeed(id, file);
    const before = { nights: await nights(), lead: await leadPrice("PF1") };
    expect(await queueFeedNow(id, "admin@hotellguiden.test", db())).toMatchObject({ queued: true, partnerName: id });
    expect(await runDueFeeds()).toBe(1);
    expect(await runsOf(id)).toEqual([
      { status: "failed", rows_taken: null, rows_rejected: null, error: reason, requested_by: "admin@hotellguiden.test" },
    ]);
    expect({ nights: await nights(), lead: await leadPrice("PF1") }).toEqual(before);
    expect((await feedRunsByPartner(db())).get(id)).toMatchObject({ open: null, last: { status: "failed", message: reason } });
  });

  it('fetches a partner\'s feed once: while it downloads, the schedule and a second "Fetch now" find it under way', async () => {
    await partnerWithFeed("held", "held.csv");
    await queueFeedNow("held", null, db());
    seen.length = 0;
    const arrived = new Promise<void>((resolve) => (heldArrived = resolve));
    const first = runDueFeeds();
    await arrived;
    // The first worker is downloading: nothing else to take, and a second "Fetch now" is told so.
    expect(await runDueFeeds()).toBe(0);
    expect(await queueFeedNow("held", null, db())).toMatchObject({ queued: false, reason: "open", status: "running" });
    release();
    expect(await first).toBe(1);
    expect(seen).toEqual(["/held/held.csv"]);
    expect(await runsOf("held")).toMatchObject([{ status: "ok", rows_taken: 2, rows_rejected: 1 }]);
  });

  it("queues a due partner once, with one job, when several servers look at the same time", async () => {
    await db()
      .insertInto("partners")
      .values({ id: "due", name: "Due", host: "www.due.example", feed_url: `${FEEDS}/due/prices.csv` })
      .execute();
    const queued = await Promise.all([1, 2, 3, 4].map(() => queueDueFeeds(settings, db())));
    expect(queued.reduce((sum, n) => sum + n, 0)).toBe(1);
    const jobs = await runner.boss.findJobs(feedRunJob.name, { queued: true });
    expect(jobs).toHaveLength(1);
  });

  it("does a run whose server stopped mid-way on the job's next try", async () => {
    // A server took the job and marked the run started, then stopped: the job is retried.
    const [job] = await runner.boss.fetch<{ runId: number }>(feedRunJob.name);
    await db().updateTable("price_feed_runs").set({ status: "running", attempts: 1 }).where("id", "=", job!.data.runId).execute();
    expect(await runPriceFeed(job!.data.runId, settings, undefined, db())).toMatchObject({ status: "ok" });
    expect(await runsOf("due")).toMatchObject([{ status: "ok", rows_taken: 2, rows_rejected: 1 }]);
    // Done is done: the same job once more changes nothing.
    expect(await runPriceFeed(job!.data.runId, settings, undefined, db())).toBeNull();
  });
});
