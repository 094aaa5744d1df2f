import { href, Link } from "react-router";
import type { Route } from "./+types/blog";
import { listPublishedPosts, BLOG_PAGE_SIZE } from "#app/blog/posts.server.ts";
import { readPage } from "#app/utils/read-page.ts";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { swedishDate } from "#app/utils/format.ts";
import { blogPostPath } from "#app/utils/paths.ts";
import { seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";
import { log } from "#app/utils/log.server.ts";
import { buttonClassName } from "#app/components/ui/button.tsx";

export function meta({ matches, data }: Route.MetaArgs) {
  const page = data?.page ?? 1;
  const site = siteFromMatches(matches);
  return seoMeta({
    ...site,
    title: page > 1 ? `Resebloggen – sida ${page}` : "Resebloggen",
    description: `Resetips, hotellnyheter och reseguider från ${site.siteName}.`,
    path: page > 1 ? `${href("/blog")}?sida=${page}` : href("/blog"),
  });
}

export async function loader({ url }: Route.LoaderArgs) {
  const page = readPage(url.searchParams);
  try {
    const { posts, total } = await listPublishedPosts(page);
    return { page, posts, total, pageCount: Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE)), failed: false };
  } catch (error) {
    log.error("blog list failed", error);
    return { page, posts: [], total: 0, pageCount: 1, failed: true };
  }
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, page, pageCount, failed } = loaderData;
  return (
    <div className="container-page py-8">
      <Breadcrumbs crumbs={[{ label: "Hem", to: href("/") }, { label: "Reseguider" }]} />
      <header className="mt-6">
        <h1 className="text-3xl font-bold">Resebloggen</h1>
        <p className="mt-1 text-lg text-muted">Resetips, hotellnyheter och reseguider</p>
      </header>
      {failed ? (
        <p role="alert" className="mt-8 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          Det gick inte att hämta blogginlägg. Försök igen senare.
        </p>
      ) : posts.length === 0 ? (
        <div className="mt-8 rounded-lg border border-slate-200 bg-white p-8 text-center">
          <p className="text-muted">Inga blogginlägg tillgängliga för tillfället.</p>
          <Link to={href("/")} className={buttonClassName({ size: "lg", className: "mt-4" })}>
            Till startsidan
          </Link>
        </div>
      ) : (
        <>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post, index) => (
              <li key={post.id}>
                <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
                  <img
                    src={post.coverImage ?? "/placeholder.svg"}
                    alt={post.coverImageAlt ?? ""}
                    width={640}
                    height={360}
                    loading={index < 3 ? "eager" : "lazy"}
                    className="aspect-video w-full object-cover"
                  />
                  <div className="flex flex-1 flex-col p-5">
                    <time dateTime={post.publishedAt ?? post.createdAt} className="text-sm text-muted">
                      {swedishDate(post.publishedAt ?? post.createdAt)}
                    </time>
                    <h2 className="mt-1 line-clamp-2 text-xl font-semibold">{post.title}</h2>
                    <p className="mt-2 line-clamp-3 text-muted">{post.excerpt}</p>
                    <p className="mt-auto pt-4">
                      <Link
                        to={blogPostPath(post)}
                        className="inline-block rounded-md border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                      >
                        Läs mer<span className="sr-only">: {post.title}</span>
                      </Link>
                    </p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={pageCount} />
        </>
      )}
    </div>
  );
}
