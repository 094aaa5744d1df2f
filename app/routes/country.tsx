import { data } from "react-router";
import type { Route } from "./+types/country";
import { findCountry } from "#app/catalogue/hotels.server.ts";
import { loadHotelListPage } from "#app/catalogue/list-page.server.ts";
import { hotelCount } from "#app/domain/hotel.ts";
import { getAppDatabase } from "#app/db/db.server.ts";
import { getEnv } from "#app/env.server.ts";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { FilterBar } from "#app/components/filter-bar.tsx";
import { HotelListSection } from "#app/components/hotel-list-section.tsx";
import { SeoText } from "#app/components/seo-text.tsx";
import { countryPath } from "#app/domain/paths.ts";

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Sidan finns inte | Hotellguiden" }, { name: "robots", content: "noindex" }];
  return [
    { title: `Hotell i ${data.country} | ${data.siteName}` },
    { name: "description", content: `Jämför ${hotelCount(data.page.total)} i ${data.country}: betyg, priser, bekvämligheter och läge.` },
  ];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  // Both match the segment the same way (place_key), so they need not wait for each other.
  const [country, page] = await Promise.all([
    findCountry(getAppDatabase().db, params.country),
    loadHotelListPage(request, { country: params.country }),
  ]);
  if (!country) throw data(null, { status: 404 });
  return { siteName: getEnv().SITE_NAME, country, page };
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
        <HotelListSection page={page} variant="large" />
      </div>
      <SeoText country={country} />
    </>
  );
}
