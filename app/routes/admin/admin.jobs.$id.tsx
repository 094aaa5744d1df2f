import { useEffect } from "react";
import { data, Link, useRevalidator } from "react-router";
import type { Route } from "./+types/admin.jobs.$id";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { jobProgress } from "#app/ai/jobs.server.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";

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

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "Europe/Stockholm" });

export default function JobPage({ loaderData }: Route.ComponentProps) {
  const { job, autoRefresh } = loaderData;
  const revalidator = useRevalidator();
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
        <label htmlFor="job-progress-bar" className="mt-3 block text-sm">
          {finished} of {job.total} hotels processed ({percent}%)
        </label>
        <progress id="job-progress-bar" value={finished} max={job.total || 1} className="mt-1 h-3 w-full accent-brand-600">
          {percent}%
        </progress>
        <dl className="mt-4 grid grid-cols-3 gap-4 text-center">
          <div>
            <dt className="text-sm text-muted">Rewritten</dt>
            <dd className="text-2xl font-bold">{job.done}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Failed</dt>
            <dd className="text-2xl font-bold">{job.failed}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Waiting</dt>
            <dd className="text-2xl font-bold">{job.total - finished}</dd>
          </div>
        </dl>
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
          <h2 id="job-failures" className="font-semibold">
            Hotels that failed
          </h2>
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {job.failures.map((failure) => (
              <li key={failure.hotelId} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="font-mono">{failure.hotelId}</span>
                <span className="text-muted">{failure.error}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        <Link to="/admin" className="font-medium text-brand-700 underline">
          Back to the dashboard
        </Link>
      </p>
    </div>
  );
}
