import type { Route } from "./+types/place.nara";
import { LandingList } from "#app/components/landing-list.tsx";
import { landingMeta } from "#app/seo/meta-tags.ts";
import { landmarkLandingLoader } from "./place.nara.server.ts";

export const meta: Route.MetaFunction = ({ data, matches }) => landingMeta(matches, data);

export const loader = (args: Route.LoaderArgs) => landmarkLandingLoader(args);

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

// The radius is the page: its filters stay on it.
export default function LandmarkLandingPage({ loaderData }: Route.ComponentProps) {
  return <LandingList {...loaderData} action={loaderData.paths.page} />;
}
