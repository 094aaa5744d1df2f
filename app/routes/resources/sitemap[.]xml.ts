import { openSitemap, SITEMAP_HEADERS, sitemapUnavailable } from "#app/seo/sitemap-xml.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { log } from "#app/utils/log.server.ts";

/**
 * GET /sitemap.xml: every public URL, live from the database. Past 50,000 URLs it is a
 * sitemap index of /sitemaps/{section}-{n}.xml (routes/resources/sitemaps.$file.ts); see sitemap.server.ts.
 */
export async function loader() {
  try {
    const { stream } = await openSitemap({ siteUrl: getEnv().SITE_URL, cacheTotals: true });
    return new Response(stream, { headers: SITEMAP_HEADERS });
  } catch (error) {
    log.error("sitemap query failed", error);
    return sitemapUnavailable();
  }
}
