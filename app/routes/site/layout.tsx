import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { requestAuth } from "#app/auth/request-auth.server.ts";
import { RouteErrorPanel } from "#app/components/route-error-panel.tsx";
import { SiteChrome } from "#app/components/site-chrome.tsx";
import { headerCountries } from "#app/hotels/places.server.ts";

/** The public site's chrome: the header's countries and who is signed in. */
export async function loader({ context }: Route.LoaderArgs) {
  const { session, isAdmin } = requestAuth(context);
  const [countries, admin] = await Promise.all([headerCountries(), isAdmin()]);
  return { countries, user: session ? { email: session.user.email, isAdmin: admin } : null };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SiteChrome countries={loaderData.countries} user={loaderData.user}>
      <Outlet />
    </SiteChrome>
  );
}

/** A page that failed is shown inside the site's chrome, like any other page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const chrome = useRouteLoaderData<typeof loader>("routes/site/layout");
  return (
    <SiteChrome countries={chrome?.countries ?? []} user={chrome?.user ?? null}>
      <RouteErrorPanel error={error} />
    </SiteChrome>
  );
}
