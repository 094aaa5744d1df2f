import { href } from "react-router";
import type { Route } from "./+types/place.med";
import { isIndexable, isPlainList } from "#app/hotels/landing-pages.ts";
import { LandingList } from "#app/components/landing-list.tsx";
import { breadcrumbJsonLd, hotelItemListJsonLd, seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";
import { amenityLandingLoader } from "./place.med.server.ts";

/** The list as the landing page shows it: its own amenity is the page, not a filter the visitor chose. */
const withoutOwnAmenity = <T extends { params: { amenities: readonly string[] } }>(page: T, amenity: string): T => ({
  ...page,
  params: { ...page.params, amenities: page.params.amenities.filter((key) => key !== amenity) },
});

export function meta({ data, matches }: Route.MetaArgs) {
  const { siteName, siteUrl } = siteFromMatches(matches);
  if (!data) return [{ title: `Sidan finns inte | ${siteName}` }, { name: "robots", content: "noindex" }];
  const { names } = data.page;
  const heading = `Hotell i ${names.location} ${data.amenity.what}`;
  return [
    ...seoMeta({
      title: heading,
      description: `${data.intro} Jämför betyg och priser och boka hos våra partner.`,
      siteName,
      siteUrl,
      path: data.paths.page,
      // Indexed from five hotels, and only as the plain page (a stay, a currency or conditions: noindex).
      noindex: !isIndexable(data.amenity.hotels) || !isPlainList(withoutOwnAmenity(data.page, data.amenity.key)),
    }),
    hotelItemListJsonLd(siteUrl, data.page.hotels),
    breadcrumbJsonLd(siteUrl, [
      { label: "Hem", path: href("/") },
      { label: names.country, path: data.paths.country },
      { label: names.location, path: data.paths.place },
      { label: heading, path: data.paths.page },
    ]),
  ];
}

export const loader = ({ url, params, request }: Route.LoaderArgs) => amenityLandingLoader({ url, params, request });

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function AmenityLandingPage({ loaderData }: Route.ComponentProps) {
  const { page, paths, amenity, country, location } = loaderData;
  const { names } = page;
  const heading = `Hotell i ${names.location} ${amenity.what}`;
  return (
    <LandingList
      crumbs={[
        { label: "Hem", to: href("/") },
        { label: names.country, to: paths.country },
        { label: names.location, to: paths.place },
        { label: heading },
      ]}
      heading={heading}
      intro={loaderData.intro}
      page={page}
      live={loaderData.live}
      action={paths.place}
      country={country}
      location={location}
      mapLabel={`Karta över hotell i ${names.location} ${amenity.what}`}
      emptyText={`Inga hotell i ${names.location} ${amenity.what} matchar filtren`}
    />
  );
}
