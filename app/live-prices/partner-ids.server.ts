/**
 * Our hotels' ids at the partners whose APIs are asked live (hotel_partner_ids): written by the
 * hotel feed's `partner_ids` column and the back office's hotel screen, read before each live call.
 */
import { sql, type Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import type { PartnerHotel } from "./connector.ts";
import type { PartnerIdPair } from "./partner-hotel-ids.ts";

type DB = Kysely<Database>;

/** The partner's ids of those of `hotelIds` (hotels.id) it has one for, in no particular order. */
export async function partnerHotels(partnerId: string, hotelIds: readonly string[], db: DB = getAppDatabase().db): Promise<PartnerHotel[]> {
  if (!hotelIds.length) return [];
  const rows = await db
    .selectFrom("hotel_partner_ids")
    .select(["hotel_id", "partner_hotel_id"])
    .where("partner_id", "=", partnerId)
    .where("hotel_id", "in", [...hotelIds])
    .execute();
  return rows.map((row) => ({ hotelId: row.hotel_id, partnerHotelId: row.partner_hotel_id }));
}

/** The partners a feed's `partner_ids` may name: every partner we have (active or not). */
export async function partnerKeys(db: DB = getAppDatabase().db): Promise<Set<string>> {
  const rows = await db.selectFrom("partners").select("id").execute();
  return new Set(rows.map((row) => row.id));
}

/** One hotel's whole set of partner ids, by its feed key (hotels.hotel_id). */
export interface FeedPartnerIds {
  /** hotels.hotel_id (the feed's key) */
  hotelKey: string;
  pairs: readonly PartnerIdPair[];
}

const setKey = (pairs: ReadonlyArray<{ partnerId: string; partnerHotelId: string }>) =>
  pairs
    .map((pair) => `${pair.partnerId}\u0000${pair.partnerHotelId}`)
    .sort()
    .join("\u0001");

/**
 * Replaces each hotel's set of partner ids with the one given (an empty set clears it), for
 * the hotel feed's `partner_ids`. Hotels whose set is already as given are not touched (their
 * `updated_at` stays). Returns how many hotels' sets changed (or would, with `dryRun`) and the
 * feed keys of hotels that are not in the catalogue, which are left out. Call it inside the
 * batch's transaction, after the batch's hotels are written.
 */
export async function replacePartnerIdsByFeedKey(
  sets: readonly FeedPartnerIds[],
  { dryRun = false }: { dryRun?: boolean } = {},
  db: DB = getAppDatabase().db,
): Promise<{ changed: number; missing: string[] }> {
  if (!sets.length) return { changed: 0, missing: [] };
  const hotels = await db
    .selectFrom("hotels")
    .select(["id", "hotel_id"])
    .where(
      "hotel_id",
      "in",
      sets.map((set) => set.hotelKey),
    )
    .execute();
  const idOf = new Map(hotels.map((hotel) => [hotel.hotel_id, hotel.id]));
  const stored = hotels.length
    ? await db
        .selectFrom("hotel_partner_ids")
        .select(["hotel_id", "partner_id", "partner_hotel_id"])
        .where(
          "hotel_id",
          "in",
          hotels.map((hotel) => hotel.id),
        )
        .execute()
    : [];
  const storedOf = new Map<string, Array<{ partnerId: string; partnerHotelId: string }>>();
  for (const row of stored) {
    const list = storedOf.get(row.hotel_id) ?? [];
    list.push({ partnerId: row.partner_id, partnerHotelId: row.partner_hotel_id });
    storedOf.set(row.hotel_id, list);
  }
  const missing: string[] = [];
  const changed: Array<{ id: string; pairs: readonly PartnerIdPair[] }> = [];
  for (const set of sets) {
    const id = idOf.get(set.hotelKey);
    if (id === undefined) missing.push(set.hotelKey);
    else if (setKey(storedOf.get(id) ?? []) !== setKey(set.pairs)) changed.push({ id, pairs: set.pairs });
  }
  if (!dryRun && changed.length) await writePartnerIds(changed, db);
  return { changed: changed.length, missing };
}

/** Deletes the hotels' sets and inserts the new ones, in one transaction. */
async function writePartnerIds(sets: ReadonlyArray<{ id: string; pairs: readonly PartnerIdPair[] }>, db: DB): Promise<void> {
  if (!db.isTransaction) return db.transaction().execute((trx) => writePartnerIds(sets, trx));
  await db
    .deleteFrom("hotel_partner_ids")
    .where(
      "hotel_id",
      "in",
      sets.map((set) => set.id),
    )
    .execute();
  const rows = sets.flatMap((set) =>
    set.pairs.map((pair) => ({ hotel_id: set.id, partner_id: pair.partnerId, partner_hotel_id: pair.partnerHotelId })),
  );
  if (rows.length) await db.insertInto("hotel_partner_ids").values(rows).execute();
}

/** A hotel of the back office's partner ids form: its name and place, and its id at each partner. */
export interface HotelPartnerIds {
  /** hotels.id */
  id: string;
  /** hotels.hotel_id, the feed's key */
  hotelKey: string;
  name: string | null;
  location: string | null;
  country: string | null;
  /** partners.id → the hotel's id there */
  ids: Record<string, string>;
}

/** PostgreSQL text holds no NUL: a key with one (an address's %00) names no hotel, and must not reach a query. */
const storable = (hotelKey: string) => !hotelKey.includes("\u0000");

/** One hotel (by its feed key, hotels.hotel_id) and its partner ids, or null when there is no such hotel. */
export async function findHotelPartnerIds(hotelKey: string, db: DB = getAppDatabase().db): Promise<HotelPartnerIds | null> {
  if (!storable(hotelKey)) return null;
  const hotel = await db
    .selectFrom("hotels")
    .select(["id", "hotel_id", "name", "location", "country"])
    .where("hotel_id", "=", hotelKey)
    .executeTakeFirst();
  if (!hotel) return null;
  const rows = await db
    .selectFrom("hotel_partner_ids")
    .select(["partner_id", "partner_hotel_id"])
    .where("hotel_id", "=", hotel.id)
    .execute();
  return {
    id: hotel.id,
    hotelKey: hotel.hotel_id,
    name: hotel.name,
    location: hotel.location,
    country: hotel.country,
    ids: Object.fromEntries(rows.map((row) => [row.partner_id, row.partner_hotel_id])),
  };
}

/** The partners a hotel may have an id at, for the back office's form: every partner, by name. */
export async function partnerChoices(db: DB = getAppDatabase().db): Promise<Array<{ id: string; name: string; active: boolean }>> {
  return db.selectFrom("partners").select(["id", "name", "active"]).orderBy("name").orderBy("id").execute();
}

/**
 * Sets one hotel's (by its feed key) id at each partner named in `ids` (an empty value removes it); partners not
 * named keep theirs. False when the hotel is gone. The partners must exist (the caller offers
 * only those).
 */
export async function saveHotelPartnerIds(
  hotelKey: string,
  ids: Readonly<Record<string, string>>,
  db: DB = getAppDatabase().db,
): Promise<boolean> {
  if (!storable(hotelKey)) return false;
  if (!db.isTransaction) return db.transaction().execute((trx) => saveHotelPartnerIds(hotelKey, ids, trx));
  const hotel = await db.selectFrom("hotels").select("id").where("hotel_id", "=", hotelKey).forUpdate().executeTakeFirst();
  if (!hotel) return false;
  const hotelId = hotel.id;
  const entries = Object.entries(ids);
  const cleared = entries.filter(([, value]) => value === "").map(([partnerId]) => partnerId);
  const set = entries.filter(([, value]) => value !== "");
  if (cleared.length) await db.deleteFrom("hotel_partner_ids").where("hotel_id", "=", hotelId).where("partner_id", "in", cleared).execute();
  if (set.length)
    await db
      .insertInto("hotel_partner_ids")
      .values(set.map(([partnerId, partnerHotelId]) => ({ hotel_id: hotelId, partner_id: partnerId, partner_hotel_id: partnerHotelId })))
      .onConflict((oc) =>
        oc
          .columns(["hotel_id", "partner_id"])
          .doUpdateSet((eb) => ({ partner_hotel_id: eb.ref("excluded.partner_hotel_id"), updated_at: sql<Date>`now()` }))
          .where("hotel_partner_ids.partner_hotel_id", "is distinct from", (eb) => eb.ref("excluded.partner_hotel_id")),
      )
      .execute();
  return true;
}
