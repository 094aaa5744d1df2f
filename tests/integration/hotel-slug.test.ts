/**
 * The hotel's stored slug, its address within its place: the database gives a new hotel the
 * slug of its name (hotel_slug_base in SQL, the twin of hotelSlug in code) or, when another
 * hotel of the place has it, a free -2, -3…; a unique index makes a shared one
 * impossible; a rename keeps it; two imports at once never pick the same one; the migration
 * that made it stored repairs shared slugs, the oldest hotel keeping the plain one. Then, over
 * HTTP, each of three same-named hotels has a page of its own, and no page links to '///…' or
 * '/../…' whatever a stored row's place holds.
 */
import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalogue } from "#app/operations/seed.server.ts";
import { openDatabase, type DatabaseHandle } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { importHotelFeed } from "#app/feed/feed-import.server.ts";
import { findHotel } from "#app/hotels/hotel-detail.server.ts";
import { Browser, startTestApp, visibleText, type TestApp } from "#tests/app-server.ts";
import { openFreshPostgres, testDatabases } from "#tests/db.ts";
import { scratchRoot } from "#tests/db-template.ts";
import { feedFolder, ndjson } from "#tests/feed-files.ts";
import { hotelSlug } from "#app/utils/slug.ts";
import { MIGRATIONS_DIR } from "#app/db/migrations.server.ts";

const NAMES = [
  "Hotel Åre Fjällby",
  "Tromsø Ærø & Straße",
  "Œuvre Þingvellir Łódź Đakovo Dıyarbakır",
  "ＦＵＬＬＷＩＤＴＨ Ｈｏｔｅｌ",
  "Ｃafé ﬁne",
  "İstanbul ẞeach",
  "Crème brûlée – “Quoted” — Inn",
  "  spaced   out  ",
  "東京 ホテル",
  "Москва Отель Cosmos",
  "Ελλάδα Hotel 7",
  "e\u0301t\u0308e\u0323",
  "Namnlöst hotell",
  "Unnamed Hotel",
  "",
  "---",
  "100% Nöjd_kund",
];

// "Hotell Ångström" with the Å and ö precomposed (NFC) and decomposed into letter and mark (NFD).
const ANGSTROM = "Hotell Ångström";
const ANGSTROM_NFD = ANGSTROM.normalize("NFD");
const TROMSO = { country: "Norway", location: "Tromsø" };

const { feed } = feedFolder("hg-slug-");

const SLUG_MIGRATION = "20261130100000_hotel_slug_stored_unique.sql";

