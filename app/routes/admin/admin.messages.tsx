import { Form } from "react-router";
import { useIsPending } from "#app/utils/use-is-pending.ts";
import type { Route } from "./+types/admin.messages";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { AdminPager, pageHrefs } from "#app/components/admin-pager.tsx";
import { deleteContactMessage, listContactMessages, MESSAGES_PAGE_SIZE } from "#app/contact/messages.server.ts";
import { isUuid } from "#app/utils/uuid.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { readPage } from "#app/utils/read-page.ts";

export function meta() {
  return adminMeta("Contact Messages");
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const page = readPage(args.url.searchParams);
  const { messages, total } = await listContactMessages(page);
  return { messages, total, page, pages: Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE)) };
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  const form = await readFormData(args.request, 4 * 1024);
  const id = String(form.get("id") ?? "");
  const back = `/admin/messages${args.url.search}`;
  if (form.get("intent") !== "delete" || !isUuid(id)) {
    return redirectWithFlash(back, { title: "Error", description: "Unknown error occurred", variant: "destructive" });
  }
  const deleted = await deleteContactMessage(id);
  return redirectWithFlash(
    back,
    deleted
      ? { title: "Message deleted", description: "The message has been removed." }
      : { title: "Error", description: "That message was already deleted.", variant: "destructive" },
  );
}

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Stockholm" });

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { messages, total, page, pages } = loaderData;
  const busy = useIsPending();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <AdminPageHeader title="Contact Messages" description={`Messages sent with the contact form, newest first (${total} in all).`} />
      {messages.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-muted">No messages.</p>
      ) : (
        <ol className="space-y-3">
          {messages.map((message) => (
            <li key={message.id}>
              <article aria-labelledby={`message-${message.id}`} className="rounded-lg border border-slate-200 bg-white p-4">
                <header className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id={`message-${message.id}`} className="font-semibold">
                    {message.name}{" "}
                    <a href={`mailto:${message.email}`} className="text-sm font-normal text-brand-700 underline">
                      {message.email}
                    </a>
                  </h2>
                  <time dateTime={new Date(message.created_at).toISOString()} className="text-sm text-muted">
                    {dateTime.format(new Date(message.created_at))}
                  </time>
                </header>
                <p className="mt-2 whitespace-pre-line text-sm">{message.message}</p>
                <Form method="post" className="mt-3">
                  <input type="hidden" name="id" value={message.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="delete"
                    disabled={busy}
                    className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
                    aria-label={`Delete the message from ${message.name}`}
                  >
                    Delete
                  </button>
                </Form>
              </article>
            </li>
          ))}
        </ol>
      )}
      <AdminPager label="Message pages" page={page} pageCount={pages} href={pageHrefs(new URLSearchParams(), "sida")} />
    </div>
  );
}
