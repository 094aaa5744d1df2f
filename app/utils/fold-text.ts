/** Letters that Unicode does not decompose into a base letter and a mark, written the way unaccent() writes them. */
const TRANSLITERATIONS: Record<string, string> = { æ: "ae", ø: "o", œ: "oe", ß: "ss", ð: "d", þ: "th", ł: "l", đ: "d", ı: "i" };

/**
 * Lower case, without accents, every letter in its plain Latin form: 'Malmö' → 'malmo',
 * 'Tromsø' → 'tromso', 'Straße' → 'strasse'. The base of slugs, place keys and request matching.
 */
export function foldText(value: string): string {
  return value
    .toLowerCase()
    .replace(/[æøœßðþłđı]/g, (letter) => TRANSLITERATIONS[letter] ?? letter)
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "");
}
