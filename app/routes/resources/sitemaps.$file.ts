import type { Route } from "./+types/sitemaps.$file";
import { openSitemap, SITEMAP_HEADERS, sitemapUnavailable } from "#app/seo/sitemap-xml.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { log } from "#app/utils/log.server.ts";

const PART_FILE = /^(pages|blog|hotels)-[1-9]\d{0,5}\.xml$/;

/**
 * GET /sitemaps/{section}-{n}.xml: one part of the sitemap index, at most 50,000 URLs
 * (pages-1.xml, blog-1.xml, hotels-1.xml, hotels-2.xml, …). Unknown or out-of-range files are 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const file = params.file;
  if (!PART_FILE.test(file)) return notFound();
  try {
    const opened = await openSitemap({ siteUrl: getEnv().SITE_URL, cacheTotals: true }, file);
    return opened ? new Response(opened.stream, { headers: SITEMAP_HEADERS }) : notFound();
  } catch (error) {
    log.error("sitemap query failed", error, { file });
    return sitemapUnavailable();
  }
}

function notFound() {
  return new Response("Not found\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
