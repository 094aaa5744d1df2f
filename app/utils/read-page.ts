/**
 * The page number of a paged list, from its query (`?sida=` on the Swedish site and most of the
 * back office, `?page=` where a screen says so): the leading digits, within 1..max; anything else
 * (missing, "x", "-3") is page 1, and a page past max is max.
 */
export function readPage(params: URLSearchParams, { name = "sida", max = 10_000 }: { name?: string; max?: number } = {}): number {
  const page = Number.parseInt(params.get(name) ?? "1", 10);
  return Number.isFinite(page) ? Math.min(max, Math.max(1, page)) : 1;
}
