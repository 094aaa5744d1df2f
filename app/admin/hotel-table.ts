/**
 * Rules of the back office's hotel management: its filters, sort orders and pages of 50 rows,
 * what a post to the table may ask for (a row's affiliate flag, or a bulk action on the checked
 * rows or on every hotel the filters match) and the messages, and how a long affiliate URL is
 * cut. Pure; shared by server and browser.
 */
import { href } from "react-router";
import { confirmedField } from "#app/utils/action-fields.ts";
import { z } from "#app/utils/zod.ts";
import { withoutControlChars } from "#app/utils/fold-text.ts";

export const ADMIN_HOTEL_ROWS = 50;

export const AFFILIATE_FILTERS = ["all", "missing", "has"] as const;
export const REWRITE_FILTERS = ["all", "not-rewritten", "rewritten"] as const;

/**
 * The columns the table sorts by. Only those an index can hand out in order (the name, country
 * and place keys), so any page of a million hotels is a short index scan; the yes/no columns
 * are filters instead.
 */
export const HOTEL_SORTS = { name: "Name", country: "Country", location: "Location" } as const;
export type HotelSort = keyof typeof HOTEL_SORTS;
export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
const SORT_KEYS = Object.keys(HOTEL_SORTS) as [HotelSort, ...HotelSort[]];

/** Pages beyond this are refused as page 1 (an offset that deep would read the whole catalogue). */
const MAX_PAGE = 20_000;

const text = (max: number) =>
  z.preprocess((value) => (typeof value === "string" ? withoutControlChars(value).trim().slice(0, max) : ""), z.string());

/** The filters of the URL; anything unknown falls back to "all" rather than failing the page. */
export const adminHotelFiltersSchema = z.object({
  q: text(200),
  country: text(200),
  location: text(200),
  affiliate: z.enum(AFFILIATE_FILTERS).catch("all"),
  rewrite: z.enum(REWRITE_FILTERS).catch("all"),
  sort: z.enum(SORT_KEYS).catch("name"),
  order: z.enum(SORT_ORDERS).catch("asc"),
  page: z.preprocess(
    (value) => (typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : 1),
    z.number().int().min(1).max(MAX_PAGE).catch(1),
  ),
});

/** The table as the address asks for it: what matches (q … rewrite), in which order, which page. */
export type AdminHotelFilters = z.infer<typeof adminHotelFiltersSchema>;

export function parseAdminHotelFilters(params: URLSearchParams): AdminHotelFilters {
  const filters = adminHotelFiltersSchema.parse(Object.fromEntries(params));
  // The place filter only means something inside a country.
  return filters.country ? filters : { ...filters, location: "" };
}

/** The filters as a query string (only those set), to come back to after an action. */
export function adminHotelsSearch(filters: AdminHotelFilters): string {
  const query = new URLSearchParams();
  if (filters.q) query.set("q", filters.q);
  if (filters.country) query.set("country", filters.country);
  if (filters.location) query.set("location", filters.location);
  if (filters.affiliate !== "all") query.set("affiliate", filters.affiliate);
  if (filters.rewrite !== "all") query.set("rewrite", filters.rewrite);
  if (filters.sort !== "name") query.set("sort", filters.sort);
  if (filters.order !== "asc") query.set("order", filters.order);
  if (filters.page !== 1) query.set("page", String(filters.page));
  const search = query.toString();
  return search ? `?${search}` : "";
}

/** The table with some of its settings changed: another page, or another order (from page 1). */
export const hotelTableHref = (filters: AdminHotelFilters, change: Partial<AdminHotelFilters>) =>
  `${href("/admin/hotels")}${adminHotelsSearch({ ...filters, ...change })}`;

/** How many pages the matches fill (at least one, which may be empty). */
export const pageCount = (total: number) => Math.max(1, Math.ceil(total / ADMIN_HOTEL_ROWS));

/** A column header's link: the other direction when it is the sort already, else ascending; from page 1. */
export function sortHref(filters: AdminHotelFilters, column: HotelSort): string {
  const order: SortOrder = filters.sort === column && filters.order === "asc" ? "desc" : "asc";
  return hotelTableHref(filters, { sort: column, order, page: 1 });
}

/** Affiliate URLs above 60 characters show their first 57 and an ellipsis (the full URL in a tooltip). */
export function shortUrl(url: string): string {
  return url.length > 60 ? `${url.slice(0, 57)}...` : url;
}

export const BULK_ACTIONS = {
  "set-affiliate": { label: "Set affiliate flag", what: "set the affiliate flag", failure: "Failed to update affiliate status" },
  "unset-affiliate": { label: "Unset affiliate flag", what: "unset the affiliate flag", failure: "Failed to update affiliate status" },
  "rewrite-ai": { label: "Rewrite descriptions with AI", what: "rewrite with AI", failure: "Failed to rewrite hotel descriptions" },
  "generate-affiliate": {
    label: "Generate affiliate URLs",
    what: "generate affiliate URLs for",
    failure: "Failed to generate affiliate URLs",
  },
  "revert-description": {
    label: "Revert to original description",
    what: "revert to the original description",
    failure: "Failed to revert descriptions",
  },
} as const;

