import type { Route } from "./+types/hotels";
import { loadHotelListPage } from "#app/catalogue/list-page.server.ts";
import { hotelCount } from "#app/domain/hotel.ts";
import type { ListParams } from "#app/domain/search-params.ts";
import { hotelPath } from "#app/domain/paths.ts";
import { hotelItemListJsonLd, seoMeta, siteFromMatches } from "#app/domain/seo.ts";
import { FilterBar } from "#app/components/filter-bar.tsx";
import { HotelListSection } from "#app/components/hotel-list-section.tsx";
import { MapToggle } from "#app/components/map-toggle.tsx";

/** Title and description by which query parameter is present (spec §2). */
function describe(params: ListParams): { title: string; description: string } {
  if (params.search) return { title: `Sökresultat för "${params.search}"`, description: `Hotell som matchar "${params.search}". Jämför betyg, priser och läge.` };
  if (params.location) return { title: `Hotell i ${params.location}`, description: `Jämför hotell i ${params.location}${params.country ? `, ${params.country}` : ""}.` };
  if (params.country) return { title: `Hotell i ${params.country}`, description: `Alla våra hotell i ${params.country}, med betyg, priser och karta.` };
  if (params.destination) return { title: `Hotell i ${params.destination}`, description: `Hotell för resan till ${params.destination}.` };
  if (params.rating) return { title: `Hotell med ${params.rating}+ stjärnor`, description: `Hotell med minst ${params.rating} stjärnor.` };
  return { title: "Alla hotell", description: "Sök och jämför hotell i Sverige och hela världen." };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  const { siteName, siteUrl } = siteFromMatches(matches);
  if (!data) return [{ title: `Hotell | ${siteName}` }];
  const { title, description } = describe(data.page.params);
  // Filtered and later pages are variations of /hotels: crawlers index them, canonical stays with the query.
  return [
    ...seoMeta({ title, description, siteName, siteUrl, path: `${location.pathname}${location.search}` }),
    hotelItemListJsonLd(siteUrl, data.page.hotels.map((hotel) => ({ ...hotel, href: hotelPath(hotel) }))),
  ];
}

export async function loader({ url }: Route.LoaderArgs) {
  return { page: await loadHotelListPage(url) };
}

export default function Hotels({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { title } = describe(page.params);
  return (
    <div className="container-page space-y-6 py-8">
      <header>
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-1 text-muted" aria-live="polite">{hotelCount(page.total)}</p>
      </header>
      <FilterBar params={page.params} countries={page.countries} locations={page.locations} action="/hotels" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_400px]">
        <div className="min-w-0 lg:order-1">
          <HotelListSection page={page} variant="large" />
        </div>
        <div className="lg:order-2">
          <MapToggle hotels={page.hotels} city={page.params.location} country={page.params.country} />
        </div>
      </div>
    </div>
  );
}
