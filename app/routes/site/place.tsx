import { data, href, Link, redirect } from "react-router";
import type { Route } from "./+types/place";
import { findPlace } from "#app/hotels/places.server.ts";
import { nearbyAreas, type NearbyArea } from "#app/hotels/area-clusters.server.ts";
import { NearbyAreaLinks } from "#app/components/nearby-area-links.tsx";
import { loadHotelListPage, withLiveListPrices } from "#app/hotels/list-page.server.ts";
import { PRIVATE } from "#app/http/cache-control.server.ts";
import { WithLiveList } from "#app/components/live-price-parts.tsx";
import { hotelCount } from "#app/hotels/hotel-record.ts";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { FilterBar } from "#app/components/filter-bar.tsx";
import { HotelListSection } from "#app/components/hotel-list-section.tsx";
import { ListWithMap } from "#app/components/list-with-map.tsx";
import { AreaNote, ListCount, ListNotices } from "#app/components/list-notices.tsx";
import { pageCalendar } from "#app/prices/calendar-prices.server.ts";
import { CalendarLink, PriceCalendar } from "#app/components/price-calendar.tsx";
import { countryPath, placePath } from "#app/utils/paths.ts";
import { breadcrumbJsonLd, hotelItemListJsonLd, seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";
import { placeAmenityCounts, placeNeighbourhoods } from "#app/hotels/neighbourhoods.server.ts";
import {
  amenityLandingPath,
  isIndexable,
  isPlainList,
  landingAmenityPhrase,
  landmarkLandingPath,
  neighbourhoodPath,
} from "#app/hotels/landing-pages.ts";
import { placeLandmarkCounts } from "#app/location/landmark-pages.server.ts";
import { log } from "#app/utils/log.server.ts";
import { conditionsMask } from "#app/prices/conditions.ts";
import { NeighbourhoodLinks } from "#app/components/landing-list.tsx";
import { withPriceChoices } from "#app/hotels/search-params.ts";
import { withStay } from "#app/utils/stay.ts";

export function meta({ data, matches }: Route.MetaArgs) {
  const { siteName, siteUrl } = siteFromMatches(matches);
  if (!data) return [{ title: `Sidan finns inte | ${siteName}` }, { name: "robots", content: "noindex" }];
  return [
    ...seoMeta({
      title: `Hotell i ${data.page.names.location}, ${data.page.names.country}`,
      description: `${hotelCount(data.page.total, { more: data.page.more, atStart: true })} i ${data.page.names.location}, ${data.page.names.country}. Jämför betyg och priser och boka hos våra partner.`,
      siteName,
      siteUrl,
      path: data.paths.place,
      // A chosen stay only changes prices: such pages are not indexed (the canonical has no stay).
      // Nor are filtered ones: the place's plain list and its landing pages are (decision 079).
      noindex: !isPlainList(data.page) || data.calendar !== null,
    }),
    hotelItemListJsonLd(siteUrl, data.page.hotels),
    breadcrumbJsonLd(siteUrl, [
      { label: "Hem", path: href("/") },
      { label: data.page.names.country, path: data.paths.country },
      { label: data.page.names.location, path: data.paths.place },
    ]),
  ];
}

const withoutLinks = (counts: string) => (error: unknown) => {
  log.error("place page: counts for its links failed", error, { counts });
  return [];
};

export async function loader({ url, params, request }: Route.LoaderArgs) {
  // Both match the segments the same way (place_key), so they need not wait for each other.
  const place = await findPlace(params.country, params.location);
  // A place stored with a name that names nothing ('.') has no page either.
  const paths = place && { country: countryPath(place.country), place: placePath(place.country, place.location) };
  if (!place || !paths?.country || !paths.place) throw data(null, { status: 404 });
  // One address per place: /Sverige/Goteborg and /sweden/gothenburg/ lead to /Sweden/Gothenburg.
  if (url.pathname !== paths.place) throw redirect(`${paths.place}${url.search}`, 301);
  // The amenity and landmark counts need nothing of the list: they are read beside it, not after it.
  const [list, calendar, nearby, amenities, landmarks] = await Promise.all([
    loadHotelListPage(url, place),
    pageCalendar(url, place),
    nearbyAreas(place).catch(() => [] as NearbyArea[]),
    // Links to further pages: a failed count leaves them out, never the place's page.
    placeAmenityCounts(place).catch(withoutLinks("amenity")),
    placeLandmarkCounts(place).catch(withoutLinks("landmark")),
  ]);
  const [listed, areas] = await Promise.all([
    withLiveListPrices(list, request),
    placeNeighbourhoods(place, list.stay, conditionsMask(list.conditions)),
  ]);
  const body = {
    ...place,
    paths: { country: paths.country, place: paths.place },
    page: listed.page,
    live: listed.live,
    calendar,
    nearby,
    search: url.search,
    neighbourhoods: areas.neighbourhoods,
    // Links to the landing pages search engines may index ("Hotell i Stockholm med pool").
    // Links to the landing pages search engines may index ("Hotell nära Centralstationen", "Hotell med pool"):
    // the landmarks first, most hotels first, then the amenities.
    landings: [
      ...landmarks.flatMap((one) => {
        const to = isIndexable(one.hotels) && landmarkLandingPath(place.country, place.location, one.slug);
        return to ? [{ key: `nara-${one.slug}`, to, label: `Hotell nära ${one.isCentre ? "centrum" : one.name}` }] : [];
      }),
      ...amenities
        .filter((one) => isIndexable(one.hotels))
        .sort((a, b) => b.hotels - a.hotels)
        .flatMap((one) => {
          const to = amenityLandingPath(place.country, place.location, one.amenity);
          return to ? [{ key: `med-${one.amenity}`, to, label: `Hotell med ${landingAmenityPhrase(one.amenity)}` }] : [];
        }),
    ],
  };
  // A page waiting for or missing a partner's live prices is not kept by any cache.
  return listed.private ? data(body, { headers: { "Cache-Control": PRIVATE } }) : body;
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function PlacePage({ loaderData }: Route.ComponentProps) {
  const { country, location, paths, live } = loaderData;
  const page = loaderData.page;
  const names = page.names;
  return (
    <div className="container-page space-y-6 py-8">
      <Breadcrumbs crumbs={[{ label: "Hem", to: href("/") }, { label: names.country, to: paths.country }, { label: names.location }]} />
      <header>
        <h1 className="text-3xl font-bold">
          Hotell i {names.location}, {names.country}
        </h1>
        <ListCount page={page} />
        <ListNotices notices={page.notices} stay={page.stay} />
        <AreaNote page={page} />
      </header>
      <FilterBar
        params={page.params}
        countries={[]}
        locations={[]}
        action={paths.place}
        fixedPlace
        stay={page.stay}
        today={page.today}
        distance={page.distance}
      />
      <CalendarLink page={`${paths.place}${loaderData.search}`} stay={page.stay} className="text-sm" />
      <NearbyAreaLinks areas={loaderData.nearby} placeName={names.location} />
      {loaderData.calendar ? (
        <PriceCalendar
          calendar={loaderData.calendar}
          path={paths.place}
          stay={page.stay}
          display={page.display}
          whose="place"
          wholePlace={page.params.area ? names.location : undefined}
          resultAnchor=""
          today={page.today}
        />
      ) : null}
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
            label={`Karta över hotell i ${names.location}`}
            placement="top"
          >
            <HotelListSection page={shown} variant="compact" emptyText="Inga hotell hittades för den här platsen" />
          </ListWithMap>
        )}
      </WithLiveList>
      <NeighbourhoodLinks
        heading={`Områden i ${names.location}`}
        display={page.display}
        stay={page.stay}
        neighbourhoods={loaderData.neighbourhoods.flatMap((one) => {
          const to = neighbourhoodPath(country, location, one.slug);
          return to ? [{ ...one, to: withStay(withPriceChoices(to, page.params), page.stay) }] : [];
        })}
      />
      {loaderData.landings.length ? (
        <nav aria-labelledby="populara-rubrik" className="space-y-2">
          <h2 id="populara-rubrik" className="text-xl font-semibold">
            Populära val i {names.location}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {loaderData.landings.map((one) => (
              <li key={one.key}>
                <Link
                  to={withStay(withPriceChoices(one.to, page.params), page.stay)}
                  className="inline-block rounded-full border border-slate-200 px-3 py-1 text-sm text-brand-700 hover:underline"
                >
                  {one.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
