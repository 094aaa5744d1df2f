/**
 * What an AI provider's words may not carry to a visitor (decision 048): an address (a URL,
 * also written as `www.x.se`, a bare `evil-booking.com`, `hxxp://`, `evil[.]com`, punycode), an
 * e-mail address, a telephone number, or the name of a hotel we do not have. Pure rules: the
 * engine drops or replaces the text they find, so the visitor reads only what our catalogue
 * grounds.
 *
 * Rules, chosen to catch the hostile without blocking ordinary Swedish prose:
 * - A bare domain is `name.tld` where the name has at least two characters (so `e.Kr.` and
 *   `t.ex.` are prose) and the tld is a country code (any two letters Intl knows as a region,
 *   plus uk, eu, ac), a common generic one from the list below, or punycode (`xn--…`). With
 *   `www.` or a scheme (http, https, hxxp, ftp) any name counts.
 * - A telephone number is a run of digits joined by spaces, hyphens, slashes or parentheses:
 *   7 digits or more when it starts with `+` or `0` (`+46 8 123 45 67`, `08-123 45 67`,
 *   `070-123 45 67`), 9 or more otherwise. Prices (`1 290 kr`), times (`07.00-10.00`) and
 *   dates (`2026-11-30`) stay below that.
 * - A hotel's name is a lodging word (Hotel, Hotell, Hostel, Inn, Resort, Motel, Lodge,
 *   Vandrarhem, Pensionat …) next to capitalised words: after it in any case (`hotell Diplomat`,
 *   `Hotel Diplomat`), or before it when the word itself is capitalised (`Grand Hotel`). Known
 *   when it and one of our candidates' names contain one another (case and accents aside).
 */

export type ProviderTextProblem = "url" | "email" | "phone" | "unknown-hotel";

const GENERIC_TLDS = new Set(
  (
    "com net org info biz name pro mobi asia tel travel jobs io co ai app dev xyz online site website web shop store top club " +
    "hotel hotels booking bike taxi tours holiday vacations flights reise reisen tech link live life world today email click " +
    "space fun icu vip win bid loan men work page blog news cloud host support help services solutions center digital"
  ).split(" "),
);
const OTHER_COUNTRY_TLDS = new Set(["uk", "eu", "ac", "su"]);
const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

function isTld(label: string): boolean {
  const tld = label.toLowerCase();
  if (tld.startsWith("xn--")) return true;
  if (GENERIC_TLDS.has(tld) || OTHER_COUNTRY_TLDS.has(tld)) return true;
  if (!/^[a-z]{2}$/.test(tld)) return false;
  try {
    return regionNames.of(tld.toUpperCase()) !== tld.toUpperCase();
  } catch {
    return false;
  }
}

/** Obfuscated dots and schemes written out: `evil[.]com`, `evil (dot) com`, `hxxps://`. */
function unmask(text: string): string {
  return text
    .replace(/\s*[[({]\s*(?:\.|dot|punkt)\s*[\])}]\s*/gi, ".")
    .replace(/\s+(?:dot|punkt)\s+/gi, ".")
    .replace(/\s*[[({]\s*(?:at|snabel-a)\s*[\])}]\s*/gi, "@");
}

const SCHEME = /\b(?:h[xt]{2}ps?|ftp)s?:\/\/\S+|\bwww\d?\.[\p{L}\d-]+(?:\.[\p{L}\d-]+)*/giu;
const DOMAIN = /(?<![\p{L}\d@.-])((?:[\p{L}\d](?:[\p{L}\d-]*[\p{L}\d])?\.)+)([\p{L}]{2,24}|xn--[a-z\d-]+)(?![\p{L}\d-]|\.[\p{L}\d])/giu;
const EMAIL = /[\p{L}\d._%+-]+@[\p{L}\d-]+(?:\.[\p{L}\d-]+)+/giu;
const PHONE = /(?:\+|\b)\d(?:[ \u00a0\-/()]{0,3}\d){6,}/g;

function hasUrl(text: string): boolean {
  if (new RegExp(SCHEME.source, SCHEME.flags).test(text)) return true;
  for (const match of text.matchAll(new RegExp(DOMAIN.source, DOMAIN.flags))) {
    const labels = match[1]!.split(".");
    if (labels.some((label) => label.toLowerCase().startsWith("xn--"))) return true;
    if (labels[0]!.length >= 2 && isTld(match[2]!)) return true;
  }
  return false;
}

