/**
 * The partner feed importer (`npm run import`): reads a CSV, JSON or NDJSON hotel feed as a
 * stream (app/feed/feed-stream.server.ts), checks each row with the feed row schema, and
 * upserts the good rows by hotel_id in batches, one transaction per batch. Bad rows are
 * skipped, listed with their line (or array element) and reason, and written to a rejects
 * file. See docs/decisions/013-partner-feed-import.md.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Kysely } from "kysely";
import { FEED_FIELDS, FEED_OWNED_FIELDS, feedHotelValues, parseFeedRow, siteFieldsGiven, type FeedHotel } from "./feed-row.ts";
import { runFeed, type FeedKind, type FeedReadOptions, type FeedRunReport } from "./feed-stream.server.ts";
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
}

const hotelFeed: FeedKind<FeedHotel> = {
  plural: "hotels",
  requiredColumns: ["hotel_id"],
  columnName: (header) => header.trim().toLowerCase(),
  isKnownField: (field) => FEED_FIELDS.includes(field),
  parse(row) {
    const result = parseFeedRow(row);
    return result.ok ? { ok: true, value: result.hotel } : result;
  },
  key: (hotel) => hotel.hotel_id,
};

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
  const run = await runFeed(
    file,
    hotelFeed,
    {
      async write(items) {
        const hotels = items.map((item) => item.value);
        const done = await (dryRun
          ? Promise.all(batchGroups(hotels).map(({ columns, values }) => countHotelChanges(values, columns, db)))
          : db.transaction().execute(async (trx) => {
              const written: UpsertCounts[] = [];
              for (const { columns, values } of batchGroups(hotels)) written.push(await upsertHotels(values, columns, trx));
              return written;
            }));
        for (const count of done) {
          counts.inserted += count.inserted;
          counts.updated += count.updated;
          counts.unchanged += count.unchanged;
        }
        return [];
      },
      saved: () =>
        dryRun || counts.inserted + counts.updated + counts.unchanged === 0
          ? ""
          : `${counts.inserted} inserted, ${counts.updated} updated, ${counts.unchanged} unchanged`,
    },
    options,
  );
  return { ...run, ...counts, dryRun };
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
