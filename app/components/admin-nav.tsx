import { href, NavLink, useLocation } from "react-router";
import { ADMIN_SCREENS, currentScreen } from "#app/admin/screens.ts";
import { SignOutButton } from "./sign-out-button.tsx";
import { useDisclosureMenu } from "./use-disclosure-menu.ts";

const itemClass = "block rounded-md px-3 py-2 text-sm font-medium";
const navClass = ({ isActive }: { isActive: boolean }) =>
  `${itemClass} ${isActive ? "bg-brand-50 text-brand-700" : "text-ink hover:bg-slate-100"}`;

/**
 * The back office's screens. From 768 px a sidebar, always open. Below it one button in the
 * top bar naming the current screen opens the same list: a <details>, so it works without
 * JavaScript; with it, the list also closes after a choice, a tap outside it or Escape.
 */
export function AdminNav({ email }: { email: string | null }) {
  const menu = useDisclosureMenu();
  const current = currentScreen(useLocation().pathname);
  return (
    <details ref={menu} className="admin-nav group">
      <summary className="absolute top-2 right-4 flex h-10 max-w-[calc(100vw-8rem)] list-none items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium md:hidden">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0" fill="currentColor">
          <path d="M3 5h14v2H3V5Zm0 4h14v2H3V9Zm0 4h14v2H3v-2Z" />
        </svg>
        {current ? (
          <span className="truncate">
            <span className="sr-only">Menu, current screen: </span>
            {current.label}
          </span>
        ) : (
          "Menu"
        )}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-4 shrink-0 transition-transform group-open:rotate-180"
          fill="currentColor"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </summary>
      <nav
        aria-label="Admin"
        className="border-t border-slate-200 px-2 py-3 max-md:absolute max-md:inset-x-0 max-md:top-full max-md:z-30 max-md:max-h-[calc(100dvh-3.5rem)] max-md:overflow-y-auto max-md:bg-white max-md:shadow-lg md:border-t-0 md:pt-0 md:pb-4"
      >
        <ul className="space-y-1">
          {ADMIN_SCREENS.map((screen) => (
            <li key={screen.path}>
              <NavLink to={screen.path} end={screen.path === href("/admin")} className={navClass}>
                {screen.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <ul className="mt-3 space-y-1 border-t border-slate-200 pt-3 md:mt-4 md:pt-4">
          <li>
            <NavLink to={href("/")} className={navClass} end>
              View site
            </NavLink>
          </li>
          {email ? (
            <li>
              <SignOutButton label="Sign out" className={`${itemClass} w-full text-left text-ink hover:bg-slate-100`} />
            </li>
          ) : null}
        </ul>
        {email ? (
          <p className="mt-3 truncate border-t border-slate-200 px-3 pt-3 text-sm text-muted md:hidden">
            Signed in as <strong className="font-semibold text-ink">{email}</strong>
          </p>
        ) : null}
      </nav>
    </details>
  );
}
