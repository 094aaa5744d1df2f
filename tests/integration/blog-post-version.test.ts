/**
 * The blog post's version (migration 20261124300000): every update raises it, and the editor's
 * save lands only over the version it was opened at, in one statement. On PostgreSQL too,
 * where two saves from the same copy really do run at once on two connections. And its
 * published date (migration 20261128300000): set when it is first published, kept ever after.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { migrate } from "#app/operations/migrate.server.ts";

const { createPost, findPost, updatePost } = await import("#app/blog/posts.server.ts");
const { testDatabases } = await import("#tests/db.ts");

const row = (title: string) => ({
  title,
  excerpt: "",
  content: JSON.stringify([{ type: "paragraph", content: title }]),
  cover_image: null,
  cover_image_alt: null,
  reading_time: "1",
  slug: null,
  published: false,
  seo_title: "",
  seo_description: "",
});

describe.each(testDatabases())("blog post versions on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("starts at 1 and is raised by every update, the editor's or anyone else's", async () => {
    const id = await createPost({ ...row("Första"), author: "a@hotellguiden.test" }, handle.db);
    expect((await findPost({ id }, handle.db))?.version).toBe(1);
    expect(await updatePost(id, 1, row("Andra"), handle.db)).toBe("saved");
    await handle.db.updateTable("hotels_blog_posts").set({ published: true }).where("id", "=", id).execute();
    expect(await findPost({ id }, handle.db)).toMatchObject({ title: "Andra", published: true, version: 3 });
  });

  it("saves only over the version given: a stale or missing version writes nothing; a gone post is 'missing'", async () => {
    const id = await createPost({ ...row("Original"), author: "a@hotellguiden.test" }, handle.db);
    expect(await updatePost(id, 1, row("Från A"), handle.db)).toBe("saved");
    expect(await updatePost(id, 1, row("Från B"), handle.db)).toBe("stale");
    expect(await updatePost(id, undefined, row("Utan version"), handle.db)).toBe("stale");
    expect(await findPost({ id }, handle.db)).toMatchObject({ title: "Från A", version: 2 });
    await handle.db.deleteFrom("hotels_blog_posts").where("id", "=", id).execute();
    expect(await updatePost(id, 2, row("Borta"), handle.db)).toBe("missing");
  });

  it("lets exactly one of many saves from the same copy land when they run at once", async () => {
    const id = await createPost({ ...row("Samtidigt"), author: "a@hotellguiden.test" }, handle.db);
    const outcomes = await Promise.all(Array.from({ length: 6 }, (_, n) => updatePost(id, 1, row(`Spara ${n}`), handle.db)));
    expect(outcomes.filter((outcome) => outcome === "saved")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "stale")).toHaveLength(5);
    const post = await findPost({ id }, handle.db);
    expect(post?.version).toBe(2);
    expect(post?.title).toBe(`Spara ${outcomes.indexOf("saved")}`);
  });

  it("dates a post when it is first published, and keeps that date when it is unpublished and published again", async () => {
    const published = async (id: string) => (await findPost({ id }, handle.db))?.publishedAt;
    const draft = await createPost({ ...row("Utkast först"), author: "a@hotellguiden.test" }, handle.db);
    expect(await published(draft)).toBeNull();
    expect(await updatePost(draft, 1, { ...row("Utkast först"), published: true }, handle.db)).toBe("saved");
    const first = await published(draft);
    expect(first).toEqual(expect.any(String));
    expect(await updatePost(draft, 2, row("Avpublicerad"), handle.db)).toBe("saved");
    expect(await published(draft)).toBe(first);
    expect(await updatePost(draft, 3, { ...row("Publicerad igen"), published: true }, handle.db)).toBe("saved");
    expect(await published(draft)).toBe(first);
    // Nobody moves it by hand either.
    await handle.db.updateTable("hotels_blog_posts").set({ published_at: "2001-01-01T00:00:00Z" }).where("id", "=", draft).execute();
    expect(await published(draft)).toBe(first);
    const direct = await createPost({ ...row("Publicerad direkt"), published: true, author: "a@hotellguiden.test" }, handle.db);
    expect(await published(direct)).toEqual(expect.any(String));
  });

  it("gives posts published before the column existed their creation date, and leaves drafts, updated_at and versions alone", async () => {
    // As before that migration: none of its columns, trigger or function.
    await sql`
      drop trigger hotels_blog_posts_first_published on public.hotels_blog_posts;
      drop function public.blog_post_first_published();
      alter table public.hotels_blog_posts
        drop column published_at, drop column cover_image_alt, drop column seo_title, drop column seo_description;
    `.execute(handle.db);
    await handle.db.deleteFrom("schema_migrations").where("version", "=", "20261128300000_blog_post_published_at_alt_seo").execute();
    const written = new Date("2025-05-04T08:00:00Z");
    const edited = new Date("2025-06-01T09:30:00Z");
    const insert = (title: string, published: boolean) =>
      sql<{ id: string }>`
      insert into public.hotels_blog_posts (title, published, created_at, updated_at)
      values (${title}, ${published}, ${written}, ${edited}) returning id
    `.execute(handle.db);
    const old = (await insert("Publicerad förr", true)).rows[0]!.id;
    const draft = (await insert("Utkast förr", false)).rows[0]!.id;

    expect(await migrate(undefined, handle.db)).toEqual(["20261128300000_blog_post_published_at_alt_seo"]);
    const rows = await handle.db
      .selectFrom("hotels_blog_posts")
      .select(["id", "published_at", "updated_at", "version", "cover_image_alt", "seo_title"])
      .where("id", "in", [old, draft])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(old)).toMatchObject({ published_at: written, updated_at: edited, version: 1, cover_image_alt: null, seo_title: "" });
    expect(byId.get(draft)).toMatchObject({ published_at: null, updated_at: edited, version: 1 });
  });
});
