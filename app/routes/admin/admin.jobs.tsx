import { Form, href, Link } from "react-router";
import type { Route } from "./+types/admin.jobs";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { AdminPager, pageHrefs } from "#app/components/admin-pager.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ActionRefusalAlert } from "#app/components/ui/forms.tsx";
import { TableScroll } from "#app/components/ui/table.tsx";
import { JobProgressBar } from "#app/components/job-progress-bar.tsx";
import { readFormData } from "#app/http/form-data.server.ts";
import { adminDateTime } from "#app/utils/format.ts";
import { useIsPending } from "#app/utils/use-is-pending.ts";
import { jobsAction, jobsPage } from "./admin.jobs.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Jobs", matches);
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return jobsPage(args.url.searchParams);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** "Retry" for one failed job of the runner. */
export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  return jobsAction(await readFormData(args.request, 1024));
}

const COUNT_COLUMNS = [
  ["queued", "Queued"],
  ["active", "Running"],
  ["retrying", "Waiting to retry"],
  ["failedLastDay", "Failed (24 h)"],
  ["completedLastDay", "Done (24 h)"],
] as const;

export default function JobsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { jobs, page, pageCount, total, queues, troubled } = loaderData;
  const busy = useIsPending();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <AdminPageHeader
        title="Jobs"
        description="The background work of every app server (one job runner), and the bulk AI rewrites started from the hotel table."
      >
        <Link to={href("/admin/hotels")} className="text-sm font-medium text-brand-700 underline">
          Start a rewrite from the hotel table
        </Link>
      </AdminPageHeader>
      <ActionRefusalAlert actionData={actionData} />
      <section aria-labelledby="runner-queues" className="space-y-3">
        <h2 id="runner-queues" className="text-lg font-semibold">
          Background jobs
        </h2>
        <TableScroll label="Background jobs per queue" actions={false}>
          <table className="text-sm">
            <caption className="sr-only">Background jobs per queue</caption>
            <thead className="bg-slate-50 text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Queue
                </th>
                {COUNT_COLUMNS.map(([key, label]) => (
                  <th key={key} scope="col" className="px-3 py-2 text-right font-semibold">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {queues.map((queue) => (
                <tr key={queue.name}>
                  <th scope="row" className="px-3 py-2 text-left font-mono text-xs font-normal">
                    {queue.name}
                  </th>
                  {COUNT_COLUMNS.map(([key]) => (
                    <td
                      key={key}
                      className={`px-3 py-2 text-right tabular-nums ${key === "failedLastDay" && queue[key] ? "font-semibold text-red-700" : ""}`}
                    >
                      {queue[key]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
      <section aria-labelledby="runner-troubles" className="space-y-3">
        <h2 id="runner-troubles" className="text-lg font-semibold">
          Failed and retrying
        </h2>
        {troubled.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-muted">No job has failed in the past week.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
            {troubled.map((job) => (
              <li key={job.id} className="flex flex-wrap items-start justify-between gap-3 p-3">
                <div className="min-w-0 space-y-1">
                  <p>
                    <span className="font-mono text-xs">{job.queue}</span>{" "}
                    <strong className={job.state === "failed" ? "font-semibold text-red-700" : "font-semibold"}>
                      {job.state === "failed" ? "Failed" : "Retrying"}
                    </strong>
                  </p>
                  <p className="break-words text-muted">{job.error || "No error message"}</p>
                  <p className="text-xs text-muted">
                    Attempt {job.attempt} of {job.attempts}
                    {job.nextTry ? `, next attempt ${adminDateTime.format(new Date(job.nextTry))}` : ""}
                    {job.failedAt ? `, gave up ${adminDateTime.format(new Date(job.failedAt))}` : ""}
                    <span className="block font-mono">{job.id}</span>
                  </p>
                </div>
                {job.state === "failed" ? (
                  <Form method="post">
                    <input type="hidden" name="queue" value={job.queue} />
                    <input type="hidden" name="id" value={job.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="retry-job"
                      variant="secondary"
                      disabled={busy}
                      aria-label={`Retry: ${job.queue} ${job.id}`}
                    >
                      Retry
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="rewrite-jobs" className="space-y-3">
        <h2 id="rewrite-jobs" className="text-lg font-semibold">
          Rewrite jobs
        </h2>
        {jobs.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-muted">
            {total === 0
              ? "No rewrite jobs yet. Select hotels in the hotel table and choose “Rewrite descriptions with AI”."
              : "No jobs on this page."}
          </p>
        ) : (
          <TableScroll label="Rewrite jobs, newest first" actions={false}>
            <table className="text-sm">
              <caption className="sr-only">Rewrite jobs</caption>
              <thead className="bg-slate-50 text-left">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Started
                  </th>
                  <th scope="col" className="w-1/2 px-3 py-2 font-semibold">
                    Hotels and result
                  </th>
                </tr>
              </thead>
              <tbody>
                {jobs.map((job) => (
                  <tr key={job.id} className="align-top">
                    <th scope="row" className="px-3 py-2 text-left font-normal">
                      <Link to={href("/admin/jobs/:id", { id: job.id })} className="font-medium whitespace-nowrap text-brand-700 underline">
                        {adminDateTime.format(new Date(job.createdAt))}
                      </Link>
                      <span className="block text-xs break-words text-muted">by {job.createdBy ?? "an unknown user"}</span>
                    </th>
                    <td className="px-3 py-2">
                      <span className="text-xs">
                        {job.total} {job.total === 1 ? "hotel" : "hotels"}, {job.status === "running" ? "running" : "finished"}: {job.done}{" "}
                        done
                        {job.failed ? (
                          <>
                            , <strong className="font-semibold text-red-700">{job.failed} failed</strong>
                          </>
                        ) : null}
                      </span>
                      <JobProgressBar done={job.done} failed={job.failed} total={job.total} className="mt-1" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        <AdminPager label="Job list pages" page={page} pageCount={pageCount} href={pageHrefs(new URLSearchParams())} />
      </section>
    </div>
  );
}
