import { Form } from "react-router";
import type { Route } from "./+types/admin.messages";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { AdminPager, pageHrefs } from "#app/components/admin-pager.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ActionRefusalAlert } from "#app/components/ui/forms.tsx";
import { readFormData } from "#app/http/form-data.server.ts";
import { useIsPending } from "#app/utils/use-is-pending.ts";
import { messagesAction, messagesPage } from "./admin.messages.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Contact Messages", matches);
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return messagesPage(args.url.searchParams);
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  return messagesAction(await readFormData(args.request, 4 * 1024), args.url.search);
}

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Stockholm" });

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, total, page, pages } = loaderData;
  const busy = useIsPending();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <AdminPageHeader title="Contact Messages" description={`Messages sent with the contact form, newest first (${total} in all).`} />
      <ActionRefusalAlert actionData={actionData} />
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
                  <Button
                    type="submit"
                    name="intent"
                    value="delete"
                    disabled={busy}
                    variant="danger"
                    aria-label={`Delete the message from ${message.name}`}
                  >
                    Delete
                  </Button>
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
