import type { ReactNode } from "react";
import { Outlet, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/admin";
import { auditAdminWrites } from "#app/admin/audit-log.server.ts";
import { isSignedOutReply } from "#app/blog/signed-out-reply.server.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { ensureBlogStorage } from "#app/blog/image-storage.server.ts";
import { FlashMessage } from "#app/components/flash-message.tsx";
import { RouteErrorPanel } from "#app/components/route-error-panel.tsx";
import { AdminNav } from "#app/components/admin-nav.tsx";
import { ADMIN_ROBOTS } from "#app/admin/admin-meta.ts";
import { siteFromMatches } from "#app/seo/meta-tags.ts";
import type { RootLoaderData } from "#app/root.tsx";

/** The back office: administrators only, checked in every loader and action. Its pages are never indexed. */
export function meta({ error, matches }: Route.MetaArgs) {
  // A failed screen's error panel brings its own <title>; a document has one.
  return error ? [ADMIN_ROBOTS] : [{ title: `Admin | ${siteFromMatches(matches).siteName}` }, ADMIN_ROBOTS];
}

/** Every write in the back office goes into the audit log (/admin/audit), whichever screen makes it. */
export const middleware: Route.MiddlewareFunction[] = [auditAdminWrites];

export async function loader(args: Route.LoaderArgs) {
  // The editor's answer to a save whose session had ended: its own form only, nobody named.
  if (isSignedOutReply(args.context)) return { email: null };
  const session = await requireAdmin(args);
  // Makes sure the blog images' storage exists (the Supabase bucket or the local folder); it never holds up the page.
  void ensureBlogStorage();
  return { email: session.user.email };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminChrome email={loaderData.email}>
      <Outlet />
    </AdminChrome>
  );
}

/** A back-office page that failed (an unknown post, say) is shown inside the back office. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const chrome = useRouteLoaderData<typeof loader>("routes/admin/admin");
  return (
    <AdminChrome email={chrome?.email ?? null}>
      {/* The site's error panel is Swedish. */}
      <div lang="sv">
        <RouteErrorPanel error={error} />
      </div>
    </AdminChrome>
  );
}

const BLOG_SCREENS = new Set(["routes/admin/admin.blog", "admin-blog-new", "admin-blog-edit"]);

/** The back office around a page: the menu, who is signed in, the flash message. */
function AdminChrome({ email, children }: { email: string | null; children: ReactNode }) {
  const root = useRouteLoaderData("root") as RootLoaderData | undefined;
  const { siteName } = siteFromMatches([{ id: "root", data: root }]);
  // The blog screens are Swedish in an English back office (DESIGN §4.1).
  const blogScreen = useMatches().some((match) => BLOG_SCREENS.has(match.id));
  return (
    <div className="min-h-dvh bg-slate-50 md:grid md:grid-cols-[15rem_minmax(0,1fr)]">
      <aside className="relative border-b border-slate-200 bg-white md:border-r md:border-b-0">
        <p className="flex h-14 items-center gap-2 px-4 text-lg font-bold whitespace-nowrap text-brand-700 md:h-16 md:text-base">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {/* On a phone the top bar keeps its room for the menu button; one line in the sidebar. */}
          <span>
            <span className="max-md:sr-only">{siteName} </span>Admin
          </span>
        </p>
        <AdminNav email={email} />
      </aside>
      <div className="flex min-w-0 flex-col">
        {/* On a phone the menu says who is signed in; a signed-out page says so at once. */}
        <header
          className={`${email ? "hidden md:flex" : "flex"} h-16 items-center justify-end border-b border-slate-200 bg-white px-6 text-sm`}
        >
          {email ? (
            <p>
              Signed in as <strong className="font-semibold">{email}</strong>
            </p>
          ) : (
            <p className="font-semibold text-red-800">Not signed in</p>
          )}
        </header>
        {/* A blog screen's messages are Swedish, like the screen. */}
        <FlashMessage flash={root?.flash && blogScreen ? { lang: "sv", ...root.flash } : (root?.flash ?? null)} english={!blogScreen} />
        <main id="innehall" lang={blogScreen ? "sv" : undefined} className="flex-1 px-4 py-6 sm:px-6 md:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
