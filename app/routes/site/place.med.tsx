import { href } from "react-router";
import type { Route } from "./+types/place.med";
import { isIndexable, isPlainList } from "#app/hotels/landing-pages.ts";
import { LandingList } from "#app/components/landing-list.tsx";
import { landingMeta } from "#app/seo/meta-tags.ts";
import { amenityLandingLoader } from "./place.med.server.ts";

export function meta({ data, matches }: Route.MetaArgs) {
  return landingMeta(
    matches,
    data && {
      heading: `Hotell i ${data.page.names.location} ${data.amenity.what}`,
      intro: data.intro,
      page: data.page,
      paths: data.paths,
      // Indexed from five hotels, and only as the plain page (a stay, a currency or conditions: noindex).
      noindex: !isIndexable(data.amenity.hotels) || !isPlainList(data.page, { amenity: data.amenity.key }),
    },
  );
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
