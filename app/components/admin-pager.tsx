import { Link } from "react-router";

/** Previous and next page links of a back-office list (?sida=N, the rest of the query kept). */
export function AdminPager({ page, pages, query }: { page: number; pages: number; query: URLSearchParams }) {
  if (pages <= 1) return null;
  const href = (target: number) => {
    const next = new URLSearchParams(query);
    if (target > 1) next.set("sida", String(target));
    else next.delete("sida");
    const search = next.toString();
    return search ? `?${search}` : "?";
  };
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="font-medium text-brand-700 underline">
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next" className="font-medium text-brand-700 underline">
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
