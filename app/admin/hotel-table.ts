/**
 * Rules of the back office's hotel management: its filters, the 50-row cap, what a post to
 * the table may ask for (a row's affiliate flag, or a bulk action on the checked rows) and the messages,
 * and how a long affiliate URL is cut. Pure; shared by server and browser.
 */
import { z } from "#app/utils/zod.ts";
import { withoutControlChars } from "#app/hotels/search-params.ts";

export const ADMIN_HOTEL_ROWS = 50;

export const AFFILIATE_FILTERS = ["all", "missing", "has"] as const;
export const REWRITE_FILTERS = ["all", "not-rewritten", "rewritten"] as const;

const text = (max: number) =>
  z.preprocess((value) => (typeof value === "string" ? withoutControlChars(value).trim().slice(0, max) : ""), z.string());

/** The filters of the URL; anything unknown falls back to "all" rather than failing the page. */
export const adminHotelFiltersSchema = z.object({
  q: text(200),
  country: text(200),
  location: text(200),
  affiliate: z.enum(AFFILIATE_FILTERS).catch("all"),
  rewrite: z.enum(REWRITE_FILTERS).catch("all"),
});

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
  const search = query.toString();
  return search ? `?${search}` : "";
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
} as const;

export type BulkAction = keyof typeof BULK_ACTIONS;

/** A row's flag button: `affiliate:HOTEL_ID:true` sets the affiliate flag of that hotel. */
export const TOGGLE_INTENT = "toggle";

const BULK_INTENTS = Object.keys(BULK_ACTIONS) as [BulkAction, ...BulkAction[]];

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

/** What a post to the hotel table asks for; anything else is refused. */
export const hotelTablePostSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(TOGGLE_INTENT), toggle: toggleSchema }),
  z.object({ intent: z.enum(BULK_INTENTS), hotels: hotelIdsSchema }),
]);

export type HotelTablePost = z.infer<typeof hotelTablePostSchema>;

export function parseHotelTablePost(form: FormData) {
  return hotelTablePostSchema.safeParse({ intent: form.get("intent"), toggle: form.get("toggle"), hotels: form.getAll("hotel") });
}

export const ADMIN_HOTEL_MESSAGES = {
  noneSelected: "No hotels selected",
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
