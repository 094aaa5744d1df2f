import { Link, useLocation } from "react-router";
import { listHref } from "#app/hotels/search-params.ts";

/** Page links (?sida=N) so crawlers and visitors without JS reach every hotel. */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { pathname, search } = useLocation();
  if (pageCount <= 1) return null;
  const params = new URLSearchParams(search);
  const href = (target: number) => listHref(pathname, params, { sida: target });
  const pages = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const item = "inline-flex min-w-10 items-center justify-center rounded-md border px-3 py-2 text-sm font-medium";
  return (
    <nav aria-label="Sidor" className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" className={`${item} border-slate-300 hover:bg-brand-50`}>
              Föregående
            </Link>
          ) : (
            <span aria-disabled="true" className={`${item} border-slate-200 text-slate-500`}>
              Föregående
            </span>
          )}
        </li>
        {sorted.map((p, index) => (
          <li key={p} className="inline-flex items-center gap-2">
            {index > 0 && p - sorted[index - 1]! > 1 ? <span aria-hidden="true">…</span> : null}
            {p === page ? (
              <span aria-current="page" className={`${item} border-brand-600 bg-brand-600 text-white`}>
                {p}
              </span>
            ) : (
              <Link to={href(p)} className={`${item} border-slate-300 hover:bg-brand-50`} aria-label={`Sida ${p}`}>
                {p}
              </Link>
            )}
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <Link to={href(page + 1)} rel="next" className={`${item} border-slate-300 hover:bg-brand-50`}>
              Nästa
            </Link>
          ) : (
            <span aria-disabled="true" className={`${item} border-slate-200 text-slate-500`}>
              Nästa
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
