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

/** '8.6' (a CSV cell) and 8.6 (JSON) alike; anything else is left for zod to refuse. */
export function asNumber(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : value;
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

const DECIMAL_COMMA = /^\s*-?\d+,\d+\s*$/;

export const range = (min: number, max: number, options: { integer?: boolean } = {}) => {
  const message = `must be ${options.integer ? "a whole number" : "a number"} from ${min} to ${max}`;
  return z
    .number({
      error: (issue) =>
        typeof issue.input === "string" && DECIMAL_COMMA.test(issue.input) ? `${message}, written with a decimal point` : message,
    })
    .min(min, { error: message })
    .max(max, { error: message })
    .refine((value) => !options.integer || Number.isInteger(value), { error: message });
};

const MAX_SHOWN_INPUT = 60;

export function preview(value: unknown): string {
  const shown = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
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
