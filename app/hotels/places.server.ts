import { sql, type Kysely, type RawBuilder } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { log } from "#app/utils/log.server.ts";
import { cachedRead } from "#app/utils/catalogue-cache.server.ts";
import { MENU_SIZE } from "./menu-countries.ts";
import { placeKey } from "./place-names.ts";
import { getPlaceNames } from "#app/hotels/place-name-rows.server.ts";
import { withoutControlChars } from "#app/utils/fold-text.ts";

/**
 * The catalogue's countries and places (the catalogue_places table, which triggers on hotels
 * keep): lists for menus and filters, and what a visitor's text names. A few hundred rows,
 * however many hotels there are.
 */

type DB = Kysely<Database>;

/** A country or place to choose: the catalogue's spelling (addresses, query values) and its Swedish name. */
export interface PlaceChoice {
  value: string;
  label: string;
}

const collator = new Intl.Collator("sv-SE");
const byLabel = (a: PlaceChoice, b: PlaceChoice) => collator.compare(a.label, b.label);

/** Countries with hotels, by Swedish name in Swedish order. */
export function listCountries(db: DB = getAppDatabase().db): Promise<PlaceChoice[]> {
  return cachedRead(db, "countries", async () => {
    const [rows, names] = await Promise.all([
      db
        .selectFrom("catalogue_places")
        .select(sql<string>`min(country)`.as("country"))
        .where("hotel_count", ">", 0)
        .groupBy("country_key")
        .execute(),
      getPlaceNames(db),
    ]);
    return rows.map(({ country }) => ({ value: country, label: names.country(country) })).sort(byLabel);
  });
}

/** A country with hotels as the Destinationer menu's settings list it. */
export interface MenuCountryChoice extends PlaceChoice {
  /** ISO 3166-1 alpha-2; null for a country name the catalogue spells in a way no country has. */
  isoCode: string | null;
  hotelCount: number;
}

/**
 * Countries with hotels, with their ISO codes and hotel counts, in the Destinationer menu's
 * order: the administrator's choice (menu_countries) first, then by number of hotels, then by
 * Swedish name. The header shows the first MENU_SIZE.
 */
export function menuCountries(db: DB = getAppDatabase().db): Promise<MenuCountryChoice[]> {
  return cachedRead(db, "menu-countries", async () => {
    const [rows, chosen, names] = await Promise.all([
      db
        .selectFrom("catalogue_places")
        .select([sql<string>`min(country)`.as("country"), sql<number>`sum(hotel_count)::int`.as("hotels")])
        .where("hotel_count", ">", 0)
        .groupBy("country_key")
        .execute(),
      chosenMenuCountries(db),
      getPlaceNames(db),
    ]);
    const rank = (isoCode: string | null) => (isoCode !== null && chosen.includes(isoCode) ? chosen.indexOf(isoCode) : chosen.length);
    return rows
      .map((row) => ({
        value: row.country,
        label: names.country(row.country),
        isoCode: names.isoCode(row.country),
        hotelCount: Number(row.hotels),
      }))
      .sort((a, b) => rank(a.isoCode) - rank(b.isoCode) || b.hotelCount - a.hotelCount || byLabel(a, b));
  });
}

/** The ISO codes an administrator put first in the Destinationer menu, in order. */
export async function chosenMenuCountries(db: DB = getAppDatabase().db): Promise<string[]> {
  const rows = await db.selectFrom("menu_countries").select("iso_code").orderBy("position").execute();
  return rows.map((row) => row.iso_code);
}

/** Replaces the Destinationer menu's chosen countries (ISO codes, in order; none: by number of hotels only). */
export async function saveMenuCountries(isoCodes: readonly string[], db: DB = getAppDatabase().db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("menu_countries").execute();
    if (isoCodes.length)
      await trx
        .insertInto("menu_countries")
        .values(isoCodes.map((iso_code, position) => ({ iso_code, position })))
        .execute();
  });
}

/** The site header's Destinationer menu. A failure leaves the menu empty, not the page down. */
export async function headerCountries(): Promise<PlaceChoice[]> {
  try {
    return (await menuCountries()).slice(0, MENU_SIZE).map(({ value, label }) => ({ value, label }));
  } catch (error) {
    log.error("countries query failed", error);
    return [];
  }
}

/** Places of a country (any spelling of it), by Swedish name in Swedish order. */
/** A place of a country with how many hotels it has, for the country page's way down to its places. */
export interface CountryPlace extends PlaceChoice {
  hotelCount: number;
}

/**
 * Places of a country (any spelling of it) with their hotel counts, by Swedish name in Swedish
 * order: one cached read serves the place select and the country page's place chips.
 */
