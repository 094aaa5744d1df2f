/**
 * The price importer: importPriceFeed with the CSV twin of nightly rates against a fresh database
 * (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), what stays cost afterwards as pages read
 * them (stayOffers), itinerary and sold-out records through the write side, then
 * `npm run import -- FILE --partner KEY` as a child process against an embedded database.
 */
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FeedError } from "#app/feed/feed-stream.server.ts";
import { importPriceFeed, type PriceImportOptions } from "#app/feed/price-import.server.ts";
import type { PriceRecord } from "#app/prices/price-record.ts";
import { addDays, todayInSweden } from "#app/utils/stay.ts";
import { checkPriceRecords, pricePartner, writePrices } from "#app/prices/rate-rows.server.ts";
import { stayOffers } from "#app/prices/stay-prices.server.ts";
import { openDatabase, type DatabaseHandle } from "#app/db/db.server.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { queueCounts } from "#app/jobs/job-records.server.ts";
import { testDatabases } from "#tests/db.ts";
import { withoutLogLines } from "#tests/cli-output.ts";
import { feedFolder, importCli as cli, rejectsOf } from "#tests/feed-files.ts";

const { dir, feed } = feedFolder("hg-prices-");

const PARTNERS = [
  { id: "alfa", name: "Alfa Resor", host: "www.alfa.example", landing_url_template: null },
  { id: "beta", name: "Beta Boende", host: "beta.example", landing_url_template: "https://beta.example/hotell/{hotel_id}?från=hg" },
];
const HOTELS = ["H-1", "H-2", "H/3 Å"];

const COLUMNS =
  "hotel_id,date,adults,rooms,currency,base,tax,fees,breakfast_included,free_cancellation_until,pay_at_hotel,room_name,url,updated_at";
