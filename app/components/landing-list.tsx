import { href, Link } from "react-router";
import type { ReactNode } from "react";
import type { HotelListPage } from "#app/hotels/list-page.server.ts";
import type { LiveListPart } from "#app/live-prices/live-offers.ts";
import { WithLiveList } from "#app/components/live-price-parts.tsx";
import { Breadcrumbs, type Crumb } from "#app/components/breadcrumbs.tsx";
import { FilterBar } from "#app/components/filter-bar.tsx";
import { HotelListSection } from "#app/components/hotel-list-section.tsx";
import { ListWithMap } from "#app/components/list-with-map.tsx";
import { AreaNote, ListCount, ListNotices } from "#app/components/list-notices.tsx";
import { formatCount } from "#app/utils/format.ts";
import { priceRangeText, type PriceRange } from "#app/hotels/landing-pages.ts";
import type { PriceDisplay } from "#app/utils/money.ts";
import type { MapLandmark } from "#app/hotels/map-markers.ts";
import type { Stay } from "#app/utils/stay.ts";

interface LandingListProps {
  /** The way back to the site's start; by default Hem › country › place › the heading. */
  crumbs?: Crumb[];
  /** The country's and the place's pages. */
  paths: { country: string; place: string };
  heading: string;
  /** The introduction written from the data (landing-pages.ts landingIntro). */
  intro: string;
  /** How many hotels the introduction counts: the page's own, before the visitor's filters. */
  introHotels: number;
  page: HotelListPage;
  live: Promise<LiveListPart> | null;
  /** Where the filter form goes (GET): the page itself, or the place's list. */
  action: string;
  country: string;
  location: string;
  /** What the list is of, after "hotell" ("nära Centralstationen i Stockholm"): names the map and an empty list. */
  where: string;
  /** A landmark page's landmark and radius, for its map. */
  landmark?: MapLandmark | null;
  /** Links to related pages below the list (the place's other neighbourhoods). */
  children?: ReactNode;
}

/** A neighbourhood's or landing page's list: heading, introduction, filters and the hotels with their map. */
export function LandingList({
  crumbs,
  paths,
  heading,
  intro,
  introHotels,
  page,
  live,
  action,
  country,
  location,
  where,
  landmark,
  children,
}: LandingListProps) {
  const area = Boolean(page.params.area);
  // The visitor's filters left part of the hotels the introduction counts: say so beside it.
  const narrowed = !area && !page.more && page.total < introHotels;
  return (
    <div className="container-page space-y-6 py-8">
      <Breadcrumbs
        crumbs={
          crumbs ?? [
            { label: "Hem", to: href("/") },
            { label: page.names.country, to: paths.country },
            { label: page.names.location, to: paths.place },
            { label: heading },
          ]
        }
      />
      <header>
        <h1 className="text-3xl font-bold">{heading}</h1>
        {/* The map's area replaces the neighbourhood or landing page's own scope: its introduction would describe other hotels. */}
        {area ? null : (
          <p className="mt-2 max-w-prose">
            {intro}
            {introHotels === 0 ? (
              <>
                {" "}
                <Link to={paths.place} className="font-medium text-brand-700 underline">
                  {`Se alla hotell i ${page.names.location}`}
                </Link>
              </>
            ) : null}
          </p>
        )}
        {narrowed ? (
          <p className="mt-1 text-muted">
            {formatCount(page.total)} av {formatCount(introHotels)} hotell matchar dina val.
          </p>
        ) : introHotels === 0 && !area ? null : (
          <ListCount page={page} />
        )}
        <ListNotices notices={page.notices} stay={page.stay} />
        <AreaNote page={page} backText={`Tillbaka till ${heading.charAt(0).toLowerCase()}${heading.slice(1)}`} />
      </header>
      {/* Nothing to list or filter: the introduction says so and links the place's whole list. */}
      {introHotels === 0 && !area ? null : (
        <>
          <FilterBar
            params={page.params}
            countries={[]}
            locations={[]}
            action={action}
            fixedPlace
            stay={page.stay}
            today={page.today}
            distance={page.distance}
          />
          <WithLiveList page={page} live={live}>
            {(shown) => (
              <ListWithMap
                stay={shown.stay}
                choices={shown.params}
                display={shown.display}
                hotels={shown.hotels}
                count={shown}
                city={location}
                country={country}
                label={`Karta över hotell ${where}`}
                placement="top"
                landmark={landmark}
              >
                <HotelListSection page={shown} variant="compact" emptyText={`Inga hotell ${where} matchar filtren`} />
              </ListWithMap>
            )}
          </WithLiveList>
        </>
      )}
      {children}
    </div>
  );
}

export interface NeighbourhoodLink {
  name: string;
  hotels: number;
  price: PriceRange | null;
  /** The neighbourhood's page, the visitor's stay and price choices kept. */
  to: string;
}

/** A place's neighbourhoods: name, number of hotels, price range for the stay, and a link to each. */
export function NeighbourhoodLinks({
  heading,
  neighbourhoods,
  display,
  stay,
}: {
  heading: string;
  neighbourhoods: readonly NeighbourhoodLink[];
  display: PriceDisplay;
  stay: Stay;
}) {
  if (!neighbourhoods.length) return null;
  const id = "omraden-rubrik";
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold">
        {heading}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {neighbourhoods.map((one) => (
          <li key={one.to} className="rounded-lg border border-slate-200 bg-white p-3">
            <Link to={one.to} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {one.name}
            </Link>
            <p className="text-sm text-muted">
              {formatCount(one.hotels)} hotell
              {one.price ? ` · ${priceRangeText(one.price, display)}` : stay.checkIn ? " · inga priser för dina datum" : ""}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