export type BulkAction = keyof typeof BULK_ACTIONS;

/** Which hotels a bulk action is for: the checked rows, or every hotel the filters match. */
export const BULK_SCOPES = ["selected", "all"] as const;
export type BulkScope = (typeof BULK_SCOPES)[number];

/**
 * Actions done hotel by hotel (an AI job, a template filled per hotel) take at most this many
 * hotels at once; the flags and the revert are one statement whatever the count.
 */
export const BULK_ALL_MAX = 5000;
const PER_HOTEL: ReadonlySet<BulkAction> = new Set(["rewrite-ai", "generate-affiliate"]);
export const bulkLimit = (intent: BulkAction) => (PER_HOTEL.has(intent) ? BULK_ALL_MAX : Infinity);

/**
 * An action asks first when it reaches beyond the rows in view (every match of the filters) or
 * deletes work (reverting rewritten texts).
 */
export const needsConfirmation = (intent: BulkAction, scope: BulkScope) => scope === "all" || intent === "revert-description";

/** "1,234 hotels": counts in the back office's English. */
export const hotelCount = (count: number) => `${count.toLocaleString("en-GB")} ${count === 1 ? "hotel" : "hotels"}`;

/** The question before a bulk action, the same in the dialog and on the page without JavaScript. */
export function bulkQuestion(intent: BulkAction, scope: BulkScope, count: number): string {
  const whom = scope === "all" ? `all ${hotelCount(count)} matching this filter` : `the ${hotelCount(count)} selected`;
  const undo = intent === "revert-description" ? " Their rewritten texts are deleted; this cannot be undone." : "";
  return `${BULK_ACTIONS[intent].label}: apply to ${whom}?${undo}`;
}

/** A row's flag button: `affiliate:HOTEL_ID:true` sets the affiliate flag of that hotel. */
export const TOGGLE_INTENT = "toggle";

/**
 * A single row's flag switch: `affiliate:HOTEL_ID:true`. Only the affiliate flag is switched by
 * hand: "Description rewritten" follows whether the hotel has a rewritten text (a database
 * trigger), and is undone by reverting the hotel to its original description (/admin/rewrite).
 */
export function parseToggle(value: unknown): { flag: "affiliate"; hotelId: string; on: boolean } | null {
  if (typeof value !== "string") return null;
  const match = /^affiliate:(.+):(true|false)$/.exec(value);
  if (!match) return null;
  return { flag: "affiliate", hotelId: match[1]!, on: match[2] === "true" };
}

const toggleSchema = z.unknown().transform((value, ctx) => {
  const toggle = parseToggle(value);
  if (!toggle) ctx.addIssue({ code: "custom", message: "Not a flag switch" });
  return toggle!;
});

/** The checked rows: distinct, non-blank, at most the rows one page shows. */
const hotelIdsSchema = z
  .array(z.unknown())
  .transform((values) =>
    [...new Set(values.filter((value): value is string => typeof value === "string" && value.trim() !== ""))].slice(0, ADMIN_HOTEL_ROWS),
  );

/** A row's flag switch: the post of its button. */
export const togglePostSchema = z.object({ toggle: toggleSchema });
export type TogglePost = z.infer<typeof togglePostSchema>;

/**
 * A bulk action's post: the checked rows (`hotel`, once per row), its scope, and once asked, the
 * confirmation and the count the question showed (a different count now means the catalogue
 * changed, so it asks again).
 */
export const bulkPostSchema = z.object({
  hotel: z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), hotelIdsSchema),
  scope: z.enum(BULK_SCOPES).catch("selected"),
  confirm: confirmedField,
  expected: z.preprocess((value) => (typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : null), z.number().nullable()),
});
export type BulkPost = z.infer<typeof bulkPostSchema>;

export const ADMIN_HOTEL_MESSAGES = {
  noneSelected: "No hotels selected",
  noneMatching: "No hotels match this filter",
  loadFailed: "Failed to load hotels. Please try again.",
  empty: "No hotels found matching the specified filters.",
  toggleFailed: "Failed to update hotel. Please try again.",
  unknownError: "Unknown error occurred",
} as const;

/**
 * A partner URL for one hotel from a template such as
 * `https://www.booking.com/searchresults.html?ss={query}&aid=123`: {hotel_id}, {name},
 * {location}, {country} and {query} ("name location") are filled in, URL-encoded.
 */
export function fillAffiliateTemplate(
  template: string,
  hotel: { hotel_id: string; name: string | null; location: string | null; country: string | null },
): string {
  const values: Record<string, string> = {
    hotel_id: hotel.hotel_id,
    name: hotel.name ?? "",
    location: hotel.location ?? "",
    country: hotel.country ?? "",
    query: [hotel.name, hotel.location].filter(Boolean).join(" "),
  };
  return template.replace(/\{(hotel_id|name|location|country|query)\}/g, (_match, key: string) => encodeURIComponent(values[key]!));
}
