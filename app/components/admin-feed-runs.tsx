import type { FeedRunView, PartnerFeedRuns } from "#app/prices/price-feed-runs.server.ts";
import { adminDateTime } from "#app/utils/format.ts";

const adminWhen = (value: Date | string) => adminDateTime.format(new Date(value));

const count = new Intl.NumberFormat("en-GB");

function runLine(run: FeedRunView) {
  const at = adminWhen(run.finishedAt ?? run.queuedAt);
  if (run.status === "failed") return `Last fetch ${at} failed: ${run.message ?? "no reason given"}`;
  return `Last fetch ${at}: ${count.format(run.taken ?? 0)} rows taken, ${count.format(run.rejected ?? 0)} rejected`;
}

/** A partner's feed: the fetch waiting or under way, and how the last one went. */
export function FeedRuns({ runs }: { runs: PartnerFeedRuns | undefined }) {
  if (!runs) return <p className="mt-1 text-muted">Not fetched yet.</p>;
  const { open, last } = runs;
  return (
    <>
      {open ? (
        <p className="mt-1 text-muted">
          {open.status === "running"
            ? `Fetching since ${adminWhen(open.startedAt ?? open.queuedAt)}`
            : `Queued ${adminWhen(open.queuedAt)}`}
          {open.requestedBy ? ` by ${open.requestedBy}` : ""}
        </p>
      ) : null}
      {last ? (
        <p className={last.status === "failed" ? "mt-1 text-red-800" : "mt-1"}>
          {runLine(last)}
          {last.status === "ok" && last.message ? <span className="block text-muted">{`Rejected rows: ${last.message}`}</span> : null}
        </p>
      ) : null}
    </>
  );
}
