import { data } from "react-router";
import type { Route } from "./+types/place";
import { findPlace } from "#app/catalogue/hotels.server.ts";
import { loadHotelListPage } from "#app/catalogue/list-page.server.ts";
import { hotelCount } from "#app/domain/hotel.ts";
import { getAppDatabase } from "#app/db/db.server.ts";
import { getEnv } from "#app/env.server.ts";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { FilterBar } from "#app/components/filter-bar.tsx";
import { HotelListSection } from "#app/components/hotel-list-section.tsx";
import { countryPath, placePath } from "#app/domain/paths.ts";

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Sidan finns inte | Hotellguiden" }, { name: "robots", content: "noindex" }];
  return [
    { title: `Hotell i ${data.location}, ${data.country} | ${data.siteName}` },
    { name: "description", content: `${hotelCount(data.page.total)} i ${data.location}, ${data.country}. Jämför betyg och priser och boka hos våra partner.` },
  ];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  // Both match the segments the same way (place_key), so they need not wait for each other.
  const [place, page] = await Promise.all([
    findPlace(getAppDatabase().db, params.country, params.location),
    loadHotelListPage(request, { country: params.country, location: params.location }),
  ]);
  if (!place) throw data(null, { status: 404 });
  return { siteName: getEnv().SITE_NAME, ...place, page };
}

export default function PlacePage({ loaderData }: Route.ComponentProps) {
  const { country, location, page } = loaderData;
  return (
    <div className="container-page space-y-6 py-8">
      <Breadcrumbs crumbs={[{ label: "Hem", to: "/" }, { label: country, to: countryPath(country) }, { label: location }]} />
      <header>
        <h1 className="text-3xl font-bold">Hotell i {location}, {country}</h1>
        <p className="mt-1 text-muted">{hotelCount(page.total)}</p>
      </header>
      <FilterBar params={page.params} countries={[]} locations={[]} action={placePath(country, location)} fixedPlace />
      <HotelListSection page={page} variant="compact" emptyText="Inga hotell hittades för den här platsen" />
    </div>
  );
}
