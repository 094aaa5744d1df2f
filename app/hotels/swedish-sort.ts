/** Place names: Swedish alphabetical order (Å, Ä, Ö after Z), the same on every database driver. */
const swedish = new Intl.Collator("sv-SE", { sensitivity: "base" });

export const compareSwedish = (a: string, b: string) => swedish.compare(a, b) || a.localeCompare(b);

/** Distinct, non-blank names in Swedish order. */
export function sortSwedish(names: Iterable<string | null | undefined>): string[] {
  const unique = new Set<string>();
  for (const name of names) {
    const trimmed = name?.trim();
    if (trimmed) unique.add(trimmed);
  }
  return [...unique].sort(compareSwedish);
}
