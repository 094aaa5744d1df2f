import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { countryPath } from "#app/utils/paths.ts";
import type { PlaceChoice } from "#app/hotels/places.server.ts";
import { SignOutButton } from "./sign-out-button.tsx";

interface SiteHeaderProps {
  siteName: string;
  /** The first five countries, for the Destinationer menu. */
  countries: PlaceChoice[];
  /** The signed-in user, who gets the admin link (administrators) and a sign-out button. */
  user: { email: string; isAdmin: boolean } | null;
}

const linkClass = (active: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-brand-50 hover:text-brand-700 ${
    active ? "bg-brand-50 text-brand-700" : "text-ink"
  }`;

/** Closes an open <details> menu after navigation, a click outside it, or Escape. */
function useDisclosureMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.pathname, location.search]);
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) ref.current.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && ref.current?.open) {
        ref.current.open = false;
        ref.current.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
  return ref;
}

export function SiteHeader({ siteName, countries, user }: SiteHeaderProps) {
  const { pathname } = useLocation();
  const destinationsMenu = useDisclosureMenu();
  const mobileMenu = useDisclosureMenu();
  const inDestinations = countries.some((country) => {
    const path = countryPath(country.value).toLowerCase();
    const current = pathname.toLowerCase();
    return current === path || current.startsWith(`${path}/`);
  });

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-700">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {siteName}
        </Link>

        <nav aria-label="Huvudmeny" className="hidden md:block">
          <ul className="flex items-center gap-1">
            <li>
              <NavLink to="/hotels" className={({ isActive }) => linkClass(isActive)}>
                Hotell
              </NavLink>
            </li>
            <li className="relative">
              <details ref={destinationsMenu}>
                <summary className={`${linkClass(inDestinations)} inline-flex list-none items-center gap-1`}>
                  Destinationer
                  <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                    <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
                  </svg>
                </summary>
                <ul className="absolute right-0 z-30 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
                  {countries.map((country) => (
                    <li key={country.value}>
                      <Link to={countryPath(country.value)} className="block rounded-md px-3 py-2 text-sm hover:bg-brand-50">
                        <span className="block font-medium">{country.label}</span>
                        <span className="block text-muted">Utforska hotell i {country.label}</span>
                      </Link>
                    </li>
                  ))}
                  <li className="mt-1 border-t border-slate-100 pt-1">
                    <Link to="/hotels" className="block rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50">
                      Visa alla destinationer
                    </Link>
                  </li>
                </ul>
              </details>
            </li>
            <li>
              <NavLink to="/blog" className={({ isActive }) => linkClass(isActive)}>
                Reseguider
              </NavLink>
            </li>
            {user?.isAdmin ? (
              <li>
                <NavLink to="/admin" className={({ isActive }) => linkClass(isActive)}>
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
          <nav aria-label="Mobilmeny" className="absolute right-0 z-30 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
            <ul>
              <li>
                <Link to="/hotels" className="block rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50">
                  Hotell
                </Link>
              </li>
              {countries.map((country) => (
                <li key={country.value}>
                  <Link to={countryPath(country.value)} className="block rounded-md px-3 py-2 text-sm hover:bg-brand-50">
                    Utforska hotell i {country.label}
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/blog" className="block rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50">
                  Reseguider
                </Link>
              </li>
              {user?.isAdmin ? (
                <li>
                  <Link to="/admin" className="block rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50">
                    Admin
                  </Link>
                </li>
              ) : null}
              {user ? (
                <li>
                  <SignOutButton className="block w-full rounded-md px-3 py-2 text-left text-sm font-medium hover:bg-brand-50" />
                </li>
              ) : null}
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
