import { Form, href, Link } from "react-router";
import type { Route } from "./+types/admin.blog";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { ConfirmableAction, useConfirmable, type ConfirmQuestion } from "#app/components/ui/confirmable-action.tsx";
import { ActionRefusalAlert, Field } from "#app/components/ui/forms.tsx";
import { TableHead, TableScroll } from "#app/components/ui/table.tsx";
import { swedishDate } from "#app/utils/format.ts";
import { blogPostPath } from "#app/utils/paths.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { useIsPending } from "#app/utils/use-is-pending.ts";
import { blogListAction, blogListPage } from "./admin.blog.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Blogghantering", matches);
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  // Without JavaScript, "Ta bort" opens this page with ?radera=<id>, which asks first.
  return blogListPage(args.url.searchParams);
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  return blogListAction(await readFormData(args.request, 4 * 1024), args.url.searchParams);
}

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { search, page, posts, total, pageCount, confirm } = loaderData;
  const busy = useIsPending();
  const confirmRemoval = useConfirmable<{ id: string; title: string }>();
  const query = new URLSearchParams();
  if (search) query.set("q", search);
  if (page > 1) query.set("sida", String(page));
  const here = `${href("/admin/blog")}${query.toString() ? `?${query}` : ""}`;
  const confirmHref = (id: string) => `${here}${here.includes("?") ? "&" : "?"}radera=${id}`;
  const removal = (post: { id: string; title: string }): ConfirmQuestion => ({
    heading: "Är du säker?",
    text: <p>Inlägget ”{post.title}” tas bort permanent. Det går inte att ångra.</p>,
    button: "Ta bort",
    cancel: "Avbryt",
    action: here,
    intent: "delete",
    fields: { id: post.id },
  });

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <AdminPageHeader title="Blogghantering" description={`${total} ${total === 1 ? "inlägg" : "inlägg"} i bloggen.`}>
        <Link to={href("/admin/blog/new")} className={buttonClassName()}>
          Nytt inlägg
        </Link>
      </AdminPageHeader>
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <Field
          className="min-w-64 flex-1"
          label="Sök på titel"
          controlSize="compact"
          inputProps={{ id: "blog-search", name: "q", type: "search", defaultValue: search, key: search }}
        />
        <Button type="submit" variant="secondary">
          Sök
        </Button>
      </Form>

      <ActionRefusalAlert actionData={actionData} />
      <ConfirmableAction confirm={confirmRemoval} asked={confirm} question={removal} cancelHref={here} busy={busy} />

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
                      <Link to={href("/admin/blog/edit/:id", { id: post.id })} className="font-medium text-brand-700 underline">
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
    </div>
  );
}
