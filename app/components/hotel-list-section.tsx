import { useLocation, useNavigation } from "react-router";
import type { HotelListPage } from "#app/hotels/list-page.server.ts";
import { HotelList } from "./hotel-card.tsx";
import { Pagination } from "./pagination.tsx";
import { CompareForm } from "./compare.tsx";

/** Three placeholder cards while the next list loads. */
function SkeletonCards() {
  return (
    <ul className="space-y-4" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="flex animate-pulse overflow-hidden rounded-xl border border-slate-200 bg-white">
          <div className="h-[170px] w-[120px] shrink-0 bg-slate-200 sm:h-[220px] sm:w-[240px] md:w-[300px]" />
          <div className="flex-1 space-y-3 p-4">
            <div className="h-5 w-1/2 rounded bg-slate-200" />
            <div className="h-4 w-1/3 rounded bg-slate-200" />
            <div className="h-4 w-5/6 rounded bg-slate-200" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The list part of a list page: loading, error, empty or the cards, and the pager. */
export function HotelListSection({ page, variant, emptyText }: { page: HotelListPage; variant: "large" | "compact"; emptyText?: string }) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // Only while this same list is reloading (new filters, sort or page), not when leaving it.
  const loading = navigation.state === "loading" && navigation.location.pathname === pathname;
  if (page.failed) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
        Det gick inte att hämta hotell. Försök igen senare.
      </p>
    );
  }
  return (
    <div aria-busy={loading}>
      {/* Cards carry h3 headings; this keeps the outline in order under the page's h1. */}
      <h2 className="sr-only">Hotell</h2>
      {page.hotels.length > 1 ? <CompareForm stay={page.stay} /> : null}
      {loading ? (
        <>
          <p className="sr-only" role="status">
            Laddar hotell…
          </p>
          <SkeletonCards />
        </>
      ) : (
        <HotelList hotels={page.hotels} variant={variant} emptyText={emptyText} stay={page.stay} comparable />
      )}
      <Pagination page={page.params.page} pageCount={page.pageCount} />
    </div>
  );
}
