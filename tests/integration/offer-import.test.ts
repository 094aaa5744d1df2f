/**
 * The offers feed importer: importOfferFeed with CSV, JSON and NDJSON files against a fresh
 * database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), what the hotels' lowest
 * price and offer count do after it, then `npm run import -- --offers` as a child process
 * against an embedded database in a temporary DATA_DIR.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FeedError } from "#app/feed/feed-stream.server.ts";
import { importOfferFeed, type OfferImportOptions } from "#app/feed/offer-import.server.ts";
import { openDatabase, type DatabaseHandle } from "#app/db/db.server.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { testDatabases } from "#tests/db.ts";
import { feedFolder, importCli as cli, ndjson, rejectsOf } from "#tests/feed-files.ts";

const { dir, feed } = feedFolder("hg-offers-");

const PARTNERS = [
  { id: "alfa", name: "Alfa Resor", host: "www.alfa.example" },
  { id: "beta", name: "Beta Boende", host: "beta.example:8443" },
  { id: "gamma", name: "Gamma", host: "gamma.example" },
];
const url = (partner: string, hotel: string) =>
  `${partner === "beta" ? "https://beta.example:8443" : `https://${PARTNERS.find((p) => p.id === partner)!.host}`}/h/${hotel}`;
const offer = (hotel: string, partner: string, price: number, extra: Record<string, unknown> = {}) => ({
  hotel_id: hotel,
  partner,
  price_per_night: price,
  url: url(partner, hotel),
  ...extra,
});

/**
 * Offer times within the hours a price is shown (OFFER_MAX_AGE_HOURS, 72): so many hours after two
 * days ago, to the second.
 */
const TWO_DAYS_AGO = Math.floor(Date.now() / 1000) * 1000 - 48 * 3_600_000;
const hour = (hours: number, seconds = 0) => new Date(TWO_DAYS_AGO + hours * 3_600_000 + seconds * 1000).toISOString();

