/**
 * How feed rows' values are read, shared by the hotel and offer feed rows: CSV cells are
 * text and JSON values typed, so both are brought to one shape before zod checks them; and
 * how a rejected row's problems are put in one line. Pure: no I/O.
 */
import { z } from "#app/utils/zod.ts";

export const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === "string" && value.trim() === "");

/** CSV cells are text, JSON values may be numbers: both become trimmed text. */
export function asText(value: unknown): unknown {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return value;
}

/**
 * Numbers in text are plain decimals: digits, a leading minus, and one decimal sign, a point or
 * a comma (Swedish spreadsheets). What JavaScript's Number() would also take is refused: hex,
 * binary and octal (`0x10` is not 16 kronor), exponents, `.5`, `5.`, `Infinity`, and thousands
 * separators. A comma followed by exactly three digits after one to three others (`1,234`) is
 * refused too: it is 1234 to an English reader and 1.234 to a Swedish one.
 */
const DECIMAL = /^-?\d+(?:[.,]\d+)?$/;
const AMBIGUOUS_COMMA = /^-?[1-9]\d{0,2},\d{3}$/;

/** '8.6' and '8,6' (CSV cells) and 8.6 (JSON) alike; anything else is left for zod to refuse. */
export function asNumber(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (!DECIMAL.test(text) || AMBIGUOUS_COMMA.test(text)) return value;
  return Number(text.replace(",", "."));
}

/** Why a text was not read as a number, added to the field's own message. */
export function numberMessage(message: string) {
  return (issue: { input?: unknown }) => {
    const text = typeof issue.input === "string" ? issue.input.trim() : "";
    if (!text) return message;
    if (AMBIGUOUS_COMMA.test(text)) return `${message}, without a thousands separator (${text} could be read two ways)`;
    return `${message}, written as plain decimal digits such as 1290.50 or 1290,50`;
  };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD ('2026-02-30' is not). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

const TRUE_WORDS = new Set(["true", "1", "yes", "ja"]);
const FALSE_WORDS = new Set(["false", "0", "no", "nej"]);

/** true/false, 1/0, yes/no, ja/nej (any case) as booleans; anything else is left for zod to refuse. */
export function asBoolean(value: unknown): unknown {
  const word = typeof value === "string" ? value.trim().toLowerCase() : typeof value === "number" ? String(value) : null;
  if (word !== null && TRUE_WORDS.has(word)) return true;
  if (word !== null && FALSE_WORDS.has(word)) return false;
  return value;
}

export const range = (min: number, max: number, options: { integer?: boolean } = {}) => {
  const message = `must be ${options.integer ? "a whole number" : "a number"} from ${min} to ${max}`;
  return z
    .number({ error: numberMessage(message) })
    .min(min, { error: message })
    .max(max, { error: message })
    .refine((value) => !options.integer || Number.isInteger(value), { error: message });
};

/**
 * Characters a terminal acts on or that reorder what it shows: C0 and C1 controls (ESC starts
 * colour, cursor and title sequences; CR overwrites a line; BEL), DEL, and the bidirectional
 * and invisible formatting marks. Feed text printed by the importer has them escaped.
 */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/** The text with every unprintable character written as \uXXXX, for a terminal or a log. */
export const escapeControls = (text: string) =>
  text.replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);

const MAX_SHOWN_INPUT = 60;

/** A value as JSON (unprintable characters escaped), cut to a short line. */
export function preview(value: unknown): string {
  let shown: string;
  try {
    shown = JSON.stringify(value) ?? String(value);
  } catch {
    // Nested too deep to write out (the parser takes any depth; stringify recurses).
    shown = Array.isArray(value) ? "[…]" : "{…}";
  }
  shown = escapeControls(shown);
  return shown.length > MAX_SHOWN_INPUT ? `${shown.slice(0, MAX_SHOWN_INPUT - 1)}…` : shown;
}

/**
 * Every problem of a rejected row, field by field, in one line, with the value it got (not for
 * an issue that names the bad value itself: a long list would be cut short in the preview).
 */
export function issuesReason(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join(".");
      const named = issue.code === "custom" && issue.params?.named === true;
      const got = "input" in issue && issue.input !== undefined && issue.path.length && !named ? ` (got ${preview(issue.input)})` : "";
      return `${field ? `${field} ` : ""}${issue.message}${got}`;
    })
    .join("; ");
}
