import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin.blog";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { ADMIN_BLOG_PAGE_SIZE, deletePost, findPostTitle, isPostId, listAdminPosts, pageParam } from "#app/blog/posts.server.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { ConfirmDialog, useConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { TableHead, TableScroll } from "#app/components/ui/table.tsx";
import { swedishDate } from "#app/utils/format.ts";
import { blogPostPath } from "#app/utils/paths.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { log } from "#app/utils/log.server.ts";

export function meta() {
  return adminMeta("Blogghantering");
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const params = args.url.searchParams;
  const search = (params.get("q") ?? "").trim().slice(0, 200);
  const page = pageParam(params.get("sida"));
  // Without JavaScript, "Ta bort" opens this page with ?radera=<id>, which asks first.
  const deleting = params.get("radera");
  const [{ posts, total }, confirm] = await Promise.all([listAdminPosts({ search, page }), deleting ? findPostTitle(deleting) : undefined]);
  return { search, page, posts, total, pageCount: Math.max(1, Math.ceil(total / ADMIN_BLOG_PAGE_SIZE)), confirm: confirm ?? null };
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  const form = await readFormData(args.request, 4 * 1024);
  const id = String(form.get("id") ?? "");
  const back = `/admin/blog${stripConfirm(args.url.searchParams)}`;
  const failed = {
    title: "Fel: Kunde inte ta bort inlägget",
    description: "Kunde inte ta bort inlägget. Försök igen.",
    variant: "destructive" as const,
  };
  if (form.get("intent") !== "delete" || !isPostId(id)) return redirectWithFlash(back, failed);
  try {
    const title = await deletePost(id);
    if (title === null) return redirectWithFlash(back, failed);
    return redirectWithFlash(back, { title: "Inlägg borttaget", description: `”${title}” är borttaget.` });
  } catch (error) {
    log.error("blog post delete failed", error, { id });
    return redirectWithFlash(back, failed);
  }
}

function stripConfirm(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete("radera");
  const query = next.toString();
  return query ? `?${query}` : "";
}

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  const { search, page, posts, total, pageCount, confirm } = loaderData;
  const busy = useNavigation().state === "submitting";
  const confirmRemoval = useConfirmDialog<{ id: string; title: string }>();
  const query = new URLSearchParams();
  if (search) query.set("q", search);
  if (page > 1) query.set("sida", String(page));
  const here = `/admin/blog${query.toString() ? `?${query}` : ""}`;
  const confirmHref = (id: string) => `${here}${here.includes("?") ? "&" : "?"}radera=${id}`;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <AdminPageHeader title="Blogghantering" description={`${total} ${total === 1 ? "inlägg" : "inlägg"} i bloggen.`}>
        <Link to="/admin/blog/new" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          Nytt inlägg
        </Link>
      </AdminPageHeader>
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <div className="min-w-64 flex-1">
          <label htmlFor="blog-search" className="mb-1 block text-sm font-medium">
            Sök på titel
          </label>
          <input
            id="blog-search"
            name="q"
            type="search"
            defaultValue={search}
            key={search}
            className="w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm"
          />
        </div>
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50">
          Sök
        </button>
      </Form>

      {confirm ? (
        <section
          role="alertdialog"
          aria-labelledby="confirm-heading"
          aria-describedby="confirm-text"
          className="rounded-lg border border-red-300 bg-red-50 p-5"
        >
          <ConfirmBody
            id={confirm.id}
            title={confirm.title}
            busy={busy}
            cancel={
              <Link to={here} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium">
                Avbryt
              </Link>
            }
          />
        </section>
      ) : null}

      {posts.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-muted">
          {search ? "Inga inlägg matchade din sökning." : "Inga blogginlägg hittades."}
        </p>
      ) : (
        <TableScroll label="Tabell: blogginlägg" minWidth="32rem" bleed>
          <table className="min-w-full text-sm">
            <caption className="sr-only">Blogginlägg</caption>
            {/* The spec's columns; a published post's date is in its status. */}
            <TableHead columns={["Titel", "Skapad", "Status", "Åtgärder"]} />
            <tbody>
              {posts.map((post) => (
                <tr key={post.id}>
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    {post.title}
                  </th>
                  <td className="whitespace-nowrap px-3 py-2">{swedishDate(post.createdAt)}</td>
                  <td className="px-3 py-2">
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${post.published ? "bg-emerald-100 text-emerald-900" : "bg-slate-100 text-slate-800"}`}
                    >
                      {post.published ? "Publicerad" : "Utkast"}
                    </span>
                    {post.published && post.publishedAt ? (
                      <span className="mt-1 block whitespace-nowrap text-xs text-muted">{swedishDate(post.publishedAt)}</span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap gap-3">
                      <Link to={`/admin/blog/edit/${post.id}`} className="font-medium text-brand-700 underline">
                        Redigera<span className="sr-only"> {post.title}</span>
                      </Link>
                      <a href={blogPostPath(post)} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
                        Visa<span className="sr-only"> {post.title} (ny flik)</span>
                      </a>
                      <Link
                        to={confirmHref(post.id)}
                        onClick={confirmRemoval.ask({ id: post.id, title: post.title })}
                        className="font-medium text-red-700 underline"
                      >
                        Ta bort<span className="sr-only"> {post.title}</span>
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination page={page} pageCount={pageCount} />

      <ConfirmDialog confirm={confirmRemoval} labelledBy="confirm-heading" describedBy="confirm-text">
        {(post) => (
          <ConfirmBody
            id={post.id}
            title={post.title}
            busy={busy}
            onSubmit={confirmRemoval.close}
            cancel={
              <button
                type="button"
                onClick={confirmRemoval.close}
                className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium"
              >
                Avbryt
              </button>
            }
          />
        )}
      </ConfirmDialog>
    </div>
  );
}

function ConfirmBody({
  id,
  title,
  busy,
  cancel,
  onSubmit,
}: {
  id: string;
  title: string;
  busy: boolean;
  cancel: React.ReactNode;
  onSubmit?: () => void;
}) {
  return (
    <>
      <h2 id="confirm-heading" className="text-lg font-semibold">
        Är du säker?
      </h2>
      <p id="confirm-text" className="mt-1 text-sm">
        Inlägget ”{title}” tas bort permanent. Det går inte att ångra.
      </p>
      <Form method="post" className="mt-4 flex gap-3" onSubmit={onSubmit}>
        <input type="hidden" name="id" value={id} />
        {cancel}
        <button
          type="submit"
          name="intent"
          value="delete"
          disabled={busy}
          className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
        >
          Ta bort
        </button>
      </Form>
    </>
  );
}
