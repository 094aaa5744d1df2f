/**
 * The post editor's data: a new post's empty form, a stored post as the form edits it, and the
 * image hosts the browser checks addresses against. Read by the editor screen's loader and its
 * intents (app/routes/admin/admin.blog.editor.server.ts).
 */
import { data } from "react-router";
import { findPost, isPostId } from "#app/blog/posts.server.ts";
import type { ContentBlock } from "#app/blog/content-blocks.ts";
import type { ImageHosts } from "#app/blog/image-hosts.ts";
import { NEW_BLOCK, type PostEditorDefaults } from "#app/blog/editor-form.ts";
import { imageSources } from "#app/http/security-headers.server.ts";
import { getEnv } from "#app/utils/env.server.ts";

/** A post's blocks as the form edits them (every optional field present). */
export function formBlocks(blocks: ContentBlock[]) {
  return blocks.map((block) => ({ ...NEW_BLOCK[block.type], ...block }));
}

const EMPTY_POST: PostEditorDefaults = {
  title: "",
  slug: "",
  excerpt: "",
  coverImage: "",
  coverImageAlt: "",
  coverDecorative: false,
  seoTitle: "",
  seoDescription: "",
  published: false,
  blocks: [],
  version: undefined,
};

/** Where images may come from: our origin and the Content Security Policy's img-src hosts. */
export function editorImageHosts(): ImageHosts {
  const env = getEnv();
  return { origin: env.SITE_URL, sources: imageSources(env) };
}

export interface EditorPage {
  postId: string | null;
  /** The stored post's slug: while there is none, the slug follows the title. */
  storedSlug: string | null;
  /** The page answers a save after the session ended (it shows only what was sent). */
  signedOut: boolean;
  defaultValue: PostEditorDefaults;
  /** The image hosts the browser checks addresses against, as the server does on save. */
  imageHosts: ImageHosts;
}

/**
 * The answer to a save after the session ended: the form shows what was sent (the action's
 * reply) and nothing stored is read.
 */
export function signedOutEditor(id: string | undefined): EditorPage {
  const postId = id !== undefined && isPostId(id) ? id : null;
  return { postId, storedSlug: null, signedOut: true, defaultValue: EMPTY_POST, imageHosts: editorImageHosts() };
}

/** The editor for a new post (no id), or for the stored post with this id (404 when there is none). */
export async function editorForPost(id: string | undefined): Promise<EditorPage> {
  if (id === undefined)
    return { postId: null, storedSlug: null, signedOut: false, defaultValue: EMPTY_POST, imageHosts: editorImageHosts() };
  const post = isPostId(id) ? await findPost({ id }) : null;
  if (!post) throw data(null, { status: 404 });
  return {
    postId: post.id,
    storedSlug: post.slug,
    signedOut: false,
    imageHosts: editorImageHosts(),
    defaultValue: {
      title: post.title,
      slug: post.slug ?? "",
      excerpt: post.excerpt,
      coverImage: post.coverImage ?? "",
      coverImageAlt: post.coverImageAlt ?? "",
      coverDecorative: post.coverImage !== null && post.coverImageAlt === "",
      seoTitle: post.seoTitle,
      seoDescription: post.seoDescription,
      published: post.published,
      blocks: formBlocks(post.content),
      // Sent back with the save: it lands only over this version.
      version: post.version,
    },
  };
}
