import { useRouteLoaderData } from "react-router";
import { siteFromMatches } from "#app/seo/meta-tags.ts";

/** The route matches a `meta` function gets (the root's data carries SITE_NAME). */
type MetaMatches = Parameters<typeof siteFromMatches>[0];

/** A back-office page's title: "{title} | {SITE_NAME} Admin". */
export const adminTitle = (title: string, siteName: string) => `${title} | ${siteName} Admin`;

/** Back-office pages are never indexed. */
export const ADMIN_ROBOTS = { name: "robots", content: "noindex, nofollow" } as const;

/**
 * Every back-office page: "{title} | {SITE_NAME} Admin", never indexed. Pass the meta's
 * `matches`: the site name is SITE_NAME, from the root route's data (without them, the default).
 */
export function adminMeta(title: string, matches: MetaMatches = []) {
  return [{ title: adminTitle(title, siteFromMatches(matches).siteName) }, ADMIN_ROBOTS];
}

/** A back-office page's title in a component (a page that writes its own <title>): from the root's SITE_NAME. */
export function useAdminTitle(title: string): string {
  const root: unknown = useRouteLoaderData("root");
  return adminTitle(title, siteFromMatches([{ id: "root", data: root }]).siteName);
}
