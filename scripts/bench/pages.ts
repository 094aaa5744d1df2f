/**
 * The public pages the benchmarks measure, found in the running site's own links so they
 * are real addresses of whatever catalogue is loaded (and canonical: each must answer 200).
 */

export interface BenchPage {
  /** Short key, also the ceiling file's name. */
  key: "home" | "hotels" | "country" | "place" | "hotel" | "blog" | "post" | "sitemap";
  label: string;
  path: string;
  /** Extension of the static copy, so it is served with the same content type. */
  ext: "html" | "xml";
}

/** Site-relative link targets of <a> elements (not stylesheets or image preloads). */
const links = (html: string) => [...html.matchAll(/<a\s[^>]*?href="(\/[^"#?]*)"/g)].map((match) => match[1]!);

async function html(origin: string, path: string): Promise<string> {
  const response = await fetch(`${origin}${path}`, { redirect: "manual" });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}, expected 200`);
  return response.text();
}

export async function discoverPages(origin: string): Promise<BenchPage[]> {
  // A hotel card's link is /{country}/{place}/{slug}; its prefixes are the place and country pages.
  const hotelPath = links(await html(origin, "/hotels")).find(
    (href) => href.split("/").length === 4 && !/^\/(blog|admin|sitemaps)\//.test(href),
  );
  if (!hotelPath) throw new Error("no hotel link found on /hotels");
  const [, country, place] = hotelPath.split("/");
  const postPath = links(await html(origin, "/blog")).find((href) => /^\/blog\/[^/]+$/.test(href));
  if (!postPath) throw new Error("no blog post link found on /blog");

  const pages: BenchPage[] = [
    { key: "home", label: "home", path: "/", ext: "html" },
    { key: "hotels", label: "/hotels", path: "/hotels", ext: "html" },
    { key: "country", label: "country", path: `/${country}`, ext: "html" },
    { key: "place", label: "place", path: `/${country}/${place}`, ext: "html" },
    { key: "hotel", label: "hotel", path: hotelPath, ext: "html" },
    { key: "blog", label: "/blog", path: "/blog", ext: "html" },
    { key: "post", label: "post", path: postPath, ext: "html" },
    { key: "sitemap", label: "/sitemap.xml", path: "/sitemap.xml", ext: "xml" },
  ];
  for (const page of pages) await html(origin, page.path);
  return pages;
}

/** The four public templates Lighthouse scores. */
export function lighthousePages(pages: BenchPage[]): BenchPage[] {
  return pages.filter((page) => ["home", "hotels", "place", "hotel"].includes(page.key));
}
