import { Form } from "react-router";
import type { Route } from "./+types/admin.connectors";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { CONNECTOR_INTENT, CONNECTOR_SETTINGS, msText, shareText } from "#app/admin/connectors-screen.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ActionRefusalAlert } from "#app/components/ui/forms.tsx";
import { TableScroll } from "#app/components/ui/table.tsx";
import type { BreakerState, CallRecord } from "#app/live-prices/connector-health.server.ts";
import { adminDateTime, adminTime } from "#app/utils/format.ts";
import { useIsPending } from "#app/utils/use-is-pending.ts";
import { connectorsAction, loadConnectors } from "./admin.connectors.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Connectors", matches);
}

export const loader = (args: Route.LoaderArgs) => loadConnectors(args);

export const action = (args: Route.ActionArgs) => connectorsAction(args);

const when = (value: Date) => adminDateTime.format(new Date(value));

function breakerText(breaker: BreakerState): string {
  const failures = breaker.consecutiveFailures ? ` (${breaker.consecutiveFailures} failures in a row)` : "";
  switch (breaker.state) {
    case "closed":
      return `Closed${failures}`;
    case "open":
      return `Open until ${adminTime.format(new Date(breaker.until))}${failures}`;
    case "half-open":
      return `Half-open: the next call is a trial${failures}`;
  }
}

function CallNote({ call, none }: { call: CallRecord | null; none: string }) {
  if (!call) return <span className="text-muted">{none}</span>;
  const status = call.httpStatus === null ? "" : ` · HTTP ${call.httpStatus}`;
  return (
    <>
      <p>
        <span className="font-medium">{call.outcome === "ok" ? "Answered" : call.outcome}</span>
        {status} · {call.durationMs} ms
      </p>
      <p className="text-muted">
        {when(call.at)} ({call.operation})
      </p>
      {call.error ? <p className="break-words">{call.error}</p> : null}
    </>
  );
}

export default function AdminConnectors({ loaderData, actionData }: Route.ComponentProps) {
  const { configured, health, names, budgetMs } = loaderData;
  const busy = useIsPending();
  const nameOf = (partnerId: string) =>
    configured.find((connector) => connector.partnerId === partnerId)?.partnerName ?? names[partnerId] ?? partnerId;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <AdminPageHeader
        title="Connectors"
        description={`The partners' APIs asked for live prices: their calls in the last hour, how many were answered within the budget (${budgetMs} ms), latency, the last error and the circuit breaker.`}
      />
      <ActionRefusalAlert actionData={actionData} />
      {configured.length === 0 ? (
        <section aria-labelledby="no-connectors" className="rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="no-connectors" className="text-lg font-semibold">
            No connector is configured
          </h2>
          <p className="mt-1 text-sm">
            No partner&apos;s API is asked, and nothing tries the network. A connector is on when all of its settings are set in the
            environment (see docs/configuration.md), then the server is restarted:
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
            {CONNECTOR_SETTINGS.map((setting) => (
              <li key={setting.partner}>
                {setting.partner}:{" "}
                {setting.variables.map((variable, index) => (
                  <span key={variable}>
                    {index ? ", " : ""}
                    <code className="font-mono">{variable}</code>
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {health.length ? (
        <section aria-labelledby="connector-health">
          <h2 id="connector-health" className="mb-3 text-lg font-semibold">
            Health in the last hour
          </h2>
          <TableScroll label="Connector table" minWidth="48rem" bleed>
            <table className="min-w-full text-left text-sm">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Partner
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Calls
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Answered in budget
                  </th>
                  <th scope="col" className="px-3 py-2 whitespace-nowrap">
                    p50 / p95
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Last error
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Breaker
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Last test
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {health.map((row) => {
                  const isConfigured = configured.some((connector) => connector.partnerId === row.partnerId);
                  const name = nameOf(row.partnerId);
                  return (
                    <tr key={row.partnerId} id={`connector-${row.partnerId}`} className="align-top">
                      <th scope="row" className="px-3 py-2 font-normal">
                        <p className="font-semibold">{name}</p>
                        <p className="text-xs text-muted">
                          <span className="font-mono">{row.partnerId}</span> · {isConfigured ? "configured" : "not configured"}
                        </p>
                      </th>
                      <td className="px-3 py-2 text-right tabular-nums">{row.figures.calls}</td>
                      <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                        {shareText(row.figures.answeredInBudget, row.figures.calls)}
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                        {msText(row.figures.p50)} / {msText(row.figures.p95)}
                      </td>
                      <td className="max-w-72 min-w-48 px-3 py-2 text-xs">
                        <CallNote call={row.lastError} none="None recorded" />
                      </td>
                      <td className="px-3 py-2">{breakerText(row.breaker)}</td>
                      <td className="max-w-64 min-w-44 px-3 py-2 text-xs">
                        <CallNote call={row.lastTest} none="Not tested" />
                      </td>
                      <td className="px-3 py-2">
                        {isConfigured ? (
                          <Form method="post">
                            <input type="hidden" name="partner_id" value={row.partnerId} />
                            <Button
                              name="intent"
                              value={CONNECTOR_INTENT.test}
                              variant="secondary"
                              size="sm"
                              disabled={busy}
                              aria-label={`Test the connection to ${name}`}
                            >
                              {busy ? "Testing..." : "Test connection"}
                            </Button>
                          </Form>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
          <p className="mt-2 text-sm text-muted">
            Calls count visitors&apos; searches and availability requests of the last hour; tests are shown on their own. Test connection
            searches a stay 30 days ahead (1 night, 2 adults, 1 room) for up to three hotels with an id at the partner, waits at most 10 s,
            and records the call.
          </p>
        </section>
      ) : null}
    </div>
  );
}