export function listCountryPlaces(country: string, db: DB = getAppDatabase().db): Promise<CountryPlace[]> {
  const key = placeKey(country);
  return cachedRead(db, `country-places:${key}`, async () => {
    const [rows, names] = await Promise.all([
      db
        .selectFrom("catalogue_places")
        .select(["country", "location", "hotel_count"])
        .where("hotel_count", ">", 0)
        .where("location_key", "<>", "")
        .where(sql<boolean>`country_key = place_key(${country})`)
        .execute(),
      getPlaceNames(db),
    ]);
    return rows
      .map((row) => ({ value: row.location, label: names.place(row.country, row.location), hotelCount: row.hotel_count }))
      .sort(byLabel);
  });
}

/** The places of a country for a place select: Swedish names, the catalogue's spelling as the value. */
export async function listLocations(country: string, db: DB = getAppDatabase().db): Promise<PlaceChoice[]> {
  return (await listCountryPlaces(country, db)).map(({ value, label }) => ({ value, label }));
}

export interface PlaceOption {
  id: string;
  location: string;
  country: string;
  location_name: string;
  country_name: string;
  hotel_count: number;
}

/** Every place with its country, in Swedish order of place (then of country). */
export function listLocationsWithCountry(db: DB = getAppDatabase().db): Promise<PlaceOption[]> {
  return cachedRead(db, "places-with-country", async () => {
    const [rows, names] = await Promise.all([
      db
        .selectFrom("catalogue_places")
        .select(["country", "location", "hotel_count"])
        .where("hotel_count", ">", 0)
        .where("location_key", "<>", "")
        .execute(),
      getPlaceNames(db),
    ]);
    return rows
      .map((row) => ({
        id: `${row.country}-${row.location}`,
        location: row.location,
        country: row.country,
        location_name: names.place(row.country, row.location),
        country_name: names.country(row.country),
        hotel_count: row.hotel_count,
      }))
      .sort((a, b) => collator.compare(a.location_name, b.location_name) || collator.compare(a.country_name, b.country_name));
  });
}

