import { Link } from "react-router";

/**
 * The back office's page links (plain GET links, so they work without JavaScript): first,
 * previous, "Page N of M", next, last.
 */
export function AdminPager({
  label,
  page,
  pageCount,
  href,
}: {
  /** The navigation landmark's name, e.g. "Hotel table pages". */
  label: string;
  page: number;
  pageCount: number;
  href: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const item = "inline-flex min-w-10 items-center justify-center rounded-md border px-3 py-1.5 text-sm font-medium";
  const step = (target: number, text: string, rel?: string) =>
    target >= 1 && target <= pageCount && target !== page ? (
      <Link to={href(target)} rel={rel} className={`${item} border-slate-300 bg-white hover:bg-slate-50`}>
        {text}
      </Link>
    ) : (
      <span aria-disabled="true" className={`${item} border-slate-200 text-slate-500`}>
        {text}
      </span>
    );
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap items-center gap-2">
        <li>{step(1, "First")}</li>
        <li>{step(page - 1, "Previous", "prev")}</li>
        <li aria-current="page" className="px-2 text-sm">
          Page {page.toLocaleString("en-GB")} of {pageCount.toLocaleString("en-GB")}
        </li>
        <li>{step(page + 1, "Next", "next")}</li>
        <li>{step(pageCount, "Last")}</li>
      </ul>
    </nav>
  );
}

/** Page links that keep the rest of the query: `?…&{param}=N`, without the parameter for page 1. */
export function pageHrefs(query: URLSearchParams, param = "page"): (page: number) => string {
  return (target) => {
    const next = new URLSearchParams(query);
    if (target > 1) next.set(param, String(target));
    else next.delete(param);
    const search = next.toString();
    return search ? `?${search}` : "?";
  };
}
