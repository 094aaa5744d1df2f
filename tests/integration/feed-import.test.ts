/**
 * The partner feed importer: importHotelFeed with CSV, JSON and NDJSON files against a fresh
 * database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then `npm run import`
 * itself as a child process against an embedded database in a temporary DATA_DIR.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { FeedError, importHotelFeed, type ImportOptions } from "#app/feed/feed-import.server.ts";
import { openDatabase, type DatabaseHandle } from "#app/db/db.server.ts";
import { backfillAmenityKeys } from "#app/hotels/hotel-rows.server.ts";
import { testDatabases } from "#tests/db.ts";
import { feedFolder, importCli as cli, ndjson, rejectsOf } from "#tests/feed-files.ts";
import { writeDemoFeed } from "../../scripts/make-feed.ts";

const { dir, feed } = feedFolder("hg-feed-");

// Every hotel has a place (a row without one is rejected): rows about something else get this one.
const PLACE = { country: "Sweden", location: "Visby" };
const hotelRows = (...rows: Array<Record<string, unknown>>) => ndjson(...rows.map((row) => ({ ...PLACE, ...row })));

describe.each(testDatabases())("importing feeds on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await handle.db.deleteFrom("hotels").execute();
  });

  const run = (file: string, options: ImportOptions = {}) => importHotelFeed(file, options, handle.db);
  const hotel = (hotelId: string) => handle.db.selectFrom("hotels").selectAll().where("hotel_id", "=", hotelId).executeTakeFirst();
  const hotelCount = async () =>
    Number(
      (
        await handle.db
          .selectFrom("hotels")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("reads CSV with quoted commas, doubled quotes and line breaks, and rejects bad rows by their line", async () => {
    const file = feed(
      "csv",
      "\uFEFFhotel_id,Name,description,rating,star_rating,amenities,additional_image_paths,location,country,latitude,longitude,affiliate_url,source\r\n" +
        'C-1,"Hotel Åre, Fjällby","Stugor ""vid"" liften\r\noch utsikt",8.64,4,"Free WiFi | Pool",/images/a.svg|https://cdn.example.com/b.jpg,Åre,Sweden,63.399,13.0815,https://www.booking.com/x?aid=1,feed-a\r\n' +
        '"C-2","Bad, row",,11,,,,Visby,Sweden,,,,feed-a\r\n' +
        "\r\n" +
        'C-3,"Tre\nrader\nnamn",,,,,,Visby,Sweden,,,,feed-a\r\n' +
        "C-4,too,few\r\n" +
        'C-5,Ok,,7,3,"[""Gym"",{""label"":""Sauna""}]",,Oslo,Norway,59.9,10.7,,feed-a\r\n',
    );
    const report = await run(file);

    expect(report).toMatchObject({ format: "csv", rows: 5, inserted: 3, updated: 0, unchanged: 0, rejected: 2, ignoredFields: ["source"] });
    expect(report.rejects).toEqual([
      { at: 4, where: "line 4", reason: "rating must be a number from 0 to 10 (got 11)" },
      { at: 9, where: "line 9", reason: "the record has 3 fields where the header has 13" },
    ]);
    expect(await hotel("C-1")).toMatchObject({
      name: "Hotel Åre, Fjällby",
      description: 'Stugor "vid" liften\r\noch utsikt',
      rating: 8.6,
      star_rating: 4,
      // The partner's own words are stored; the vocabulary's keys beside them.
      amenities: ["Free WiFi", "Pool"],
      amenity_keys: ["wifi", "pool"],
      additional_image_paths: ["/images/a.svg", "https://cdn.example.com/b.jpg"],
      location: "Åre",
      latitude: 63.399,
      affiliate_url: "https://www.booking.com/x?aid=1",
      has_affiliate_url: true,
      is_description_rewritten: false,
    });
    expect((await hotel("C-3"))?.name).toBe("Tre\nrader\nnamn");
    expect(await hotel("C-5")).toMatchObject({ amenities: ["Gym", "Sauna"], amenity_keys: ["gym", "bastu"] });
    expect(await hotel("C-2")).toBeUndefined();

    expect(rejectsOf(file)).toEqual([
      {
        line: 4,
        reason: "rating must be a number from 0 to 10 (got 11)",
        row: expect.objectContaining({ hotel_id: "C-2", name: "Bad, row", rating: "11", source: "feed-a" }),
      },
      { line: 9, reason: "the record has 3 fields where the header has 13", row: "C-4,too,few" },
    ]);
  });

  it("rejects a hotel without a place, or with a place that names nothing, saying why in the rejects file", async () => {
    const file = feed(
      "csv",
      "hotel_id,name,country,location\n" +
        "B-1,Utan ort,Sweden,\n" +
        "B-2,Utan land,,Visby\n" +
        "B-3,Blank,  ,  \n" +
        "B-4,evil,..,..\n" +
        "B-5,evil2.example,.,Visby\n" +
        "B-6,Streck,Sweden,-\n" +
        "B-7,Visby Hotell,Sweden,Visby\n",
    );
    const report = await run(file);
    expect(report).toMatchObject({ rows: 7, inserted: 1, rejected: 6 });
    const required = "is required (the name of a place)";
    const names = "must name a place (a word with a letter or digit)";
    expect(rejectsOf(file).map(({ line, reason }) => ({ line, reason }))).toEqual([
      { line: 2, reason: `location ${required}` },
      { line: 3, reason: `country ${required}` },
      { line: 4, reason: `country ${required}; location ${required}` },
      { line: 5, reason: `country ${names} (got ".."); location ${names} (got "..")` },
      { line: 6, reason: `country ${names} (got ".")` },
      { line: 7, reason: `location ${names} (got "-")` },
    ]);
    expect((await handle.db.selectFrom("hotels").select("hotel_id").execute()).map((row) => row.hotel_id)).toEqual(["B-7"]);
  });

  it("reads CSV separated by semicolons, as Swedish spreadsheets write it, decimal commas included", async () => {
    const file = feed(
      "csv",
      'hotel_id;name;amenities;rating;location;country\nK-1;"Hotell Kvarnen; Åre";Sauna | Breakfast;8.5;Åre;Sweden\nK-2;Tvåan;;8,5;Åre;Sweden\n',
    );
    const report = await run(file);
    expect(report).toMatchObject({ inserted: 2, rejected: 0 });
    expect((await hotel("K-2"))?.rating).toBe(8.5);
    expect(await hotel("K-1")).toMatchObject({
      name: "Hotell Kvarnen; Åre",
      rating: 8.5,
      amenities: ["Sauna", "Breakfast"],
      amenity_keys: ["bastu", "frukost"],
    });
  });

  it("rejects the rest of a CSV file from the line where a quote is left open", async () => {
    const file = feed("csv", 'hotel_id,name,country,location\nQ-1,Ett,Sweden,Visby\nQ-2,"Två\nQ-3,Tre\n');
    const report = await run(file);
    expect(report).toMatchObject({ rows: 2, inserted: 1, rejected: 1 });
    expect(rejectsOf(file)).toEqual([{ line: 3, reason: "a quoted field is never closed", row: 'Q-2,"Två\nQ-3,Tre' }]);
  });

  it("stops with a clear message when the CSV header has no hotel_id column", async () => {
    const file = feed("csv", "id,name\n1,Hotell\n");
    await expect(run(file)).rejects.toThrow("The CSV header has no hotel_id column (it has: id, name).");
  });

  it("reads a JSON array and rejects bad elements by their index", async () => {
    const file = feed(
      "json",
      JSON.stringify([
        { ...PLACE, hotel_id: "J-1", name: "Ett", amenities: { Parking: true }, price_amount: 990, price_currency: "sek" },
        5,
        { ...PLACE, hotel_id: "J-2", rating: 12 },
        { ...PLACE, hotel_id: 3, additional_image_paths: ["/x.svg", "javascript:alert(1)"] },
        { ...PLACE, hotel_id: "J-4", star_rating: 5 },
      ]),
    );
    const report = await run(file);
    expect(report).toMatchObject({ format: "json", rows: 5, inserted: 2, rejected: 3 });
    expect(report.rejects.map((reject) => reject.where)).toEqual(["element 1", "element 2", "element 3"]);
    expect(await hotel("J-1")).toMatchObject({
      amenities: ["Parking"],
      amenity_keys: ["parkering"],
      price_amount: 990,
      price_currency: "SEK",
    });
    expect(rejectsOf(file)).toEqual([
      { element: 1, reason: "the row must be an object of hotel fields", row: 5 },
      { element: 2, reason: "rating must be a number from 0 to 10 (got 12)", row: { ...PLACE, hotel_id: "J-2", rating: 12 } },
      {
        element: 3,
        reason: 'additional_image_paths must be an http(s) address or a path on this site starting with /: "javascript:alert(1)"',
        row: { ...PLACE, hotel_id: 3, additional_image_paths: ["/x.svg", "javascript:alert(1)"] },
      },
    ]);
  });

  it('reads a JSON object with a "hotels" array, and refuses one without', async () => {
    const good = feed(
      "json",
      JSON.stringify({
        source: "partner",
        hotels: [
          { ...PLACE, hotel_id: "O-1" },
          { ...PLACE, hotel_id: "O-2" },
        ],
        count: 2,
      }),
    );
    expect(await run(good)).toMatchObject({ rows: 2, inserted: 2, rejected: 0 });

    await expect(run(feed("json", JSON.stringify({ data: [{ hotel_id: "O-3" }] })))).rejects.toThrow(
      'The JSON object has no "hotels" array',
    );
    await expect(run(feed("json", JSON.stringify({ hotels: { hotel_id: "O-3" } })))).rejects.toThrow('the "hotels" value is not an array');
    await expect(run(feed("json", '"hotels"'))).rejects.toThrow("A JSON feed must be an array of hotels");
  });

  it("stops at a JSON syntax error, keeping the batches written before it", async () => {
    // Bigger than one read of the file, so the parser hands on elements before it meets the error.
    const good = Array.from({ length: 20_000 }, (_, i) => JSON.stringify({ ...PLACE, hotel_id: `S-${i}` }));
    const file = feed("json", `[${good.join(",")},{"hotel_id": oops}]`);
    const error = await run(file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FeedError);
    const message = (error as Error).message;
    expect(message).toMatch(
      /^The JSON feed is not valid \(near byte \d+ of \d+, after element \d+\): Parser cannot parse input: expected a value\. /,
    );
    const saved = /Already saved before it stopped: (\d+) inserted, 0 updated, 0 unchanged\.$/.exec(message);
    expect(Number(saved?.[1])).toBeGreaterThan(0);
    expect(await hotelCount()).toBe(Number(saved?.[1]));
  });

  it("reads NDJSON line by line, skipping blank lines and rejecting lines that are not JSON", async () => {
    const file = feed(
      "ndjson",
      '{"hotel_id":"N-1","name":"Ett","country":"Sweden","location":"Visby"}\r\n\r\n{"hotel_id":"N-2",\r\n' +
        '{"hotel_id":"N-3","star_rating":9,"country":"Sweden","location":"Visby"}\n{"hotel_id":"N-4","amenities":["Sauna"],"country":"Sweden","location":"Visby"}',
    );
    const report = await run(file);
    expect(report).toMatchObject({ format: "ndjson", rows: 4, inserted: 2, rejected: 2 });
    expect(report.rejects).toEqual([
      { at: 3, where: "line 3", reason: expect.stringMatching(/^not valid JSON: /) },
      { at: 4, where: "line 4", reason: "star_rating must be a whole number from 0 to 5 (got 9)" },
    ]);
    expect(rejectsOf(file)[0]).toMatchObject({ line: 3, row: '{"hotel_id":"N-2",' });
    expect((await hotel("N-1"))?.name).toBe("Ett");
  });

  it("takes the format from --format when the file name does not tell it", async () => {
    const file = feed("txt", hotelRows({ hotel_id: "T-1" }));
    await expect(run(file)).rejects.toThrow("Cannot tell the format");
    expect(await run(file, { format: "ndjson" })).toMatchObject({ inserted: 1 });
  });

  it("changes nothing when the same file is imported again, and only what changed after that", async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({
      hotel_id: `R-${i}`,
      name: `Hotell ${i}`,
      rating: 7 + i / 10,
      amenities: ["Wifi"],
    }));
    const file = feed("ndjson", hotelRows(...rows));
    expect(await run(file, { batchSize: 2 })).toMatchObject({ inserted: 5, updated: 0, unchanged: 0 });
    const before = await handle.db.selectFrom("hotels").select(["hotel_id", "updated_at"]).orderBy("hotel_id").execute();

    expect(await run(file, { batchSize: 2 })).toMatchObject({ inserted: 0, updated: 0, unchanged: 5 });
    expect(await handle.db.selectFrom("hotels").select(["hotel_id", "updated_at"]).orderBy("hotel_id").execute()).toEqual(before);

    const changed = feed("ndjson", hotelRows(...rows.map((row) => (row.hotel_id === "R-3" ? { ...row, rating: 9.9 } : row))));
    expect(await run(changed, { batchSize: 2 })).toMatchObject({ inserted: 0, updated: 1, unchanged: 4 });
    const after = await handle.db.selectFrom("hotels").select(["hotel_id", "updated_at", "rating"]).orderBy("hotel_id").execute();
    for (const [index, row] of after.entries()) {
      if (row.hotel_id === "R-3") {
        expect(row.rating).toBe(9.9);
        expect(row.updated_at.getTime()).toBeGreaterThan(before[index]!.updated_at.getTime());
      } else {
        expect(row.updated_at).toEqual(before[index]!.updated_at);
      }
    }
  });

  it("fills amenity_keys for hotels written around the importer, in batches, and a second run changes nothing", async () => {
    await handle.db
      .insertInto("hotels")
      .values([
        { hotel_id: "S-1", amenities: JSON.stringify(["Free WiFi", "POOL TABLE", "Pets allowed"]) },
        { hotel_id: "S-2", amenities: JSON.stringify({ Sauna: true }) },
        { hotel_id: "S-3", amenities: JSON.stringify([{ label: "Breakfast included", icon: "restaurant" }]) },
        { hotel_id: "S-4" },
      ])
      .execute();
    expect(await backfillAmenityKeys({ batchSize: 2 }, handle.db)).toBe(3);
    const keys = await handle.db.selectFrom("hotels").select(["hotel_id", "amenity_keys"]).orderBy("hotel_id").execute();
    expect(keys).toEqual([
      { hotel_id: "S-1", amenity_keys: ["wifi", "husdjur"] },
      { hotel_id: "S-2", amenity_keys: ["bastu"] },
      { hotel_id: "S-3", amenity_keys: ["frukost"] },
      { hotel_id: "S-4", amenity_keys: [] },
    ]);
    expect(await backfillAmenityKeys({ batchSize: 2 }, handle.db)).toBe(0);
    // What filters will ask: hotels with all of the given amenities.
    const withWifi = await handle.db
      .selectFrom("hotels")
      .select("hotel_id")
      .where("amenity_keys", "@>", sql<string[]>`array['wifi']`)
      .execute();
    expect(withWifi).toEqual([{ hotel_id: "S-1" }]);
  });

  it("keeps the back office's flags, links and rewrites unless the feed sets them", async () => {
    const first = feed(
      "ndjson",
      hotelRows({ hotel_id: "M-1", name: "Gammalt namn", description: "English text", affiliate_url: "https://www.booking.com/m1" }),
    );
    await run(first);
    // What the back office and the AI rewrite do to a hotel.
    await handle.db
      .updateTable("hotels")
      .set({
        has_affiliate_url: false,
        rewritten_text: "Svensk text",
        is_description_rewritten: true,
        affiliate_url: "https://partner.example/m1",
      })
      .where("hotel_id", "=", "M-1")
      .execute();

    const second = feed("ndjson", hotelRows({ hotel_id: "M-1", name: "Nytt namn", description: "English text" }));
    expect(await run(second)).toMatchObject({ updated: 1 });
    expect(await hotel("M-1")).toMatchObject({
      name: "Nytt namn",
      has_affiliate_url: false,
      rewritten_text: "Svensk text",
      is_description_rewritten: true,
      affiliate_url: "https://partner.example/m1",
    });
    expect(await run(second)).toMatchObject({ unchanged: 1 });

    const third = feed(
      "csv",
      "hotel_id,name,description,has_affiliate_url,affiliate_url,country,location\nM-1,Nytt namn,English text,yes,https://www.booking.com/m1-new,Sweden,Visby\n",
    );
    expect(await run(third)).toMatchObject({ updated: 1 });
    expect(await hotel("M-1")).toMatchObject({
      has_affiliate_url: true,
      affiliate_url: "https://www.booking.com/m1-new",
      rewritten_text: "Svensk text",
    });
  });

  it("clears partner fields that the feed no longer gives", async () => {
    await run(feed("ndjson", hotelRows({ hotel_id: "P-1", name: "Hotell", address: "Storgatan 1", latitude: 59.3, longitude: 18.1 })));
    await run(feed("ndjson", hotelRows({ hotel_id: "P-1", name: "Hotell" })));
    expect(await hotel("P-1")).toMatchObject({ address: null, latitude: null, longitude: null });
  });

  describe("partner_ids", () => {
    const partnerIds = async (hotelId: string) =>
      (
        await handle.db
          .selectFrom("hotel_partner_ids")
          .innerJoin("hotels", "hotels.id", "hotel_partner_ids.hotel_id")
          .select(["partner_id", "partner_hotel_id"])
          .where("hotels.hotel_id", "=", hotelId)
          .orderBy("partner_id")
          .execute()
      ).map((row) => `${row.partner_id}:${row.partner_hotel_id}`);

    beforeEach(async () => {
      for (const id of ["booking", "expedia"])
        await handle.db
          .insertInto("partners")
          .values({ id, name: id, host: `${id}.example`, logo_url: null })
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
    });

    it("stores a hotel's ids, replaces the set when the column is given, keeps it when absent and clears it when empty", async () => {
      const first = await run(
        feed(
          "csv",
          "hotel_id,name,country,location,partner_ids\n" +
            "PI-1,Ett,Sweden,Visby,booking:1001;expedia:55\n" +
            "PI-2,Två,Sweden,Visby,Booking:2002\n" +
            "PI-3,Tre,Sweden,Visby,\n",
        ),
      );
      expect(first).toMatchObject({ inserted: 3, rejected: 0, partnerIdsChanged: 2 });
      expect(await partnerIds("PI-1")).toEqual(["booking:1001", "expedia:55"]);
      expect(await partnerIds("PI-2")).toEqual(["booking:2002"]);
      expect(await partnerIds("PI-3")).toEqual([]);

      // The same file again changes nothing; a file without the column leaves the ids as they are.
      expect(
        await run(feed("csv", "hotel_id,name,country,location,partner_ids\nPI-1,Ett,Sweden,Visby,expedia:55;booking:1001\n")),
      ).toMatchObject({
        unchanged: 1,
        partnerIdsChanged: 0,
      });
      await run(feed("ndjson", hotelRows({ hotel_id: "PI-1", name: "Ettan" })));
      expect(await partnerIds("PI-1")).toEqual(["booking:1001", "expedia:55"]);

      // Given, the column replaces the whole set; empty (or null in JSON), it clears it.
      await run(
        feed(
          "ndjson",
          hotelRows({ hotel_id: "PI-1", name: "Ettan", partner_ids: "expedia:56" }, { hotel_id: "PI-2", name: "Två", partner_ids: null }),
        ),
      );
      expect(await partnerIds("PI-1")).toEqual(["expedia:56"]);
      expect(await partnerIds("PI-2")).toEqual([]);
    });

    it("a row of hotel_id and partner_ids only changes the ids and nothing else of the hotel", async () => {
      await run(
        feed(
          "ndjson",
          hotelRows({
            hotel_id: "PO-1",
            name: "Hotell Kvarnen",
            description: "Vid ån",
            rating: 8.4,
            address: "Storgatan 1",
            latitude: 57.6,
            longitude: 18.3,
            amenities: ["Sauna"],
            affiliate_url: "https://www.booking.com/x?aid=1",
            rewritten_text: "Svensk text",
            partner_ids: "booking:1",
          }),
        ),
      );
      const before = await hotel("PO-1");
      const report = await run(feed("csv", "hotel_id,partner_ids\nPO-1,booking:1001;expedia:55\nPO-404,booking:9\n"));
      expect(report).toMatchObject({ rows: 2, inserted: 0, updated: 0, unchanged: 0, rejected: 1, partnerIdsChanged: 1 });
      expect(report.rejects).toEqual([
        {
          at: 3,
          where: "line 3",
          reason:
            "hotel_id PO-404 is not in the catalogue: a row with only hotel_id and partner_ids sets the ids of a hotel already imported",
        },
      ]);
      expect(await partnerIds("PO-1")).toEqual(["booking:1001", "expedia:55"]);
      // Every column as it was, updated_at included: the hotel row was not written at all.
      expect(await hotel("PO-1")).toEqual(before);
      expect(await hotel("PO-404")).toBeUndefined();

      // An empty cell in such a row clears the ids, still touching nothing else.
      await run(feed("ndjson", ndjson({ hotel_id: "PO-1", partner_ids: "" })));
      expect(await partnerIds("PO-1")).toEqual([]);
      expect(await hotel("PO-1")).toEqual(before);
    });

    it("refuses a row naming a partner we do not have, or a bad pair, with its line and reason; the other rows go in", async () => {
      const file = feed(
        "csv",
        "hotel_id,name,country,location,partner_ids\n" +
          "PU-1,Ett,Sweden,Visby,booking:1;hotelz:2\n" +
          "PU-2,Två,Sweden,Visby,booking 1\n" +
          "PU-3,Tre,Sweden,Visby,booking:3\n",
      );
      const report = await run(file);
      expect(report).toMatchObject({ inserted: 1, rejected: 2, partnerIdsChanged: 1 });
      expect(report.rejects).toEqual([
        {
          at: 2,
          where: "line 2",
          reason: "partner_ids names hotelz, which is not a partner (known: booking, expedia; add one in /admin/partners)",
        },
        {
          at: 3,
          where: "line 3",
          reason: 'partner_ids has "booking 1" without a colon: write partner:id pairs separated by ; such as booking:1001;expedia:55',
        },
      ]);
      // The refused row is refused whole: its hotel is not written either.
      expect(await hotel("PU-1")).toBeUndefined();
      expect(await partnerIds("PU-3")).toEqual(["booking:3"]);
    });

    it("counts on a dry run what would change, and writes nothing", async () => {
      await run(feed("ndjson", hotelRows({ hotel_id: "PD-1", name: "Ett" })));
      const report = await run(
        feed("ndjson", ndjson({ hotel_id: "PD-1", partner_ids: "booking:1" }) + hotelRows({ hotel_id: "PD-2", partner_ids: "expedia:2" })),
        {
          dryRun: true,
        },
      );
      expect(report).toMatchObject({ inserted: 1, rejected: 0, partnerIdsChanged: 2 });
      expect(await partnerIds("PD-1")).toEqual([]);
    });
  });

  it("keeps the last row when a hotel_id comes twice, in one batch or across batches", async () => {
    const file = feed("ndjson", hotelRows({ hotel_id: "D-1", name: "Först" }, { hotel_id: "D-2" }, { hotel_id: "D-1", name: "Sist" }));
    expect(await run(file)).toMatchObject({ rows: 3, inserted: 2, duplicates: 1 });
    expect((await hotel("D-1"))?.name).toBe("Sist");

    await handle.db.deleteFrom("hotels").execute();
    expect(await run(file, { batchSize: 1 })).toMatchObject({ rows: 3, inserted: 2, updated: 1, duplicates: 0 });
    expect((await hotel("D-1"))?.name).toBe("Sist");
  });

  it("writes nothing on a dry run, but counts what would change and still writes the rejects", async () => {
    const file = feed(
      "ndjson",
      hotelRows({ hotel_id: "Y-1", name: "Ett" }, { hotel_id: "Y-2", name: "Två" }, { hotel_id: "Y-3", rating: -1 }),
    );
    expect(await run(file, { dryRun: true })).toMatchObject({ dryRun: true, inserted: 2, updated: 0, unchanged: 0, rejected: 1 });
    expect(await hotelCount()).toBe(0);
    expect(rejectsOf(file)).toEqual([
      { line: 3, reason: "rating must be a number from 0 to 10 (got -1)", row: { ...PLACE, hotel_id: "Y-3", rating: -1 } },
    ]);

    await run(file);
    const changed = feed("ndjson", hotelRows({ hotel_id: "Y-1", name: "Ett" }, { hotel_id: "Y-2", name: "Tvåan" }, { hotel_id: "Y-4" }));
    expect(await run(changed, { dryRun: true })).toMatchObject({ inserted: 1, updated: 1, unchanged: 1, rejected: 0 });
    expect((await hotel("Y-2"))?.name).toBe("Två");
    expect(await hotel("Y-4")).toBeUndefined();
  });

  it("rejects a record past the size limit by its place and start, never holds or copies it whole, and imports the next", async () => {
    const limit = 65_536;
    const huge = "x".repeat(3 * 1_048_576);
    const rejectsSize = (file: string) => fs.statSync(`${file}.rejects.ndjson`).size;

    // The place after the text, so the rejected record starts with its id.
    const lines = feed(
      "ndjson",
      ndjson({ hotel_id: "Z-1", ...PLACE }, { hotel_id: "Z-2", description: huge, ...PLACE }, { hotel_id: "Z-3", ...PLACE }),
    );
    const fromLines = await run(lines, { maxRecordBytes: limit, dryRun: true });
    expect(fromLines).toMatchObject({ rows: 3, inserted: 2, rejected: 1 });
    expect(fromLines.rejects).toEqual([
      {
        at: 2,
        where: "line 2",
        reason:
          'the record is longer than the limit of 64 kB (3 MB, not read; it starts "{\\"hotel_id\\":\\"Z-2\\",\\"description\\":\\"xxxxxxxxxxxxxxxxxx…)',
      },
    ]);
    expect(rejectsOf(lines)).toEqual([
      { line: 2, reason: fromLines.rejects[0]!.reason, preview: `{"hotel_id":"Z-2","description":"${"x".repeat(223)}` },
    ]);
    expect(rejectsSize(lines)).toBeLessThan(1000);

    // A quote left open runs to the end of the file: the rest of it is one record, rejected.
    const quote = feed("csv", `hotel_id,name,country,location\nQ-1,Ett,Sweden,Visby\nQ-2,"${"rad\n".repeat(800_000)}`);
    const fromQuote = await run(quote, { maxRecordBytes: limit });
    expect(fromQuote).toMatchObject({ rows: 2, inserted: 1, rejected: 1 });
    expect(fromQuote.rejects[0]).toMatchObject({
      where: "line 3",
      reason: expect.stringMatching(
        /^the record is longer than the limit of 64 kB \(3.1 MB, a quoted field never closed, not read; it starts "Q-2,\\"rad\\nrad/,
      ),
    });
    expect(rejectsSize(quote)).toBeLessThan(1000);
    expect(await hotel("Q-1")).toBeDefined();

    const csvLine = feed("csv", `hotel_id,name,country,location\nC-1,${huge},Sweden,Visby\nC-2,Två,Sweden,Visby\n`);
    expect((await run(csvLine, { maxRecordBytes: limit })).rejects).toEqual([
      {
        at: 2,
        where: "line 2",
        reason: expect.stringMatching(/^the record is longer than the limit of 64 kB \(3 MB, not read; it starts "C-1,xxx/),
      },
    ]);
    expect((await hotel("C-2"))?.name).toBe("Två");

    const array = feed(
      "json",
      JSON.stringify([
        { hotel_id: "A-1", ...PLACE },
        { hotel_id: "A-2", description: huge, ...PLACE },
        { hotel_id: "A-3", ...PLACE },
      ]),
    );
    const fromArray = await run(array, { maxRecordBytes: limit });
    expect(fromArray).toMatchObject({ rows: 3, inserted: 2, rejected: 1 });
    expect(fromArray.rejects).toEqual([
      {
        at: 1,
        where: "element 1",
        reason: expect.stringMatching(/^the record is longer than the limit of 64 kB \(3 MB, not read; it starts "\{\\"hotel_id\\":\\"A-2/),
      },
    ]);
    expect(rejectsSize(array)).toBeLessThan(1000);
    expect(await hotel("A-3")).toBeDefined();

    await expect(run(lines, { maxRecordBytes: 10 })).rejects.toThrow("The record size limit must be from 1 kB to 16 MB.");
  });

  it("reads numbers in plain decimals only, with a point or a comma", async () => {
    const file = feed(
      "ndjson",
      hotelRows(
        { hotel_id: "N-1", price_amount: "0x10" },
        { hotel_id: "N-2", star_rating: "0b101" },
        { hotel_id: "N-3", review_count: "0o17" },
        { hotel_id: "N-4", price_amount: "1e3" },
        { hotel_id: "N-5", rating: ".5" },
        { hotel_id: "N-6", price_amount: "1,290" },
        { hotel_id: "N-7", price_amount: "1290,50", rating: "8.5", latitude: "-33,8688", longitude: "151.2093" },
      ),
    );
    const report = await run(file);
    expect(report).toMatchObject({ inserted: 1, rejected: 6 });
    const plain = "written as plain decimal digits such as 1290.50 or 1290,50";
    expect(report.rejects.map((reject) => reject.reason)).toEqual([
      `price_amount must be a number from 0 to 9999999999, ${plain} (got "0x10")`,
      `star_rating must be a whole number from 0 to 5, ${plain} (got "0b101")`,
      `review_count must be a whole number from 0 to 2147483647, ${plain} (got "0o17")`,
      `price_amount must be a number from 0 to 9999999999, ${plain} (got "1e3")`,
      `rating must be a number from 0 to 10, ${plain} (got ".5")`,
      'price_amount must be a number from 0 to 9999999999, without a thousands separator (1,290 could be read two ways) (got "1,290")',
    ]);
    expect(await hotel("N-7")).toMatchObject({ price_amount: 1290.5, rating: 8.5, latitude: -33.8688, longitude: 151.2093 });
  });

  it("writes an empty rejects file when nothing is rejected, and refuses to overwrite the feed with it", async () => {
    const file = feed("ndjson", hotelRows({ hotel_id: "E-1" }));
    const rejectsPath = path.join(dir, "custom-rejects.ndjson");
    fs.writeFileSync(rejectsPath, "left over from an earlier run\n");
    expect(await run(file, { rejectsPath })).toMatchObject({ rejected: 0, rejectsPath });
    expect(fs.readFileSync(rejectsPath, "utf8")).toBe("");
    await expect(run(file, { rejectsPath: file })).rejects.toThrow("The rejects file must not be the feed itself.");
    expect(fs.readFileSync(file, "utf8")).toBe(hotelRows({ hotel_id: "E-1" }));
  });

  it("stops with a clear message when the file cannot be read", async () => {
    await expect(run(path.join(dir, "missing.csv"))).rejects.toThrow(/^Cannot read .*missing\.csv: ENOENT/);
  });

  it("imports the demo feed in every format to the same hotels", async () => {
    const files = await Promise.all(
      (["csv", "json", "ndjson"] as const).map(async (format) => {
        const file = path.join(dir, `demo-${format}.${format}`);
        await writeDemoFeed(file, 120, format);
        return file;
      }),
    );
    expect(await run(files[0]!)).toMatchObject({ rows: 120, inserted: 120, rejected: 0 });
    expect(await run(files[1]!)).toMatchObject({ rows: 120, unchanged: 120, rejected: 0 });
    expect(await run(files[2]!)).toMatchObject({ rows: 120, unchanged: 120, rejected: 0 });
  });
});

// ---------------------------------------------------------------------------------------------
// The command line

describe("npm run import", () => {
  const dataDir = path.join(dir, "data");
  const env = { DATA_DIR: dataDir };

  it.each([
    [[], /Which file\? Give the feed file to import\./],
    [["a.csv", "b.csv"], /Give exactly one feed file\./],
    [["--format", "xml", "a.csv"], /--format must be csv, json or ndjson \(got "xml"\)\./],
    [["--batch", "0", "a.csv"], /--batch must be a whole number from 1 to 10000 \(got "0"\)\./],
    [["feed.txt"], /Cannot tell the format of feed\.txt from its name: pass --format csv, json or ndjson\./],
    [["--dryrun", "a.csv"], /Unknown option '--dryrun'/],
  ])("%j exits 2 with the usage", async (args, message) => {
    const result = await cli(args, env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain("Usage: npm run import -- <file> [--dry-run]");
    expect(result.stdout).toBe("");
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("exits 1 for a missing file without opening the database", async () => {
    const result = await cli([path.join(dir, "nowhere.ndjson")], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Cannot read .*nowhere\.ndjson: ENOENT/);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("exits 1 with a clear message when the database cannot be reached", async () => {
    const file = feed("ndjson", hotelRows({ hotel_id: "U-1" }));
    const result = await cli([file], { ...env, DATABASE_URL: "postgres://hotellguiden@127.0.0.1:1/none" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Cannot use the database \(postgres\): connect ECONNREFUSED 127\.0\.0\.1:1$/m);
  });

  it("exits 1 on a dry run against a database that has no tables yet", async () => {
    const fresh = path.join(dir, "fresh-data");
    const result = await cli(["--dry-run", feed("ndjson", hotelRows({ hotel_id: "U-2" }))], { DATA_DIR: fresh });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Cannot use the database \(pglite\): it has no hotels table yet \(run npm run db:migrate first\)$/m);
  });

  it("imports a feed, reports it, and changes nothing the second time", async () => {
    const file = path.join(dir, "partner.ndjson");
    await writeDemoFeed(file, 40, "ndjson");
    fs.appendFileSync(file, hotelRows({ hotel_id: "X-1", rating: 42 }));

    const first = await cli([file, "--batch", "15"], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Imported ${file} (NDJSON) into the embedded database (PGlite).`);
    expect(first.stdout).toMatch(/^ {2}rows read +41$/m);
    expect(first.stdout).toMatch(/^ {2}inserted +40$/m);
    expect(first.stdout).toMatch(/^ {2}rejected +1$/m);
    expect(first.stdout).toMatch(/^ {2}duration +[\d.]+ s {2}\([\d,]+ rows\/s\)$/m);
    expect(first.stdout).toContain(
      `Rejected rows (all 1 are in ${file}.rejects.ndjson):\n  line 41: rating must be a number from 0 to 10 (got 42)`,
    );
    expect(rejectsOf(file)).toEqual([
      { line: 41, reason: "rating must be a number from 0 to 10 (got 42)", row: { ...PLACE, hotel_id: "X-1", rating: 42 } },
    ]);

    const second = await cli([file], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^ {2}inserted +0\n {2}updated +0\n {2}unchanged +40$/m);

    const dry = await cli([file, "--dry-run", "--rejects", path.join(dir, "dry-rejects.ndjson")], env);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("nothing was written.");
    expect(dry.stdout).toMatch(/^ {2}would insert +0\n {2}would update +0\n {2}unchanged +40$/m);
    expect(dry.stdout).toContain(`all 1 are in ${path.join(dir, "dry-rejects.ndjson")}`);

    const database = openDatabase({ dataDir });
    try {
      const row = await database.db
        .selectFrom("hotels")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(row.n)).toBe(40);
    } finally {
      await database.close();
    }
  });

  it("takes the record size limit from --max-record, and refuses one that is not a size", async () => {
    const file = feed("ndjson", ndjson({ hotel_id: "V-1", description: "v".repeat(5000), ...PLACE }, { hotel_id: "V-2", ...PLACE }));
    const result = await cli([file, "--max-record", "4kB"], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ {2}inserted +1$/m);
    expect(result.stdout).toContain(
      'line 1: the record is longer than the limit of 4 kB (5 kB, not read; it starts "{\\"hotel_id\\":\\"V-1',
    );

    const bad = await cli([file, "--max-record", "lots"], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--max-record must be a size from 1 kB to 16 MB, such as 512kB or 2MB (got "lots").');
  });

  it("prints what the feed says with its control characters escaped", async () => {
    const esc = "\u001b";
    const file = feed(
      "csv",
      `hotel_id,name,rating,${esc}]0;pwned\u0007${esc}[2J,\u202eevil\u009b31m,country,location\n` +
        `T-1,Ett,8,x,y,Sweden,Visby\nT-2,Två,\u009b31m\u202e9,\r${esc}[31mred,z,Sweden,Visby\nT-3,Tre,"a\u0085b",${esc}c,d,e,Sweden,Visby\n`,
    );
    const result = await cli([file], env);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(result.stdout).toContain("Ignored fields (not hotel fields): \\u001b]0;pwned\\u0007\\u001b[2j, \\u202eevil\\u009b31m");
    expect(result.stdout).toContain(
      'line 3: rating must be a number from 0 to 10, written as plain decimal digits such as 1290.50 or 1290,50 (got "\\u009b31m\\u202e9")',
    );
    expect(result.stdout).toContain("line 4: the record has 8 fields where the header has 7");

    const header = feed("csv", `id,${esc}[31mname\u202e\n1,x\n`);
    const refused = await cli([header], env);
    expect(refused.code).toBe(1);
    // Line by line: a slow machine may log a slow migration query before it.
    expect(refused.stderr).toMatch(/^The CSV header has no hotel_id column \(it has: id, \\u001b\[31mname\\u202e\)\.$/m);
  });

  it("ends a deeply nested JSON feed with a message that says where, and rejects such an NDJSON line", async () => {
    const depth = 100_000;
    const nested = feed("json", `[{"hotel_id":"W-1"},${"[".repeat(depth)}${"]".repeat(depth)}]`);
    const result = await cli([nested], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^The JSON feed is not valid \(near byte \d+ of 200021, after element 0\): element 1 is nested deeper than 32 levels of arrays and objects\.$/m,
    );

    const line = feed("ndjson", `${"[".repeat(depth)}${"]".repeat(depth)}\n${hotelRows({ hotel_id: "W-2" })}`);
    const lineResult = await cli([line], env);
    expect(lineResult.code).toBe(0);
    expect(lineResult.stdout).toContain("line 1: nested deeper than 32 levels");
    expect(lineResult.stdout).toMatch(/^ {2}inserted +1$/m);
  });

  it("exits 1 while another process holds the embedded database", async () => {
    const holder = openDatabase({ dataDir });
    try {
      expect(await holder.ping()).toBe(true);
      const result = await cli([feed("ndjson", hotelRows({ hotel_id: "L-1" }))], env);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`is in use by process ${process.pid}`);
    } finally {
      await holder.close();
    }
  });
});
