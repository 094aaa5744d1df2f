import type { Route } from "./+types/home";
import { listPopularDestinations, listPopularPlaces } from "#app/hotels/destinations.server.ts";
import { popularHotels } from "#app/hotels/hotel-queries.server.ts";
import { HotelList } from "#app/components/hotel-card.tsx";
import { HotelMap } from "#app/components/hotel-map.tsx";
import { toMapMarkers } from "#app/hotels/map-markers.ts";
import { hotelPath } from "#app/utils/paths.ts";
import { hotelItemListJsonLd, seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";
import { SearchBar } from "#app/components/search-bar.tsx";
import { NO_STAY, todayInSweden } from "#app/offers/stay.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { SeoText } from "#app/components/seo-text.tsx";
import { Link } from "react-router";

export function meta({ data, matches }: Route.MetaArgs) {
  const { siteName, siteUrl } = siteFromMatches(matches);
  return [
    ...seoMeta({
      title: "Hitta och jämför hotell",
      description: "Sök bland hotell i Sverige och hela världen, jämför betyg och priser och boka hos våra partner.",
      siteName,
      siteUrl,
      path: "/",
    }),
    ...(data
      ? [
          hotelItemListJsonLd(
            siteUrl,
            data.hotels.map((hotel) => ({ ...hotel, href: hotelPath(hotel) })),
          ),
        ]
      : []),
  ];
}

export async function loader({ url }: Route.LoaderArgs) {
  const env = getEnv();
  const [destinations, places] = await Promise.all([listPopularDestinations(), listPopularPlaces()]);
  // The chosen chip is a link (?plats=…), so choosing works without JavaScript; the first is the default.
  const wanted = url.searchParams.get("plats")?.trim().toLocaleLowerCase("sv-SE");
  const selected = places.find((place) => place.location.toLocaleLowerCase("sv-SE") === wanted) ?? places[0] ?? null;
  const hotels = selected ? await popularHotels(selected.location, selected.country ?? undefined) : [];
  return { flightsUrl: env.FLIGHTS_AFFILIATE_URL, destinations, places, selected, hotels, today: todayInSweden() };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { destinations, flightsUrl, places, selected, hotels } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page py-12 md:py-20">
          <h1 className="max-w-2xl text-3xl font-bold tracking-tight md:text-5xl">Sök efter ditt nästa resmål</h1>
          <div className="mt-6">
            <SearchBar id="home-search" stay={NO_STAY} today={loaderData.today} />
          </div>
          <ul className="mt-8 grid max-w-2xl grid-cols-2 gap-4">
            <li>
              <a
                href={flightsUrl}
                target="_blank"
                rel="noopener sponsored"
                className="block rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-600"
              >
                <span className="block text-lg font-semibold">Flyg</span>
                <span className="block text-sm text-muted">Jämför flyg hos vår partner (öppnas i ny flik)</span>
              </a>
            </li>
            <li>
              <Link to="/hotels" className="block rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-600">
                <span className="block text-lg font-semibold">Hotell</span>
                <span className="block text-sm text-muted">Alla hotell och resmål</span>
              </Link>
            </li>
          </ul>
        </div>
      </section>

      {places.length ? (
        <section aria-labelledby="popular-places-heading" className="container-page py-10">
          <h2 id="popular-places-heading" className="text-2xl font-semibold">
            Populära platser
          </h2>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Välj plats">
            {places.map((place) => {
              const isSelected = place.location === selected?.location;
              return (
                <li key={`${place.country}-${place.location}`}>
                  <Link
                    to={`?plats=${encodeURIComponent(place.location)}`}
                    preventScrollReset
                    aria-current={isSelected ? "true" : undefined}
                    className={`inline-block rounded-full border px-4 py-2 text-sm font-medium ${
                      isSelected ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white hover:border-brand-600"
                    }`}
                  >
                    {place.location_name}
                  </Link>
                </li>
              );
            })}
          </ul>
          <div className="mt-6 space-y-6">
            <HotelList hotels={hotels} amenityCount={4} emptyText="Inga hotell hittades för den här platsen" />
            {selected ? (
              <HotelMap
                markers={toMapMarkers(hotels)}
                city={selected.location}
                country={selected.country}
                label={`Karta över hotell i ${selected.location_name}`}
                className="h-[320px]"
              />
            ) : null}
          </div>
        </section>
      ) : null}

      {destinations.length ? (
        <section aria-labelledby="destinations-heading" className="container-page py-10">
          <h2 id="destinations-heading" className="text-2xl font-semibold">
            Populära destinationer
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {destinations.map((destination) => (
              <li key={destination.id} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
                <Link to={destination.link} className="block h-full hover:bg-slate-50">
                  <img
                    src={destination.image}
                    alt=""
                    width={600}
                    height={400}
                    loading="lazy"
                    className="aspect-[3/2] w-full object-cover"
                  />
                  <div className="p-4">
                    <h3 className="text-lg font-semibold">{destination.name}</h3>
                    <p className="mt-1 line-clamp-3 text-sm text-muted">{destination.description}</p>
                    <p className="mt-3 text-sm font-semibold text-brand-700">{destination.priceText}</p>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <SeoText />
    </>
  );
}
