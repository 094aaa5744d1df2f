/**
 * Reading /admin/partners as a browser without JavaScript does: the page's text with its
 * character references read, the partner form's fields as a post sends them, and what conform
 * wrote next to a field (its error list, its value).
 */
import { visibleText } from "#tests/app-server.ts";

/** What a reader sees: the page's text with its character references read. */
export const readable = (html: string) =>
  visibleText(html)
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

export type PartnerField = "intent" | "id" | "name" | "host" | "logoUrl" | "deepLinkTemplate" | "feedUrl" | "landingUrlTemplate" | "active";

/** The partner form as posted: every field empty but the ones given, a new active partner by default. */
export const partnerForm = (fields: Partial<Record<PartnerField, string>>) => ({
  intent: "create",
  id: "",
  name: "",
  host: "",
  logoUrl: "",
  deepLinkTemplate: "",
  feedUrl: "",
  landingUrlTemplate: "",
  active: "on",
  ...fields,
});

/** The text of the error list conform ties to a field of the partner form. */
export const partnerFieldError = (html: string, field: PartnerField) => {
  const match = new RegExp(`<ul id="partner-${field}-error"[^>]*>([\\s\\S]*?)</ul>`).exec(html);
  return match ? visibleText(match[1]!).trim() : null;
};

/** The value attribute of a partner form field, as written. */
export const partnerInputValue = (html: string, field: PartnerField) =>
  new RegExp(`<input[^>]*id="partner-${field}"[^>]*value="([^"]*)"`).exec(html)?.[1];