const today = todayInSweden();
const day = (offset: number) => addDays(today, offset);
/** A moment `hoursAgo` before now, as files write it. */
const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
/** A Transaction message (Google Hotel Center) sent now, holding these results. */
const transaction = (results: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Transaction timestamp="${new Date().toISOString()}" id="t-1">${results}\n</Transaction>\n`;
const alfaUrl = (hotel: string) => `https://www.alfa.example/h/${hotel}`;

type Row = Partial<Record<string, string | number>>;
/** One night of H-1 at alfa for two adults, with the columns given. */
const night = (date: string, base: string | number, extra: Row = {}): Row => ({
  hotel_id: "H-1",
  date,
  adults: 2,
  rooms: 1,
  currency: "SEK",
  base,
  url: alfaUrl("H-1"),
  ...extra,
});
const csv = (...rows: Row[]) =>
  `${COLUMNS}\n${rows
    .map((row) =>
      COLUMNS.split(",")
        .map((column) => String(row[column] ?? ""))
        .join(","),
    )
    .join("\n")}\n`;

describe.each(testDatabases())("importing price files on $name", ({ open }) => {
  let handle: DatabaseHandle;
  const ids = new Map<string, string>();
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await handle.db.deleteFrom("rate_plans").execute();
    await handle.db.deleteFrom("sold_out_itineraries").execute();
    await handle.db.deleteFrom("hotel_offers").execute();
    await handle.db.deleteFrom("hotels").execute();
    await handle.db.deleteFrom("partners").execute();
    await handle.db.insertInto("partners").values(PARTNERS).execute();
    const rows = await handle.db
      .insertInto("hotels")
      .values(HOTELS.map((hotel_id) => ({ hotel_id, name: `Hotell ${hotel_id}` })))
      .returning(["id", "hotel_id"])
      .execute();
    for (const row of rows) ids.set(row.hotel_id, row.id);
  });

  const run = (file: string, options: Partial<PriceImportOptions> = {}) =>
    importPriceFeed(file, { partnerId: "alfa", ...options }, handle.db);

  /** What a page shows for H-1 (or another hotel) and a stay: each partner's total, taxes included. */
  const offers = async (checkIn: string, nights: number, hotel = "H-1", party = { adults: 2, rooms: 1 }) => {
    const stay = { checkIn, checkOut: addDays(checkIn, nights), ...party };
    const found = await stayOffers([ids.get(hotel)!], stay, 0, handle.db);
    return (found.get(ids.get(hotel)!) ?? []).map((offer) => ({
      partner: offer.partnerId,
      total: offer.total,
      tax: offer.tax,
      fees: offer.fees,
      currency: offer.currency,
      url: offer.landingUrl,
    }));
  };

  const storedNights = () =>
    sql<{ hotel_id: string; night: string; base: string; confirmed_at: Date }>`
      select h.hotel_id, to_char(n.night, 'YYYY-MM-DD') as night, n.base::text as base, n.confirmed_at
      from nightly_rates n join rate_plans p on p.id = n.plan_id join hotels h on h.id = p.hotel_id
      order by h.hotel_id, n.night
    `
      .execute(handle.db)
      .then((result) => result.rows.map((row) => ({ ...row, confirmed_at: new Date(row.confirmed_at).toISOString() })));

  it("changes what a stay costs: the sum of its nights with taxes and fees, different for different dates", async () => {
    expect(await offers(day(10), 3)).toEqual([]);
    const file = feed(
      "csv",
      csv(
        ...[10, 11, 12].map((offset) => night(day(offset), "1000.00", { tax: "120", fees: "30" })),
        ...[40, 41, 42].map((offset) => night(day(offset), offset === 42 ? "1800.50" : "1500", { tax: "180", fees: "30" })),
        // beta sends no URL: its template gives one, with the property id encoded.
        { ...night(day(10), 90, { url: "", hotel_id: "H/3 Å", currency: "EUR", tax: 10 }) },
      ),
    );
    const alfa = await run(file);
    expect(alfa).toMatchObject({ format: "csv", partner: "alfa", rows: 7, nights: 6, inserted: 6, rejected: 1, hotels: 1 });
    expect(alfa.rejects).toEqual([
      {
        at: 8,
        where: "line 8",
        reason: "the record has no landing URL and partner alfa has no landing URL template (set one in /admin/partners, or send a url)",
      },
    ]);
    expect(await offers(day(10), 3)).toEqual([
      { partner: "alfa", total: 3450, tax: 360, fees: 90, currency: "SEK", url: "https://www.alfa.example/h/H-1" },
    ]);
    expect(await offers(day(40), 3)).toEqual([
      { partner: "alfa", total: 5430.5, tax: 540, fees: 90, currency: "SEK", url: "https://www.alfa.example/h/H-1" },
    ]);
    // A stay with a night no one priced cannot be sold.
    expect(await offers(day(11), 3)).toEqual([]);
    // Three adults do not fit a price for two.
    expect(await offers(day(10), 3, "H-1", { adults: 3, rooms: 1 })).toEqual([]);

    const beta = await run(file, { partnerId: "beta" });
    expect(beta).toMatchObject({ partner: "beta", rejected: 6, nights: 1 });
    expect(beta.rejects[0]).toEqual({
      at: 2,
      where: "line 2",
      reason: "url is on www.alfa.example, not on the partner's host beta.example",
    });
    expect(await offers(day(10), 1, "H/3 Å")).toEqual([
      { partner: "beta", total: 100, tax: 10, fees: 0, currency: "EUR", url: "https://beta.example/hotell/H%2F3%20%C3%85?fr%C3%A5n=hg" },
    ]);
  });

  it("keeps the newer price: an older file changes nothing, and within a file the newer row wins, the later of two as new", async () => {
    await run(feed("csv", csv(night(day(5), 1000, { updated_at: at(2) }), night(day(6), 1000, { updated_at: at(2) }))));
    const older = await run(feed("csv", csv(night(day(5), 900, { updated_at: at(5) }), night(day(6), 950, { updated_at: at(1) }))));
    expect(older).toMatchObject({ inserted: 0, updated: 1, older: 1, unchanged: 0 });
    expect((await storedNights()).map((row) => [row.night, row.base])).toEqual([
      [day(5), "1000.00"],
      [day(6), "950.00"],
    ]);

    const same = at(1);
    const newest = at(0.5);
    const report = await run(
      feed(
        "csv",
        csv(
          night(day(7), 1100, { updated_at: newest }),
          night(day(7), 1200, { updated_at: at(3) }),
          night(day(8), 700, { updated_at: same }),
          night(day(8), 800, { updated_at: same }),
        ),
      ),
      { batchSize: 4 },
    );
    expect(report).toMatchObject({ rows: 4, inserted: 2, unchanged: 2 });
    expect((await storedNights()).slice(2).map((row) => [row.night, row.base])).toEqual([
      [day(7), "1100.00"],
      [day(8), "800.00"],
    ]);
    // The same file again: nothing changes.
    expect(await run(feed("csv", csv(night(day(7), 1100, { updated_at: newest }))))).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 1,
    });
  });

  it("takes a night away when a later file leaves its base empty: the stay is then sold by the other partner only", async () => {
    const nights = [20, 21, 22].map((offset) => day(offset));
    await run(feed("csv", csv(...nights.map((date) => night(date, 1000, { updated_at: at(3) })))));
    await run(
      feed("csv", csv(...nights.map((date) => night(date, 1200, { hotel_id: "H-1", url: "https://beta.example/h/1", updated_at: at(3) })))),
      { partnerId: "beta" },
    );
    expect((await offers(nights[0]!, 3)).map((offer) => [offer.partner, offer.total])).toEqual([
      ["alfa", 3000],
      ["beta", 3600],
    ]);

    const report = await run(feed("csv", csv(night(nights[1]!, "", { updated_at: at(1) }))));
    expect(report).toMatchObject({ rows: 1, nights: 0, notForSale: 1, removed: 1, rejected: 0 });
    expect((await offers(nights[0]!, 3)).map((offer) => [offer.partner, offer.total])).toEqual([["beta", 3600]]);
    // The other nights are still for sale.
    expect((await offers(nights[2]!, 1)).map((offer) => offer.partner)).toEqual(["alfa", "beta"]);
    // An empty base older than the stored price takes nothing away.
    await run(feed("csv", csv(night(nights[2]!, "", { updated_at: at(5) }))));
    expect((await offers(nights[2]!, 1)).map((offer) => offer.partner)).toEqual(["alfa", "beta"]);
  });

  it("rejects every bad row with its line and reason, and imports the rest", async () => {
    const file = feed(
      "csv",
      csv(
        night(day(1), 1000),
        night(day(1), 1000, { hotel_id: "H-9" }),
        night(day(1), -5),
        night(day(1), "12a"),
        night(day(1), 1000, { currency: "XYZ" }),
        night(day(-1), 1000),
        night(day(501), 1000),
        night(day(1), 1000, { adults: 0 }),
        night(day(1), 1000, { adults: 9 }),
        night(day(1), 1000, { rooms: 0 }),
        night(day(1), 1000, { rooms: 3 }),
        night(day(1), 1000, { url: "javascript:alert(1)" }),
        night(day(1), 1000, { url: "https://evil.example/h/1" }),
        night(day(1), 1000, { updated_at: "igår" }),
        night(day(1), 1000, { tax: "-1" }),
      ) + "H-1,too,few\n",
    );
    const report = await run(file);
    expect(report).toMatchObject({ rows: 16, nights: 1, inserted: 1, rejected: 15 });
    expect(report.rejects.map((reject) => `${reject.where}: ${reject.reason}`)).toEqual([
      'line 3: hotel_id "H-9" is not a hotel in the catalogue',
      "line 4: base must be a number above 0 and below 10,000,000 (or empty: not for sale) (got -5)",
      'line 5: base must be a number above 0 and below 10,000,000 (or empty: not for sale), written as plain decimal digits such as 1290.50 or 1290,50 (got "12a")',
      'line 6: currency must be an ISO 4217 currency code such as SEK or EUR (got "XYZ")',
      `line 7: date is in the past (today is ${today} in Sweden) (got "${day(-1)}")`,
      `line 8: date is more than 500 days ahead (after ${day(500)}) (got "${day(501)}")`,
      "line 9: adults must be a whole number from 1 to 8 (got 0)",
      "line 10: adults must be a whole number from 1 to 8 (got 9)",
      "line 11: rooms must be a whole number from 1 to 8 (got 0)",
      "line 12: rooms must not be more than adults (3 rooms for 2 adults)",
      'line 13: url must be an absolute http(s) address without user name, password or control characters (got "javascript:alert(1)")',
      "line 14: url is on evil.example, not on the partner's host www.alfa.example",
      'line 15: updated_at must be an ISO timestamp with a time zone, such as 2026-11-24T08:00:00Z (got "igår")',
      "line 16: tax must be a number of at least 0 and below 10,000,000 (got -1)",
      "line 17: the record has 3 fields where the header has 14",
    ]);
    expect(rejectsOf(file).find((reject) => reject.line === 3)).toMatchObject({ row: expect.objectContaining({ hotel_id: "H-9" }) });
    expect(await storedNights()).toHaveLength(1);
  });

  it("writes a batch whole or not at all: a batch that fails leaves nothing, the batches before it stay", async () => {
    // The database refuses one price (as it would on a lost connection or a constraint): the batch holding it is rolled back.
    await sql`
      create function refuse_price() returns trigger language plpgsql as $$
      begin if new.base = 666.66 then raise exception 'refused by the test'; end if; return new; end $$
    `.execute(handle.db);
    await sql`create trigger refuse_price before insert on nightly_rates for each row execute function refuse_price()`.execute(handle.db);
    try {
      const file = feed(
        "csv",
        csv(night(day(1), 100), night(day(2), 200), night(day(3), 300), night(day(4), "666.66"), night(day(5), 500)),
      );
      const failure = await run(file, { batchSize: 2 }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(FeedError);
      expect((failure as Error).message).toBe(
        "refused by the test. Already saved before it stopped: 2 inserted, 0 updated, 0 removed, in whole batches.",
      );
      expect((await storedNights()).map((row) => row.night)).toEqual([day(1), day(2)]);
      // The lead prices follow what was saved.
      const lead = await handle.db.selectFrom("hotels").select("offer_price").where("hotel_id", "=", "H-1").executeTakeFirstOrThrow();
      expect(Number(lead.offer_price)).toBe(100);
    } finally {
      await sql`drop trigger refuse_price on nightly_rates`.execute(handle.db);
      await sql`drop function refuse_price()`.execute(handle.db);
    }
  });

  it("counts on a dry run and writes nothing", async () => {
    await run(feed("csv", csv(night(day(1), 100, { updated_at: at(2) }))));
    const report = await run(
      feed("csv", csv(night(day(1), 150, { updated_at: at(1) }), night(day(2), 200), night(day(3), 300, { room_name: "Svit" }))),
      {
        dryRun: true,
      },
    );
    expect(report).toMatchObject({ dryRun: true, rows: 3, inserted: 2, updated: 1, unchanged: 0 });
    expect((await storedNights()).map((row) => [row.night, row.base])).toEqual([[day(1), "100.00"]]);
  });

  it("refuses a partner that does not exist and a file that is not a price file", async () => {
    const file = feed("csv", csv(night(day(1), 100)));
    await expect(run(file, { partnerId: "zeta" })).rejects.toThrow('There is no partner "zeta" (partners: alfa, beta).');
    await expect(run(feed("csv", "hotel_id,name\nH-1,x\n"))).rejects.toThrow(/is not a price file/);
  });

  it("imports a Transaction message: its itinerary price, in euros with taxes, is what the stay costs at the partner", async () => {
    await handle.db
      .insertInto("fx_rates")
      .values({ rate_date: day(-1), currency: "SEK", per_eur: "11.00" })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const xml = transaction(`
  <Result>
    <Property>H-2</Property>
    <Checkin>${day(20)}</Checkin>
    <Nights>2</Nights>
    <Baserate currency="EUR">200.00</Baserate>
    <Tax currency="EUR">24.00</Tax>
    <OtherFees currency="EUR">2.00</OtherFees>
  </Result>
  <Result>
    <Property>H-9</Property>
    <Checkin>${day(20)}</Checkin>
    <Nights>2</Nights>
    <Baserate currency="EUR">100.00</Baserate>
    <Tax currency="EUR">12.00</Tax>
    <OtherFees currency="EUR">0</OtherFees>
  </Result>`);
    const report = await run(feed("xml", xml), { partnerId: "beta" });
    expect(report).toMatchObject({ format: "transaction", rows: 2, itineraries: 1, rejected: 1 });
    expect((await offers(day(20), 2, "H-2")).map((offer) => [offer.partner, offer.total, offer.currency, offer.url])).toEqual([
      ["beta", 226, "EUR", "https://beta.example/hotell/H-2?fr%C3%A5n=hg"],
    ]);
    // Alfa has no landing URL template and a Transaction message carries no URL: refused with the reason.
    const alfa = await run(feed("xml", xml), { partnerId: "alfa" });
    expect(alfa.rejected).toBe(2);
    expect(alfa.rejects.some((reject) => /landing URL template/.test(reject.reason))).toBe(true);
  });

  describe("itinerary prices and sold-out itineraries", () => {
    const record = (fields: Partial<PriceRecord>): PriceRecord => ({
      property: "H-1",
      kind: "itinerary",
      checkIn: day(30),
      nights: 2,
      adults: 2,
      rooms: 1,
      currency: "SEK",
      base: "1800",
      tax: "200",
      fees: "0",
      breakfastIncluded: false,
      refundable: false,
      freeCancellationUntil: null,
      payAtHotel: false,
      roomKey: "",
      roomName: null,
      landingUrl: alfaUrl("H-1"),
      confirmedAt: at(3),
      at: 1,
      ...fields,
    });
    const write = async (records: PriceRecord[]) => {
      const partner = (await pricePartner("alfa", handle.db))!;
      return handle.db.transaction().execute(async (trx) => {
        const { accepted } = await checkPriceRecords(partner, records, trx);
        return writePrices("alfa", accepted, undefined, trx);
      });
    };

    it("an itinerary price wins over the nights, a sold-out itinerary takes the partner away, and a newer price brings it back", async () => {
      await run(feed("csv", csv(night(day(30), 1000, { updated_at: at(3) }), night(day(31), 1000, { updated_at: at(3) }))));
      expect((await offers(day(30), 2)).map((offer) => offer.total)).toEqual([2000]);

      await write([record({ base: "1700", tax: "100" })]);
      expect((await offers(day(30), 2)).map((offer) => offer.total)).toEqual([1800]);

      expect(
        await write([record({ kind: "sold-out", currency: null, base: null, tax: null, fees: null, confirmedAt: at(2) })]),
      ).toMatchObject({
        inserted: 1,
        removed: 1,
      });
      expect(await offers(day(30), 2)).toEqual([]);
      // Another stay is not touched.
      expect((await offers(day(30), 1)).map((offer) => offer.total)).toEqual([1000]);

      // An older price does not undo the sold-out; a newer one does.
      await write([record({ base: "1500", confirmedAt: at(2.5) })]);
      expect(await offers(day(30), 2)).toEqual([]);
      await write([record({ base: "1600", confirmedAt: at(1) })]);
      expect((await offers(day(30), 2)).map((offer) => offer.total)).toEqual([1800]);
    });

    it("within one batch, what came last wins between a price and a sold-out record for the same stay", async () => {
      const soldOut = { kind: "sold-out" as const, currency: null, base: null, tax: null, fees: null };
      await write([record({ at: 1 }), record({ ...soldOut, at: 2 })]);
      expect(await offers(day(30), 2)).toEqual([]);
      await write([record({ ...soldOut, at: 1, confirmedAt: at(1) }), record({ base: "1900", at: 2, confirmedAt: at(1) })]);
      expect((await offers(day(30), 2)).map((offer) => offer.total)).toEqual([2100]);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The command line

describe("npm run import -- FILE --partner KEY", () => {
  const dataDir = path.join(dir, "data");
  const env = { DATA_DIR: dataDir };
  const prices = feed("csv", csv(night(day(1), 1000), night(day(2), 1100), night(day(2), 1000, { hotel_id: "H-9" })));

  beforeAll(async () => {
    const database = openDatabase({ dataDir });
    try {
      await migrate(undefined, database.db);
      await database.db.insertInto("partners").values(PARTNERS).execute();
      await database.db
        .insertInto("hotels")
        .values(HOTELS.map((hotel_id) => ({ hotel_id })))
        .execute();
    } finally {
      await database.close();
    }
  });

  it("imports the prices and reports them", async () => {
    const result = await cli([prices, "--partner", "alfa"], env);
    // The tool's own messages: a busy machine may add a slow-query log line.
    expect(withoutLogLines(result.stderr)).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Imported alfa's prices ${prices} (CSV) into the embedded database (PGlite).`);
    expect(result.stdout).toMatch(/^ {2}rows read +3$/m);
    expect(result.stdout).toMatch(/^ {2}nights +2 {2}\(.* nightly rates\/s\)$/m);
    expect(result.stdout).toMatch(/^ {2}inserted +2$/m);
    expect(result.stdout).toMatch(/^ {2}hotels +1$/m);
    expect(result.stdout).toMatch(/^ {2}rejected +1$/m);
    expect(result.stdout).toContain('line 4: hotel_id "H-9" is not a hotel in the catalogue');

    const again = await cli([prices, "--partner", "alfa", "--dry-run"], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Dry run of alfa's prices ${prices} (CSV) against the embedded database (PGlite): nothing was written.`);
    // Without updated_at the prices are confirmed as of this import: the stored ones would be confirmed again.
    expect(again.stdout).toMatch(/^ {2}would update +2$/m);

    // No server ran beside the command: the import queued the price alerts' check for one (the dry run none).
    const database = openDatabase({ dataDir });
    try {
      const alertCheck = (await queueCounts(database.db)).find((queue) => queue.name === "alerts.check");
      expect(alertCheck?.queued).toBe(1);
    } finally {
      await database.close();
    }
  });

  it.each([
    [[], /^Which partner are these prices from\? Give --partner <id> \(partners: alfa, beta\)\.$/m],
    [["--partner", "zeta"], /^There is no partner "zeta" \(partners: alfa, beta\)\.$/m],
  ])("%j exits 2 and names the partners", async (args, message) => {
    const result = await cli([prices, ...args], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe("");
  });

  it.each([
    [
      ["--partner", "alfa", "--offers"],
      "--offers and --full are for offer feeds; this file is a price file (prices per stay of one partner).",
    ],
    [["--partner", "alfa", "--format", "json"], "--format is for hotel and offer feeds: a price file's format is read from its content."],
  ])("%j exits 2 with the usage", async (args, message) => {
    const result = await cli([prices, ...args], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain("npm run import -- <price file> --partner <id>");
  });

  it("refuses --partner with a hotel feed and with the ECB's rates", async () => {
    const hotels = await cli([feed("csv", "hotel_id,name,country,location\nH-5,Nytt,Sweden,Lund\n"), "--partner", "alfa"], env);
    expect(hotels.code).toBe(2);
    expect(hotels.stderr).toContain("--partner is for price files");
    const rates = feed(
      "xml",
      '<?xml version="1.0"?><gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><Cube><Cube time="2026-11-24"><Cube currency="SEK" rate="11.0"/></Cube></Cube></gesmes:Envelope>',
    );
    const ecb = await cli([rates, "--partner", "alfa"], env);
    expect(ecb.code).toBe(2);
    expect(ecb.stderr).toContain("--partner is for price files; the ECB's currency rates need none.");
    expect((await cli([rates], env)).code).toBe(0);
  });

  it("imports a Transaction message for a partner with a landing URL template", async () => {
    const result = await cli(
      [
        feed(
          "xml",
          transaction(
            `<Result><Property>H-1</Property><Checkin>${day(5)}</Checkin><Nights>1</Nights><Baserate currency="SEK">900</Baserate><Tax currency="SEK">108</Tax><OtherFees currency="SEK">0</OtherFees></Result>`,
          ),
        ),
        "--partner",
        "beta",
      ],
      env,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ {2}itineraries +1/m);
    expect(result.stdout).toMatch(/^ {2}rejected +0$/m);
  });
});
