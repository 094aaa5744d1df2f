/**
 * The offers feed importer (`npm run import -- --offers`): reads a partner's CSV, JSON or
 * NDJSON offers feed as the hotel feed is read (app/feed/feed-stream.server.ts), checks each
 * row (app/feed/offer-feed-row.ts), and per batch looks up its hotels and partners, rejects
 * the rows whose hotel or partner does not exist or whose URL is not on the partner's host,
 * and upserts the rest by hotel and partner, one transaction per batch. With `full`, the feed
 * is each named partner's complete list: their offers it did not list are marked gone. See
 * docs/decisions/021-offer-feeds.md.
 */
import { pricesChanged } from "#app/prices/price-changes.server.ts";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Kysely } from "kysely";
import { OFFER_FIELDS, offerFieldName, parseOfferRow, type FeedOffer } from "./offer-feed-row.ts";
import { runFeed, type FeedItem, type FeedKind, type FeedReadOptions, type FeedRunReport } from "./feed-stream.server.ts";
import {
  countOfferChanges,
  hotelIdsByFeedId,
  markUntouchedOffersGone,
  partnerHosts,
  upsertOffers,
  type OfferCounts,
  type OfferValues,
} from "#app/offers/offer-rows.server.ts";
import { isKnownHost } from "#app/outbound/redirect-params.ts";
import type { Database } from "#app/db/schema.ts";

export interface OfferImportOptions extends FeedReadOptions {
  /** Check every row and count what would change, but write nothing to the database. */
  dryRun?: boolean;
  /** The feed is the complete list of each partner it names: mark their other offers gone. */
  full?: boolean;
  /** What "the future" is measured from (tests). */
  now?: Date;
}

export interface OfferImportReport extends FeedRunReport, OfferCounts {
  dryRun: boolean;
  full: boolean;
  /** Partners named by the feed's valid rows that exist, sorted. */
  partners: string[];
  /** Offers of those partners that a full feed no longer lists, marked gone (0 without `full`, or on a dry run). */
  markedGone: number;
  /**
   * Partners a full feed did not sweep because the database check refused more than half of
   * their rows: a feed that broke (a partner's new host, a catalogue mix-up) must not empty
   * their prices. Their listed offers were still written.
   */
  heldBack: string[];
}

/** Whether an offer timestamp is before another; none means "as of this import", the newest. */
const isOlder = (at: Date | null, than: Date | null) => at !== null && (than === null || at.getTime() < than.getTime());

/** A full feed sweeps a partner's unlisted offers only when at least half its rows were usable. */
const MAX_REFUSED_SHARE_TO_SWEEP = 0.5;

/**
 * No key: a batch keeps every row until its hotel and partner are checked, so a later row
 * that the database check refuses does not replace an earlier good one; of the valid rows, the
 * newer wins (by updated_at; the later of two as new).
 */
function offerFeed(now: Date, named: Set<string>): FeedKind<FeedOffer> {
  return {
    plural: "offers",
    requiredColumns: ["hotel_id", "partner"],
    columnName: offerFieldName,
    isKnownField: (field) => OFFER_FIELDS.includes(offerFieldName(field)),
    parse(row) {
      const result = parseOfferRow(row, now);
      if (!result.ok) return result;
      named.add(result.offer.partner);
      return { ok: true, value: result.offer };
    },
  };
}

/**
 * Imports an offers feed into hotel_offers. Throws FeedError when the file cannot be read as
 * a feed (or the database fails); batches written before that stay written, and nothing is
 * marked gone.
 */
