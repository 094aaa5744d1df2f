/**
 * The parts of the back office's hotel table (/admin/hotels): its sortable headers, a row's flag
 * switch, rewritten status and links, and the selection links of the page without JavaScript.
 */
import { Link } from "react-router";
import { revertPath, rewritePath } from "#app/admin/description-revert.ts";
import { partnerIdsPath } from "#app/admin/partner-ids-screen.ts";
import type { AdminHotelRow } from "#app/admin/hotel-table-rows.server.ts";
import {
  HOTEL_SORTS,
  hotelCount,
  hotelTableHref,
  shortUrl,
  sortHref,
  type AdminHotelFilters,
  type HotelSort,
} from "#app/admin/hotel-table.ts";
import { redirectPath } from "#app/outbound/redirect-params.ts";
import { TableScroll } from "#app/components/ui/table.tsx";
import type { RowSelection } from "#app/components/use-row-selection.ts";

/** The row buttons post to this form (outside the table's), so a switch never carries the checked rows. */
export const FLAG_FORM_ID = "hotel-flag";

/** Without JavaScript: links that check every row shown, then choose every match of the filters. */
export function SelectionLinks({
  selection,
  filters,
  shown,
  total,
}: {
  selection: "all" | "matching" | null;
  filters: AdminHotelFilters;
  shown: number;
  total: number;
}) {
  const base = hotelTableHref(filters, {});
  const withSelect = (value: string) => `${base}${base.includes("?") ? "&" : "?"}select=${value}`;
  const link = "text-sm font-medium text-brand-700 underline";
  if (!shown) return null;
  return (
    <p className="flex flex-wrap gap-4">
      {selection === "all" && total > shown ? (
        <Link to={withSelect("matching")} className={link}>
          Select all {hotelCount(total)} matching this filter
        </Link>
      ) : null}
      {selection ? (
        <Link to={base} className={link}>
          Clear selection
        </Link>
      ) : (
        <Link to={withSelect("all")} className={link}>
          Select all {shown} shown
        </Link>
      )}
    </p>
  );
}

/** A sortable column's header: a link to the table in that order (the other way round when it is the order already). */
export function SortHeader({ column, filters }: { column: HotelSort; filters: AdminHotelFilters }) {
  const active = filters.sort === column;
  const direction = active ? (filters.order === "asc" ? "ascending" : "descending") : undefined;
  return (
    <th scope="col" aria-sort={direction} className="px-3 py-2 font-semibold">
      <Link to={sortHref(filters, column)} className="inline-flex items-center gap-1 hover:underline">
        {HOTEL_SORTS[column]}
        <span aria-hidden="true" className={active ? undefined : "text-slate-400"}>
          {active ? (filters.order === "asc" ? "▲" : "▼") : "↕"}
        </span>
        <span className="sr-only">
          {active ? `, sorted ${direction}; sort ${direction === "ascending" ? "descending" : "ascending"}` : ", sort ascending"}
        </span>
      </Link>
    </th>
  );
}

/** A row's links: its partner page (through /redirect), its translation and partner ids screens and its page on the site. */
export function RowActions({ hotel }: { hotel: AdminHotelRow }) {
  const link = "font-medium text-brand-700 underline";
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1">
      <Link to={rewritePath(hotel.hotelId)} className={link}>
        Rewrite<span className="sr-only"> {hotel.name}</span>
      </Link>
      <Link to={partnerIdsPath(hotel.hotelId)} className={link}>
        Partner ids<span className="sr-only"> of {hotel.name}</span>
      </Link>
      {hotel.publicPath ? (
        <a href={hotel.publicPath} className={link} lang="sv">
          Visa på sajten<span className="sr-only"> ({hotel.name})</span>
        </a>
      ) : null}
      {hotel.affiliateUrl ? (
        <a
          href={redirectPath(hotel.affiliateUrl, { source: "admin-panel", hotel: hotel.hotelId })}
          target="_blank"
          rel="noopener"
          className={link}
        >
          Open<span className="sr-only"> the partner page of {hotel.name} (new tab)</span>
        </a>
      ) : null}
    </span>
  );
}

