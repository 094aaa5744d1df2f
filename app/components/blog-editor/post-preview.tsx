import { useEffect, useRef } from "react";
import { href } from "react-router";
import type { EditorReply } from "#app/blog/editor-form.ts";
import { BlogPostArticle } from "#app/components/blog-post-article.tsx";

type Preview = NonNullable<EditorReply["preview"]>;

/**
 * "Förhandsvisning": the post as readers will see it, and its line in search results, from the
 * form as it was when the preview was asked for. Nothing is saved. With JavaScript it takes the
 * focus when it appears (without, the page it is on loads at its top, where it is).
 */
export function PostPreview({ preview, postId }: { preview: Preview; postId: string | null }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [preview]);
  const path = href("/blog/:slug", { slug: preview.slug ?? postId ?? "…" });
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="post-preview-heading"
      className="space-y-5 rounded-lg border-2 border-dashed border-brand-600 bg-white p-5"
    >
      <div>
        <h2 id="post-preview-heading" className="text-lg font-semibold">
          Förhandsvisning
        </h2>
        <p className="text-sm text-muted">Så här ser inlägget ut med ändringarna nedan. Inget är sparat än.</p>
      </div>
      <div className="rounded-md border border-slate-200 p-3">
        <h3 className="text-sm font-medium text-muted">I sökresultat och delade länkar</h3>
        <p className="mt-1 text-lg text-brand-700">{preview.seoTitle || preview.title}</p>
        <p className="font-mono text-xs text-muted">{path}</p>
        <p className="mt-1 text-sm">{preview.seoDescription || preview.excerpt || preview.title}</p>
      </div>
      <article className="border-t border-slate-200 pt-5">
        <BlogPostArticle post={preview} publishedAt={preview.publishedAt} titleLevel={2} />
      </article>
    </section>
  );
}
