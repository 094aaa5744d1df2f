import { href } from "react-router";
import type { Route } from "./+types/place.omrade";
import { hotelCount } from "#app/hotels/hotel-record.ts";
import { isIndexable, isPlainList, neighbourhoodPath } from "#app/hotels/landing-pages.ts";
import { LandingList, NeighbourhoodLinks } from "#app/components/landing-list.tsx";
import { withPriceChoices } from "#app/hotels/search-params.ts";
import { withStay } from "#app/utils/stay.ts";
import { breadcrumbJsonLd, hotelItemListJsonLd, seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";
import { neighbourhoodLoader } from "./place.omrade.server.ts";

export function meta({ data, matches }: Route.MetaArgs) {
  const { siteName, siteUrl } = siteFromMatches(matches);
  if (!data) return [{ title: `Sidan finns inte | ${siteName}` }, { name: "robots", content: "noindex" }];
  const { names } = data.page;
  return [
    ...seoMeta({
      title: `Hotell ${data.neighbourhood.where}, ${names.location}`,
      description: `${data.intro} Jämför betyg och priser och boka hos våra partner.`,
      siteName,
      siteUrl,
      path: data.paths.page,
      // Indexed from five hotels, and only as the plain list (any filter or stay: noindex, canonical to the page).
      noindex: !isIndexable(data.neighbourhood.hotels) || !isPlainList(data.page),
    }),
    hotelItemListJsonLd(siteUrl, data.page.hotels),
    breadcrumbJsonLd(siteUrl, [
      { label: "Hem", path: href("/") },
      { label: names.country, path: data.paths.country },
      { label: names.location, path: data.paths.place },
      { label: data.neighbourhood.name, path: data.paths.page },
    ]),
  ];
}

export const loader = ({ url, params, request }: Route.LoaderArgs) => neighbourhoodLoader({ url, params, request });

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function NeighbourhoodPage({ loaderData }: Route.ComponentProps) {
  const { page, paths, neighbourhood, country, location } = loaderData;
  const { names } = page;
  return (
    <LandingList
      crumbs={[
        { label: "Hem", to: href("/") },
        { label: names.country, to: paths.country },
        { label: names.location, to: paths.place },
        { label: neighbourhood.name },
      ]}
      {...loaderData}
      heading={`Hotell ${neighbourhood.where}, ${names.location}`}
      action={paths.page}
      where={`${neighbourhood.where}, ${names.location}`}
    >
      <NeighbourhoodLinks
        heading={`Andra områden i ${names.location}`}
        display={page.display}
        stay={page.stay}
        neighbourhoods={loaderData.others.flatMap((one) => {
          const to = neighbourhoodPath(country, location, one.slug);
          return to ? [{ ...one, to: withStay(withPriceChoices(to, page.params), page.stay) }] : [];
        })}
      />
      <p>
        <a href={paths.place} className="text-brand-700 underline">
          Alla {hotelCount(loaderData.placeHotels)} i {names.location}
        </a>
      </p>
    </LandingList>
  );
}
