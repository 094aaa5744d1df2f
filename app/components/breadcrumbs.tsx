import { Link } from "react-router";

export interface Crumb {
  label: string;
  to?: string;
}

/** Home > … > current page. The last crumb is the page itself and is not a link. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Brödsmulor" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-muted">
        {crumbs.map((crumb, index) => (
          <li key={`${crumb.label}-${index}`} className="inline-flex items-center gap-1">
            {index > 0 ? <span aria-hidden="true">›</span> : null}
            {crumb.to && index < crumbs.length - 1 ? (
              <Link to={crumb.to} className="hover:text-brand-700 hover:underline">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-ink">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
