import { useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { getAppDatabase } from "#app/db/db.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { readFlash } from "#app/http/flash.server.ts";
import { getAuthProvider } from "#app/auth/auth.server.ts";
import { authContext, loadRequestAuth } from "#app/auth/request-auth.server.ts";
import { cacheControlFor } from "#app/http/cache-control.server.ts";
import { isDatabaseDown } from "#app/db/health.server.ts";
import { currentRequestMetrics } from "#app/utils/request-metrics.server.ts";
import { IconSprite } from "#app/components/hotel-bits.tsx";
import { RouteErrorPanel } from "#app/components/route-error-panel.tsx";
import { SiteChrome } from "#app/components/site-chrome.tsx";
import { InlineStyles } from "#app/components/inline-styles.tsx";
import { NoscriptRefresh } from "#app/components/noscript-refresh.tsx";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    const response = (await next()) as Response;
    const value = cacheControlFor(request, response);
    if (value) response.headers.set("Cache-Control", value);
    if (response.status === 503) response.headers.set("Retry-After", "30");
    return response;
  },
  // No database, no site: a 503 "tillfälligt fel" page at once while the database is known to
  // be down (db/health.server.ts), and whenever it failed this request (unreachable, or the
  // statement timeout), even where a loader caught the error and would show half a page.
  // (The health checks never get here: app/http/health-check.server.ts.)
  async (_args, next) => {
    if (isDatabaseDown()) throw temporarilyUnavailable();
    const response = (await next()) as Response;
    if (currentRequestMetrics()?.dbUnavailable) throw temporarilyUnavailable();
    return response;
  },
  // Who is asking, once per request (and provider tokens refreshed when near expiry).
  async ({ request, context }, next) => {
    const { auth, setCookie } = await loadRequestAuth(request, getAuthProvider(), getAppDatabase().db);
    context.set(authContext, auth);
    const response = (await next()) as Response;
    // Administrators see what a request cost (Server-Timing); strangers do not.
    const metrics = currentRequestMetrics();
    if (metrics && auth.session && (await auth.isAdmin())) metrics.staff = true;
    if (setCookie) response.headers.append("Set-Cookie", setCookie);
    return response;
  },
];

function temporarilyUnavailable() {
  return data("Tillfälligt fel", { status: 503 });
}

// In production the stylesheet is inside the document (InlineStyles); in development Vite serves it.
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  ...(import.meta.env.PROD ? [] : [{ rel: "stylesheet", href: stylesheet }]),
];

export async function loader({ request }: Route.LoaderArgs) {
  const env = getEnv();
  const { flash, headers } = await readFlash(request);
  return data(
    {
      siteName: env.SITE_NAME,
      siteUrl: env.SITE_URL,
      mapTiles: { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION },
      flash,
    },
    headers ? { headers } : undefined,
  );
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>["data"];

/** The document. Its chrome comes from the layout routes: the public site's or the back office's. */
export function Layout({ children }: { children: React.ReactNode }) {
  // Set once the whole page is hydrated (a parent's effect runs after its children's): the
  // scripts start after the page has loaded (app/http/deferred-scripts.server.ts), and the
  // browser tests wait for this before they use what only a script does.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  // The address the drawn page belongs to, set once its data is on screen: with JavaScript the
  // address bar changes before React draws the new page (a transition), so the browser tests
  // wait for this, not the address, before they read a list that a filter or a link changed.
  const { pathname, search } = useLocation();
  useEffect(() => {
    document.documentElement.dataset.location = pathname + search;
  }, [pathname, search]);
  // The back office is English (DESIGN §4.1), so a screen reader reads it as English; its blog
  // screens, which are Swedish, say so on their <main> (routes/admin/admin.tsx).
  const backOffice = useMatches().some((match) => match.id === "routes/admin/admin");
  return (
    <html lang={backOffice ? "en" : "sv"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5cad" />
        <Meta />
        <NoscriptRefresh />
        <InlineStyles />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <IconSprite />
        <a
          href="#innehall"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-700 focus:not-sr-only focus:absolute focus:left-4 focus:top-4"
        >
          {backOffice ? "Skip to content" : "Hoppa till innehållet"}
        </a>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The root itself failed (the database is away, say): the public chrome, without the
  // countries it could not read.
  return (
    <SiteChrome countries={[]} user={null}>
      <RouteErrorPanel error={error} />
    </SiteChrome>
  );
}
