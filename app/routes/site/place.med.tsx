import type { Route } from "./+types/place.med";
import { LandingList } from "#app/components/landing-list.tsx";
import { landingMeta } from "#app/seo/meta-tags.ts";
import { amenityLandingLoader } from "./place.med.server.ts";

export const meta: Route.MetaFunction = ({ data, matches }) => landingMeta(matches, data);

export const loader = (args: Route.LoaderArgs) => amenityLandingLoader(args);

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

// Several filters are the place's list, never a landing page: the form goes there with the amenity checked.
export default function AmenityLandingPage({ loaderData }: Route.ComponentProps) {
  return <LandingList {...loaderData} action={loaderData.paths.place} />;
}
