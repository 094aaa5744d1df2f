/**
 * Writes to the catalogue invalidate the caches by themselves (decision 063). The tables below
 * are what published pages show; a statement-level trigger on each (migration
 * 20261203000000_catalogue_change_notices) sends a notice on the change channel at commit, which
 * every app server hears (db/change-notices.server.ts for PostgreSQL, PGlite's own listener for
 * the embedded database) and answers by dropping its kept copies. The writing process also drops
 * them the moment its statement has run (noteStatement, fed by the database handle's query log),
 * so its next read sees its own write without waiting for the notice.
 */
import { dropKeptCopies } from "#app/utils/catalogue-cache.server.ts";

/** Tables whose rows published pages show; the migration puts the trigger on each. */
export const CATALOGUE_TABLES = [
  "hotels",
  "hotels_blog_posts",
  "popular_locations",
  "popular_destinations",
  "menu_countries",
  "partners",
  "hotel_offers",
  "countries",
  "country_names",
  "place_names",
  "place_alternate_names",
  "catalogue_places",
  "fx_rates",
  "rate_plans",
  "nightly_rates",
  "itinerary_prices",
  "sold_out_itineraries",
  "hotel_lead_prices",
  "place_landmarks",
] as const;

const CATALOGUE_WRITE = new RegExp(
  `\\b(?:insert\\s+into|update|delete\\s+from|truncate(?:\\s+table)?|merge\\s+into)\\s+(?:only\\s+)?(?:"?public"?\\.)?"?(?:${CATALOGUE_TABLES.join("|")})"?(?![\\w])`,
  "i",
);

// A write's verb and table come first (or in a WITH before it): the rest of a bulk insert's text is its values.
const LOOK_AT = 4_000;

/** Whether a statement's SQL writes a catalogue table. */
export function writesCatalogue(sql: string): boolean {
  return CATALOGUE_WRITE.test(sql.length > LOOK_AT ? sql.slice(0, LOOK_AT) : sql);
}

/** Called with every statement the app's database handles ran: a catalogue write drops this process's copies. */
export function noteStatement(sql: string): void {
  if (writesCatalogue(sql)) dropKeptCopies();
}
