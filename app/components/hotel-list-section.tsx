import type { HotelListPage } from "#app/catalogue/list-page.server.ts";
import { HotelList } from "./hotel-card.tsx";
import { Pagination } from "./pagination.tsx";

/** The list part of a list page: the error text, the empty text or the cards, and the pager. */
export function HotelListSection({ page, variant, emptyText }: { page: HotelListPage; variant: "large" | "compact"; emptyText?: string }) {
  if (page.failed) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
        Det gick inte att hämta hotell. Försök igen senare.
      </p>
    );
  }
  return (
    <>
      <HotelList hotels={page.hotels} variant={variant} emptyText={emptyText} />
      <Pagination page={page.params.page} pageCount={page.pageCount} />
    </>
  );
}
