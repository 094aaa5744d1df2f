/**
 * `node scripts/place-alternate-names.ts`: writes app/hotels/place-alternate-names.json, the
 * other spellings of places that search should find them by (decision 057), from Unicode
 * CLDR: each time-zone city's name in Swedish, English and the official languages of its
 * country ('Copenhagen': Köpenhamn, København; 'Zurich': Zürich; 'Helsinki': Helsingfors).
 * Rerun after updating the cldr-* dev dependencies; the migration step reads the file.
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { format } from "prettier";
import { placeKey } from "#app/hotels/place-names.ts";

const require = createRequire(import.meta.url);
const OUT = path.join(import.meta.dirname, "../app/hotels/place-alternate-names.json");

interface Zone {
  _alias?: string;
}
const zones = (require("cldr-bcp47/bcp47/timezone.json") as { keyword: { u: { tz: Record<string, Zone> } } }).keyword.u.tz;
const territories = (
  require("cldr-core/supplemental/territoryInfo.json") as {
    supplemental: { territoryInfo: Record<string, { languagePopulation?: Record<string, { _officialStatus?: string }> }> };
  }
).supplemental.territoryInfo;
const availableLocales = new Set(fs.readdirSync(path.dirname(require.resolve("cldr-dates-full/package.json")) + "/main"));

type ZoneNames = Record<string, Record<string, { exemplarCity?: string } & Record<string, unknown>>>;
const zoneNamesCache = new Map<string, ZoneNames>();
function zoneNames(locale: string): ZoneNames {
  let names = zoneNamesCache.get(locale);
  if (!names) {
    const file = require(`cldr-dates-full/main/${locale}/timeZoneNames.json`) as {
      main: Record<string, { dates: { timeZoneNames: { zone: ZoneNames } } }>;
    };
    names = file.main[locale]!.dates.timeZoneNames.zone;
    zoneNamesCache.set(locale, names);
  }
  return names;
}

/** A zone's city in a locale ('Europe/Copenhagen' in 'da' → 'København'), or undefined where CLDR keeps the zone id's own. */
function exemplarCity(locale: string, zoneId: string): string | undefined {
  let node: unknown = zoneNames(locale);
  for (const part of zoneId.split("/")) node = (node as Record<string, unknown> | undefined)?.[part];
  return (node as { exemplarCity?: string } | undefined)?.exemplarCity;
}

/** Swedish and English (how a Swede writes a place), then the languages of the place's own country. */
function localesOf(isoCode: string): string[] {
  const official = Object.entries(territories[isoCode]?.languagePopulation ?? {})
    .filter(([, language]) => language._officialStatus === "official" || language._officialStatus === "de_facto_official")
    .map(([language]) => language.replace(/_/g, "-"));
  return [...new Set(["sv", "en", ...official])].filter((locale) => availableLocales.has(locale));
}

const rows: Array<{ iso_code: string; location: string; names: string[] }> = [];
for (const [id, zone] of Object.entries(zones)) {
  const zoneId = zone._alias?.split(" ")[0];
  const isoCode = id.slice(0, 2).toUpperCase();
  // Zones of no city ('Etc/GMT+1') or no country ('utc', 'unk') name no place.
  if (!zoneId?.includes("/") || zoneId.startsWith("Etc/") || !territories[isoCode]) continue;
  const location = exemplarCity("en", zoneId) ?? zoneId.split("/").at(-1)!.replace(/_/g, " ");
  const seen = new Set([placeKey(location)]);
  const names: string[] = [];
  for (const locale of localesOf(isoCode)) {
    const name = exemplarCity(locale, zoneId);
    if (name && !seen.has(placeKey(name))) {
      seen.add(placeKey(name));
      names.push(name);
    }
  }
  if (names.length) rows.push({ iso_code: isoCode, location, names });
}
rows.sort((a, b) => a.iso_code.localeCompare(b.iso_code) || a.location.localeCompare(b.location));
// As the repository's formatter writes it, so a rerun with the same data changes nothing.
fs.writeFileSync(OUT, await format(JSON.stringify(rows), { parser: "json" }));
console.log(`Wrote ${rows.length} places with ${rows.reduce((sum, row) => sum + row.names.length, 0)} other names to ${OUT}.`);