describe.each(testDatabases())("importing offers feeds on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await handle.db.deleteFrom("hotel_offers").execute();
    await handle.db.deleteFrom("hotels").execute();
    await handle.db.deleteFrom("partners").execute();
    await handle.db.insertInto("partners").values(PARTNERS).execute();
    await handle.db
      .insertInto("hotels")
      .values(["H-1", "H-2", "H-3", "H-4"].map((hotel_id) => ({ hotel_id, name: `Hotell ${hotel_id}` })))
      .execute();
  });

  const run = (file: string, options: OfferImportOptions = {}) => importOfferFeed(file, options, handle.db);

  /** Every offer as a page's reader would see it: by the catalogue's hotel_id. */
  const offers = () =>
    handle.db
      .selectFrom("hotel_offers as o")
      .innerJoin("hotels as h", "h.id", "o.hotel_id")
      .select([
        "h.hotel_id",
        "o.partner_id",
        "o.price_per_night",
        "o.currency",
        "o.landing_url",
        "o.breakfast_included",
        "o.free_cancellation",
        "o.updated_at",
        "o.gone_at",
      ])
      .orderBy("h.hotel_id")
      .orderBy("o.partner_id")
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, price_per_night: Number(row.price_per_night) })));

  /** What lists filter and sort on. */
  const summaries = () =>
    handle.db
      .selectFrom("hotels")
      .select(["hotel_id", "offer_price", "offer_count"])
      .orderBy("hotel_id")
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, offer_price: row.offer_price === null ? null : Number(row.offer_price) })));

  it("reads CSV with lenient headers and semicolons, rejecting unknown hotels, unknown partners and foreign hosts by their line", async () => {
    const file = feed(
      "csv",
      "\uFEFF Hotel ID ;Partner;Price per night;Currency;URL;Breakfast included;Free cancellation;Updated at;note\r\n" +
        `H-1;alfa;1290.50;sek;${url("alfa", "H-1")};ja;nej;${hour(1)};x\r\n` +
        `H-1;beta;990;;${url("beta", "H-1")};;yes;;\r\n` +
        `H-9;alfa;900;SEK;${url("alfa", "H-9")};;;;\r\n` +
        `H-2;delta;900;SEK;https://delta.example/h;;;;\r\n` +
        `H-2;alfa;900;SEK;https://beta.example:8443/h/H-2;;;;\r\n` +
        `H-2;alfa;1290,50;EUR;${url("alfa", "H-2")};;;;\r\n` +
        `H-3;gamma;1500;SEK;HTTPS://Gamma.example:443/h/H-3;0;1;;\r\n`,
    );
    const report = await run(file);
    expect(report).toMatchObject({
      format: "csv",
      rows: 7,
      inserted: 3,
      updated: 0,
      unchanged: 0,
      rejected: 4,
      ignoredFields: ["note"],
      partners: ["alfa", "beta", "gamma"],
      markedGone: 0,
    });
    expect(report.rejects).toEqual([
      { at: 4, where: "line 4", reason: 'hotel_id "H-9" is not a hotel in the catalogue' },
      { at: 5, where: "line 5", reason: 'partner "delta" is not a known partner' },
      { at: 6, where: "line 6", reason: "url is on beta.example:8443, not on the partner's host www.alfa.example" },
      {
        at: 7,
        where: "line 7",
        reason: 'currency must be SEK: prices are compared in Swedish kronor only, as there is no source of exchange rates yet (got "EUR")',
      },
    ]);
    expect(rejectsOf(file).map((reject) => reject.line)).toEqual([7, 4, 5, 6]);
    expect(rejectsOf(file)[1]).toMatchObject({ line: 4, row: expect.objectContaining({ hotel_id: "H-9", partner: "alfa", note: "" }) });

    const stored = await offers();
    expect(stored).toEqual([
      {
        hotel_id: "H-1",
        partner_id: "alfa",
        price_per_night: 1290.5,
        currency: "SEK",
        landing_url: "https://www.alfa.example/h/H-1",
        breakfast_included: true,
        free_cancellation: false,
        updated_at: new Date(hour(1)),
        gone_at: null,
      },
      expect.objectContaining({
        hotel_id: "H-1",
        partner_id: "beta",
        price_per_night: 990,
        free_cancellation: true,
        breakfast_included: false,
      }),
      expect.objectContaining({ hotel_id: "H-3", partner_id: "gamma", landing_url: "https://gamma.example/h/H-3" }),
    ]);
    // Without a timestamp of its own, an offer is current as of the import.
    expect(Date.now() - stored[1]!.updated_at.getTime()).toBeLessThan(60_000);
    expect(await summaries()).toEqual([
      { hotel_id: "H-1", offer_price: 990, offer_count: 2 },
      { hotel_id: "H-2", offer_price: null, offer_count: 0 },
      { hotel_id: "H-3", offer_price: 1500, offer_count: 1 },
      { hotel_id: "H-4", offer_price: null, offer_count: 0 },
    ]);
  });

  it("stops with a clear message when the CSV header lacks the partner column", async () => {
    await expect(run(feed("csv", "hotel_id,price_per_night\nH-1,900\n"))).rejects.toThrow(
      "The CSV header has no partner column (it has: hotel_id, price_per_night).",
    );
  });

  it('reads a JSON array, a JSON object with an "offers" array, and NDJSON', async () => {
    const array = feed("json", JSON.stringify([offer("H-1", "alfa", 1000), 5, offer("H-2", "alfa", 0)]));
    const arrayReport = await run(array);
    expect(arrayReport).toMatchObject({ format: "json", rows: 3, inserted: 1, rejected: 2 });
    expect(arrayReport.rejects).toEqual([
      { at: 1, where: "element 1", reason: "the row must be an object of offer fields" },
      { at: 2, where: "element 2", reason: "price_per_night must be a number above 0 and below 1,000,000 (got 0)" },
    ]);

    const object = feed("json", JSON.stringify({ partner: "beta", offers: [offer("H-2", "beta", 800)] }));
    expect(await run(object)).toMatchObject({ rows: 1, inserted: 1, rejected: 0 });
    await expect(run(feed("json", JSON.stringify({ hotels: [offer("H-3", "beta", 800)] })))).rejects.toThrow(
      'The JSON object has no "offers" array',
    );

    const lines = feed("ndjson", `${ndjson(offer("H-3", "gamma", 700))}\n{"hotel_id":\n${ndjson(offer("H-4", "gamma", 750))}`);
    const linesReport = await run(lines);
    expect(linesReport).toMatchObject({ format: "ndjson", rows: 3, inserted: 2, rejected: 1 });
    expect(linesReport.rejects[0]).toMatchObject({ at: 3, reason: expect.stringMatching(/^not valid JSON: /) });

    expect(await summaries()).toEqual([
      { hotel_id: "H-1", offer_price: 1000, offer_count: 1 },
      { hotel_id: "H-2", offer_price: 800, offer_count: 1 },
      { hotel_id: "H-3", offer_price: 700, offer_count: 1 },
      { hotel_id: "H-4", offer_price: 750, offer_count: 1 },
    ]);
  });

  it("upserts by hotel and partner: a new price updates, the same row with its timestamp changes nothing, the last of a repeated pair wins", async () => {
    const at = hour(0);
    const first = feed(
      "ndjson",
      ndjson(offer("H-1", "alfa", 1200, { updated_at: at }), offer("H-1", "beta", 1100, { updated_at: at }), offer("H-2", "alfa", 900)),
    );
    expect(await run(first, { batchSize: 2 })).toMatchObject({ inserted: 3, updated: 0, unchanged: 0 });

    const again = await run(first, { batchSize: 2 });
    // The row without a timestamp is current as of each import, so it is written again.
    expect(again).toMatchObject({ inserted: 0, updated: 1, unchanged: 2 });

    const cheaper = feed(
      "ndjson",
      ndjson(offer("H-1", "alfa", 1000, { updated_at: hour(24) }), offer("H-1", "alfa", 950, { updated_at: hour(25) })),
    );
    expect(await run(cheaper)).toMatchObject({ rows: 2, duplicates: 1, inserted: 0, updated: 1 });
    expect((await offers()).filter((row) => row.hotel_id === "H-1")).toEqual([
      expect.objectContaining({ partner_id: "alfa", price_per_night: 950, updated_at: new Date(hour(25)) }),
      expect.objectContaining({ partner_id: "beta", price_per_night: 1100, updated_at: new Date(at) }),
    ]);
    expect((await summaries())[0]).toEqual({ hotel_id: "H-1", offer_price: 950, offer_count: 2 });
  });

  it("never lets an older row replace a newer offer: across runs, across batches and within one batch", async () => {
    const fresh = hour(25);
    await run(feed("ndjson", ndjson(offer("H-1", "alfa", 950, { updated_at: fresh }), offer("H-2", "alfa", 800, { updated_at: fresh }))));

    // A late or replayed feed: older rows for both, and one new offer.
    const replay = feed(
      "ndjson",
      ndjson(
        offer("H-1", "alfa", 1200, { updated_at: hour(0) }),
        offer("H-2", "alfa", 700, { updated_at: hour(25, -1) }),
        offer("H-3", "alfa", 600, { updated_at: hour(0) }),
      ),
    );
    expect(await run(replay, { dryRun: true })).toMatchObject({ inserted: 1, updated: 0, unchanged: 0, older: 2 });
    expect(await run(replay, { batchSize: 2 })).toMatchObject({ inserted: 1, updated: 0, unchanged: 0, older: 2 });
    expect((await offers()).map((row) => [row.hotel_id, row.price_per_night, row.updated_at.toISOString()])).toEqual([
      ["H-1", 950, hour(25)],
      ["H-2", 800, hour(25)],
      ["H-3", 600, hour(0)],
    ]);
    expect((await summaries())[0]).toEqual({ hotel_id: "H-1", offer_price: 950, offer_count: 1 });

    // Within one batch the newer row wins, wherever it comes; then across batches of one row.
    const mixed = ndjson(offer("H-4", "beta", 500, { updated_at: hour(27) }), offer("H-4", "beta", 900, { updated_at: hour(26) }));
    expect(await run(feed("ndjson", mixed))).toMatchObject({ rows: 2, duplicates: 1, inserted: 1 });
    expect((await offers()).find((row) => row.hotel_id === "H-4")?.price_per_night).toBe(500);
    await handle.db.deleteFrom("hotel_offers").where("partner_id", "=", "beta").execute();
    expect(await run(feed("ndjson", mixed), { batchSize: 1 })).toMatchObject({ inserted: 1, older: 1 });
    expect((await offers()).find((row) => row.hotel_id === "H-4")).toMatchObject({
      price_per_night: 500,
      updated_at: new Date(hour(27)),
    });
  });

  it("reads prices in plain decimals only, with a point or a comma", async () => {
    const prices = ["0x10", "0b101", "0o17", "1e3", ".5", "1,290"];
    const file = feed(
      "csv",
      `hotel_id;partner;price_per_night;url\n${prices.map((price) => `H-1;alfa;${price};${url("alfa", "H-1")}`).join("\n")}\nH-2;alfa;1290,50;${url("alfa", "H-2")}\n`,
    );
    const report = await run(file);
    expect(report).toMatchObject({ inserted: 1, rejected: 6 });
    expect(report.rejects.map((reject) => reject.reason)).toEqual([
      ...prices
        .slice(0, 5)
        .map(
          (price) =>
            `price_per_night must be a number above 0 and below 1,000,000, written as plain decimal digits such as 1290.50 or 1290,50 (got "${price}")`,
        ),
      'price_per_night must be a number above 0 and below 1,000,000, without a thousands separator (1,290 could be read two ways) (got "1,290")',
    ]);
    expect(await summaries()).toContainEqual({ hotel_id: "H-2", offer_price: 1290.5, offer_count: 1 });
    expect(await summaries()).toContainEqual({ hotel_id: "H-1", offer_price: null, offer_count: 0 });
  });

  it("--full marks the named partners' unlisted offers gone, keeps them as rows, leaves other partners, and brings an offer back when listed again", async () => {
    await run(
      feed(
        "ndjson",
        ndjson(
          offer("H-1", "alfa", 1000),
          offer("H-2", "alfa", 900),
          offer("H-3", "alfa", 800),
          offer("H-2", "beta", 950),
          offer("H-3", "gamma", 700),
        ),
      ),
    );
    const alfaOnly = feed("ndjson", ndjson(offer("H-1", "alfa", 1000), offer("H-9", "alfa", 500)));

    const dry = await run(alfaOnly, { full: true, dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, full: true, markedGone: 0, partners: ["alfa"] });
    expect((await offers()).filter((row) => row.gone_at !== null)).toEqual([]);

    const report = await run(alfaOnly, { full: true, batchSize: 1 });
    expect(report).toMatchObject({ full: true, updated: 1, rejected: 1, markedGone: 2, partners: ["alfa"] });
    const after = await offers();
    expect(after.map((row) => [row.hotel_id, row.partner_id, row.gone_at === null ? "current" : "gone"])).toEqual([
      ["H-1", "alfa", "current"],
      ["H-2", "alfa", "gone"],
      ["H-2", "beta", "current"],
      ["H-3", "alfa", "gone"],
      ["H-3", "gamma", "current"],
    ]);
    expect(await summaries()).toEqual([
      { hotel_id: "H-1", offer_price: 1000, offer_count: 1 },
      { hotel_id: "H-2", offer_price: 950, offer_count: 1 },
      { hotel_id: "H-3", offer_price: 700, offer_count: 1 },
      { hotel_id: "H-4", offer_price: null, offer_count: 0 },
    ]);

    // A run without --full only adds and refreshes; listed again, a gone offer is current again.
    expect(await run(feed("ndjson", ndjson(offer("H-3", "alfa", 650))))).toMatchObject({ updated: 1, markedGone: 0 });
    expect((await offers()).find((row) => row.hotel_id === "H-3" && row.partner_id === "alfa")).toMatchObject({
      price_per_night: 650,
      gone_at: null,
    });
    expect((await summaries())[2]).toEqual({ hotel_id: "H-3", offer_price: 650, offer_count: 2 });
  });

  it("--full leaves a partner's offers alone when most of its rows were refused", async () => {
    await run(feed("ndjson", ndjson(offer("H-1", "alfa", 1000), offer("H-2", "alfa", 900), offer("H-3", "alfa", 800))));
    // A broken feed: two of three rows for hotels the catalogue does not have.
    const broken = feed("ndjson", ndjson(offer("H-1", "alfa", 990), offer("H-98", "alfa", 500), offer("H-99", "alfa", 500)));
    const report = await run(broken, { full: true });
    expect(report).toMatchObject({ full: true, updated: 1, rejected: 2, markedGone: 0, partners: ["alfa"], heldBack: ["alfa"] });
    expect((await offers()).filter((row) => row.partner_id === "alfa" && row.gone_at !== null)).toEqual([]);
  });

  it("--full marks nothing gone when the run stops part-way", async () => {
    await run(feed("ndjson", ndjson(offer("H-1", "alfa", 1000), offer("H-2", "alfa", 900))));
    const broken = feed("json", `[${JSON.stringify(offer("H-1", "alfa", 990))}, {"hotel_id": oops}]`);
    const error = await run(broken, { full: true }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FeedError);
    expect((error as Error).message).toMatch(/^The JSON feed is not valid/);
    expect((await offers()).every((row) => row.gone_at === null)).toBe(true);
    expect(await summaries()).toContainEqual({ hotel_id: "H-2", offer_price: 900, offer_count: 1 });
  });

  it("writes nothing on a dry run, but counts what would change and still writes the rejects", async () => {
    const file = feed("ndjson", ndjson(offer("H-1", "alfa", 1000), offer("H-2", "beta", 900), offer("H-7", "alfa", 900)));
    expect(await run(file, { dryRun: true })).toMatchObject({ dryRun: true, inserted: 2, updated: 0, unchanged: 0, rejected: 1 });
    expect(await offers()).toEqual([]);
    expect(await summaries()).toContainEqual({ hotel_id: "H-1", offer_price: null, offer_count: 0 });
    expect(rejectsOf(file)).toEqual([
      { line: 3, reason: 'hotel_id "H-7" is not a hotel in the catalogue', row: offer("H-7", "alfa", 900) },
    ]);

    await run(file);
    const changed = feed("ndjson", ndjson(offer("H-1", "alfa", 990), offer("H-3", "gamma", 500)));
    expect(await run(changed, { dryRun: true })).toMatchObject({ inserted: 1, updated: 1, unchanged: 0 });
    expect((await offers()).map((row) => row.hotel_id)).toEqual(["H-1", "H-2"]);
  });

  it("does not show an inactive partner's offers in the summary, but still stores them", async () => {
    await handle.db.updateTable("partners").set({ active: false }).where("id", "=", "beta").execute();
    expect(await run(feed("ndjson", ndjson(offer("H-1", "beta", 500), offer("H-1", "alfa", 800))))).toMatchObject({ inserted: 2 });
    expect((await summaries())[0]).toEqual({ hotel_id: "H-1", offer_price: 800, offer_count: 1 });
  });
});

