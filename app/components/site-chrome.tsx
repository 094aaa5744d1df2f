import { useSiteName } from "#app/utils/site-name.ts";
import type { PlaceChoice } from "#app/hotels/places.server.ts";
import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import type { RootLoaderData } from "#app/root.tsx";
import { FlashMessage } from "./flash-message.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

interface SiteChromeProps {
  countries: PlaceChoice[];
  user: { email: string; isAdmin: boolean } | null;
  children: ReactNode;
}

/** The public site around a page: header, the flash message, the page as <main>, footer. */
export function SiteChrome({ countries, user, children }: SiteChromeProps) {
  const root = useRouteLoaderData("root") as RootLoaderData | undefined;
  const siteName = useSiteName();
  return (
    <>
      <SiteHeader siteName={siteName} countries={countries} user={user} />
      <FlashMessage flash={root?.flash ?? null} />
      <main id="innehall" className="flex-1">
        {children}
      </main>
      <SiteFooter siteName={siteName} year={new Date().getFullYear()} />
    </>
  );
}