describe.each(testDatabases())("the stored hotel slug on $name", ({ name, open }) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  beforeAll(async () => {
    handle = await open();
    db = handle.db;
  });
  afterAll(() => handle?.close());

  const slugsOf = async (...hotelIds: string[]) =>
    Object.fromEntries(
      (await db.selectFrom("hotels").select(["hotel_id", "slug"]).where("hotel_id", "in", hotelIds).execute()).map((row) => [
        row.hotel_id,
        row.slug,
      ]),
    );

  it("is the slug of the name the links are made from, for every demo hotel and every odd name", async () => {
    await seedDemoCatalogue({ prices: "none" }, db);
    await db
      .insertInto("hotels")
      .values([
        ...NAMES.map((name, index) => ({ hotel_id: `ODD-${index}`, name, country: "Sweden", location: "Slugby" })),
        { hotel_id: "Å-12", name: null, country: "Sweden", location: "Slugby" },
      ])
      .execute();
    const rows = await db.selectFrom("hotels").select(["name", "hotel_id", "slug"]).execute();
    expect(rows.length).toBeGreaterThan(500);
    const differing = rows.filter((row) => row.slug !== hotelSlug(row));
    expect(differing).toEqual([]);
  });

  it("finds a hotel page by it, and redirects a misspelt one", async () => {
    const exact = await findHotel("Sweden", "Slugby", "tromso-aero-och-strasse", db);
    expect(exact).toMatchObject({ exact: true, hotel: { hotel_id: "ODD-1" } });
    const misspelt = await findHotel("sverige", "slugby", "Tromso-Aero-och-Strasse", db);
    expect(misspelt).toMatchObject({ exact: false, hotel: { hotel_id: "ODD-1" } });
    expect(await findHotel("Sweden", "Slugby", "no-such-hotel-anywhere", db)).toBeNull();
  });

  it("gives hotels of one name in one place each their own slug, however the name is written", async () => {
    const first = await importHotelFeed(
      feed(
        "ndjson",
        ndjson(
          { hotel_id: "ANG-1", name: ANGSTROM, description: "Det första.", ...TROMSO },
          { hotel_id: "ANG-2", name: ANGSTROM_NFD, description: "Det andra.", ...TROMSO },
          { hotel_id: "ANG-OSLO", name: ANGSTROM, country: "Norway", location: "Oslo" },
        ),
      ),
      undefined,
      db,
    );
    expect(first).toMatchObject({ inserted: 3, rejected: 0 });
    // A later feed: the same name in capitals, and a hotel whose own name gives the next suffix.
    await importHotelFeed(
      feed(
        "ndjson",
        ndjson({ hotel_id: "ANG-3", name: ANGSTROM.toUpperCase(), ...TROMSO }, { hotel_id: "ANG-4", name: `${ANGSTROM} 3`, ...TROMSO }),
      ),
      undefined,
      db,
    );
    expect(await slugsOf("ANG-1", "ANG-2", "ANG-3", "ANG-4", "ANG-OSLO")).toEqual({
      "ANG-1": "hotell-angstrom",
      "ANG-2": "hotell-angstrom-2",
      "ANG-3": "hotell-angstrom-3",
      "ANG-4": "hotell-angstrom-3-2",
      "ANG-OSLO": "hotell-angstrom",
    });
    for (const [slug, hotelId] of [
      ["hotell-angstrom", "ANG-1"],
      ["hotell-angstrom-2", "ANG-2"],
      ["hotell-angstrom-3", "ANG-3"],
    ] as const) {
      expect(await findHotel("Norway", "Tromsø", slug, db)).toMatchObject({ exact: true, hotel: { hotel_id: hotelId } });
    }
    // Importing the same feed again changes nothing, slugs included.
    expect(
      await importHotelFeed(
        feed("ndjson", ndjson({ hotel_id: "ANG-2", name: ANGSTROM_NFD, description: "Det andra.", ...TROMSO })),
        undefined,
        db,
      ),
    ).toMatchObject({ unchanged: 1 });
    expect((await slugsOf("ANG-2"))["ANG-2"]).toBe("hotell-angstrom-2");
  });

  it("cannot store two hotels of a place with one slug", async () => {
    const taken = db.insertInto("hotels").values({ hotel_id: "ANG-DUP", name: "x", ...TROMSO, slug: "hotell-angstrom" } as never);
    await expect(taken.execute()).rejects.toThrow(/hotels_place_slug_key/);
    const moved = db
      .updateTable("hotels")
      .set({ slug: "hotell-angstrom" } as never)
      .where("hotel_id", "=", "ANG-2");
    await expect(moved.execute()).rejects.toThrow(/hotels_place_slug_key/);
  });

  it("keeps a hotel's slug when a feed renames it, finds it by its new name too, and never gives the slug to another hotel", async () => {
    await importHotelFeed(feed("ndjson", ndjson({ hotel_id: "REN-1", name: "Villa Gamla", ...TROMSO })), undefined, db);
    await importHotelFeed(feed("ndjson", ndjson({ hotel_id: "REN-1", name: "Villa Nova", ...TROMSO })), undefined, db);
    await importHotelFeed(feed("ndjson", ndjson({ hotel_id: "REN-2", name: "Villa Gamla", ...TROMSO })), undefined, db);
    expect(await slugsOf("REN-1", "REN-2")).toEqual({ "REN-1": "villa-gamla", "REN-2": "villa-gamla-2" });
    expect(await findHotel("Norway", "Tromsø", "villa-gamla", db)).toMatchObject({ exact: true, hotel: { name: "Villa Nova" } });
    expect(await findHotel("Norway", "Tromsø", "villa-nova", db)).toMatchObject({ exact: false, hotel: { hotel_id: "REN-1" } });
  });

  it("moves a hotel with its slug, with a suffix when a hotel of its new place has it", async () => {
    await importHotelFeed(
      feed("ndjson", ndjson({ hotel_id: "ANG-2", name: ANGSTROM_NFD, country: "Norway", location: "Bergen" })),
      undefined,
      db,
    );
    await importHotelFeed(
      feed("ndjson", ndjson({ hotel_id: "ANG-3", name: ANGSTROM, country: "Norway", location: "Oslo" })),
      undefined,
      db,
    );
    expect(await slugsOf("ANG-2", "ANG-3")).toEqual({ "ANG-2": "hotell-angstrom-2", "ANG-3": "hotell-angstrom-3" });
    await importHotelFeed(
      feed("ndjson", ndjson({ hotel_id: "ANG-1", name: ANGSTROM, country: "Norway", location: "Oslo" })),
      undefined,
      db,
    );
    // Oslo has hotell-angstrom and hotell-angstrom-3: one past the slugs that start with it, then up until free.
    expect((await slugsOf("ANG-1"))["ANG-1"]).toBe("hotell-angstrom-4");
  });

  it("gives two imports running at once different slugs for hotels of one name", async () => {
    const rows = (prefix: string) =>
      ndjson(
        ...Array.from({ length: 30 }, (_, i) => ({
          hotel_id: `${prefix}-${i}`,
          name: "Samtidiga Hotellet",
          country: "Sweden",
          location: "Parallellby",
        })),
      );
    const reports = await Promise.all([
      importHotelFeed(feed("ndjson", rows("PAR-A")), { batchSize: 5 }, db),
      importHotelFeed(feed("ndjson", rows("PAR-B")), { batchSize: 5 }, db),
    ]);
    expect(reports.map((report) => report.inserted)).toEqual([30, 30]);
    const slugs = await db.selectFrom("hotels").select("slug").where("location", "=", "Parallellby").execute();
    expect(new Set(slugs.map((row) => row.slug)).size).toBe(60);
  });

  it("is repaired by its migration where hotels shared one: the oldest keeps it, the others get the next free suffixes", async () => {
    const before = fs.mkdtempSync(path.join(scratchRoot(), "hg-migrations-"));
    for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith(".sql") && file < SLUG_MIGRATION)) {
      fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
    }
    const dataDir = fs.mkdtempSync(path.join(scratchRoot(), "hg-db-"));
    const old =
      name === "postgres" ? await openFreshPostgres(process.env.TEST_DATABASE_URL!, { migrated: false }) : openDatabase({ dataDir });
    try {
      await migrate({ directory: before }, old.db);
      // As stored before: slugs generated from names, so these four shared one address.
      const at = (day: number) => new Date(`2026-11-0${day}T12:00:00Z`);
      await old.db
        .insertInto("hotels")
        .values([
          { hotel_id: "OLD-C", name: ANGSTROM, ...TROMSO, created_at: at(3) },
          { hotel_id: "OLD-A", name: ANGSTROM_NFD, ...TROMSO, created_at: at(1) },
          { hotel_id: "OLD-B", name: ANGSTROM.toUpperCase(), ...TROMSO, created_at: at(2) },
          { hotel_id: "OLD-D", name: ANGSTROM, ...TROMSO, created_at: at(2) },
          { hotel_id: "OLD-2", name: `${ANGSTROM} 2`, ...TROMSO, created_at: at(4) },
          { hotel_id: "OLD-DOTS", name: "evil", country: "..", location: "..", created_at: at(4) },
          { hotel_id: "OLD-BLANK", name: "evil2.example", country: " ", location: "", created_at: at(4) },
          { hotel_id: "OLD-JAPAN", name: "Ryokan", country: "Japan", location: "東京", created_at: at(4) },
        ] as never)
        .execute();
      const shared = await old.db
        .selectFrom("hotels")
        .select("slug")
        .where("hotel_id", "like", "OLD-%")
        .where("name", "ilike", "%ngstr%")
        .execute();
      expect(new Set(shared.map((row) => row.slug))).toEqual(new Set(["hotell-angstrom", "hotell-angstrom-2"]));

      fs.copyFileSync(path.join(MIGRATIONS_DIR, SLUG_MIGRATION), path.join(before, SLUG_MIGRATION));
      expect(await migrate({ directory: before }, old.db)).toEqual([SLUG_MIGRATION.replace(/\.sql$/, "")]);
      const rows = await old.db.selectFrom("hotels").select(["hotel_id", "slug", "country", "location"]).execute();
      expect(rows.sort((a, b) => (a.hotel_id < b.hotel_id ? -1 : 1))).toEqual([
        { hotel_id: "OLD-2", slug: "hotell-angstrom-2", ...TROMSO },
        { hotel_id: "OLD-A", slug: "hotell-angstrom", ...TROMSO },
        // Same day as OLD-D: the hotel_id breaks the tie.
        { hotel_id: "OLD-B", slug: "hotell-angstrom-3", ...TROMSO },
        { hotel_id: "OLD-BLANK", slug: "evil2-example", country: null, location: null },
        { hotel_id: "OLD-C", slug: "hotell-angstrom-5", ...TROMSO },
        { hotel_id: "OLD-D", slug: "hotell-angstrom-4", ...TROMSO },
        { hotel_id: "OLD-DOTS", slug: "evil", country: null, location: null },
        { hotel_id: "OLD-JAPAN", slug: "ryokan", country: "Japan", location: "東京" },
      ]);
      // The country '..' no longer shows as a place of the catalogue.
      const places = await old.db.selectFrom("catalogue_places").select("country").where("hotel_count", ">", 0).execute();
      expect(places.map((place) => place.country).sort()).toEqual(["Japan", "Norway"]);
      // From now on a new hotel of that name gets the next free one.
      await old.db
        .insertInto("hotels")
        .values({ hotel_id: "NEW-1", name: ANGSTROM, ...TROMSO })
        .execute();
      const added = await old.db.selectFrom("hotels").select("slug").where("hotel_id", "=", "NEW-1").executeTakeFirstOrThrow();
      expect(added.slug).toBe("hotell-angstrom-6");
    } finally {
      await old.close();
      fs.rmSync(before, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// Over HTTP: the pages and the links a visitor (and a crawler) gets -------------------------------

/**
 * Every address in the markup (href, src, action, a sitemap's loc) that a browser would take
 * to another host ('//host', '///host') or whose path has an empty or dot segment.
 */
function brokenAddresses(markup: string): string[] {
  const addresses = [...markup.matchAll(/(?:href|src|action)="([^"]*)"|<loc>([^<]*)<\/loc>/g)].map((match) =>
    (match[1] ?? match[2]!).replace(/&amp;/g, "&"),
  );
  return addresses.filter((address) => {
    if (address.startsWith("//")) return true;
    const pathname = /^(?:https?:\/\/[^/]+)?(\/[^?#]*)/.exec(address)?.[1];
    return pathname !== undefined && /\/\/|\/(\.|%2e){1,2}(\/|$)/i.test(pathname);
  });
}

describe("hotel pages over HTTP", () => {
  let app: TestApp;
  const visitor = () => new Browser(app.origin);
  beforeAll(async () => {
    app = await startTestApp();
    const db = await app.db();
    const { importHotelFeed: importFeed } =
      await app.importApp<typeof import("#app/feed/feed-import.server.ts")>("app/feed/feed-import.server.ts");
    const report = await importFeed(
      feed(
        "ndjson",
        ndjson(
          { hotel_id: "TR-1", name: ANGSTROM, description: "Utsikt mot Ishavskatedralen.", price_amount: 1100, ...TROMSO },
          { hotel_id: "TR-2", name: ANGSTROM_NFD, description: "Bastu på taket.", price_amount: 2200, ...TROMSO },
          { hotel_id: "TR-3", name: ANGSTROM, description: "Nära Hurtigruten.", price_amount: 3300, ...TROMSO },
          { hotel_id: "TR-DOT", name: "Punkt", country: "Norway", location: "." },
          { hotel_id: "TR-BLANK", name: "evil2.example", country: "", location: " " },
        ),
      ),
      undefined,
      db,
    );
    expect(report).toMatchObject({ inserted: 3, rejected: 2 });
    expect(report.rejects.map((reject) => reject.reason)).toEqual([
      'location must name a place (a word with a letter or digit) (got ".")',
      "country is required (the name of a place); location is required (the name of a place)",
    ]);
    // Rows written around the importer (SQL, an import before it refused them): every way a place can name nothing.
    await db
      .insertInto("hotels")
      .values([
        { hotel_id: "LEGACY-1", name: "evil2.example", country: null, location: null },
        { hotel_id: "LEGACY-2", name: "evil", country: "..", location: ".." },
        { hotel_id: "LEGACY-3", name: "evil3", country: "Norway", location: "." },
        { hotel_id: "LEGACY-4", name: "evil4", country: " ", location: "Tromsø" },
        { hotel_id: "LEGACY-5", name: "evil5", country: "Norway", location: "" },
      ])
      .execute();
    const { clearCatalogueCache } = await app.importApp<typeof import("#app/utils/catalogue-cache.server.ts")>(
      "app/utils/catalogue-cache.server.ts",
    );
    clearCatalogueCache();
  });
  afterAll(() => app?.close());

  it("gives each of three hotels of one name in one place a page of its own, with its own data", async () => {
    const list = await (await visitor().get("/Norway/Troms%C3%B8")).text();
    const links = [...new Set([...list.matchAll(/href="(\/Norway\/Troms%C3%B8\/[^"?]+)"/g)].map((match) => match[1]!))].sort();
    expect(links).toEqual([
      "/Norway/Troms%C3%B8/hotell-angstrom",
      "/Norway/Troms%C3%B8/hotell-angstrom-2",
      "/Norway/Troms%C3%B8/hotell-angstrom-3",
    ]);
    const pages = await Promise.all(links.map(async (link) => visibleText(await (await visitor().get(link)).text())));
    expect(pages[0]).toContain("Om hotellet Utsikt mot Ishavskatedralen.");
    expect(pages[1]).toContain("Om hotellet Bastu på taket.");
    expect(pages[2]).toContain("Om hotellet Nära Hurtigruten.");
    // Other spellings still lead to the one address, permanently.
    const moved = await visitor().get("/norway/tromso/Hotell-Angstrom-2");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/Norway/Troms%C3%B8/hotell-angstrom-2");
  });

  it("links nowhere off the site or to a dot segment, whatever a stored place holds", async () => {
    const compared = await (
      await app.db()
    )
      .selectFrom("hotels")
      .select("id")
      .where("hotel_id", "in", ["LEGACY-2", "LEGACY-3", "TR-1", "TR-2"])
      .execute();
    const pages = [
      "/",
      "/hotels",
      "/hotels?search=evil",
      "/Norway",
      "/Norway/Troms%C3%B8",
      "/Norway/Troms%C3%B8/hotell-angstrom",
      "/sitemap",
      "/sitemap.xml",
      `/jamfor?${compared.map((hotel) => `hotell=${hotel.id}`).join("&")}`,
    ];
    for (const page of pages) {
      const response = await visitor().get(page);
      expect(response.status, page).toBe(200);
      const markup = await response.text();
      expect(brokenAddresses(markup), page).toEqual([]);
    }
    // The legacy hotels are still listed, by name, without a link.
    const list = await (await visitor().get("/hotels?search=evil")).text();
    expect(visibleText(list)).toContain("evil2.example");
  });

  it("makes no affiliate link to a hotel without a page", async () => {
    const { buildAffiliateLink } = await app.importApp<typeof import("#app/admin/affiliate-link-lookup.server.ts")>(
      "app/admin/affiliate-link-lookup.server.ts",
    );
    const request = { affiliate: "hg", source: "newsletter", medium: "email" };
    for (const hotel of ["LEGACY-1", "LEGACY-2", "LEGACY-3", "LEGACY-4", "LEGACY-5"]) {
      expect(await buildAffiliateLink({ ...request, hotel }), hotel).toEqual({
        error: "This hotel has no usable country or location, so it has no page to link to.",
      });
    }
    expect(await buildAffiliateLink({ ...request, hotel: "TR-2" })).toMatchObject({
      url: "http://hotellguiden.test/Norway/Troms%C3%B8/hotell-angstrom-2?aff_id=hg&utm_source=newsletter&utm_medium=email&utm_campaign=TR-2",
    });
  });
});