// ---------------------------------------------------------------------------------------------
// The command line

describe("npm run import -- --offers", () => {
  const dataDir = path.join(dir, "data");
  const env = { DATA_DIR: dataDir };

  it.each([
    [["--full", "a.csv"], /--full goes with --offers: a hotel feed never removes hotels\./],
    [["--offers"], /Which file\? Give the feed file to import\./],
    [["--offers", "--format", "xml", "a.csv"], /--format must be csv, json or ndjson \(got "xml"\)\./],
    [["--offers", "--fll", "a.csv"], /Unknown option '--fll'/],
  ])("%j exits 2 with the usage", async (args, message) => {
    const result = await cli(args, env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain("npm run import -- --offers [--full] <file>");
    expect(result.stdout).toBe("");
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("exits 1 on a dry run against a database that has no tables yet", async () => {
    const result = await cli(["--offers", "--dry-run", feed("ndjson", ndjson(offer("H-1", "alfa", 1)))], {
      DATA_DIR: path.join(dir, "fresh"),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^Cannot use the database \(pglite\): it has no hotel_offers table yet \(run npm run db:migrate first\)$/m,
    );
  });

  it("imports an offers feed with --full and reports it", async () => {
    const database = openDatabase({ dataDir });
    try {
      await migrate(undefined, database.db);
      await database.db.insertInto("partners").values(PARTNERS).execute();
      await database.db
        .insertInto("hotels")
        .values([{ hotel_id: "H-1" }, { hotel_id: "H-2" }])
        .execute();
    } finally {
      await database.close();
    }
    const first = feed(
      "csv",
      `hotel_id,partner,price_per_night,url\nH-1,alfa,1000,${url("alfa", "H-1")}\nH-2,alfa,900,${url("alfa", "H-2")}\n`,
    );
    expect((await cli(["--offers", first], env)).code).toBe(0);

    const file = feed(
      "csv",
      `hotel_id,partner,price_per_night,url\nH-1,alfa,990,${url("alfa", "H-1")}\nH-1,alfa,990,https://evil.example/\n`,
    );
    const result = await cli(["--offers", "--full", file], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Imported the offers feed ${file} (CSV) into the embedded database (PGlite).`);
    expect(result.stdout).toMatch(/^ {2}rows read +2$/m);
    expect(result.stdout).toMatch(/^ {2}updated +1$/m);
    expect(result.stdout).toMatch(/^ {2}rejected +1$/m);
    expect(result.stdout).toMatch(/^ {2}marked gone +1 {2}\(alfa\)$/m);
    expect(result.stdout).toContain("line 3: url is on evil.example, not on the partner's host www.alfa.example");
  });
});
