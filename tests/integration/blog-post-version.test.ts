/**
 * The blog post's version (migration 20261124300000): every update raises it, and the editor's
 * save lands only over the version it was opened at, in one statement. On PostgreSQL too,
 * where two saves from the same copy really do run at once on two connections. And its
 * published date (migration 20261128300000): set when it is first published, kept ever after.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";

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
});
