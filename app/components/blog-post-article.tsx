import type { ContentBlock } from "#app/blog/content-blocks.ts";
import { swedishDate } from "#app/utils/format.ts";
import { BlogBlocks } from "./blog-blocks.tsx";

export interface ShownPost {
  title: string;
  coverImage: string | null;
  /** '' or null: the cover is decorative (alt=""). */
  coverImageAlt: string | null;
  blocks: ContentBlock[];
  readingTime: number;
}

/**
 * A post as readers see it: its title, when it was published, its reading time, its cover and
 * its blocks. The post page shows it, and so does the editor's preview (its title one level
 * down there, under the editor's own heading).
 */
export function BlogPostArticle({
  post,
  publishedAt,
  titleLevel = 1,
}: {
  post: ShownPost;
  /** When it was first published; null while it never was. */
  publishedAt: string | null;
  titleLevel?: 1 | 2;
}) {
  const Title = titleLevel === 1 ? "h1" : "h2";
  return (
    <>
      <header>
        <Title className="text-3xl font-bold sm:text-4xl">{post.title}</Title>
        <p className="mt-3 text-muted">
          {publishedAt ? (
            <>
              Publicerad <time dateTime={publishedAt}>{swedishDate(publishedAt)}</time>
            </>
          ) : (
            "Inte publicerad än"
          )}{" "}
          · {post.readingTime} min läsning
        </p>
      </header>
      {post.coverImage ? (
        <img
          src={post.coverImage}
          alt={post.coverImageAlt ?? ""}
          width={1200}
          height={630}
          className="mt-6 aspect-[1200/630] w-full rounded-xl object-cover"
        />
      ) : null}
      <div className="mt-8">
        <BlogBlocks blocks={post.blocks} />
      </div>
    </>
  );
}
