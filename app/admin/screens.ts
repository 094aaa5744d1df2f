/**
 * The back-office screens that exist, in sidebar order. The sidebar links to each, and the
 * dashboard shows a card for each that the spec gives one; a screen is listed here when
 * its route is built, so no link ever leads to a placeholder.
 */
export interface AdminScreen {
  path: string;
  label: string;
  /** The dashboard card's text; screens without one are only in the sidebar. */
  card?: string;
}

export const ADMIN_SCREENS: readonly AdminScreen[] = [{ path: "/admin", label: "Dashboard" }];

/** The dashboard's cards (spec: Hotels, AI Rewrite, Affiliate URLs, Blog, Popular Destinations, Sitemap). */
export const DASHBOARD_CARDS = ADMIN_SCREENS.filter((screen): screen is AdminScreen & { card: string } => Boolean(screen.card));
