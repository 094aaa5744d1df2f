import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import type { NewHotel } from "#app/db/schema.ts";
import { testDatabases } from "#tests/db.ts";
import { MIGRATIONS_DIR } from "#app/db/migrations.server.ts";

const TABLES = [
  "hotels",
  "hotels_blog_posts",
  "admin_users",
  "users",
  "sessions",
  "rate_limits",
  "popular_locations",
  "popular_destinations",
  "outbound_clicks",
  "schema_migrations",
];

const hotel = (overrides: Partial<NewHotel> = {}): NewHotel => ({
  hotel_id: `T-${Math.random().toString(36).slice(2)}`,
  name: "Testhotellet",
  country: "Sweden",
  location: "Malmö",
  ...overrides,
});

describe.each(testDatabases())("database on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("has every table of the design, each with row level security", async () => {
    const { rows } = await sql<{ relname: string; relrowsecurity: boolean }>`
      select relname, relrowsecurity from pg_class
      where relnamespace = 'public'::regnamespace and relkind = 'r'
    `.execute(handle.db);
    const tables = Object.fromEntries(rows.map((row) => [row.relname, row.relrowsecurity]));
    for (const table of TABLES) expect(tables[table], table).toBe(true);
  });

  it("lets the public read hotels, published posts and place names only", async () => {
    const { rows } = await sql<{ tablename: string; cmd: string; qual: string }>`
      select tablename, cmd, qual from pg_policies where schemaname = 'public' order by tablename
    `.execute(handle.db);
    expect(rows.map((row) => [row.tablename, row.cmd])).toEqual([
      ["catalogue_places", "SELECT"],
      ["countries", "SELECT"],
      ["country_names", "SELECT"],
      ["hotels", "SELECT"],
      ["hotels_blog_posts", "SELECT"],
      ["place_alternate_names", "SELECT"],
      ["place_landmarks", "SELECT"],
      ["place_names", "SELECT"],
    ]);
    expect(rows.find((row) => row.tablename === "hotels_blog_posts")!.qual).toContain("published");
  });

  it("records applied migrations and does nothing on a second run", async () => {
    const files = (await fs.readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith(".sql"));
    const recorded = await handle.db.selectFrom("schema_migrations").select("version").execute();
    expect(recorded).toHaveLength(files.length);
    expect(await migrate(undefined, handle.db)).toEqual([]);
  });

  it("fills the amenity keys of stored hotels when it adds the column", async () => {
    // As before that migration: no column, and a hotel stored with feed-spelled amenities.
    await sql`alter table public.hotels drop column amenity_keys`.execute(handle.db);
    await handle.db.deleteFrom("schema_migrations").where("version", "=", "20261125100000_amenity_keys").execute();
    await sql`insert into public.hotels (hotel_id, amenities) values ('AK-1', '["FREE WIFI", "Pool table", "Frukost"]')`.execute(handle.db);
    expect(await migrate(undefined, handle.db)).toEqual(["20261125100000_amenity_keys"]);
    const row = await handle.db.selectFrom("hotels").select("amenity_keys").where("hotel_id", "=", "AK-1").executeTakeFirstOrThrow();
    expect(row.amenity_keys).toEqual(["wifi", "frukost"]);
    await handle.db.deleteFrom("hotels").where("hotel_id", "=", "AK-1").execute();
  });

  it("rolls a failing migration back completely", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "hg-migrations-"));
    await fs.writeFile(path.join(dir, "90000000000000_good.sql"), "create table public.migration_ok (id int);");
    await fs.writeFile(
      path.join(dir, "90000000000001_bad.sql"),
      "create table public.migration_half (id int);\ninsert into public.migration_half values (1);\nselect * from no_such_table;",
    );
    await expect(migrate({ directory: dir }, handle.db)).rejects.toThrow(/no_such_table/);
    const { rows } = await sql<{ name: string | null }>`
      select to_regclass('public.migration_ok')::text as name
      union all select to_regclass('public.migration_half')::text
    `.execute(handle.db);
    expect(rows.map((row) => row.name)).toEqual(["migration_ok", null]);
    const versions = (await handle.db.selectFrom("schema_migrations").select("version").execute()).map((r) => r.version);
    expect(versions).toContain("90000000000000_good");
    expect(versions).not.toContain("90000000000001_bad");
  });

  it.each([
    ["a rating above 10", { rating: 10.5 }],
    ["a negative rating", { rating: -1 }],
    ["a star rating of 0", { star_rating: 0 }],
    ["a star rating of 6", { star_rating: 6 }],
    ["a blank hotel_id", { hotel_id: "  " }],
    ["a javascript: affiliate URL", { affiliate_url: "javascript:alert(1)" }],
    ["a protocol-relative affiliate URL", { affiliate_url: "//evil.example/x" }],
    ["a latitude of 91", { latitude: 91 }],
    ["a negative price", { price_amount: -5 }],
    ["a lowercase currency", { price_currency: "sek" }],
    ["amenities that are a string", { amenities: JSON.stringify("pool") }],
  ])("rejects a hotel with %s", async (_label, overrides) => {
    await expect(handle.db.insertInto("hotels").values(hotel(overrides)).execute()).rejects.toThrow();
  });

  it("accepts a hotel without a star rating, and rejects a duplicate hotel_id", async () => {
    await handle.db
      .insertInto("hotels")
      .values(hotel({ hotel_id: "DUP-1", star_rating: null }))
      .execute();
    await expect(
      handle.db
        .insertInto("hotels")
        .values(hotel({ hotel_id: "DUP-1" }))
        .execute(),
    ).rejects.toThrow(/hotels_hotel_id_key|duplicate/);
  });

  it("rejects a duplicate or malformed post slug", async () => {
    const post = { title: "Resa", content: "[]", slug: "en-resa" };
    await handle.db.insertInto("hotels_blog_posts").values(post).execute();
    await expect(handle.db.insertInto("hotels_blog_posts").values(post).execute()).rejects.toThrow();
    await expect(
      handle.db
        .insertInto("hotels_blog_posts")
        .values({ ...post, slug: "Inte OK!" })
        .execute(),
    ).rejects.toThrow();
  });

  it("keeps updated_at current on update", async () => {
    const row = await handle.db
      .insertInto("hotels")
      .values(hotel({ updated_at: "2020-01-01T00:00:00Z" }))
      .returning(["id", "updated_at"])
      .executeTakeFirstOrThrow();
    const updated = await handle.db
      .updateTable("hotels")
      .set({ name: "Nytt namn" })
      .where("id", "=", row.id)
      .returning("updated_at")
      .executeTakeFirstOrThrow();
    expect(updated.updated_at.getTime()).toBeGreaterThan(row.updated_at.getTime());
  });

  it("matches countries and places case-, accent- and hyphen-insensitively", async () => {
    await handle.db
      .insertInto("hotels")
      .values([
        hotel({ hotel_id: "PK-1", country: "Sweden", location: "Malmö" }),
        hotel({ hotel_id: "PK-2", country: "United States", location: "New York" }),
      ])
      .execute();
    const find = (country: string, location: string) =>
      handle.db
        .selectFrom("hotels")
        .select("hotel_id")
        .where(sql<boolean>`place_key(country) = place_key(${country}) and place_key(location) = place_key(${location})`)
        .where("hotel_id", "like", "PK-%")
        .execute()
        .then((rows) => rows.map((r) => r.hotel_id));
    expect(await find("Sweden", "Malmo")).toEqual(["PK-1"]);
    expect(await find("sweden", "MALMÖ")).toEqual(["PK-1"]);
    expect(await find("united-states", "new-york")).toEqual(["PK-2"]);
    expect(await find("Sweden", "Malm")).toEqual([]);
  });

  it("has trigram indexes for the substring searches", async () => {
    const { rows } = await sql<{ indexname: string }>`
      select indexname from pg_indexes where tablename = 'hotels' and indexdef like '%gin_trgm_ops%' order by 1
    `.execute(handle.db);
    expect(rows.map((row) => row.indexname)).toEqual([
      "hotels_country_trgm_idx",
      "hotels_description_trgm_idx",
      "hotels_location_trgm_idx",
      "hotels_name_key_trgm_idx",
    ]);
  });

  it("returns counts and decimals as numbers", async () => {
    await handle.db
      .insertInto("hotels")
      .values(hotel({ hotel_id: "NUM-1", rating: 8.5, price_amount: 1290.5 }))
      .execute();
    const row = await handle.db
      .selectFrom("hotels")
      .select((eb) => ["rating", "price_amount", eb.fn.countAll<number>().over().as("total")])
      .where("hotel_id", "=", "NUM-1")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ rating: 8.5, price_amount: 1290.5, total: 1 });
  });
});
