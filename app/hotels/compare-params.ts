/**
 * The compare page (/jamfor?hotell=…&hotell=…): which hotels the address asks for, the
 * Swedish notes about what was left out, the amenity rows the hotels are compared on, and
 * the selection the "Jämför" boxes keep in the browser between list pages. Pure: shared by
 * the loader and the browser.
 */
import { AMENITY_VOCABULARY, type AmenityIconName } from "#app/hotels/amenities.ts";
import { withStay, type Stay } from "#app/utils/stay.ts";
import { href } from "react-router";
import { isUuid } from "#app/utils/uuid.ts";

/** The address parameter, once per hotel (hotels.id). */
export const COMPARE_PARAM = "hotell";
export const COMPARE_PATH = href("/jamfor");
export const MIN_COMPARED = 2;
export const MAX_COMPARED = 4;

// A uuid is 36 characters: anything much longer is not worth trimming and testing.
const MAX_VALUE_LENGTH = 100;
// An address may repeat the parameter thousands of times; nobody means more than this.
const MAX_VALUES_READ = 200;

export interface CompareReading {
  /** Hotel ids (lower case), each once, in the order given, at most MAX_COMPARED. */
  ids: string[];
  /** Why some of what was asked for is not compared, in Swedish, for the page to show. */
  notes: string[];
}

/** The hotels an address asks to compare. Never throws: what cannot be used is left out with a note. */
export function readCompareIds(params: URLSearchParams): CompareReading {
  const values = params.getAll(COMPARE_PARAM);
  const ids: string[] = [];
  let unreadable = Math.max(0, values.length - MAX_VALUES_READ);
  for (const raw of values.slice(0, MAX_VALUES_READ)) {
    const value = raw.length <= MAX_VALUE_LENGTH ? raw.trim().toLowerCase() : "";
    if (!value) {
      // An empty value (a form with nothing ticked) is no mistake worth a note.
      if (raw.length > MAX_VALUE_LENGTH) unreadable++;
      continue;
    }
    if (!isUuid(value)) unreadable++;
    else if (!ids.includes(value)) ids.push(value);
  }
  const notes: string[] = [];
  if (unreadable) notes.push(unreadableNote(unreadable));
  if (ids.length > MAX_COMPARED) notes.push(tooManyNote(ids.length));
  return { ids: ids.slice(0, MAX_COMPARED), notes };
}

export const unreadableNote = (count: number) =>
  count === 1
    ? "En hotellkod i adressen gick inte att läsa och har hoppats över."
    : `${count} hotellkoder i adressen gick inte att läsa och har hoppats över.`;

export const tooManyNote = (count: number) =>
  `Du kan jämföra högst ${MAX_COMPARED} hotell åt gången. Du valde ${count}, så vi visar de ${MAX_COMPARED} första.`;

/** For hotels the address names but the catalogue no longer has. */
export const goneNote = (count: number) =>
  count === 1
    ? "1 hotell finns inte längre och har tagits bort från jämförelsen."
    : `${count} hotell finns inte längre och har tagits bort från jämförelsen.`;

/** The compare page for these hotels, with the stay. */
export function compareHref(ids: readonly string[], stay: Stay): string {
  const query = new URLSearchParams(ids.map((id): [string, string] => [COMPARE_PARAM, id]));
  const search = query.toString();
  return withStay(`${COMPARE_PATH}${search ? `?${search}` : ""}`, stay);
}

/** The same comparison without one hotel. */
export function compareHrefWithout(ids: readonly string[], removed: string, stay: Stay): string {
  return compareHref(
    ids.filter((id) => id !== removed),
    stay,
  );
}

export interface AmenityRow {
  key: string;
  label: string;
  icon: AmenityIconName;
  /** Per hotel, in the hotels' order: whether it has the amenity. */
  has: boolean[];
}

/** One row per vocabulary amenity that any of the hotels has, in the vocabulary's order. */
export function amenityRows(hotels: ReadonlyArray<{ amenity_keys: readonly string[] }>): AmenityRow[] {
  const sets = hotels.map((hotel) => new Set(hotel.amenity_keys));
  return AMENITY_VOCABULARY.filter((entry) => sets.some((keys) => keys.has(entry.key))).map((entry) => ({
    key: entry.key,
    label: entry.label,
    icon: entry.icon,
    has: sets.map((keys) => keys.has(entry.key)),
  }));
}

/** 'hos 1 sajt', 'hos 3 sajter'. */
export const sitesLabel = (count: number) => `hos ${count} ${count === 1 ? "sajt" : "sajter"}`;

/** A hotel ticked for comparison in the browser. */
export interface ChosenHotel {
  id: string;
  name: string;
}

const MAX_NAME_LENGTH = 200;

/** The stored selection (sessionStorage), read leniently: anything malformed is dropped. */
export function parseSelection(text: string | null | undefined): ChosenHotel[] {
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const chosen: ChosenHotel[] = [];
  for (const item of value) {
    if (chosen.length >= MAX_COMPARED) break;
    if (item === null || typeof item !== "object") continue;
    const { id, name } = item as { id?: unknown; name?: unknown };
    if (typeof id !== "string" || !isUuid(id) || chosen.some((other) => other.id === id.toLowerCase())) continue;
    chosen.push({ id: id.toLowerCase(), name: typeof name === "string" ? name.slice(0, MAX_NAME_LENGTH) : "" });
  }
  return chosen;
}

/** The selection with a hotel ticked (last, while there is room) or unticked. */
export function toggleSelection(selection: readonly ChosenHotel[], hotel: ChosenHotel, chosen: boolean): ChosenHotel[] {
  const id = hotel.id.toLowerCase();
  const without = selection.filter((item) => item.id !== id);
  if (!chosen) return without;
  if (without.length !== selection.length) return [...selection];
  if (selection.length >= MAX_COMPARED || !isUuid(id)) return [...selection];
  return [...selection, { id, name: hotel.name.slice(0, MAX_NAME_LENGTH) }];
}

/** '2 av 4 hotell valda'. */
export const chosenLabel = (count: number) => `${count} av ${MAX_COMPARED} hotell valda`;
