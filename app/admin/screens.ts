import { href } from "react-router";

/**
 * The back-office screens that exist, in sidebar order. The sidebar links to each, and the
 * dashboard shows a card for each that the spec gives one; a screen is listed here when
 * its route is built, so no link ever leads to a placeholder. Each address comes from the
 * route table through `href()`, so a screen whose route is gone does not type-check, and
 * screens.test.ts proves every back-office route belongs to a listed screen.
 */
export interface AdminScreen {
  path: string;
  label: string;
  /** The dashboard card's text; screens without one are only in the sidebar. */
  card?: string;
}

export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { path: href("/admin"), label: "Dashboard" },
  { path: href("/admin/hotels"), label: "Hotels", card: "Search hotels, set affiliate flags, and run bulk actions." },
  { path: href("/admin/rewrite"), label: "AI Rewrite", card: "Convert hotel descriptions to Swedish." },
  {
    path: href("/admin/jobs"),
    label: "Jobs",
    card: "Background jobs (queues, failures, retries) and the bulk AI rewrites: who started them and their results.",
  },
  { path: href("/admin/affiliate"), label: "Affiliate URLs", card: "Generate tracked links to a hotel's page for partners." },
  {
    path: href("/admin/partners"),
    label: "Partners",
    card: "The partners whose prices we compare: hosts, deep links, offers and clicks.",
  },
  {
    path: href("/admin/connectors"),
    label: "Connectors",
    card: "Partners' live price APIs: calls, answers in budget, latency, errors, breakers, and a test search.",
  },
  { path: href("/admin/blog"), label: "Blog", card: "Write, publish and edit the travel guides (Reseguider)." },
  { path: href("/admin/destinations"), label: "Popular Destinations", card: "The destination cards of the home page." },
  { path: href("/admin/popular-locations"), label: "Popular Locations", card: "Choose the places the home page offers as chips." },
  {
    path: href("/admin/landmarks"),
    label: "Landmarks",
    card: "Each place's centre and landmarks, which hotel distances and the sort by distance use.",
  },
  { path: href("/admin/menu"), label: "Destinations Menu", card: "Choose the countries the Destinationer menu lists first." },
  { path: href("/admin/sitemap"), label: "Sitemap", card: "Generate, preview and download the sitemap." },
  { path: href("/admin/messages"), label: "Messages", card: "Read and delete messages from the contact form." },
  {
    path: href("/admin/users"),
    label: "Users",
    card: "Who has an account: grant and revoke the administrator role, end sessions.",
  },
  { path: href("/admin/audit"), label: "Audit log", card: "Every change made in the back office: who, what, which rows and when." },
];

/** The dashboard's cards (spec: Hotels, AI Rewrite, Affiliate URLs, Blog, Popular Destinations, Sitemap). */
export const DASHBOARD_CARDS = ADMIN_SCREENS.filter((screen): screen is AdminScreen & { card: string } => Boolean(screen.card));

/** The dashboard: the one listed screen that owns no page below it. */
const DASHBOARD = href("/admin");

/**
 * The listed screen a path belongs to (the dashboard only at /admin itself), for the phone
 * menu's button: /admin/blog/edit/7 is on Blog. Null for a page under no listed screen.
 */
export function currentScreen(pathname: string, screens: readonly AdminScreen[] = ADMIN_SCREENS): AdminScreen | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  let found: AdminScreen | null = null;
  for (const screen of screens) {
    const matches = path === screen.path || (screen.path !== DASHBOARD && path.startsWith(`${screen.path}/`));
    if (matches && screen.path.length > (found?.path.length ?? 0)) found = screen;
  }
  return found;
}

/** The list of AI rewrite jobs, and one job's page. */
export const JOBS_PATH = href("/admin/jobs");
export const jobPath = (id: string) => href("/admin/jobs/:id", { id: encodeURIComponent(id) });
