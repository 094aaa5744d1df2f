/**
 * The conditions of an offer a visitor can ask for (`villkor=` in the address, repeatable): each a
 * bit of rate_plans.conditions. The price a hotel shows is then the cheapest offer that meets all
 * of them (DESIGN.md §4.11). Pure; shared by server and browser.
 */

export const CONDITIONS_PARAM = "villkor";

export const CONDITIONS = [
  { key: "frukost", bit: 1, label: "Frukost ingår", filterLabel: "Frukost ingår" },
  { key: "avbokning", bit: 2, label: "Gratis avbokning", filterLabel: "Gratis avbokning" },
  { key: "betala-pa-hotellet", bit: 4, label: "Betala på hotellet", filterLabel: "Betala på hotellet" },
] as const;

export type ConditionKey = (typeof CONDITIONS)[number]["key"];
export const CONDITION_KEYS: readonly ConditionKey[] = CONDITIONS.map((condition) => condition.key);

/** No condition asked for. */
export const ANY_CONDITIONS = 0;

export const isConditionKey = (value: string): value is ConditionKey => (CONDITION_KEYS as readonly string[]).includes(value);

/** The bits of the given keys. */
export function conditionsMask(keys: readonly ConditionKey[]): number {
  return CONDITIONS.reduce((mask, condition) => (keys.includes(condition.key) ? mask | condition.bit : mask), 0);
}

/** The keys of a mask, in the order of CONDITIONS. */
export function conditionKeys(mask: number): ConditionKey[] {
  return CONDITIONS.filter((condition) => (mask & condition.bit) !== 0).map((condition) => condition.key);
}

/** True when an offer with `offered` conditions meets every condition in `wanted`. */
export const meetsConditions = (offered: number, wanted: number) => (offered & wanted) === wanted;

export interface ConditionsReading {
  keys: ConditionKey[];
  mask: number;
  /** Values that name no condition, for the page to say so (in Swedish). */
  notes: string[];
}

/** The conditions an address asks for; unknown values are left out with a note. */
export function readConditions(params: URLSearchParams): ConditionsReading {
  const keys: ConditionKey[] = [];
  const unknown: string[] = [];
  for (const raw of params.getAll(CONDITIONS_PARAM)) {
    const value = raw.trim().toLowerCase();
    if (!value) continue;
    if (isConditionKey(value)) {
      if (!keys.includes(value)) keys.push(value);
    } else if (unknown.length < 3) unknown.push(raw.replace(/[\u0000-\u001f\u007f]/g, " ").slice(0, 40));
  }
  const ordered = CONDITION_KEYS.filter((key) => keys.includes(key));
  const notes = unknown.map((value) => `Villkoret ”${value}” finns inte, så det används inte.`);
  return { keys: ordered, mask: conditionsMask(ordered), notes };
}
