import { sql, type Kysely } from "kysely";
import countryNames from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json" with { type: "json" };
import sv from "i18n-iso-countries/langs/sv.json" with { type: "json" };
import alternateNames from "#app/hotels/place-alternate-names.json" with { type: "json" };
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { cachedRead } from "#app/utils/catalogue-cache.server.ts";
import { placeKey, placeNames, type PlaceNames } from "#app/hotels/place-names.ts";

type DB = Kysely<Database>;

countryNames.registerLocale(en);
countryNames.registerLocale(sv);

/**
 * Fills the countries and every spelling of them (English and Swedish, official and common:
 * 'United States', 'USA', 'Czech Republic', 'Tjeckien') from the country-name library. Runs on
 * every migrate; rows already there are left alone, so an edited name stays edited.
 */
export async function syncCountryNames(db: DB = getAppDatabase().db): Promise<void> {
  const english = countryNames.getNames("en", { select: "all" });
  const swedish = countryNames.getNames("sv", { select: "all" });
  const countries = Object.entries(countryNames.getNames("en", { select: "official" })).map(([iso_code, name]) => ({
    iso_code,
    name,
    name_sv: countryNames.getName(iso_code, "sv", { select: "official" }) ?? name,
  }));
  const spellings = new Map<string, string>();
  for (const { iso_code } of countries) {
    // Not the bare ISO codes: 'no', 'it' and 'is' are words a visitor types for other reasons.
    for (const name of [...(english[iso_code] ?? []), ...(swedish[iso_code] ?? [])]) {
      const key = placeKey(name);
      // A name shared by two countries stays with the first.
      if (key && !spellings.has(key)) spellings.set(key, iso_code);
    }
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("countries")
      .values(countries)
      .onConflict((oc) => oc.column("iso_code").doNothing())
      .execute();
    // Keys go through the database's own place_key, the one the hotels' keys come from.
    await sql`
      insert into country_names (name_key, iso_code)
      select place_key(spelling.name), spelling.iso_code
      from unnest(${[...spellings.keys()]}::text[], ${[...spellings.values()]}::text[]) as spelling(name, iso_code)
      where place_key(spelling.name) <> ''
      on conflict (name_key) do nothing
    `.execute(trx);
  });
}

/**
 * Fills the other spellings of places (København, Helsingfors) from the CLDR extract
 * (scripts/place-alternate-names.ts, decision 057). Runs on every migrate; rows are only
 * added, so one an administrator or feed added stays.
 */
export async function syncPlaceAlternateNames(db: DB = getAppDatabase().db): Promise<void> {
  const rows = alternateNames.flatMap((place) => place.names.map((name) => [place.iso_code, place.location, name] as const));
  // Keys through the database's own place_key, as the hotels' keys are.
  await sql`
    insert into place_alternate_names (iso_code, location_key, name_key)
    select alt.iso_code, place_key(alt.location), place_key(alt.name)
    from unnest(${rows.map((row) => row[0])}::text[], ${rows.map((row) => row[1])}::text[], ${rows.map((row) => row[2])}::text[])
      as alt(iso_code, location, name)
    where place_key(alt.name) <> '' and place_key(alt.location) <> ''
    on conflict do nothing
  `.execute(db);
}

/** The Swedish names of countries and places, read once a minute per process. */
export function getPlaceNames(db: DB = getAppDatabase().db): Promise<PlaceNames> {
  return cachedRead(db, "place-names", async () => {
    const [countries, places] = await Promise.all([
      db
        .selectFrom("country_names")
        .innerJoin("countries", "countries.iso_code", "country_names.iso_code")
        .select(["country_names.name_key", "countries.iso_code", "countries.name_sv"])
        .execute(),
      db.selectFrom("place_names").select(["iso_code", "location_key", "name_sv"]).execute(),
    ]);
    return placeNames(countries, places);
  });
}
