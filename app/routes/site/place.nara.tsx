import { href } from "react-router";
import type { Route } from "./+types/place.nara";
import { isIndexable, isPlainList } from "#app/hotels/landing-pages.ts";
import { LandingList } from "#app/components/landing-list.tsx";
import { landingMeta } from "#app/seo/meta-tags.ts";
import { landmarkLandingLoader } from "./place.nara.server.ts";

export function meta({ data, matches }: Route.MetaArgs) {
  return landingMeta(
    matches,
    data && {
      heading: `Hotell nära ${data.landmark.name} i ${data.page.names.location}`,
      intro: data.intro,
      page: data.page,
      paths: data.paths,
      // Indexed from five hotels, and only as the plain page (a filter, a stay, a currency or conditions: noindex).
      noindex: !isIndexable(data.landmark.hotels) || !isPlainList(data.page, { landmark: data.landmark.slug }),
    },
  );
}

export const loader = ({ url, params, request }: Route.LoaderArgs) => landmarkLandingLoader({ url, params, request });

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function LandmarkLandingPage({ loaderData }: Route.ComponentProps) {
  const { page, paths, landmark, country, location } = loaderData;
  const { names } = page;
  const heading = `Hotell nära ${landmark.name} i ${names.location}`;
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
      // The radius is the page: its filters stay on it.
      action={paths.page}
      country={country}
      location={location}
      mapLabel={`Karta över hotell nära ${landmark.name} i ${names.location}`}
      emptyText={`Inga hotell nära ${landmark.name} matchar filtren`}
    />
  );
}
