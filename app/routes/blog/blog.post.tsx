import { data, href, isRouteErrorResponse, Link, redirect } from "react-router";
import type { Route } from "./+types/blog.post";
import { findPostAt } from "#app/blog/posts.server.ts";
import { requestAuth } from "#app/auth/request-auth.server.ts";
import { BlogPostArticle } from "#app/components/blog-post-article.tsx";
import { blogPostPath } from "#app/utils/paths.ts";
import { absoluteUrl, breadcrumbJsonLd, jsonLd, seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";
import { buttonClassName } from "#app/components/ui/button.tsx";

const NOT_FOUND = "Blogginlägget kunde inte hittas eller har tagits bort.";

/**
 * One post, at /blog/{slug}, /blog/{id} and /blog/{slug}/{id}. Every form but the canonical
 * one (the slug, or the id while the post has none) answers 301 to it. Drafts are 404 for
 * everyone but administrators, who see them marked.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = "id" in params ? (params.id as string | undefined) : undefined;
  const post = await findPostAt({ slug: params.slug, id });
  if (!post) throw data(null, { status: 404 });
  if (!post.published && !(await requestAuth(context).isAdmin())) throw data(null, { status: 404 });
  const canonical = blogPostPath(post);
  if (url.pathname !== canonical) throw redirect(canonical, 301);
  return { post };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!loaderData) return [{ title: `Inlägget hittades inte | ${site.siteName}` }, { name: "robots", content: "noindex" }];
  const { post } = loaderData;
  const path = blogPostPath(post);
  // The post's own title and description for search engines and shared links, when it has them.
  const description = post.seoDescription || post.excerpt || post.title;
  return [
    ...seoMeta({
      ...site,
      title: `${post.seoTitle || post.title} | ${site.siteName} Blogg Reseguide`,
      description,
      path,
      image: post.coverImage ? { src: post.coverImage, alt: post.coverImageAlt || `Omslagsbild till ${post.title}` } : undefined,
      type: "article",
      noindex: !post.published,
    }),
    jsonLd({
      "@type": "BlogPosting",
      headline: post.title,
      description,
      ...(post.coverImage ? { image: absoluteUrl(site.siteUrl, post.coverImage) } : {}),
      datePublished: post.publishedAt ?? post.createdAt,
      dateModified: post.updatedAt,
      author: { "@type": "Organization", name: site.siteName },
      publisher: {
        "@type": "Organization",
        name: site.siteName,
        logo: { "@type": "ImageObject", url: absoluteUrl(site.siteUrl, "/favicon.svg") },
      },
      mainEntityOfPage: absoluteUrl(site.siteUrl, path),
      inLanguage: "sv-SE",
    }),
    breadcrumbJsonLd(site.siteUrl, [
      { label: "Hem", path: href("/") },
      { label: "Reseguider", path: href("/blog") },
      { label: post.title, path },
    ]),
  ];
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <article className="container-page max-w-3xl py-8">
      <Link to={href("/blog")} className="text-sm font-medium text-brand-700 underline">
        ← Tillbaka till alla inlägg
      </Link>
      {!post.published ? (
        <p role="note" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950">
          Utkast – bara administratörer ser det här inlägget.
        </p>
      ) : null}
      <div className="mt-6">
        <BlogPostArticle post={{ ...post, blocks: post.content }} publishedAt={post.publishedAt} />
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-page max-w-3xl py-16 text-center">
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-semibold">{notFound ? "Inlägget hittades inte" : "Något gick fel"}</h1>
      <p className="mt-2 text-muted">{notFound ? NOT_FOUND : "Ett tillfälligt fel uppstod hos oss. Försök igen om en stund."}</p>
      <Link to={href("/blog")} className={buttonClassName({ size: "lg", className: "mt-6" })}>
        Tillbaka till alla inlägg
      </Link>
    </section>
  );
}
