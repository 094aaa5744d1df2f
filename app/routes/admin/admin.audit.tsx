import { Form } from "react-router";
import { TableHead, TableScroll } from "#app/components/ui/table.tsx";
import type { Route } from "./+types/admin.audit";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { AUDIT_OUTCOME_LABELS } from "#app/admin/audit.ts";
import { AUDIT_PAGE_SIZE, auditFilterOptions, listAuditEntries } from "#app/admin/audit-log.server.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { AdminPager, pageHrefs } from "#app/components/admin-pager.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { SelectField } from "#app/components/ui/forms.tsx";
import { adminDateTime } from "#app/utils/format.ts";
import { readPage } from "#app/utils/read-page.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Audit log", matches);
}

const OUTCOME_CLASSES = {
  ok: "bg-emerald-100 text-emerald-900",
  refused: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-900",
} as const;

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const params = args.url.searchParams;
  const page = readPage(params);
  const options = await auditFilterOptions();
  // A filter value the log does not have (a hand-edited address) shows everything rather than failing.
  const who = options.people.find((person) => person.value === params.get("who"))?.value ?? null;
  const screen = options.screens.find((value) => value === params.get("screen")) ?? null;
  const { entries, total } = await listAuditEntries({ who, screen, page });
  const query = new URLSearchParams();
  if (who) query.set("who", who);
  if (screen) query.set("screen", screen);
  if (page > 1) query.set("sida", String(page));
  return { entries, total, page, pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)), who, screen, options, query: query.toString() };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pages, who, screen, options } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <AdminPageHeader
        title="Audit log"
        description={`Every change made in the back office, and role changes from the command line, newest first (${total} ${total === 1 ? "entry" : "entries"}).`}
      />
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <SelectField
          className="min-w-56"
          label="User"
          controlSize="compact"
          selectProps={{ id: "audit-who", name: "who", defaultValue: who ?? "", key: who ?? "" }}
        >
          <option value="">Everyone</option>
          {options.people.map((person) => (
            <option key={person.value} value={person.value}>
              {person.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          className="min-w-56"
          label="Screen"
          controlSize="compact"
          selectProps={{ id: "audit-screen", name: "screen", defaultValue: screen ?? "", key: screen ?? "" }}
        >
          <option value="">All screens</option>
          {options.screens.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>

      {entries.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-muted">
          {who || screen ? "No entries match the filter." : "Nothing has been changed yet."}
        </p>
      ) : (
        // Relative: any screen-reader text placed absolutely stays inside the scrolling box.
        <TableScroll label="Audit log" minWidth="48rem" actions={false}>
          <table className="text-sm">
            <caption className="sr-only">Audit log entries, newest first</caption>
            <TableHead columns={["When", "Who", "What", "Rows", "Outcome"]} />
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="align-top">
                  <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium">
                    <time dateTime={new Date(entry.at).toISOString()}>{adminDateTime.format(new Date(entry.at))}</time>
                  </th>
                  <td className="min-w-56 px-3 py-2">
                    {entry.actor === "admin" ? (
                      <>
                        <span className="break-all">{entry.email ?? "—"}</span>
                        <span className="block font-mono text-xs text-muted">{entry.userId}</span>
                      </>
                    ) : (
                      "Command line"
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <span className="font-medium">{entry.intent ?? entry.method}</span>
                    <span className="block break-all font-mono text-xs text-muted">{entry.path}</span>
                  </td>
                  <td className="px-3 py-2">
                    {entry.rowIds.length ? (
                      <ul className="space-y-0.5 font-mono text-xs">
                        {entry.rowIds.slice(0, 5).map((id) => (
                          <li key={id} className="break-all">
                            {id}
                          </li>
                        ))}
                        {entry.rowCount > 5 ? <li className="font-sans text-muted">and {entry.rowCount - 5} more</li> : null}
                      </ul>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${OUTCOME_CLASSES[entry.outcome]}`}>
                      {AUDIT_OUTCOME_LABELS[entry.outcome]}
                    </span>
                    {entry.status ? <span className="ml-1 text-xs text-muted">{entry.status}</span> : null}
                    {entry.message ? <span className="mt-1 block text-xs">{entry.message}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <AdminPager label="Audit log pages" page={page} pageCount={pages} href={pageHrefs(new URLSearchParams(loaderData.query), "sida")} />
    </div>
  );
}
