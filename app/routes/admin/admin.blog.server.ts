/**
 * The blog list screen, server side: a page of posts (with the post a removal asks about), and
 * the one intent, deleting a post. The route module (admin.blog.tsx) guards and wires.
 */
import { href } from "react-router";
import { ADMIN_BLOG_PAGE_SIZE, deletePost, findPostTitle, listAdminPosts, pageParam } from "#app/blog/posts.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { log } from "#app/utils/log.server.ts";

/** The query parameter that asks about removing a post (how "Ta bort" asks without JavaScript). */
export const REMOVE_PARAM = "radera";

/** The posts matching ?q on page ?sida, and the post ?radera asks about (null when none or unknown). */
export async function blogListPage(params: URLSearchParams) {
  const search = (params.get("q") ?? "").trim().slice(0, 200);
  const page = pageParam(params.get("sida"));
  const deleting = params.get(REMOVE_PARAM);
  const [{ posts, total }, confirm] = await Promise.all([listAdminPosts({ search, page }), deleting ? findPostTitle(deleting) : undefined]);
  return { search, page, posts, total, pageCount: Math.max(1, Math.ceil(total / ADMIN_BLOG_PAGE_SIZE)), confirm: confirm ?? null };
}

const FAILED = {
  title: "Fel: Kunde inte ta bort inlägget",
  description: "Kunde inte ta bort inlägget. Försök igen.",
  variant: "destructive" as const,
};

/** The list as it was, without the question: where every answer of the action goes. */
export function blogListHref(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete(REMOVE_PARAM);
  const query = next.toString();
  return `${href("/admin/blog")}${query ? `?${query}` : ""}`;
}

/** Deletes a post and goes back to the list (`back`, from blogListHref). */
export async function deleteBlogPost(id: string, back: string) {
  try {
    const title = await deletePost(id);
    if (title === null) return redirectWithFlash(back, FAILED);
    return redirectWithFlash(back, { title: "Inlägg borttaget", description: `”${title}” är borttaget.` });
  } catch (error) {
    log.error("blog post delete failed", error, { id });
    return redirectWithFlash(back, FAILED);
  }
}

/** A post naming no known intent or a malformed id: the list with the failure. */
export const refuseBlogPost = (back: string) => redirectWithFlash(back, FAILED);