export async function importOfferFeed(
  file: string,
  options: OfferImportOptions = {},
  db: Kysely<Database> = getAppDatabase().db,
): Promise<OfferImportReport> {
  const dryRun = options.dryRun ?? false;
  const full = options.full ?? false;
  const counts: OfferCounts = { inserted: 0, updated: 0, unchanged: 0, older: 0 };
  const named = new Set<string>();
  const known = new Set<string>();
  let duplicates = 0;
  // With `full`: the hotels (hotels.id) each partner's rows were written for, this run.
  const touched = new Map<string, string[]>();
  // Rows per partner that reached the database check, and how many it refused.
  const checkedRows = new Map<string, { rows: number; refused: number }>();

  const write = async (items: FeedItem<FeedOffer>[]) => {
    const rejected: Array<{ item: FeedItem<FeedOffer>; reason: string }> = [];
    const check = async (reader: Kysely<Database>) => {
      const [hotels, partners] = await Promise.all([
        hotelIdsByFeedId(
          items.map((item) => item.value.hotel_id),
          reader,
        ),
        partnerHosts(
          items.map((item) => item.value.partner),
          reader,
        ),
      ]);
      const accepted = new Map<string, OfferValues>();
      for (const item of items) {
        const offer = item.value;
        const hotelId = hotels.get(offer.hotel_id);
        const host = partners.get(offer.partner);
        const problems: string[] = [];
        if (hotelId === undefined) problems.push(`hotel_id ${JSON.stringify(offer.hotel_id)} is not a hotel in the catalogue`);
        if (host === undefined) problems.push(`partner ${JSON.stringify(offer.partner)} is not a known partner`);
        else if (!isKnownHost(offer.host, [host])) {
          problems.push(`url is on ${offer.host}, not on the partner's host ${host}`);
        }
        if (host !== undefined) known.add(offer.partner);
        const tally = checkedRows.get(offer.partner) ?? { rows: 0, refused: 0 };
        tally.rows++;
        if (problems.length) tally.refused++;
        checkedRows.set(offer.partner, tally);
        if (problems.length) rejected.push({ item, reason: problems.join("; ") });
        else {
          const key = `${offer.partner}\u0000${hotelId}`;
          const earlier = accepted.get(key);
          if (earlier) {
            duplicates++;
            // The newer row wins, the later one of two as new; a row without a timestamp is current now.
            if (isOlder(offer.updated_at, earlier.updated_at)) continue;
            accepted.delete(key);
          }
          accepted.set(key, {
            hotel_id: hotelId!,
            partner_id: offer.partner,
            price_per_night: offer.price_per_night,
            currency: offer.currency,
            landing_url: offer.url,
            breakfast_included: offer.breakfast_included,
            free_cancellation: offer.free_cancellation,
            updated_at: offer.updated_at,
          });
        }
      }
      return [...accepted.values()];
    };

    let done: OfferCounts;
    let accepted: OfferValues[];
    if (dryRun) {
      accepted = await check(db);
      done = await countOfferChanges(accepted, db);
    } else {
      ({ accepted, done } = await db.transaction().execute(async (trx) => {
        const rows = await check(trx);
        return { accepted: rows, done: await upsertOffers(rows, trx) };
      }));
    }
    counts.inserted += done.inserted;
    counts.updated += done.updated;
    counts.unchanged += done.unchanged;
    counts.older += done.older;
    if (full && !dryRun) {
      for (const offer of accepted) {
        const list = touched.get(offer.partner_id);
        if (list) list.push(offer.hotel_id);
        else touched.set(offer.partner_id, [offer.hotel_id]);
      }
    }
    return rejected;
  };

  const run = await runFeed(
    file,
    offerFeed(options.now ?? new Date(), named),
    {
      write,
      saved: () =>
        dryRun || counts.inserted + counts.updated + counts.unchanged === 0
          ? ""
          : `${counts.inserted} inserted, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.older} older than stored; no offers were marked gone`,
    },
    options,
  );

  const partners = [...named].filter((partner) => known.has(partner)).sort();
  let markedGone = 0;
  const heldBack = partners.filter((partner) => {
    const tally = checkedRows.get(partner);
    return tally !== undefined && tally.refused > tally.rows * MAX_REFUSED_SHARE_TO_SWEEP;
  });
  if (full && !dryRun) {
    // Every existing partner the feed named says it offers none of the hotels it did not list,
    // unless most of its rows were refused: then the feed, not the offers, is what went wrong.
    const swept = partners.filter((partner) => !heldBack.includes(partner));
    markedGone = await markUntouchedOffersGone(new Map(swept.map((partner) => [partner, touched.get(partner) ?? []])), db);
  }
  if (!dryRun) await pricesChanged("import");
  return { ...run, ...counts, duplicates: run.duplicates + duplicates, dryRun, full, partners, markedGone, heldBack };
}
