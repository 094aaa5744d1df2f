import { href, Link } from "react-router";
import type { Route } from "./+types/admin.jobs";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { JOBS_PER_PAGE, listJobs } from "#app/ai/jobs.server.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { AdminPager, pageHrefs } from "#app/components/admin-pager.tsx";
import { TableScroll } from "#app/components/ui/table.tsx";
import { JobProgressBar } from "#app/components/job-progress-bar.tsx";
import { readPage } from "#app/utils/read-page.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Rewrite jobs", matches);
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const page = readPage(args.url.searchParams, { name: "page", max: 99_999 });
  const { jobs, total } = await listJobs(page);
  return { jobs, page, pageCount: Math.max(1, Math.ceil(total / JOBS_PER_PAGE)), total };
}

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Stockholm" });

export default function JobsPage({ loaderData }: Route.ComponentProps) {
  const { jobs, page, pageCount, total } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <AdminPageHeader
        title="Rewrite jobs"
        description="Bulk AI rewrites started from the hotel table, newest first: who started each, its result, and its failures."
      >
        <Link to={href("/admin/hotels")} className="text-sm font-medium text-brand-700 underline">
          Start one from the hotel table
        </Link>
      </AdminPageHeader>
      {jobs.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-muted">
          {total === 0
            ? "No rewrite jobs yet. Select hotels in the hotel table and choose “Rewrite descriptions with AI”."
            : "No jobs on this page."}
        </p>
      ) : (
        <TableScroll label="Rewrite jobs" actions={false}>
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
                      {dateTime.format(new Date(job.createdAt))}
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
    </div>
  );
}
