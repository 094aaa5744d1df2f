import { Link, useLocation } from "react-router";
import { isChosenStay, stayLabel, type Stay } from "#app/utils/stay.ts";
import { listHref } from "#app/hotels/search-params.ts";
import { AREA_PARAM } from "#app/hotels/map-area.ts";
import { hotelCount } from "#app/hotels/hotel-record.ts";
import type { HotelListPage } from "#app/hotels/list-page.server.ts";
import { formatCount } from "#app/utils/format.ts";

/**
 * A list's count under its heading ('56 hotell'). A search or a narrowed list stops counting at
 * LIST_MATCH_LIMIT (decision 037): then it says so, and which of them the list holds. A longer
 * whole list (a country, the catalogue) keeps its real count but pages through that many
 * (decision 038), and says how to reach the others.
 */
export function ListCount({ page, live = false }: { page: Pick<HotelListPage, "total" | "more" | "listed" | "params">; live?: boolean }) {
  const count = hotelCount(page.total, { more: page.more, atStart: true });
  const first = `de ${formatCount(page.listed)} första`;
  return (
    <p className="mt-1 text-muted" aria-live={live ? "polite" : undefined}>
      {page.more
        ? `${count}. Vi visar ${page.params.search ? `de ${formatCount(page.listed)} som matchar sökningen bäst` : first}.`
        : page.listed < page.total
          ? `${count}. Vi visar ${first}. Sök eller filtrera för att hitta andra.`
          : count}
    </p>
  );
}

/**
 * Under a list's heading: the stay its prices are for ('12 dec.–15 dec., 3 nätter, 2 vuxna,
 * 1 rum') and why part of the address was set aside (an unknown place, a past date).
 */
export function ListNotices({ notices, stay }: { notices: string[]; stay: Stay }) {
  return (
    <>
      {isChosenStay(stay) ? <p className="mt-1 text-sm font-medium">Priser för {stayLabel(stay)}</p> : null}
      {notices.map((notice) => (
        <p key={notice} role="status" className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}
        </p>
      ))}
    </>
  );
}

/**
 * A list of the map's area (`omrade`) says so, with the way back to the page's own list: the
 * area replaced the page's place and search (decision 078).
 */
export function AreaNote({ page, backText }: { page: Pick<HotelListPage, "params" | "names">; backText?: string }) {
  const location = useLocation();
  if (!page.params.area) return null;
  const back = listHref(location.pathname, new URLSearchParams(location.search), { [AREA_PARAM]: undefined, sida: undefined });
  const whole = page.names.location || page.names.country;
  return (
    <p className="mt-2 text-sm">
      Hotellen i området du valde på kartan.{" "}
      <Link to={back} preventScrollReset className="font-medium text-brand-700 underline">
        {backText ?? (whole ? `Visa alla hotell i ${whole}` : "Visa alla hotell")}
      </Link>
    </p>
  );
}
