/**
 * The blog list screen, server side: a page of posts (with the post a removal asks about), and
 * the one intent, deleting a post (a confirmable action: asked on the page without JavaScript,
 * in a dialog with it). The route module (admin.blog.tsx) guards and wires.
 */
import { href } from "react-router";
import { ADMIN_BLOG_PAGE_SIZE, deletePost, findPostTitle, isPostId, listAdminPosts } from "#app/blog/posts.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { confirmedField } from "#app/utils/action-fields.ts";
import { askFirst, dispatchIntent, intent } from "#app/utils/action-kit.server.ts";
import { log } from "#app/utils/log.server.ts";
import { readPage } from "#app/utils/read-page.ts";
import { z } from "#app/utils/zod.ts";

/** The query parameter that asks about removing a post (how "Ta bort" asks without JavaScript). */
const REMOVE_PARAM = "radera";

/** The posts matching ?q on page ?sida, and the post ?radera asks about (null when none or unknown). */
export async function blogListPage(params: URLSearchParams) {
  const search = (params.get("q") ?? "").trim().slice(0, 200);
  const page = readPage(params);
  const deleting = params.get(REMOVE_PARAM);
  const [{ posts, total }, confirm] = await Promise.all([listAdminPosts({ search, page }), deleting ? findPostTitle(deleting) : undefined]);
  return { search, page, posts, total, pageCount: Math.max(1, Math.ceil(total / ADMIN_BLOG_PAGE_SIZE)), confirm: confirm ?? null };
}

/** The list as it was, without the question: where every answer of the action goes. */
function blogListHref(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete(REMOVE_PARAM);
  const query = next.toString();
  return `${href("/admin/blog")}${query ? `?${query}` : ""}`;
}

/** The screen's posts, by intent (`params`: the query of the list they were sent from). */
export function blogListAction(form: FormData, params: URLSearchParams) {
  const back = blogListHref(params);
  const question = (id: string) => `${back}${back.includes("?") ? "&" : "?"}${REMOVE_PARAM}=${encodeURIComponent(id)}`;
  return dispatchIntent(form, {
    delete: intent(
      z.object({ id: z.string().refine(isPostId), confirm: confirmedField }),
      ({ id, confirm }) => askFirst(confirm, question(id)) ?? deleteBlogPost(id, back),
    ),
  });
}

const FAILED = {
  title: "Fel: Kunde inte ta bort inlägget",
  description: "Kunde inte ta bort inlägget. Försök igen.",
  variant: "destructive" as const,
};

async function deleteBlogPost(id: string, back: string) {
  try {
    const title = await deletePost(id);
    if (title === null) return redirectWithFlash(back, FAILED);
    return redirectWithFlash(back, { title: "Inlägg borttaget", description: `”${title}” är borttaget.` });
  } catch (error) {
    log.error("blog post delete failed", error, { id });
    return redirectWithFlash(back, FAILED);
  }
}
