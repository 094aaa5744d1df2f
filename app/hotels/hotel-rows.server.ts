/**
 * Writing hotels by hotel_id, shared by the demo seed and the partner feed importer: one
 * upsert that rewrites a row only when one of its columns really changes (so `updated_at`,
 * which a trigger sets on every update, moves only then), and the read-only count of what
 * that upsert would do (the importer's dry run). Both also write `amenity_keys`, derived from
 * the amenities by the vocabulary, so no caller can store one without the other.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import { sql, type Kysely } from "kysely";
import type { Database, NewHotel } from "#app/db/schema.ts";
import { amenityKeys } from "#app/hotels/hotel-record.ts";

/** The hotel columns an upsert may write, besides the key hotel_id. */
export const HOTEL_COLUMNS = [
  "name",
  "description",
  "rewritten_text",
  "rating",
  "review_count",
  "star_rating",
  "price_amount",
  "price_currency",
  "image_path",
  "additional_image_paths",
  "amenities",
  "location",
  "country",
  "latitude",
  "longitude",
  "address",
  "district",
  "affiliate_url",
  "has_affiliate_url",
  "is_description_rewritten",
] as const;

export type HotelColumn = (typeof HOTEL_COLUMNS)[number];

type JsonColumn = "additional_image_paths" | "amenities";

/**
 * A hotel as written: every column given (null for a missing value), its jsonb columns as
 * plain lists or objects.
 */
export type HotelValues = Required<Pick<NewHotel, "hotel_id" | Exclude<HotelColumn, JsonColumn>>> & Record<JsonColumn, unknown>;

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** Columns the rows' own values decide: written whenever their source column is. */
type DerivedColumn = "amenity_keys";
type WrittenColumn = HotelColumn | DerivedColumn;

const INSERT_COLUMNS = ["hotel_id", ...HOTEL_COLUMNS, "amenity_keys"] as const;

const withDerived = (hotels: readonly HotelValues[]) => hotels.map((hotel) => ({ ...hotel, amenity_keys: amenityKeys(hotel.amenities) }));

const writtenColumns = (update: readonly HotelColumn[]): WrittenColumn[] =>
  update.includes("amenities") ? [...update, "amenity_keys"] : [...update];

/**
 * The hotels as rows typed by the table itself, sent as one JSON parameter: values compare
 * as stored (a rating of 8.64 is the 8.6 that numeric(3,1) keeps, jsonb by content), and a
 * batch costs one parameter instead of one per value. `ordinality` is each row's place in the
 * batch.
 */
const incoming = (hotels: readonly HotelValues[]) =>
  sql`jsonb_populate_recordset(null::hotels, ${JSON.stringify(withDerived(hotels))}::jsonb) with ordinality`;

const refs = (table: string, columns: readonly string[]) => sql.join(columns.map((column) => sql.ref(`${table}.${column}`)));

/** True when any of the columns differs between the two rows, a null against a value included. */
const anyDiffers = (columns: readonly WrittenColumn[], current: string, next: string) =>
  sql<boolean>`(${refs(current, columns)}) is distinct from (${refs(next, columns)})`;

/**
 * Inserts new hotels and, for existing hotel_ids, writes the `update` columns where one of
 * them differs; other columns of an existing hotel stay as they are. The hotel_ids must be
 * unique within one call (PostgreSQL cannot update a row twice in one statement).
 *
 * The database gives each new hotel its slug, one no other hotel of its place has (a trigger,
 * migration 20261130100000), under a lock: taken here first, in the write's transaction, so a
 * concurrent import waits for it before it locks any hotel row and the two cannot deadlock.
 */
export async function upsertHotels(
  hotels: readonly HotelValues[],
  update: readonly HotelColumn[] = HOTEL_COLUMNS,
  db: Kysely<Database> = getAppDatabase().db,
): Promise<UpsertCounts> {
  if (!hotels.length) return { inserted: 0, updated: 0, unchanged: 0 };
  if (!db.isTransaction) return db.transaction().execute((trx) => upsertHotels(hotels, update, trx));
  await sql`select public.lock_hotel_slugs()`.execute(db);
  const columns = writtenColumns(update);
  // The join leaves out rows already as stored, so they are not even locked; the conflict
  // clause checks again for rows another writer changed or added in the meantime.
  const { rows } = await sql<{ inserted: boolean }>`
    insert into hotels (${sql.join(INSERT_COLUMNS.map((column) => sql.ref(column)))})
    select ${refs("v", INSERT_COLUMNS)}
    from ${incoming(hotels)} as v
    left join hotels as h on h.hotel_id = v.hotel_id
    where h.id is null or ${anyDiffers(columns, "h", "v")}
    -- In the feed's order, so of two new hotels of one name the first gets the plain slug.
    order by v.ordinality
    on conflict (hotel_id) do update
      set ${sql.join(columns.map((column) => sql`${sql.ref(column)} = ${sql.ref(`excluded.${column}`)}`))}
      where ${anyDiffers(columns, "hotels", "excluded")}
    returning (xmax = 0) as inserted
  `.execute(db);
  // xmax is 0 only on a freshly inserted row.
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted, unchanged: hotels.length - rows.length };
}

/** What `upsertHotels` would do with these hotels, found by reading only. */
export async function countHotelChanges(
  hotels: readonly HotelValues[],
  update: readonly HotelColumn[] = HOTEL_COLUMNS,
  db: Kysely<Database> = getAppDatabase().db,
): Promise<UpsertCounts> {
  if (!hotels.length) return { inserted: 0, updated: 0, unchanged: 0 };
  const { rows } = await sql<{ inserted: number; updated: number }>`
    select count(*) filter (where h.id is null)::int as inserted,
           count(*) filter (where h.id is not null and ${anyDiffers(writtenColumns(update), "h", "v")})::int as updated
    from ${incoming(hotels)} as v
    left join hotels as h on h.hotel_id = v.hotel_id
  `.execute(db);
  const { inserted, updated } = rows[0] ?? { inserted: 0, updated: 0 };
  return { inserted, updated, unchanged: hotels.length - inserted - updated };
}

/**
 * Sets `amenity_keys` from the stored amenities wherever it differs: for rows stored before
 * the column existed, written around the app (SQL, a dashboard), or read by an older
 * vocabulary. Reads and writes in batches by id; running it again changes nothing. Returns
 * the number of hotels changed.
 */
export async function backfillAmenityKeys(
  { batchSize = 1000 }: { batchSize?: number } = {},
  db: Kysely<Database> = getAppDatabase().db,
): Promise<number> {
  let changed = 0;
  let after: string | null = null;
  for (;;) {
    let query = db.selectFrom("hotels").select(["id", "amenities", "amenity_keys"]).orderBy("id").limit(batchSize);
    if (after !== null) query = query.where("id", ">", after);
    const rows = await query.execute();
    if (!rows.length) break;
    after = rows[rows.length - 1]!.id;
    const stale = rows
      .map((row) => ({ id: row.id, stored: row.amenity_keys, amenity_keys: amenityKeys(row.amenities) }))
      .filter((row) => row.stored.join("\n") !== row.amenity_keys.join("\n"))
      .map(({ id, amenity_keys }) => ({ id, amenity_keys }));
    if (stale.length) {
      await sql`
        update hotels set amenity_keys = v.amenity_keys
        from jsonb_to_recordset(${JSON.stringify(stale)}::jsonb) as v(id uuid, amenity_keys text[])
        where hotels.id = v.id
      `.execute(db);
      changed += stale.length;
    }
    if (rows.length < batchSize) break;
  }
  return changed;
}
