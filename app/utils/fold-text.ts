/**
 * Text rules below every feature: folding for matching, cleaning what a visitor typed, LIKE
 * patterns and the stored form of an e-mail address.
 */

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

/** Control characters never belong in a search or a place name (and PostgreSQL text cannot hold NUL). */
export const withoutControlChars = (value: string) => value.replace(/[\u0000-\u001f\u007f]/g, " ");

/** Removes trailing periods (and surrounding space) from a query or id before use. */
export function stripTrailingPeriod(value: string): string {
  return value.trim().replace(/\.+$/, "").trimEnd();
}

/**
 * Escapes LIKE metacharacters so the visitor's text is matched literally, and strips a
 * trailing period. Blank input gives undefined: no filter.
 */
export function likePattern(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const cleaned = stripTrailingPeriod(withoutControlChars(value));
  if (!cleaned) return undefined;
  return `%${escapeLike(cleaned)}%`;
}

/** `value` with LIKE's metacharacters escaped, to be matched literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The form of an e-mail address that accounts are stored and looked up by. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