function hasPhone(text: string): boolean {
  for (const match of text.matchAll(PHONE)) {
    const run = match[0].trim();
    const digits = run.replace(/\D/g, "").length;
    if (/^\d{4}-\d{2}-\d{2}$/.test(run)) continue;
    if (digits >= (/^[+0(]/.test(run) ? 7 : 9) && digits <= 17) return true;
  }
  return false;
}

const LODGING_WORDS = ["hotel", "hotell", "hôtel", "hostel", "vandrarhem", "inn", "resort", "motel", "lodge", "suites", "pensionat"];
const LODGING_MORE = ["gästhem", "gästgiveri", "guesthouse", "b&b"];
// Without the i flag: with it, \p{Lu} would match small letters too.
const anyCase = (word: string) => `[${word[0]!.toUpperCase()}${word[0]}]${word.slice(1)}`;
const LODGING = [...LODGING_WORDS, ...LODGING_MORE].map(anyCase).join("|");
const CAPITALISED_LODGING = LODGING_WORDS.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("|");
const NAME_WORD = String.raw`\p{Lu}[\p{L}\d'’&-]*`;
const AFTER = new RegExp(String.raw`(?<![\p{L}])(?:${LODGING})(?![\p{L}])((?:\s+${NAME_WORD})+)`, "gu");
const BEFORE = new RegExp(String.raw`((?:${NAME_WORD}\s+)+)(?:${CAPITALISED_LODGING})(?![\p{L}])(?!\s+\p{Lu})`, "gu");

const fold = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\d]+/gu, " ")
    .trim();

/** The hotel-like names in the text (lodging word and name, as written; one that names a hotel after the word is read that way). */
export function hotelNamesIn(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(AFTER)) names.push(match[0].trim());
  for (const match of text.matchAll(BEFORE)) names.push(match[0].trim());
  return names;
}

/** What the provider's text carries that a visitor must not read; empty when nothing. */
export function providerTextProblems(text: string, knownHotels: readonly string[] = []): ProviderTextProblem[] {
  const unmasked = unmask(text);
  const problems: ProviderTextProblem[] = [];
  if (new RegExp(EMAIL.source, EMAIL.flags).test(unmasked)) problems.push("email");
  if (hasUrl(unmasked.replace(new RegExp(EMAIL.source, EMAIL.flags), " "))) problems.push("url");
  if (hasPhone(text)) problems.push("phone");
  const known = knownHotels.map(fold).filter(Boolean);
  const lodging = new RegExp(String.raw`^(?:${LODGING})\s+|\s+(?:${LODGING})$`, "u");
  const unknown = hotelNamesIn(text).some((name) => {
    const whole = fold(name);
    const core = fold(name.replace(lodging, ""));
    return !known.some((hotel) => hotel.includes(whole) || hotel.includes(core) || whole.includes(hotel));
  });
  if (unknown) problems.push("unknown-hotel");
  return problems;
}

const AMOUNT = /\d(?:[\d \u00a0\u202f.,]*\d)?\s*(?:kr\b|kronor|sek\b|:-|€|eur\b|euro|nok\b|dkk\b)|(?:€|sek|eur)\s*\d/iu;

/**
 * Whether the text states an amount of money ('1 550 kr', '160 €'). A recommendation quotes only
 * the prices its cards show, which we write beside the provider's words: a price the model wrote
 * itself (from memory, or another hotel's) may differ from the card's.
 */
export const statesAnAmount = (text: string) => AMOUNT.test(text);

/** Whether a visitor may read the text as the provider wrote it. */
export function isSafeProviderText(text: string, knownHotels: readonly string[] = []): boolean {
  return providerTextProblems(text, knownHotels).length === 0;
}

/**
 * The text without the sentences that carry an address, an e-mail address or a telephone
 * number (a translation keeps the rest of its facts); null when nothing is left.
 */
export function withoutContactDetails(text: string): string | null {
  const kept = text
    .split("\n")
    .map((line) =>
      line
        .split(/(?<=[.!?])\s+/)
        .filter((sentence) => providerTextProblems(sentence).every((problem) => problem === "unknown-hotel"))
        .join(" ")
        .trim(),
    )
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return kept === "" ? null : kept;
}
