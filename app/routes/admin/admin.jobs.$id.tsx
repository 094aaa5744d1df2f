import { useEffect } from "react";
import { Form, href, Link, useRevalidator } from "react-router";
import type { Route } from "./+types/admin.jobs.$id";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { rewritePath } from "#app/admin/description-revert.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { JobProgressBar } from "#app/components/job-progress-bar.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { readFormData } from "#app/http/form-data.server.ts";
import { ActionRefusalAlert } from "#app/components/ui/forms.tsx";
import { useIsPending } from "#app/utils/use-is-pending.ts";
import { jobAction, jobPage } from "./admin.jobs.$id.server.ts";

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.job.status === "running" ? "Running" : "Finished"}: rewrite job` : "Job not found";
  return adminMeta(`${title}`, matches);
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return jobPage(args.params.id, args.url.searchParams.get("auto"));
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The one thing to do to a job: queue its failed hotels again. */
export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  return jobAction(await readFormData(args.request, 1024), args.params.id);
}

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "Europe/Stockholm" });

export default function JobPage({ loaderData, actionData }: Route.ComponentProps) {
  const { job, autoRefresh, refreshSeconds } = loaderData;
  const revalidator = useRevalidator();
  const busy = useIsPending();
  const finished = job.done + job.failed;
  const percent = job.total ? Math.round((finished / job.total) * 100) : 100;

  useEffect(() => {
    if (!autoRefresh) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, refreshSeconds * 1000);
    return () => clearInterval(timer);
  }, [autoRefresh, refreshSeconds, revalidator]);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Rewrite descriptions with AI</h1>
        <p className="mt-1 text-muted">
          Started {dateTime.format(new Date(job.createdAt))}
          {job.createdBy ? ` by ${job.createdBy}` : ""}.
        </p>
      </div>
      <ActionRefusalAlert actionData={actionData} />
      <section aria-labelledby="job-progress" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="job-progress" className="font-semibold">
          {job.status === "running" ? "Running" : "Finished"}
        </h2>
        <p className="mt-3 mb-1 text-sm">
          {finished} of {job.total} hotels processed ({percent}%)
        </p>
        <JobProgressBar done={job.done} failed={job.failed} total={job.total} legend />
        {job.status === "running" ? (
          <p className="mt-4 text-sm text-muted">
            {autoRefresh ? (
              <>
                This page updates itself every {refreshSeconds} seconds.{" "}
                <Link to="?auto=0" className="font-medium text-brand-700 underline">
                  Stop updating
                </Link>
              </>
            ) : (
              <Link to="." className="font-medium text-brand-700 underline">
                Update now
              </Link>
            )}
          </p>
        ) : (
          <p className="mt-4 text-sm text-muted">Finished {job.finishedAt ? dateTime.format(new Date(job.finishedAt)) : ""}.</p>
        )}
      </section>
      {job.failures.length ? (
        <section aria-labelledby="job-failures" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="job-failures" className="font-semibold">
              Hotels that failed ({job.failed})
            </h2>
            <Form method="post">
              <Button type="submit" name="intent" value="retry-failed" variant="secondary" disabled={busy}>
                {busy ? "Retrying..." : `Retry failed items (${job.failed})`}
              </Button>
            </Form>
          </div>
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {job.failures.map((failure) => (
              <li key={failure.hotelId} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                <span>
                  <Link to={rewritePath(failure.hotelId)} className="font-medium text-brand-700 underline">
                    {failure.name ?? failure.hotelId}
                  </Link>{" "}
                  <span className="font-mono text-xs text-muted">{failure.hotelId}</span>
                </span>
                <span className="text-muted">{failure.error}</span>
              </li>
            ))}
          </ul>
          {job.failed > job.failures.length ? (
            <p className="mt-2 text-sm text-muted">
              The first {job.failures.length} of {job.failed} are listed; a retry queues all of them.
            </p>
          ) : null}
        </section>
      ) : null}
      <p className="flex flex-wrap gap-4">
        <Link to={href("/admin/jobs")} className="font-medium text-brand-700 underline">
          All rewrite jobs
        </Link>
        <Link to={href("/admin/hotels")} className="font-medium text-brand-700 underline">
          Hotels
        </Link>
      </p>
    </div>
  );
}
