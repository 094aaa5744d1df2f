/**
 * One AI rewrite job's screen, server side: its progress (the loader's data and headers) and
 * the one intent, retrying the failed hotels. The route module (admin.jobs.$id.tsx) guards and wires.
 */
import { data, href } from "react-router";
import { JobAlreadyRunningError, jobProgress } from "#app/ai/jobs.server.ts";
import { retryRewrite } from "#app/ai/service.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { dispatchIntent, intent } from "#app/utils/action-kit.server.ts";
import { z } from "#app/utils/zod.ts";

/** Seconds between looks at a running job (the Refresh header without JavaScript, the page's polling with it). */
const REFRESH_SECONDS = 3;

/** The job's progress; while it runs and `auto` is not "0", the page reloads itself. */
export async function jobPage(id: string, auto: string | null) {
  const job = await jobProgress(id);
  if (!job) throw data(null, { status: 404 });
  const autoRefresh = job.status === "running" && auto !== "0";
  return data(
    { job, autoRefresh, refreshSeconds: REFRESH_SECONDS },
    // Without JavaScript the browser itself reloads the page while the job runs (the
    // Refresh header; with JavaScript the page polls instead). ?auto=0 turns it off.
    { headers: { "Cache-Control": "no-store", ...(autoRefresh ? { Refresh: String(REFRESH_SECONDS) } : {}) } },
  );
}

/** The one intent of a job's page (its button's value). */
const RETRY_INTENT = "retry-failed";

/** The posts to one job's page, by intent: there is one, queueing its failed hotels again. */
export function jobAction(form: FormData, id: string) {
  return dispatchIntent(form, { [RETRY_INTENT]: intent(z.object({}), () => retryFailed(id)) });
}

/** Queues the job's failed hotels again; a job of another rewrite still running says so. */
async function retryFailed(id: string) {
  const job = await jobProgress(id);
  if (!job) throw data(null, { status: 404 });
  const here = href("/admin/jobs/:id", { id: encodeURIComponent(job.id) });
  let queued: number;
  try {
    queued = await retryRewrite(job.id);
  } catch (error) {
    if (!(error instanceof JobAlreadyRunningError)) throw error;
    return redirectWithFlash(here, { title: "Not retried", description: error.message, variant: "destructive" });
  }
  return redirectWithFlash(
    here,
    queued
      ? { title: "Retrying", description: `${queued} failed ${queued === 1 ? "hotel is" : "hotels are"} queued again.` }
      : { title: "Nothing to retry", description: "This job has no failed hotels." },
  );
}