/** A row's affiliate flag, switched in place: the button posts the opposite value, through the flag form. */
export function FlagButton({ hotel, name, on, disabled }: { hotel: string; name: string; on: boolean; disabled: boolean }) {
  return (
    <button
      type="submit"
      form={FLAG_FORM_ID}
      name="toggle"
      value={`affiliate:${hotel}:${!on}`}
      disabled={disabled}
      className={`mt-1 inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        on ? "bg-emerald-100 text-emerald-900 hover:bg-emerald-200" : "bg-slate-100 text-slate-700 hover:bg-slate-200"
      }`}
    >
      {/* The visible text starts the accessible name (WCAG 2.5.3, label in name); the rest says what pressing does. */}
      Affiliate: {on ? "Yes" : "No"}
      <span className="sr-only">
        . {on ? "Remove" : "Set"} the affiliate flag of {name}
      </span>
    </button>
  );
}

/**
 * Whether the hotel has a rewritten text: a status, not a switch (a flag without a text would
 * say something untrue). A rewritten hotel links to reverting it, which asks first.
 */
export function RewrittenStatus({ hotel, name, rewritten }: { hotel: string; name: string; rewritten: boolean }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span
        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${rewritten ? "bg-emerald-100 text-emerald-900" : "bg-slate-100 text-slate-700"}`}
      >
        {rewritten ? "Yes" : "No"}
      </span>
      {rewritten ? (
        <Link to={revertPath(hotel)} className="text-xs font-medium text-brand-700 underline">
          Revert<span className="sr-only"> {name} to its original description</span>
        </Link>
      ) : null}
    </span>
  );
}

/** The table of one page of hotels: a checkbox per row (the selection's), its columns and switches. */
export function HotelTable({
  hotels,
  filters,
  selection,
  hydrated,
  busy,
}: {
  hotels: AdminHotelRow[];
  filters: AdminHotelFilters;
  selection: RowSelection;
  hydrated: boolean;
  busy: boolean;
}) {
  const shown = hotels.length;
  return (
    <TableScroll label="Hotel table" lead={2} minWidth="48rem" bleed>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Hotels</caption>
        <thead className="bg-slate-50 text-left">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              {hydrated ? (
                <input
                  type="checkbox"
                  aria-label="Select all visible hotels"
                  checked={selection.count > 0 && selection.count === shown}
                  ref={(box) => {
                    if (box) box.indeterminate = selection.count > 0 && selection.count < shown;
                  }}
                  onChange={(event) => selection.setAll(event.currentTarget.checked)}
                />
              ) : (
                <span className="sr-only">Select</span>
              )}
            </th>
            {(Object.keys(HOTEL_SORTS) as HotelSort[]).map((column) => (
              <SortHeader key={column} column={column} filters={filters} />
            ))}
            <th scope="col" className="px-3 py-2 font-semibold">
              Affiliate URL
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Description Rewritten
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {hotels.map((hotel) => (
            <tr key={hotel.hotelId}>
              <td className="px-3 py-2">
                <input
                  type="checkbox"
                  name="hotel"
                  value={hotel.hotelId}
                  checked={selection.isChecked(hotel.hotelId)}
                  onChange={(event) => selection.toggle(hotel.hotelId, event.currentTarget.checked)}
                  aria-label={`Select ${hotel.name}`}
                />
              </td>
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {hotel.name}
                <span className="block font-mono text-xs font-normal text-muted">{hotel.hotelId}</span>
              </th>
              {/* Swedish, as the Country and Location filters name them. */}
              <td className="px-3 py-2">{hotel.countryName ?? "–"}</td>
              <td className="px-3 py-2">{hotel.locationName ?? "–"}</td>
              <td className="px-3 py-2">
                {hotel.affiliateUrl ? (
                  <span title={hotel.affiliateUrl} className="block max-w-xs break-all font-mono text-xs">
                    {shortUrl(hotel.affiliateUrl)}
                  </span>
                ) : (
                  <span className="text-muted">Missing</span>
                )}
                <FlagButton hotel={hotel.hotelId} name={hotel.name} on={hotel.hasAffiliateUrl} disabled={busy} />
              </td>
              <td className="px-3 py-2">
                <RewrittenStatus hotel={hotel.hotelId} name={hotel.name} rewritten={hotel.rewritten} />
              </td>
              <td className="px-3 py-2">
                <RowActions hotel={hotel} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
