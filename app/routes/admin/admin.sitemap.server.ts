/**
 * The sitemap generator, server side: generating (a GET, ?generate=1: it only reads) and the
 * one intent, updating the live sitemap. The same generator as /sitemap.xml, which is always
 * live (never a stored file). The route module (admin.sitemap.tsx) guards and wires.
 */
import { href } from "react-router";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { countSitemapUrls, planSitemap, refreshLiveSitemap, renderSitemap } from "#app/seo/sitemap-xml.server.ts";
import { dispatchIntent, intent } from "#app/utils/action-kit.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { log } from "#app/utils/log.server.ts";
import { z } from "#app/utils/zod.ts";

/** The preview lists this many addresses; the XML tab and the download hold them all. */
const PREVIEW_ROWS = 200;

export type SitemapTab = "xml" | "preview";

/** The screen's data: the generated sitemap (when ?generate=1) with its counts, and the tab shown. */
export async function sitemapPage(params: URLSearchParams) {
  const tab: SitemapTab = params.get("tab") === "preview" ? "preview" : "xml";
  if (params.get("generate") !== "1") return { generated: null, tab };
  try {
    const [xml, counts] = await Promise.all([renderSitemap({ siteUrl: getEnv().SITE_URL }), countSitemapUrls()]);
    const plan = planSitemap(counts);
    const urls = [...xml!.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));
    return {
      generated: {
        xml: xml!,
        counts,
        index: plan.index,
        parts: plan.parts.length,
        preview: urls.slice(0, PREVIEW_ROWS),
        previewRows: PREVIEW_ROWS,
        urlsInDocument: urls.length,
      },
      tab,
    };
  } catch (error) {
    log.error("admin sitemap generation failed", error);
    return { generated: null, tab, error: "Failed to generate sitemap" };
  }
}

/** The screen's posts, by intent: there is one, updating the live sitemap (after one was generated on the screen). */
export function sitemapAction(form: FormData) {
  return dispatchIntent(form, {
    "update-live": intent(z.object({ generated: z.unknown().optional() }), ({ generated }) => updateLiveSitemap(generated === "1")),
  });
}

/** Makes /sitemap.xml answer from the catalogue as it is now; only after a sitemap was generated on the screen. */
async function updateLiveSitemap(generated: boolean) {
  if (!generated) {
    return redirectWithFlash(href("/admin/sitemap"), {
      title: "No sitemap",
      description: "Generate a sitemap first",
      variant: "destructive",
    });
  }
  refreshLiveSitemap();
  return redirectWithFlash(`${href("/admin/sitemap")}?generate=1`, {
    title: "Live sitemap updated",
    description: "/sitemap.xml now reflects the catalogue as it is.",
  });
}
