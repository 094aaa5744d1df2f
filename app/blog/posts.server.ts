/** Blog reads: the public list, one post by slug or id, and the back office's list. */
import { sql, type Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { contentBlockSchema, type ContentBlock } from "#app/blog/content-blocks.ts";
import { isUuid } from "#app/utils/uuid.ts";
import { likePattern } from "#app/utils/fold-text.ts";

type DB = Kysely<Database>;

export const BLOG_PAGE_SIZE = 6;
export const ADMIN_BLOG_PAGE_SIZE = 10;

export interface PostSummary {
  id: string;
  slug: string | null;
  title: string;
  excerpt: string;
  coverImage: string | null;
  /** The cover's text alternative; '' when it is decorative, null when nobody has said (shown as decorative). */
  coverImageAlt: string | null;
  createdAt: string;
  /** When the post was first published (kept when it is unpublished); null while it never was. */
  publishedAt: string | null;
}

export interface Post extends PostSummary {
  content: ContentBlock[];
  author: string | null;
  published: boolean;
  readingTime: number;
  updatedAt: string;
  /** Raised by every update; the editor saves only over the version it was opened at. */
  version: number;
  /** For search engines and shared links; '' means the title and the excerpt. */
  seoTitle: string;
  seoDescription: string;
}

export const isPostId = isUuid;
/** The only slugs the database holds (hotels_blog_posts_slug_format): anything else finds nothing without a query. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Stored blocks as the page may show them: anything that is not a valid block is left out, never rendered raw. */
function storedBlocks(content: unknown): ContentBlock[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((block) => {
    const parsed = contentBlockSchema.safeParse(block);
    return parsed.success ? [parsed.data] : [];
  });
}

const summaryColumns = ["id", "slug", "title", "excerpt", "cover_image", "cover_image_alt", "created_at", "published_at"] as const;

const isoTime = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toSummary(row: {
  id: string;
  slug: string | null;
  title: string;
  excerpt: string;
  cover_image: string | null;
  cover_image_alt: string | null;
  created_at: Date;
  published_at: Date | null;
}): PostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    coverImage: row.cover_image,
    coverImageAlt: row.cover_image_alt,
    createdAt: new Date(row.created_at).toISOString(),
    publishedAt: isoTime(row.published_at),
  };
}

