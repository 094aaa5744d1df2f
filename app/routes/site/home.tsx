import type { Route } from "./+types/home";
import { listPopularDestinations, listPopularPlaces } from "#app/hotels/destinations.server.ts";
import { popularHotels } from "#app/hotels/hotel-queries.server.ts";
import { HotelList } from "#app/components/hotel-card.tsx";
import { HotelMap } from "#app/components/hotel-map.tsx";
import { toMapMarkers } from "#app/hotels/map-markers.ts";
import { hotelItemListJsonLd, seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";
import { SearchBar } from "#app/components/search-bar.tsx";
import { NO_STAY, todayInSweden } from "#app/utils/stay.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { SeoText } from "#app/components/seo-text.tsx";
import { href, Link } from "react-router";

/** The popular places' section, which a chip's link opens at. */
const PLACES_SECTION = "populara-platser";

export function meta({ data, matches }: Route.MetaArgs) {
  const { siteName, siteUrl } = siteFromMatches(matches);
  return [
    ...seoMeta({
      title: "Hitta och jämför hotell",
      description: "Sök bland hotell i Sverige och hela världen, jämför betyg och priser och boka hos våra partner.",
      siteName,
      siteUrl,
      path: href("/"),
    }),
    ...(data ? [hotelItemListJsonLd(siteUrl, data.hotels)] : []),
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
      <section aria-labelledby="home-heading" className="overflow-hidden bg-gradient-to-b from-brand-50 via-brand-50/60 to-white">
        <div className="container-page grid items-center gap-8 py-8 md:py-14 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-12 lg:py-20">
          <HeroArt />
          <div className="min-w-0">
            <h1 id="home-heading" className="max-w-2xl text-3xl font-bold tracking-tight md:text-5xl">
              Sök efter ditt nästa resmål
            </h1>
            <p className="mt-3 max-w-xl text-lg text-muted">Jämför hotell och priser hos flera sajter, och boka där det passar dig.</p>
            <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-lg shadow-brand-900/5 sm:p-5">
              <SearchBar id="home-search" stay={NO_STAY} today={loaderData.today} />
            </div>
            <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4" aria-label="Mer att jämföra">
              <li>
                <a href={flightsUrl} target="_blank" rel="noopener sponsored" className={tileClass}>
                  <TileIcon path={PLANE_PATH} />
                  <span className="min-w-0">
                    <span className="block font-semibold">Flyg</span>
                    <span className="block text-sm text-muted">
                      Hos vår partner<span className="sr-only"> (öppnas i ny flik)</span>
                    </span>
                  </span>
                </a>
              </li>
              <li>
                <Link to={href("/hotels")} className={tileClass}>
                  <TileIcon path={BED_PATH} />
                  <span className="min-w-0">
                    <span className="block font-semibold">Hotell</span>
                    <span className="block text-sm text-muted">Alla resmål</span>
                  </span>
                </Link>
              </li>
            </ul>
          </div>
        </div>
      </section>

      {places.length ? (
        <section id={PLACES_SECTION} aria-labelledby="popular-places-heading" className="container-page scroll-mt-2 py-10">
          <h2 id="popular-places-heading" className="text-2xl font-semibold">
            Populära platser
          </h2>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Välj plats">
            {places.map((place) => {
              const isSelected = place.location === selected?.location;
              return (
                <li key={`${place.country}-${place.location}`}>
                  <Link
                    // To the section: without JavaScript the new page opens there, not at the top.
                    to={`?plats=${encodeURIComponent(place.location)}#${PLACES_SECTION}`}
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

// The two tiles under the search: the same size and shape, whatever their text.
const tileClass =
  "flex h-full flex-col items-start gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm hover:border-brand-600 sm:flex-row sm:items-center sm:gap-3 sm:p-4";

const PLANE_PATH = "M21 15.5v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0v5l-8 5v2l8-2.5V18l-2 1.5V21l3.5-1 3.5 1v-1.5L13 18v-5z";
const BED_PATH = "M3 18v-6.5A2.5 2.5 0 0 1 5.5 9H18a3 3 0 0 1 3 3v6M3 15h18M3 19v-1m18 1v-1M6.5 9V6.5h4V9";

function TileIcon({ path }: { path: string }) {
  return (
    <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
      <svg
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinejoin="round"
        strokeLinecap="round"
      >
        <path d={path} />
      </svg>
    </span>
  );
}

/**
 * The hero's picture: two of the demo's illustrations (a hotel by the sea and a room) laid over
 * each other. Decoration only: hidden from screen readers, and on a phone a low strip above the
 * heading, so the search stays near the top. First in the document (moved right from 1024 px): a
 * page drawn while it is still arriving has the picture in place, and nothing below it moves.
 */
function HeroArt() {
  return (
    <div aria-hidden="true" className="relative lg:order-last">
      <img
        src="/images/hotels/hotel-13.svg"
        alt=""
        width={600}
        height={400}
        fetchPriority="high"
        className="h-32 w-full rounded-2xl object-cover shadow-lg ring-1 ring-slate-900/5 sm:h-56 lg:aspect-[4/3] lg:h-auto"
      />
      <img
        src="/images/rooms/room-04.svg"
        alt=""
        width={600}
        height={400}
        loading="lazy"
        className="absolute -bottom-8 -left-8 hidden w-1/2 rounded-xl border-4 border-white shadow-xl lg:block"
      />
    </div>
  );
}