/** Whether any hotel is in New York: the default chips then show it, else Stockholm. */
export async function hasNewYork(db: DB = getAppDatabase().db): Promise<boolean> {
  const row = await db
    .selectFrom("catalogue_places")
    .select("hotel_count")
    .where("location_key", "=", "new york")
    .where("hotel_count", ">", 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** What a visitor typed, without control characters (PostgreSQL text cannot hold NUL) and excess length. */
const readable = (typed: string) => withoutControlChars(typed).trim().slice(0, 200);

/** Keys of every spelling of the country a text names ('sverige' → 'sweden', 'sverige', 'konungariket sverige'…) and the text's own. */
function countryKeysOf(text: string) {
  return sql`(
    select other.name_key from country_names named
    join country_names other on other.iso_code = named.iso_code
    where named.name_key = place_key(${text})
    union all select place_key(${text})
  )`;
}

/** Keys of the catalogue's spellings of a place named in any language ('göteborg' → 'gothenburg') and the text's own. */
function locationKeysOf(text: string) {
  return sql`(
    select location_key from place_names where name_sv_key = place_key(${text})
    union all select location_key from place_alternate_names where name_key = place_key(${text})
    union all select place_key(${text})
  )`;
}

/**
 * The country a visitor's text names, in the catalogue's spelling ('sverige', 'sweden',
 * 'Konungariket Sverige' → 'Sweden'); null when no hotel is in such a country.
 */
export async function resolveCountry(typed: string, db: DB = getAppDatabase().db): Promise<string | null> {
  const text = readable(typed);
  if (!placeKey(text)) return null;
  const row = await db
    .selectFrom("catalogue_places")
    .select("country")
    .where("hotel_count", ">", 0)
    .where(sql<boolean>`country_key in ${countryKeysOf(text)}`)
    .orderBy("hotel_count", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.country ?? null;
}

/**
 * The place a visitor's text names, in the catalogue's spelling: in the given country (any
 * spelling of it), or in the country where it has the most hotels; null when there is none.
 * One query, also for a /{country}/{place} address (findPlace).
 */
export async function resolvePlace(
  typed: string,
  country: string | null,
  db: DB = getAppDatabase().db,
): Promise<{ country: string; location: string } | null> {
  const text = readable(typed);
  if (!placeKey(text)) return null;
  let query = db
    .selectFrom("catalogue_places")
    .select(["country", "location"])
    .where("hotel_count", ">", 0)
    .where("location_key", "<>", "")
    .where(sql<boolean>`location_key in ${locationKeysOf(text)}`);
  if (country !== null) query = query.where(sql<boolean>`country_key in ${countryKeysOf(readable(country))}`);
  const row = await query.orderBy("hotel_count", "desc").limit(1).executeTakeFirst();
  return row ? { country: row.country, location: row.location } : null;
}

/** The place a /{country}/{location} address means, in the catalogue's spelling; any spelling of either finds it. */
export function findPlace(country: string, location: string, db: DB = getAppDatabase().db) {
  return resolvePlace(location, country, db);
}

export interface NamedCountry {
  country: string;
  country_key: string;
  hotel_count: number;
  /** Named by one of its names as a whole (case and accents aside), not by its start or with a typo. */
  exact: boolean;
}

export interface NamedLocation extends NamedCountry {
  location: string;
  location_key: string;
}

/** Shortest word a typo is forgiven in: shorter words have too many near neighbours. */
export const TYPO_MIN_LENGTH = 5;

/**
 * Countries and places a visitor's text names: by any spelling (Swedish or English, with or
 * without accents), with a typo in a word of five letters or more (pg_trgm similarity) and,
 * with `prefix`, by the start of a name (as typed into the search box). Most hotels first;
 * the caller ranks by how well each name matches.
 */
export async function placesNamedBy(
  text: string,
  options: { prefix: boolean; limit?: number; typos?: boolean },
  db: DB = getAppDatabase().db,
): Promise<{ countries: NamedCountry[]; places: NamedLocation[] }> {
  const key = placeKey(readable(text));
  if (!key) return { countries: [], places: [] };
  const starts = `${key.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const typo = options.typos !== false && key.length >= TYPO_MIN_LENGTH;
  const matches = (column: string): RawBuilder<boolean> =>
    sql<boolean>`(${sql.ref(column)} = ${key}${options.prefix ? sql` or ${sql.ref(column)} like ${starts}` : sql``}${
      typo ? sql` or ${sql.ref(column)} % ${key}` : sql``
    })`;
  const limit = options.limit ?? 10;
  const countryNamed = (condition: (column: string) => RawBuilder<boolean>) => sql<boolean>`country_key in (
    select other.name_key from country_names named
    join country_names other on other.iso_code = named.iso_code
    where ${condition("named.name_key")}
    union all select country_key from catalogue_places where ${condition("country_key")}
  )`;
  // A place's other names are its country's: København is Copenhagen in Denmark only.
  const placeNamed = (condition: (column: string) => RawBuilder<boolean>) =>
    sql<boolean>`(${condition("location_key")}
      or location_key in (select location_key from place_names where ${condition("name_sv_key")})
      or (country_key, location_key) in (
        select country.name_key, alt.location_key from place_alternate_names alt
        join country_names country on country.iso_code = alt.iso_code
        where ${condition("alt.name_key")}
      ))`;
  const same = (column: string) => sql<boolean>`${sql.ref(column)} = ${key}`;
  const [countries, places] = await Promise.all([
    db
      .selectFrom("catalogue_places")
      .select([
        "country_key",
        sql<string>`min(country)`.as("country"),
        sql<number>`sum(hotel_count)::integer`.as("hotel_count"),
        countryNamed(same).as("exact"),
      ])
      .where("hotel_count", ">", 0)
      .where(countryNamed(matches))
      .groupBy("country_key")
      // A place named outright is never cut for a bigger one named with a typo.
      .orderBy(sql`exact desc`)
      .orderBy("hotel_count", "desc")
      .limit(limit)
      .execute(),
    db
      .selectFrom("catalogue_places")
      .select(["country", "location", "country_key", "location_key", "hotel_count", placeNamed(same).as("exact")])
      .where("hotel_count", ">", 0)
      .where("location_key", "<>", "")
      .where(placeNamed(matches))
      .orderBy(sql`exact desc`)
      .orderBy("hotel_count", "desc")
      .limit(limit)
      .execute(),
  ]);
  return { countries, places };
}

/**
 * The places whose name (the catalogue's, the Swedish or another spelling) is closest to a
 * word or run of words in a text that found nothing ('stokholmm qwzx' → Stockholm): for "Menade
 * du …?". pg_trgm's word similarity over the few hundred places, best first.
 */
export async function placesCloseTo(
  text: string,
  limit: number,
  db: DB = getAppDatabase().db,
): Promise<Array<{ country: string; location: string; closeness: number }>> {
  const key = placeKey(readable(text));
  if (key.length < 3) return [];
  const closeness = sql<number>`greatest(
    word_similarity(location_key, ${key}),
    coalesce((select max(word_similarity(name_sv_key, ${key})) from place_names where place_names.location_key = catalogue_places.location_key), 0),
    coalesce((select max(word_similarity(alt.name_key, ${key})) from place_alternate_names alt
      join country_names country on country.iso_code = alt.iso_code
      where alt.location_key = catalogue_places.location_key and country.name_key = catalogue_places.country_key), 0)
  )`;
  return (
    db
      .selectFrom(
        db
          .selectFrom("catalogue_places")
          .select(["country", "location", "hotel_count", closeness.as("closeness")])
          .where("hotel_count", ">", 0)
          .where("location_key", "<>", "")
          .as("places"),
      )
      .selectAll()
      // Half a name's trigrams in common: 'stokholmm' is Stockholm, 'xyzzyq' nothing.
      .where("closeness", ">=", 0.5)
      .orderBy("closeness", "desc")
      .orderBy("hotel_count", "desc")
      .limit(limit)
      .execute()
      .then((rows) => rows.map(({ country, location, closeness: value }) => ({ country, location, closeness: Number(value) })))
  );
}
