import { data } from "react-router";
import type { Route } from "./+types/country";
import { findCountry } from "#app/hotels/hotel-queries.server.ts";
import { loadHotelListPage } from "#app/hotels/list-page.server.ts";
import { hotelCount } from "#app/hotels/hotel.ts";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { FilterBar } from "#app/components/filter-bar.tsx";
import { HotelListSection } from "#app/components/hotel-list-section.tsx";
import { MapToggle } from "#app/components/map-toggle.tsx";
import { SeoText } from "#app/components/seo-text.tsx";
import { countryPath, hotelPath } from "#app/utils/paths.ts";
import { breadcrumbJsonLd, hotelItemListJsonLd, seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";

export function meta({ data, matches }: Route.MetaArgs) {
  const { siteName, siteUrl } = siteFromMatches(matches);
  if (!data) return [{ title: `Sidan finns inte | ${siteName}` }, { name: "robots", content: "noindex" }];
  return [
    ...seoMeta({
      title: `Hotell i ${data.country}`,
      description: `Jämför ${hotelCount(data.page.total)} i ${data.country}: betyg, priser, bekvämligheter och läge.`,
      siteName,
      siteUrl,
      path: countryPath(data.country),
    }),
    hotelItemListJsonLd(
      siteUrl,
      data.page.hotels.map((hotel) => ({ ...hotel, href: hotelPath(hotel) })),
    ),
    breadcrumbJsonLd(siteUrl, [
      { label: "Hem", path: "/" },
      { label: data.country, path: countryPath(data.country) },
    ]),
  ];
}

export async function loader({ url, params }: Route.LoaderArgs) {
  // Both match the segment the same way (place_key), so they need not wait for each other.
  const [country, page] = await Promise.all([findCountry(params.country), loadHotelListPage(url, { country: params.country })]);
  if (!country) throw data(null, { status: 404 });
  return { country, page };
}

export default function CountryPage({ loaderData }: Route.ComponentProps) {
  const { country, page } = loaderData;
  return (
    <>
      <div className="container-page space-y-6 py-8">
        <Breadcrumbs crumbs={[{ label: "Hem", to: "/" }, { label: country }]} />
        <header>
          <h1 className="text-3xl font-bold">Hotell i {country}</h1>
          <p className="mt-1 text-muted">{hotelCount(page.total)}</p>
        </header>
        <FilterBar
          params={{ ...page.params, country: "" }}
          countries={[]}
          locations={page.locations}
          action={countryPath(country)}
          fixedPlace
        />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_400px]">
          <div className="min-w-0">
            <HotelListSection page={page} variant="large" />
          </div>
          <div>
            <MapToggle hotels={page.hotels} country={country} label={`Karta över hotell i ${country}`} />
          </div>
        </div>
      </div>
      <SeoText country={country} />
    </>
  );
}
