import { data, href, redirect } from "react-router";
import type { Route } from "./+types/country";
import { listCountryPlaces, resolveCountry } from "#app/hotels/places.server.ts";
import { loadHotelListPage, withLiveListPrices } from "#app/hotels/list-page.server.ts";
import { PRIVATE } from "#app/http/cache-control.server.ts";
import { WithLiveList } from "#app/components/live-price-parts.tsx";
import { hotelCount } from "#app/hotels/hotel-record.ts";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { FilterBar } from "#app/components/filter-bar.tsx";
import { HotelListSection } from "#app/components/hotel-list-section.tsx";
import { ListWithMap } from "#app/components/list-with-map.tsx";
import { AreaNote, ListCount, ListNotices } from "#app/components/list-notices.tsx";
import { isChosenStay } from "#app/utils/stay.ts";
import { SeoText } from "#app/components/seo-text.tsx";
import { CountryPlaces } from "#app/components/country-places.tsx";
import { countryPath } from "#app/utils/paths.ts";
import { breadcrumbJsonLd, hotelItemListJsonLd, seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";

export function meta({ data, matches }: Route.MetaArgs) {
  const { siteName, siteUrl } = siteFromMatches(matches);
  if (!data) return [{ title: `Sidan finns inte | ${siteName}` }, { name: "robots", content: "noindex" }];
  return [
    ...seoMeta({
      title: `Hotell i ${data.countryName}`,
      description: `Jämför ${hotelCount(data.page.total, { more: data.page.more })} i ${data.countryName}: betyg, priser, bekvämligheter och läge.`,
      siteName,
      siteUrl,
      path: data.path,
      // A chosen stay, conditions or currency only change prices: such pages are not indexed (the canonical has none).
      noindex:
        isChosenStay(data.page.stay) ||
        data.page.conditions.length > 0 ||
        data.page.display.currency !== "SEK" ||
        data.page.params.area !== undefined,
    }),
    hotelItemListJsonLd(siteUrl, data.page.hotels),
    breadcrumbJsonLd(siteUrl, [
      { label: "Hem", path: href("/") },
      { label: data.countryName, path: data.path },
    ]),
  ];
}

export async function loader({ url, params, request }: Route.LoaderArgs) {
  const country = await resolveCountry(params.country);
  // A country stored with a name that names nothing ('..') has no page either.
  const path = countryPath(country);
  if (!country || !path) throw data(null, { status: 404 });
  // One address per country: /Sverige, /sweden and /Sweden/ lead to /Sweden.
  if (url.pathname !== path) throw redirect(`${path}${url.search}`, 301);
  const [stored, places] = await Promise.all([loadHotelListPage(url, { country }), listCountryPlaces(country)]);
  const listed = await withLiveListPrices(stored, request);
  const body = { country, path, countryName: listed.page.names.country, page: listed.page, live: listed.live, places };
  // A page waiting for or missing a partner's live prices is not kept by any cache.
  return listed.private ? data(body, { headers: { "Cache-Control": PRIVATE } }) : body;
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function CountryPage({ loaderData }: Route.ComponentProps) {
  const { country, path, countryName, page, places, live } = loaderData;
  return (
    <>
      <div className="container-page space-y-6 py-8">
        <Breadcrumbs crumbs={[{ label: "Hem", to: href("/") }, { label: countryName }]} />
        <header>
          <h1 className="text-3xl font-bold">Hotell i {countryName}</h1>
          <ListCount page={page} />
          <ListNotices notices={page.notices} stay={page.stay} />
          <AreaNote page={page} />
        </header>
        <CountryPlaces country={country} countryName={countryName} places={places} stay={page.stay} choices={page.params} />
        <FilterBar
          params={{ ...page.params, country: "" }}
          countries={[]}
          locations={page.locations}
          action={path}
          fixedPlace
          stay={page.stay}
          today={page.today}
        />
        <WithLiveList page={page} live={live}>
          {(shown) => (
            <ListWithMap
              stay={shown.stay}
              choices={shown.params}
              display={shown.display}
              hotels={shown.hotels}
              count={shown}
              country={country}
              label={`Karta över hotell i ${countryName}`}
            >
              <HotelListSection page={shown} variant="large" />
            </ListWithMap>
          )}
        </WithLiveList>
      </div>
      <SeoText country={country} />
    </>
  );
}
