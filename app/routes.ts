import { type RouteConfig, index, route } from "@react-router/dev/routes";

/**
 * The whole route table of both spec documents. Screens are added here as they are built;
 * every path not listed falls through to the not-found page with a 404.
 */
export default [
  index("routes/home.tsx"),
  route("hotels", "routes/hotels.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("resources/suggestions", "routes/resources.suggestions.ts"),
  // The spec lists these as fallback not-found pages.
  route("flights", "routes/not-found.tsx", { id: "flights" }),
  route("rentals", "routes/not-found.tsx", { id: "rentals" }),
  route("explore", "routes/not-found.tsx", { id: "explore" }),
  route(":country", "routes/country.tsx"),
  route(":country/:location", "routes/place.tsx"),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
