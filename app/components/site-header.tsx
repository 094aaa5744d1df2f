import { href, Link, NavLink, useMatches } from "react-router";
import { countryPath } from "#app/utils/paths.ts";
import type { PlaceChoice } from "#app/hotels/places.server.ts";
import { SignOutButton } from "./sign-out-button.tsx";
import { useDisclosureMenu } from "./use-disclosure-menu.ts";

interface SiteHeaderProps {
  siteName: string;
  /** The Destinationer menu's countries: the administrator's choice, then by number of hotels (menuCountries). */
  countries: PlaceChoice[];
  /** The signed-in user, who gets the admin link (administrators) and a sign-out button. */
  user: { email: string; isAdmin: boolean } | null;
}

const linkClass = (active: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-brand-50 hover:text-brand-700 ${
    active ? "bg-brand-50 text-brand-700" : "text-ink"
  }`;

/** Pages under Destinationer: a country, a place and a hotel (and what they answer, such as a 404). */
const DESTINATION_ROUTES = new Set(["routes/site/country", "routes/site/place", "routes/site/hotel"]);
/** Pages under Hotell besides /hotels itself: comparing the hotels chosen from a list. */
const HOTEL_SECTION_ROUTES = new Set(["routes/site/jamfor"]);

/**
 * The Hotell link: the current page on /hotels, and the current section (aria-current="true")
 * on the pages reached from its lists.
 */
function HotelsLink({ inSection, className }: { inSection: boolean; className: (active: boolean) => string }) {
  return inSection ? (
    <Link to={href("/hotels")} className={className(true)} aria-current="true">
      Hotell
    </Link>
  ) : (
    <NavLink to={href("/hotels")} className={({ isActive }) => className(isActive)}>
      Hotell
    </NavLink>
  );
}

function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 transition-transform group-open/dest:rotate-180" fill="currentColor">
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}

/** The Destinationer group's links, the same in the desktop and the mobile menu. */
function DestinationLinks({ countries }: { countries: PlaceChoice[] }) {
  return (
    <>
      {countries.map((country) => {
        // A country stored with a name that names nothing has no page: no link.
        const path = countryPath(country.value);
        return path ? (
          <li key={country.value}>
            <NavLink
              to={path}
              className={({ isActive }) => `block rounded-md px-3 py-2 text-sm hover:bg-brand-50 ${isActive ? "bg-brand-50" : ""}`}
            >
              <span className="block font-medium">{country.label}</span>
              <span className="block text-muted">Utforska hotell i {country.label}</span>
            </NavLink>
          </li>
        ) : null;
      })}
      <li className="mt-1 border-t border-slate-100 pt-1">
        <Link to={href("/hotels")} className="block rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50">
          Visa alla destinationer
        </Link>
      </li>
    </>
  );
}

export function SiteHeader({ siteName, countries, user }: SiteHeaderProps) {
  const destinationsMenu = useDisclosureMenu();
  const mobileMenu = useDisclosureMenu();
  const matches = useMatches();
  // A destination's address that names nothing (its loader's 404) is not a destination's page.
  const inDestinations = matches.some((match) => DESTINATION_ROUTES.has(match.id) && match.loaderData !== undefined);
  const inHotels = matches.some((match) => HOTEL_SECTION_ROUTES.has(match.id));

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to={href("/")} className="flex items-center gap-2 text-lg font-bold text-brand-700">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {siteName}
        </Link>

        <nav aria-label="Huvudmeny" className="hidden md:block">
          <ul className="flex items-center gap-1">
            <li>
              <HotelsLink inSection={inHotels} className={linkClass} />
            </li>
            <li className="relative">
              <details ref={destinationsMenu} className="group/dest">
                <summary
                  className={`${linkClass(inDestinations)} inline-flex list-none items-center gap-1`}
                  aria-current={inDestinations ? "true" : undefined}
                >
                  Destinationer
                  <Chevron />
                </summary>
                <ul className="absolute right-0 z-30 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
                  <DestinationLinks countries={countries} />
                </ul>
              </details>
            </li>
            <li>
              <NavLink to={href("/blog")} className={({ isActive }) => linkClass(isActive)}>
                Reseguider
              </NavLink>
            </li>
            {user?.isAdmin ? (
              <li>
                <NavLink to={href("/admin")} className={({ isActive }) => linkClass(isActive)}>
                  Admin
                </NavLink>
              </li>
            ) : null}
            {user ? (
              <li>
                <SignOutButton className={linkClass(false)} />
              </li>
            ) : null}
          </ul>
        </nav>

        {/* Below 768 px the menu above is hidden ; this compact menu keeps the same links reachable. */}
        <details ref={mobileMenu} className="relative md:hidden">
          <summary className="inline-flex list-none items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M3 5h14v2H3V5Zm0 4h14v2H3V9Zm0 4h14v2H3v-2Z" />
            </svg>
            Meny
          </summary>
          <nav
            aria-label="Mobilmeny"
            className="absolute right-0 z-30 mt-2 max-h-[calc(100dvh-5rem)] w-72 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
          >
            <ul className="space-y-0.5">
              <li>
                <HotelsLink inSection={inHotels} className={(active) => `block ${linkClass(active)}`} />
              </li>
              <li>
                {/* The same group as the desktop menu's; open at once on a destination's page. */}
                <details className="group/dest" open={inDestinations}>
                  <summary
                    className={`${linkClass(inDestinations)} flex list-none items-center justify-between gap-1`}
                    aria-current={inDestinations ? "true" : undefined}
                  >
                    Destinationer
                    <Chevron />
                  </summary>
                  <ul className="mt-1 ml-3 border-l border-slate-200 pl-2">
                    <DestinationLinks countries={countries} />
                  </ul>
                </details>
              </li>
              <li>
                <NavLink to={href("/blog")} className={({ isActive }) => `block ${linkClass(isActive)}`}>
                  Reseguider
                </NavLink>
              </li>
              {user?.isAdmin ? (
                <li>
                  <NavLink to={href("/admin")} className={({ isActive }) => `block ${linkClass(isActive)}`}>
                    Admin
                  </NavLink>
                </li>
              ) : null}
              {user ? (
                <li>
                  <SignOutButton className={`block w-full text-left ${linkClass(false)}`} />
                </li>
              ) : null}
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
