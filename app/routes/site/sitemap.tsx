import { href, Link } from "react-router";
import type { Route } from "./+types/sitemap";
import { loadSitemapPage } from "#app/seo/sitemap-xml.server.ts";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return seoMeta({
    ...site,
    title: "Webbplatskarta",
    description: `Alla sidor på ${site.siteName}: startsidan, alla hotell, varje land och stad vi har hotell i, och våra reseguider.`,
    path: href("/sitemap"),
  });
}

export async function loader() {
  return loadSitemapPage();
}

const linkClass = "text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline";

const MAIN_PAGES = [
  { to: href("/"), label: "Startsidan" },
  { to: href("/hotels"), label: "Alla hotell" },
  { to: href("/blog"), label: "Reseguider" },
  { to: href("/about"), label: "Om oss" },
  { to: href("/contact"), label: "Kontakt" },
];

/** The sitemap for people (footer link): main pages, every country with its places, the blog. */
export default function SitemapPage({ loaderData }: Route.ComponentProps) {
  const { countries, posts, postCount } = loaderData;
  return (
    <div className="container-page space-y-10 py-8">
      <Breadcrumbs crumbs={[{ label: "Hem", to: href("/") }, { label: "Webbplatskarta" }]} />
      <header>
        <h1 className="text-3xl font-bold">Webbplatskarta</h1>
        <p className="mt-2 max-w-2xl text-muted">
          Här finns alla delar av webbplatsen samlade: huvudsidorna, alla länder och orter där vi har hotell, och våra reseguider. Enskilda
          hotell hittar du på sidan för respektive ort.
        </p>
      </header>

      <section aria-labelledby="sitemap-main">
        <h2 id="sitemap-main" className="text-2xl font-semibold">
          Huvudsidor
        </h2>
        <ul className="mt-3 space-y-2">
          {MAIN_PAGES.map((page) => (
            <li key={page.to}>
              <Link to={page.to} className={linkClass}>
                {page.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="sitemap-destinations">
        <h2 id="sitemap-destinations" className="text-2xl font-semibold">
          Länder och orter
        </h2>
        {countries.length ? (
          <ul className="mt-4 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {countries.map((country) => (
              <li key={country.path}>
                <h3 className="text-lg font-semibold">
                  <Link to={country.path} className={linkClass}>
                    {country.name}
                  </Link>
                </h3>
                {country.places.length ? (
                  <ul className="mt-2 space-y-1 border-l border-slate-200 pl-4" aria-label={`Orter i ${country.name}`}>
                    {country.places.map((place) => (
                      <li key={place.path}>
                        <Link to={place.path} className={linkClass}>
                          {place.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-muted">Det finns inga hotell i katalogen just nu.</p>
        )}
      </section>

      <section aria-labelledby="sitemap-blog">
        <h2 id="sitemap-blog" className="text-2xl font-semibold">
          Reseguider
        </h2>
        {posts.length ? (
          <ul className="mt-3 space-y-2">
            {posts.map((post) => (
              <li key={post.path}>
                <Link to={post.path} className={linkClass}>
                  {post.title}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-muted">Inga blogginlägg tillgängliga för tillfället.</p>
        )}
        <p className="mt-4">
          <Link to={href("/blog")} className={`${linkClass} font-medium`}>
            {postCount > posts.length ? `Alla ${postCount} inlägg i resebloggen` : "Till resebloggen"}
          </Link>
        </p>
      </section>
    </div>
  );
}
