/**
 * A partner's deep link: the query parameters it adds to an offer's landing URL so the
 * partner opens on the visitor's dates and guests, written as a template such as
 * `checkin={checkin}&checkout={checkout}&group_adults={adults}&no_rooms={rooms}`.
 * Only the query changes, never the scheme or host, so a template cannot send anyone to
 * another site. No I/O here; shared by /redirect, the back office and its preview.
 */
import { z } from "#app/utils/zod.ts";
import { hasDates, nightsOf, type Stay } from "#app/utils/stay.ts";

export const DEEP_LINK_PLACEHOLDERS = ["checkin", "checkout", "adults", "rooms", "nights"] as const;
export type DeepLinkPlaceholder = (typeof DEEP_LINK_PLACEHOLDERS)[number];
/** Placeholders that need dates: their parameter is left out when the visitor chose none. */
const DATED: ReadonlySet<string> = new Set(["checkin", "checkout", "nights"]);

export const MAX_TEMPLATE_LENGTH = 500;
const PARAMETER_NAME = /^[A-Za-z0-9_.\-[\]]{1,60}$/;
const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The problem with a template, in the back office's words, or null when it is usable. */
export function deepLinkTemplateProblem(template: string): string | null {
  if (template.length > MAX_TEMPLATE_LENGTH) return `Keep the template under ${MAX_TEMPLATE_LENGTH} characters.`;
  if (/[\s#?]/.test(template.replace(/^\?/, ""))) return "Write query parameters only (name=value joined by &), without spaces, ? or #.";
  for (const pair of template.replace(/^\?/, "").split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (!PARAMETER_NAME.test(name)) return `"${name || pair}" is not a parameter name (letters, digits, _ . - [ ] only).`;
    if (equals === -1) return `Give "${name}" a value, e.g. ${name}={checkin}.`;
    const value = pair.slice(equals + 1);
    for (const match of value.matchAll(PLACEHOLDER)) {
      if (!(DEEP_LINK_PLACEHOLDERS as readonly string[]).includes(match[1]!)) {
        return `Unknown placeholder {${match[1]}}: use ${DEEP_LINK_PLACEHOLDERS.map((name) => `{${name}}`).join(", ")}.`;
      }
    }
    if (/[{}]/.test(value.replace(PLACEHOLDER, ""))) return `Close every placeholder in "${pair}" with }.`;
  }
  return null;
}

export const deepLinkTemplateSchema = z
  .string()
  .trim()
  .max(MAX_TEMPLATE_LENGTH)
  .superRefine((value, ctx) => {
    const problem = deepLinkTemplateProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

function placeholderValue(name: string, stay: Stay): string {
  switch (name) {
    case "checkin":
      return stay.checkIn ?? "";
    case "checkout":
      return stay.checkOut ?? "";
    case "nights":
      return String(nightsOf(stay) ?? "");
    case "adults":
      return String(stay.adults);
    default:
      return String(stay.rooms);
  }
}

/**
 * The landing URL with the template's parameters set from the stay (replacing the landing
 * URL's own parameters of the same name). Without dates, parameters that need them are left
 * out. An unusable template leaves the landing URL as it is.
 */
export function fillDeepLink(landingUrl: string, template: string, stay: Stay): string {
  const url = new URL(landingUrl);
  if (!template || deepLinkTemplateProblem(template)) return url.href;
  for (const pair of template.replace(/^\?/, "").split("&")) {
    if (!pair) continue;
    const equals = pair.indexOf("=");
    const name = pair.slice(0, equals);
    const value = pair.slice(equals + 1);
    const used = [...value.matchAll(PLACEHOLDER)].map((match) => match[1]!);
    if (!hasDates(stay) && used.some((placeholder) => DATED.has(placeholder))) continue;
    url.searchParams.set(
      name,
      value.replace(PLACEHOLDER, (_, placeholder: string) => placeholderValue(placeholder, stay)),
    );
  }
  return url.href;
}
