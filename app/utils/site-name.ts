import { useRouteLoaderData } from "react-router";

/**
 * The site's name when SITE_NAME is not set (app/utils/env.server.ts). Every page reads the
 * configured name from the root loader: in `meta` through siteFromMatches, in a component
 * through useSiteName(). Write neither the name nor this constant into a page's text.
 */
export const DEFAULT_SITE_NAME = "Hotellguiden";

/** The configured site name (SITE_NAME), from the root route's data; the default where the root has none (its own error page). */
export function useSiteName(): string {
  const root = useRouteLoaderData("root") as { siteName?: string } | undefined;
  return root?.siteName ?? DEFAULT_SITE_NAME;
}