/** One page of published posts, the most recently published first, and how many there are. */
export async function listPublishedPosts(page: number, db: DB = getAppDatabase().db): Promise<{ posts: PostSummary[]; total: number }> {
  const published = db.selectFrom("hotels_blog_posts").where("published", "=", true);
  const [rows, count] = await Promise.all([
    published
      .select(summaryColumns)
      .orderBy("published_at", "desc")
      .orderBy("id")
      .limit(BLOG_PAGE_SIZE)
      .offset((page - 1) * BLOG_PAGE_SIZE)
      .execute(),
    published.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return { posts: rows.map(toSummary), total: count.n };
}

/** A post by its slug, or by its id; drafts included (the caller decides who may see them). */
export async function findPost(key: { slug?: string; id?: string }, db: DB = getAppDatabase().db): Promise<Post | null> {
  let query = db.selectFrom("hotels_blog_posts").selectAll();
  if (key.id !== undefined) {
    if (!isPostId(key.id)) return null;
    query = query.where("id", "=", key.id);
  } else if (key.slug !== undefined) {
    const slug = key.slug.toLowerCase();
    if (!SLUG.test(slug)) return null;
    query = query.where("slug", "=", slug);
  } else {
    return null;
  }
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return {
    ...toSummary(row),
    content: storedBlocks(row.content),
    author: row.author,
    published: row.published,
    readingTime: Number.parseInt(row.reading_time, 10) || 1,
    updatedAt: new Date(row.updated_at).toISOString(),
    version: row.version,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
  };
}

/** A post's stored columns as the editor writes them. */
export interface PostRow {
  title: string;
  excerpt: string;
  /** The blocks as JSON text. */
  content: string;
  cover_image: string | null;
  cover_image_alt: string | null;
  reading_time: string;
  slug: string | null;
  published: boolean;
  seo_title: string;
  seo_description: string;
}

/** Whether another post than `exceptId` already has this slug. */
export async function isSlugTaken(slug: string, exceptId: string | null, db: DB = getAppDatabase().db): Promise<boolean> {
  const taken = await db
    .selectFrom("hotels_blog_posts")
    .select("id")
    .where("slug", "=", slug)
    .$if(exceptId !== null, (qb) => qb.where("id", "<>", exceptId!))
    .executeTakeFirst();
  return Boolean(taken);
}

export async function createPost(row: PostRow & { author: string }, db: DB = getAppDatabase().db): Promise<string> {
  const created = await db.insertInto("hotels_blog_posts").values(row).returning("id").executeTakeFirstOrThrow();
  return created.id;
}

/**
 * Saves a post over the version the editor was opened at, in one statement: the row changes
 * only while it still has that version (the trigger then raises it), so of two saves from the
 * same copy exactly one lands. "stale" when someone saved in between, "missing" when the post
 * is gone; `version` undefined (a form without one) is never taken as current.
 */
export async function updatePost(
  id: string,
  version: number | undefined,
  row: PostRow,
  db: DB = getAppDatabase().db,
): Promise<"saved" | "stale" | "missing"> {
  if (!isPostId(id)) return "missing";
  if (version !== undefined) {
    const updated = await db
      .updateTable("hotels_blog_posts")
      .set(row)
      .where("id", "=", id)
      .where("version", "=", version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) {
      return "saved";
    }
  }
  // Nothing was written; only which message to give is decided here.
  const exists = await db.selectFrom("hotels_blog_posts").select("id").where("id", "=", id).executeTakeFirst();
  return exists ? "stale" : "missing";
}

/**
 * Which of these uploaded images' file names some post uses, as its cover or anywhere in its
 * blocks (an image block, a button's link). Names are random UUIDs, so a name found in a post's
 * text is that image.
 */
export async function imagesInUse(names: readonly string[], db: DB = getAppDatabase().db): Promise<Set<string>> {
  const used = new Set<string>();
  for (let start = 0; start < names.length; start += 500) {
    const batch = names.slice(start, start + 500);
    const { rows } = await sql<{ name: string }>`
      select n.name from (values ${sql.join(batch.map((name) => sql`(${name}::text)`))}) as n(name)
      where exists (
        select 1 from hotels_blog_posts p
        where strpos(coalesce(p.cover_image, ''), n.name) > 0 or strpos(p.content::text, n.name) > 0
      )
    `.execute(db);
    for (const row of rows) used.add(row.name);
  }
  return used;
}

export interface AdminPostRow {
  id: string;
  slug: string | null;
  title: string;
  published: boolean;
  /** When it was written (the list's Skapad column). */
  createdAt: string;
  /** When it was first published; null while it never was. */
  publishedAt: string | null;
}

/** The back office's list: every post, newest first, optionally by title, 10 a page. */
export async function listAdminPosts(
  input: { search: string; page: number },
  db: DB = getAppDatabase().db,
): Promise<{ posts: AdminPostRow[]; total: number }> {
  const pattern = likePattern(input.search);
  const base = db
    .selectFrom("hotels_blog_posts")
    .$if(pattern !== undefined, (qb) => qb.where(sql<boolean>`title ilike ${pattern} escape '\\'`));
  const [rows, count] = await Promise.all([
    base
      .select(["id", "slug", "title", "published", "created_at", "published_at"])
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(ADMIN_BLOG_PAGE_SIZE)
      .offset((input.page - 1) * ADMIN_BLOG_PAGE_SIZE)
      .execute(),
    base.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    posts: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      published: row.published,
      createdAt: isoTime(row.created_at)!,
      publishedAt: isoTime(row.published_at),
    })),
    total: count.n,
  };
}

/**
 * The post a blog address names: /blog/{slug}/{id} by its id; /blog/{x} by x as an id when it
 * looks like one, else (or when no post has that id) by x as a slug.
 */
export async function findPostAt(address: { slug: string; id?: string }, db: DB = getAppDatabase().db): Promise<Post | null> {
  const { slug, id } = address;
  if (id !== undefined) return findPost({ id }, db);
  if (isPostId(slug)) return (await findPost({ id: slug }, db)) ?? (await findPost({ slug }, db));
  return findPost({ slug }, db);
}

/** A post's id and title (the back office asks before deleting it); undefined when there is none. */
export async function findPostTitle(id: string, db: DB = getAppDatabase().db): Promise<{ id: string; title: string } | undefined> {
  if (!isPostId(id)) return undefined;
  return db.selectFrom("hotels_blog_posts").select(["id", "title"]).where("id", "=", id).executeTakeFirst();
}

/** Deletes a post and empties the caches that list it; returns its title, or null when it was already gone. */
export async function deletePost(id: string, db: DB = getAppDatabase().db): Promise<string | null> {
  if (!isPostId(id)) return null;
  const deleted = await db.deleteFrom("hotels_blog_posts").where("id", "=", id).returning("title").executeTakeFirst();
  if (!deleted) return null;
  return deleted.title;
}
