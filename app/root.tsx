import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { getAppDatabase } from "#app/db/db.server.ts";
import { listCountries } from "#app/catalogue/places.server.ts";
import { getEnv } from "#app/env.server.ts";
import { readFlash } from "#app/flash.server.ts";
import { getAuthProvider } from "#app/auth/auth.server.ts";
import { authContext, loadRequestAuth, requestAuth } from "#app/auth/request-auth.server.ts";
import { cacheControlFor } from "#app/cache-control.server.ts";
import { log } from "#app/log.server.ts";
import { isDatabaseDown } from "#app/db/health.server.ts";
import { currentRequestMetrics } from "#app/http/request-metrics.server.ts";
import { FlashMessage } from "#app/components/flash-message.tsx";
import { IconSprite } from "#app/components/hotel-bits.tsx";
import { NotFoundPanel } from "#app/components/not-found-panel.tsx";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { SiteHeader } from "#app/components/site-header.tsx";

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
  async ({ request }, next) => {
    if (isDatabaseDown() && new URL(request.url).pathname !== "/healthz") throw temporarilyUnavailable();
    const response = (await next()) as Response;
    if (currentRequestMetrics()?.dbUnavailable && new URL(request.url).pathname !== "/healthz") throw temporarilyUnavailable();
    return response;
  },
  // Who is asking, once per request (and provider tokens refreshed when near expiry).
  async ({ request, context }, next) => {
    const { auth, setCookie } = await loadRequestAuth(getAppDatabase().db, request, getAuthProvider());
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

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = getEnv();
  const { session, isAdmin } = requestAuth(context);
  const [countries, { flash, headers }, admin] = await Promise.all([
    listCountries(getAppDatabase().db).catch((error) => {
      // The header must not take the page down; the spec logs and shows an empty list.
      log.error("countries query failed", error);
      return [] as string[];
    }),
    readFlash(request),
    isAdmin(),
  ]);
  return data(
    {
      siteName: env.SITE_NAME,
      siteUrl: env.SITE_URL,
      mapTiles: { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION },
      year: new Date().getFullYear(),
      headerCountries: countries.slice(0, 5),
      flash,
      user: session ? { email: session.user.email, isAdmin: admin } : null,
    },
    headers ? { headers } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const siteName = root?.siteName ?? "Hotellguiden";
  // The back office has its own chrome (sidebar, signed-in header) and its own <main>.
  const inBackOffice = useMatches().some((match) => match.id === "routes/admin");
  return (
    <html lang="sv">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5cad" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <IconSprite />
        <a
          href="#innehall"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-700 focus:not-sr-only focus:absolute focus:left-4 focus:top-4"
        >
          Hoppa till innehållet
        </a>
        {inBackOffice ? (
          <>
            <FlashMessage flash={root?.flash ?? null} />
            {children}
          </>
        ) : (
          <>
            <SiteHeader siteName={siteName} countries={root?.headerCountries ?? []} user={root?.user ?? null} />
            <FlashMessage flash={root?.flash ?? null} />
            <main id="innehall" className="flex-1">
              {children}
            </main>
            <SiteFooter siteName={siteName} year={root?.year ?? new Date().getFullYear()} />
          </>
        )}
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
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPanel />;
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 503) {
    return (
      <section className="container-page py-20 text-center">
        <title>Tillfälligt fel | Hotellguiden</title>
        <meta name="robots" content="noindex" />
        <p className="text-5xl font-bold text-brand-700">503</p>
        <h1 className="mt-4 text-2xl font-semibold">Tillfälligt fel</h1>
        <p className="mt-2 text-muted">
          Hotellguiden kan inte visa sidan just nu på grund av ett tillfälligt fel hos oss. Försök igen om en stund.
        </p>
        <a href="/" className="mt-8 inline-block rounded-md bg-brand-600 px-5 py-3 font-medium text-white hover:bg-brand-700">
          Till startsidan
        </a>
      </section>
    );
  }
  return (
    <section className="container-page py-20 text-center">
      <title>Något gick fel | Hotellguiden</title>
      <meta name="robots" content="noindex" />
      <p className="text-5xl font-bold text-brand-700">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold">Något gick fel</h1>
      <p className="mt-2 text-muted">
        {status === 400
          ? "Adressen eller formuläret innehöll något vi inte kunde tolka. Kontrollera och försök igen."
          : status === 413
            ? "Formuläret var för stort för att skickas. Korta texten eller välj en mindre fil och försök igen."
            : status === 405
              ? "Sidan tar inte emot formulär på det här sättet. Gå tillbaka och försök igen."
              : status < 500
                ? "Sidan kunde inte visas för den här förfrågan. Kontrollera adressen och försök igen."
                : "Ett tillfälligt fel uppstod hos oss. Försök igen om en stund."}
      </p>
      <a href="/" className="mt-8 inline-block rounded-md bg-brand-600 px-5 py-3 font-medium text-white hover:bg-brand-700">
        Till startsidan
      </a>
    </section>
  );
}
