import type { Route } from "./+types/home";
import { listPopularDestinations } from "#app/catalogue/destinations.server.ts";
import { getAppDatabase } from "#app/db/db.server.ts";
import { getEnv } from "#app/env.server.ts";
import { SeoText } from "#app/components/seo-text.tsx";
import { Link } from "react-router";

export function meta({ data }: Route.MetaArgs) {
  const siteName = data?.siteName ?? "Hotellguiden";
  return [
    { title: `Hitta och jämför hotell | ${siteName}` },
    { name: "description", content: "Sök bland hotell i Sverige och hela världen, jämför betyg och priser och boka hos våra partner." },
  ];
}

export async function loader() {
  const env = getEnv();
  const destinations = await listPopularDestinations(getAppDatabase().db);
  return { siteName: env.SITE_NAME, flightsUrl: env.FLIGHTS_AFFILIATE_URL, destinations };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { destinations, flightsUrl } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page py-12 md:py-20">
          <h1 className="max-w-2xl text-3xl font-bold tracking-tight md:text-5xl">Sök efter din nästa resmål</h1>
          <form method="get" action="/hotels" role="search" className="mt-6 flex max-w-2xl gap-2">
            <label htmlFor="home-search" className="sr-only">Sök hotell</label>
            <input
              id="home-search"
              name="search"
              type="search"
              required
              placeholder="Sök efter hotell, städer eller resmål"
              className="min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-5 py-3 text-base shadow-sm"
            />
            <button type="submit" className="rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700">
              Sök
            </button>
          </form>
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

      {destinations.length ? (
        <section aria-labelledby="destinations-heading" className="container-page py-10">
          <h2 id="destinations-heading" className="text-2xl font-semibold">Populära destinationer</h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {destinations.map((destination) => (
              <li key={destination.id} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
                <Link to={destination.link} className="block h-full hover:bg-slate-50">
                  <img src={destination.image} alt="" width={600} height={400} loading="lazy" className="aspect-[3/2] w-full object-cover" />
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
