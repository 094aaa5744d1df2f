import type { Route } from "./+types/hotels";
import { loadHotelListPage } from "#app/catalogue/list-page.server.ts";
import { hotelCount } from "#app/domain/hotel.ts";
import { getEnv } from "#app/env.server.ts";
import type { ListParams } from "#app/domain/search-params.ts";
import { FilterBar } from "#app/components/filter-bar.tsx";
import { HotelListSection } from "#app/components/hotel-list-section.tsx";

/** Title and description by which query parameter is present (spec §2). */
function describe(params: ListParams): { title: string; description: string } {
  if (params.search) return { title: `Sökresultat för "${params.search}"`, description: `Hotell som matchar "${params.search}". Jämför betyg, priser och läge.` };
  if (params.location) return { title: `Hotell i ${params.location}`, description: `Jämför hotell i ${params.location}${params.country ? `, ${params.country}` : ""}.` };
  if (params.country) return { title: `Hotell i ${params.country}`, description: `Alla våra hotell i ${params.country}, med betyg, priser och karta.` };
  if (params.destination) return { title: `Hotell i ${params.destination}`, description: `Hotell för resan till ${params.destination}.` };
  if (params.rating) return { title: `Hotell med ${params.rating}+ stjärnor`, description: `Hotell med minst ${params.rating} stjärnor.` };
  return { title: "Alla hotell", description: "Sök och jämför hotell i Sverige och hela världen." };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Hotell | Hotellguiden" }];
  const { title, description } = describe(data.page.params);
  return [{ title: `${title} | ${data.siteName}` }, { name: "description", content: description }];
}

export async function loader({ request }: Route.LoaderArgs) {
  return { siteName: getEnv().SITE_NAME, page: await loadHotelListPage(request) };
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
      <HotelListSection page={page} variant="large" />
    </div>
  );
}
