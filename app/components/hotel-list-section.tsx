import { Link, useLocation, useNavigation } from "react-router";
import type { HotelListPage } from "#app/hotels/list-page.server.ts";
import { HotelList } from "./hotel-card.tsx";
import { Pagination } from "./pagination.tsx";
import { CompareForm } from "./compare.tsx";
import { HOME_CURRENCY, type PriceDisplay } from "#app/utils/money.ts";
import { adultsLabel, roomsLabel, STAY_PARAMS } from "#app/utils/stay.ts";
import { swedishDate } from "#app/utils/format.ts";
import { hotelPath, hotelsSearchPath, placePath } from "#app/utils/paths.ts";

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
export function HotelListSection({
  page,
  variant,
  emptyText,
  display,
}: {
  page: HotelListPage;
  variant: "large" | "compact";
  emptyText?: string;
  /** The currency the cards show amounts in. */
  display?: PriceDisplay;
}) {
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
      <PriceNotes page={page} />
      {page.hotels.length > 1 ? <CompareForm stay={page.stay} /> : null}
      {loading ? (
        <>
          <p className="sr-only" role="status">
            Laddar hotell…
          </p>
          <SkeletonCards />
        </>
      ) : page.hotels.length === 0 && page.noHits ? (
        <NoHits page={page} noHits={page.noHits} />
      ) : (
        <HotelList
          hotels={page.hotels}
          variant={variant}
          emptyText={emptyText}
          stay={page.stay}
          choices={page.params}
          display={display ?? page.display}
          comparable
        />
      )}
      <Pagination page={page.params.page} pageCount={page.pageCount} />
    </div>
  );
}

/** What the list's prices depend on: a party no partner sells, and the rates another currency is shown at. */
function PriceNotes({ page }: { page: HotelListPage }) {
  const { search } = useLocation();
  const party = page.partyNotSold;
  let moreRooms: string | null = null;
  if (party?.fitsInRooms) {
    const params = new URLSearchParams(search);
    params.set(STAY_PARAMS.rooms, String(party.fitsInRooms));
    params.delete("sida");
    moreRooms = `?${params.toString()}`;
  }
  return (
    <>
      {party ? (
        <p role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          Ingen av våra partner har rum för {adultsLabel(party.adults)} i {roomsLabel(party.rooms)}.{" "}
          {moreRooms ? (
            <Link to={moreRooms} className="font-semibold underline">
              Sök {adultsLabel(party.adults)} i {roomsLabel(party.fitsInRooms!)}
            </Link>
          ) : (
            "Prova färre vuxna per rum."
          )}
        </p>
      ) : null}
      {page.display.currency !== HOME_CURRENCY && page.display.ratesDate ? (
        <p className="mb-4 text-sm text-muted">
          Priserna är omräknade från kronor med Europeiska centralbankens kurs den {swedishDate(`${page.display.ratesDate}T12:00:00Z`)}.
        </p>
      ) : null}
    </>
  );
}

/**
 * A search that found nothing is no dead end: the closest place and hotel names as links
 * ("Menade du …?"), then the popular places.
 */
function NoHits({ page, noHits }: { page: HotelListPage; noHits: NonNullable<HotelListPage["noHits"]> }) {
  const close = [
    ...noHits.close.places.flatMap((place) => {
      const href = placePath(place.country, place.location);
      return href ? [{ key: `p-${place.country}-${place.location}`, label: `${place.location_name}, ${place.country_name}`, href }] : [];
    }),
    ...noHits.close.hotels.map((hotel) => ({
      key: `h-${hotel.id}`,
      label: hotel.name,
      href: hotelPath(hotel) ?? hotelsSearchPath({ search: hotel.name }),
    })),
  ];
  const popular = noHits.popular.map((place) => ({
    key: `${place.country ?? ""}-${place.location}`,
    label: place.location_name,
    href: placePath(place.country, place.location) ?? hotelsSearchPath({ destination: place.location }),
  }));
  return (
    <div className="space-y-4 rounded-lg border border-dashed border-slate-300 p-6">
      <p className="font-semibold">Vi hittade inga hotell för ”{page.params.search}”.</p>
      {close.length ? (
        <p>
          Menade du{" "}
          {close.map((option, index) => (
            <span key={option.key}>
              {index > 0 ? (index === close.length - 1 ? " eller " : ", ") : null}
              <Link to={option.href} className="font-medium text-brand-700 underline">
                {option.label}
              </Link>
            </span>
          ))}
          ?
        </p>
      ) : (
        <p>Kontrollera stavningen eller sök på en stad, ett land eller ett hotellnamn.</p>
      )}
      {popular.length ? (
        <nav aria-label="Populära resmål">
          <h3 className="mb-2 font-semibold">Populära resmål</h3>
          <ul className="flex flex-wrap gap-2">
            {popular.map((place) => (
              <li key={place.key}>
                <Link to={place.href} className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50">
                  {place.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
