/**
 * Swedish names of countries and places. Addresses keep the catalogue's own spelling
 * (/Sweden/Gothenburg); what a visitor reads is the Swedish name (Sverige, Göteborg). The
 * names come from the database (countries, country_names, place_names); this module only
 * looks them up, so it runs on the server and in the browser alike.
 */

import { foldText } from "#app/utils/fold-text.ts";

/**
 * The key a country or place is matched by, as the database's place_key(): case, accents,
 * hyphens, underscores and runs of whitespace do not matter ('Malmö' and 'malmo' agree).
 */
export function placeKey(value: string): string {
  return foldText(value)
    .replace(/[\s_-]+/g, " ")
    .trim();
}

export interface CountryNameRow {
  /** placeKey of one spelling of the country. */
  name_key: string;
  iso_code: string;
  name_sv: string;
}

export interface PlaceNameRow {
  iso_code: string;
  /** placeKey of the catalogue's spelling of the place. */
  location_key: string;
  name_sv: string;
}

/** Translates the catalogue's country and place names into the Swedish names a visitor reads. */
export interface PlaceNames {
  /** 'Sweden' → 'Sverige'; a name nobody has translated is shown as stored. */
  country(country: string): string;
  /** ('Sweden', 'Gothenburg') → 'Göteborg'. */
  place(country: string, location: string): string;
  /** 'Sweden' → 'SE'; null for a name that is no known country. */
  isoCode(country: string): string | null;
}

export function placeNames(countries: readonly CountryNameRow[], places: readonly PlaceNameRow[]): PlaceNames {
  const countryByKey = new Map(countries.map((row) => [row.name_key, row]));
  const placeByKey = new Map(places.map((row) => [`${row.iso_code}|${row.location_key}`, row.name_sv]));
  const countryOf = (country: string) => countryByKey.get(placeKey(country));
  return {
    country: (country) => countryOf(country)?.name_sv ?? country,
    place: (country, location) => {
      const iso = countryOf(country)?.iso_code;
      return (iso && placeByKey.get(`${iso}|${placeKey(location)}`)) || location;
    },
    isoCode: (country) => countryOf(country)?.iso_code ?? null,
  };
}

/** Names as stored: for code that runs before the names are loaded, and for tests. */
export const UNTRANSLATED: PlaceNames = { country: (country) => country, place: (_country, location) => location, isoCode: () => null };

/** A hotel or place with its Swedish names beside the stored ones (which addresses use). */
export interface NamedPlace {
  country: string;
  location: string;
  country_name: string;
  location_name: string;
}

/** Adds the Swedish names to anything with a country and a place. */
export function withPlaceNames<T extends { country: string; location: string }>(names: PlaceNames, item: T): T & NamedPlace {
  return { ...item, country_name: names.country(item.country), location_name: names.place(item.country, item.location) };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A feed's postal address as a Swede reads it: the hotel's own place and country in Swedish
 * ("Hamngatan 34, Linnéstaden, Gothenburg" → "…, Göteborg"; "Nyhavn 71, 1051 Copenhagen" →
 * "Nyhavn 71, 1051 Köpenhamn"). Only whole parts, or a place after a postcode, are renamed: a
 * street named after the town stays as the feed writes it.
 */
export function addressInSwedish(address: string | null, place: NamedPlace): string | null {
  if (!address) return address;
  const location = placeKey(place.location);
  const country = placeKey(place.country);
  const afterPostcode = place.location ? new RegExp(`^(.*\\d\\s+)${escapeRegExp(place.location)}$`, "iu") : null;
  return address
    .split(",")
    .map((part) => {
      const trimmed = part.trim();
      const key = placeKey(trimmed);
      if (location && key === location) return part.replace(trimmed, place.location_name);
      if (country && key === country) return part.replace(trimmed, place.country_name);
      const postcode = afterPostcode?.exec(trimmed);
      return postcode ? part.replace(trimmed, `${postcode[1]}${place.location_name}`) : part;
    })
    .join(",");
}

/** The address without the hotel's place and country, for JSON-LD's streetAddress beside addressLocality. */
export function streetAddress(address: string | null, place: NamedPlace): string | null {
  const kept = (addressInSwedish(address, place) ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part && part !== place.location_name && part !== place.country_name);
  return kept.length ? kept.join(", ") : null;
}
