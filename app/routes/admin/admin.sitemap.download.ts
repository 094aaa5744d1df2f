import type { Route } from "./+types/admin.sitemap.download";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { renderSitemap } from "#app/seo/sitemap-xml.server.ts";
import { getEnv } from "#app/utils/env.server.ts";

/** The generated sitemap as a file download (sitemap.xml). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const xml = await renderSitemap({ siteUrl: getEnv().SITE_URL });
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": 'attachment; filename="sitemap.xml"',
      "Cache-Control": "no-store",
    },
  });
}
