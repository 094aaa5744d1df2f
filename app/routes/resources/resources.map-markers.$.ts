import type { Route } from "./+types/resources.map-markers.$";
import { mapMarkersLoader } from "./resources.map-markers.$.server.ts";

/** A list page's map markers as JSON: /resources/map-markers/Sweden/Stockholm?omrade=… (decision 082). */
export const loader = (args: Route.LoaderArgs) => mapMarkersLoader(args);
