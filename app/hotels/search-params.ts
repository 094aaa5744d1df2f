/**
 * The query parameters of the hotel lists (/hotels, country and place pages), read leniently:
 * a repeated parameter counts once, absurd lengths are cut, unknown values are ignored. A
 * visitor's typo never turns into an error page.
 */
export const RATING_OPTIONS = [
  { value: "", label: "Alla betyg" },
  { value: "3", label: "3+ stjärnor" },
  { value: "4", label: "4+ stjärnor" },
  { value: "5", label: "5 stjärnor" },
] as const;

export const SORT_LABELS = {
  rekommenderat: "Rekommenderat",
  pris: "Lägsta pris",
  betyg: "Högsta betyg",
  stjarnor: "Flest stjärnor",
} as const;

export type SortKey = keyof typeof SORT_LABELS;

const MAX_TEXT = 200;
const MAX_PAGE = 10_000;

export interface ListParams {
  search: string;
  country: string;
  location: string;
  /** 3, 4 or 5; undefined for all. */
  rating: number | undefined;
  sort: SortKey;
  page: number;
  /** The spec's /hotels?destination= links (from popular destinations). */
  destination: string;
}

/** Control characters never belong in a search or a place name (and PostgreSQL text cannot hold NUL). */
export const withoutControlChars = (value: string) => value.replace(/[\u0000-\u001f\u007f]/g, " ");

function text(params: URLSearchParams, key: string): string {
  // Control characters go with the excess length.
  return withoutControlChars(params.get(key) ?? "")
    .trim()
    .slice(0, MAX_TEXT);
}

export function readListParams(params: URLSearchParams): ListParams {
  const rating = Number(params.get("rating"));
  const sort = text(params, "sortera");
  const page = Number(params.get("sida"));
  return {
    search: text(params, "search"),
    country: text(params, "country"),
    location: text(params, "location"),
    rating: rating === 3 || rating === 4 || rating === 5 ? rating : undefined,
    sort: sort in SORT_LABELS ? (sort as SortKey) : "rekommenderat",
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
    destination: text(params, "destination"),
  };
}

/** The same list with some parameters changed; empty values and page 1 are left out. */
export function listHref(pathname: string, current: URLSearchParams, changes: Record<string, string | number | undefined>): string {
  const next = new URLSearchParams();
  for (const [key, value] of current) if (!next.has(key)) next.set(key, value);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === "" || (key === "sida" && Number(value) === 1)) next.delete(key);
    else next.set(key, String(value));
  }
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}
