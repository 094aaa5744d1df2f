/**
 * The jobs screen, server side: the job runner's queues and its failed and retrying jobs
 * (app/jobs/job-records.server.ts), the AI rewrite jobs' list, and the one intent, "Retry"
 * for a failed job. The route module (admin.jobs.tsx) guards and wires; the admin layout's
 * middleware audits the post.
 */
import { data, href } from "react-router";
import { JOBS_PER_PAGE, listJobs } from "#app/ai/jobs.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { queueCounts, retryFailedJob, troubledJobs } from "#app/jobs/job-records.server.ts";
import { dispatchIntent, intent } from "#app/utils/action-kit.server.ts";
import { readPage } from "#app/utils/read-page.ts";
import { isUuid } from "#app/utils/uuid.ts";
import { z } from "#app/utils/zod.ts";

export async function jobsPage(searchParams: URLSearchParams) {
  const page = readPage(searchParams, { name: "page", max: 99_999 });
  const [{ jobs, total }, queues, troubled] = await Promise.all([listJobs(page), queueCounts(), troubledJobs()]);
  return data(
    { jobs, page, pageCount: Math.max(1, Math.ceil(total / JOBS_PER_PAGE)), total, queues, troubled },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** The one intent (the button's value on the page). */
const RETRY_JOB_INTENT = "retry-job";

/** A failed job of the runner: its queue and id (named `id`, so the audit log keeps it). */
const retrySchema = z.object({
  queue: z
    .string()
    .max(100)
    .regex(/^[\w.\-/]+$/),
  id: z.string().refine(isUuid),
});

export function jobsAction(form: FormData) {
  return dispatchIntent(form, { [RETRY_JOB_INTENT]: intent(retrySchema, ({ queue, id }) => retryJob(queue, id)) });
}

async function retryJob(queue: string, id: string) {
  const here = href("/admin/jobs");
  return (await retryFailedJob(queue, id))
    ? redirectWithFlash(here, { title: "Retrying", description: `The job in ${queue} runs once more.` })
    : redirectWithFlash(here, {
        title: "Not retried",
        description: "The job is no longer among the failed ones (it may have been retried already).",
        variant: "destructive",
      });
}
