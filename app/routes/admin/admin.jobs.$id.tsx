import { useEffect } from "react";
import { data, Form, Link, useRevalidator } from "react-router";
import { useIsPending } from "#app/utils/use-is-pending.ts";
import type { Route } from "./+types/admin.jobs.$id";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { rewritePath } from "#app/admin/description-revert.ts";
import { JOBS_PATH, jobPath } from "#app/admin/screens.ts";
import { JobAlreadyRunningError, jobProgress } from "#app/ai/jobs.server.ts";
import { retryRewrite } from "#app/ai/service.server.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { JobProgressBar } from "#app/components/job-progress-bar.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";

/** Seconds between looks at a running job. */
const REFRESH_SECONDS = 3;

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.job.status === "running" ? "Running" : "Finished"}: rewrite job` : "Job not found";
  return adminMeta(`${title}`);
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const job = await jobProgress(args.params.id);
  if (!job) throw data(null, { status: 404 });
  const autoRefresh = job.status === "running" && args.url.searchParams.get("auto") !== "0";
  return data(
    { job, autoRefresh },
    // Without JavaScript the browser itself reloads the page while the job runs (the
    // Refresh header; with JavaScript the page polls instead). ?auto=0 turns it off.
    { headers: { "Cache-Control": "no-store", ...(autoRefresh ? { Refresh: String(REFRESH_SECONDS) } : {}) } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

const RETRY_INTENT = "retry-failed";

/** The one thing to do to a job: queue its failed hotels again. */
export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  const form = await readFormData(args.request, 1024);
  if (form.get("intent") !== RETRY_INTENT) throw data(null, { status: 400 });
  const job = await jobProgress(args.params.id);
  if (!job) throw data(null, { status: 404 });
  let queued: number;
  try {
    queued = await retryRewrite(job.id);
  } catch (error) {
    if (!(error instanceof JobAlreadyRunningError)) throw error;
    return redirectWithFlash(jobPath(job.id), { title: "Not retried", description: error.message, variant: "destructive" });
  }
  return redirectWithFlash(
    jobPath(job.id),
    queued
      ? { title: "Retrying", description: `${queued} failed ${queued === 1 ? "hotel is" : "hotels are"} queued again.` }
      : { title: "Nothing to retry", description: "This job has no failed hotels." },
  );
}

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "Europe/Stockholm" });

export default function JobPage({ loaderData }: Route.ComponentProps) {
  const { job, autoRefresh } = loaderData;
  const revalidator = useRevalidator();
  const busy = useIsPending();
  const finished = job.done + job.failed;
  const percent = job.total ? Math.round((finished / job.total) * 100) : 100;

  useEffect(() => {
    if (!autoRefresh) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [autoRefresh, revalidator]);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Rewrite descriptions with AI</h1>
        <p className="mt-1 text-muted">
          Started {dateTime.format(new Date(job.createdAt))}
          {job.createdBy ? ` by ${job.createdBy}` : ""}.
        </p>
      </div>
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
                This page updates itself every {REFRESH_SECONDS} seconds.{" "}
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
              <Button type="submit" name="intent" value={RETRY_INTENT} variant="secondary" disabled={busy}>
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
        <Link to={JOBS_PATH} className="font-medium text-brand-700 underline">
          All rewrite jobs
        </Link>
        <Link to="/admin/hotels" className="font-medium text-brand-700 underline">
          Hotels
        </Link>
      </p>
    </div>
  );
}
