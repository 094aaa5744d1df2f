/**
 * The partner feed importer (`npm run import`): reads a CSV, JSON or NDJSON hotel feed as a
 * stream (app/feed/feed-stream.server.ts), checks each row with the feed row schema, and
 * upserts the good rows by hotel_id in batches, one transaction per batch. Bad rows are
 * skipped, listed with their line (or array element) and reason, and written to a rejects
 * file. See docs/decisions/013-partner-feed-import.md.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Kysely } from "kysely";
import { partnerKeys, replacePartnerIdsByFeedKey, type FeedPartnerIds } from "#app/live-prices/partner-ids.server.ts";
import type { PartnerIdPair } from "#app/live-prices/partner-hotel-ids.ts";
import {
  FEED_FIELDS,
  FEED_OWNED_FIELDS,
  feedHotelValues,
  parseHotelFeedRow,
  siteFieldsGiven,
  type FeedHotel,
  type HotelFeedRow,
} from "./feed-row.ts";
import { runFeed, type FeedItem, type FeedKind, type FeedReadOptions, type FeedRunReport } from "./feed-stream.server.ts";
import { countHotelChanges, upsertHotels, type HotelColumn, type UpsertCounts } from "#app/hotels/hotel-rows.server.ts";
import type { Database } from "#app/db/schema.ts";

export {
  DEFAULT_BATCH_SIZE,
  defaultRejectsPath,
  FEED_FORMATS,
  FeedError,
  feedFormatFromPath,
  MAX_BATCH_SIZE,
  MAX_LISTED_REJECTS,
  type FeedFormat,
  type ImportProgress,
  type RejectedRow,
} from "./feed-stream.server.ts";

export interface ImportOptions extends FeedReadOptions {
  /** Check every row and count what would change, but write nothing to the database. */
  dryRun?: boolean;
}

export interface ImportReport extends FeedRunReport, UpsertCounts {
  dryRun: boolean;
  /** Hotels whose set of partner ids (`partner_ids`) the import changed, or would change in a dry run. */
  partnerIdsChanged: number;
}

const hotelKeyOf = (row: HotelFeedRow) => (row.kind === "hotel" ? row.hotel.hotel_id : row.row.hotel_id);
const partnerIdsOf = (row: HotelFeedRow): PartnerIdPair[] | undefined =>
  row.kind === "hotel" ? row.hotel.partner_ids : row.row.partner_ids;

const hotelFeed: FeedKind<HotelFeedRow> = {
  plural: "hotels",
  requiredColumns: ["hotel_id"],
  columnName: (header) => header.trim().toLowerCase(),
  isKnownField: (field) => FEED_FIELDS.includes(field),
  parse: parseHotelFeedRow,
  key: hotelKeyOf,
};

/**
 * The rows whose `partner_ids` name a partner we do not have, refused with the reason: a typo
 * dropped in silence would leave the hotel without live prices and nobody the wiser.
 */
function unknownPartners(items: readonly FeedItem<HotelFeedRow>[], known: ReadonlySet<string>) {
  const refused: Array<{ item: FeedItem<HotelFeedRow>; reason: string }> = [];
  for (const item of items) {
    const unknown = (partnerIdsOf(item.value) ?? []).filter((pair) => !known.has(pair.partnerId)).map((pair) => pair.partnerId);
    if (unknown.length)
      refused.push({
        item,
        reason: `partner_ids names ${unknown.join(", ")}, which ${unknown.length === 1 ? "is not a partner" : "are not partners"} (known: ${[...known].sort().join(", ") || "none"}; add one in /admin/partners)`,
      });
  }
  return refused;
}

/**
 * Imports a feed file into the hotels table. Rows are checked one by one; a bad row is
 * rejected and the rest go on. Throws FeedError when the file cannot be read as a feed (or
 * the database fails); batches written before that stay written.
 */
export async function importHotelFeed(
  file: string,
  options: ImportOptions = {},
  db: Kysely<Database> = getAppDatabase().db,
): Promise<ImportReport> {
  const dryRun = options.dryRun ?? false;
  const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
  let partnerIdsChanged = 0;
  let known: Set<string> | undefined;
  const run = await runFeed(
    file,
    hotelFeed,
    {
      async write(items) {
        known ??= await partnerKeys(db);
        const refused = unknownPartners(items, known);
        const good = items.filter((item) => !refused.some((bad) => bad.item === item));
        const hotels = good.flatMap((item) => (item.value.kind === "hotel" ? [item.value.hotel] : []));
        const sets: FeedPartnerIds[] = good.flatMap((item) => {
          const pairs = partnerIdsOf(item.value);
          return pairs === undefined ? [] : [{ hotelKey: hotelKeyOf(item.value), pairs }];
        });
        // A dry run's new hotels are not written, so their sets cannot be compared: each counts as a change.
        const newInDryRun = new Set(dryRun ? hotels.map((hotel) => hotel.hotel_id) : []);
        const done = await (dryRun
          ? Promise.all([
              Promise.all(batchGroups(hotels).map(({ columns, values }) => countHotelChanges(values, columns, db))),
              replacePartnerIdsByFeedKey(sets, { dryRun }, db),
            ])
          : db.transaction().execute(async (trx) => {
              const written: UpsertCounts[] = [];
              for (const { columns, values } of batchGroups(hotels)) written.push(await upsertHotels(values, columns, trx));
              return [written, await replacePartnerIdsByFeedKey(sets, {}, trx)] as const;
            }));
        const [upserts, partnerIds] = done;
        for (const count of upserts) {
          counts.inserted += count.inserted;
          counts.updated += count.updated;
          counts.unchanged += count.unchanged;
        }
        partnerIdsChanged += partnerIds.changed;
        // Only a row of hotel_id and partner_ids can name a hotel that is not there (a whole row creates it).
        const missing = new Set(partnerIds.missing.filter((key) => !newInDryRun.has(key)));
        partnerIdsChanged += partnerIds.missing.length - missing.size;
        const notThere = good
          .filter((item) => item.value.kind === "partner-ids" && missing.has(item.value.row.hotel_id))
          .map((item) => ({
            item,
            reason: `hotel_id ${item.value.kind === "partner-ids" ? item.value.row.hotel_id : ""} is not in the catalogue: a row with only hotel_id and partner_ids sets the ids of a hotel already imported`,
          }));
        return [...refused, ...notThere];
      },
      saved: () =>
        dryRun || counts.inserted + counts.updated + counts.unchanged === 0
          ? ""
          : `${counts.inserted} inserted, ${counts.updated} updated, ${counts.unchanged} unchanged`,
    },
    options,
  );
  return { ...run, ...counts, dryRun, partnerIdsChanged };
}

/**
 * Splits a batch by which site-managed fields its rows give, so each upsert's SET lists the
 * feed's own columns plus exactly those fields (one group when every row gives the same).
 */
function batchGroups(hotels: FeedHotel[]) {
  const groups = new Map<string, { columns: HotelColumn[]; values: ReturnType<typeof feedHotelValues>[] }>();
  for (const hotel of hotels) {
    const given = siteFieldsGiven(hotel);
    const key = given.join(",");
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { columns: [...FEED_OWNED_FIELDS, ...given], values: [] }));
    group.values.push(feedHotelValues(hotel));
  }
  return [...groups.values()];
}
