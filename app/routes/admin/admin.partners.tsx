import { useEffect, useRef } from "react";
import { Form, href, Link, useLocation } from "react-router";
import type { Route } from "./+types/admin.partners";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { PARTNER_INTENT, partnersHref } from "#app/admin/partner-screen.ts";
import { FeedRuns } from "#app/components/admin-feed-runs.tsx";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { PartnerForm } from "#app/components/admin-partner-form.tsx";
import { PartnerClicksChart } from "#app/components/partner-clicks-chart.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { ActionRefusalAlert, SelectField } from "#app/components/ui/forms.tsx";
import { TableScroll } from "#app/components/ui/table.tsx";
import { CLICK_PERIODS } from "#app/offers/partner-clicks.ts";
import { adminDateTime } from "#app/utils/format.ts";
import { useIsPending } from "#app/utils/use-is-pending.ts";
import { loadPartners, partnersAction } from "./admin.partners.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Partners", matches);
}

export const loader = (args: Route.LoaderArgs) => loadPartners(args);

export const action = (args: Route.ActionArgs) => partnersAction(args);

const adminWhen = (value: Date | string) => adminDateTime.format(new Date(value));

export default function AdminPartners({ loaderData, actionData }: Route.ComponentProps) {
  const { partners, clicks, period, editing, feedRuns, today } = loaderData;
  const busy = useIsPending();
  const location = useLocation();
  const formHeading = useRef<HTMLHeadingElement>(null);
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  // A failed update answers with the id it was for; the edit form stays open on it.
  const failedUpdate = result?.initialValue?.intent === PARTNER_INTENT.update;
  const editingId = editing?.id ?? (failedUpdate ? String(result?.initialValue?.id ?? "") : null);
  // An Edit link followed in the browser moves focus to the form it opened, as following #partner-form does without JavaScript.
  const openedId = editing?.id;
  useEffect(() => {
    if (openedId) formHeading.current?.focus();
  }, [openedId]);

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <AdminPageHeader
        title="Partners"
        description="The partners whose offers the site compares: their hosts (the only ones /redirect forwards to), deep links and clicks."
      >
        <a href={`${partnersHref()}#partner-form`} className={buttonClassName({ variant: "secondary" })}>
          Add partner
        </a>
      </AdminPageHeader>
      <ActionRefusalAlert actionData={actionData} />

      <section aria-labelledby="partners-list">
        <h2 id="partners-list" className="mb-3 text-lg font-semibold">
          Partners ({partners.length})
        </h2>
        {partners.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-muted">No partners yet: add the first one below.</p>
        ) : (
          // Not the section's heading: two regions of one name cannot be told apart in a landmark list.
          <TableScroll label="Partner table" minWidth="48rem" bleed>
            <table className="min-w-full text-left text-sm">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Partner
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Deep-link template
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Current offers
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Offers updated
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Price feed
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {partners.map((partner) => (
                  <tr key={partner.id} className="align-top">
                    <th scope="row" className="px-3 py-2 font-normal">
                      <div className="flex items-center gap-2">
                        {partner.logoUrl ? (
                          <img
                            src={partner.logoUrl}
                            alt=""
                            width={32}
                            height={32}
                            className="size-8 rounded object-contain"
                            loading="lazy"
                          />
                        ) : null}
                        <div>
                          <p className="font-semibold">{partner.name}</p>
                          <p className="text-xs text-muted">
                            <span className="font-mono">{partner.id}</span> · {partner.host}
                          </p>
                        </div>
                      </div>
                    </th>
                    <td className="px-3 py-2">
                      {partner.active ? (
                        <span className="rounded bg-green-50 px-2 py-0.5 text-green-800">Active</span>
                      ) : (
                        <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-700">Inactive</span>
                      )}
                      {partner.summaryPending ? <p className="mt-1 text-xs text-muted">Updating list prices…</p> : null}
                    </td>
                    <td className="max-w-64 min-w-44 px-3 py-2 font-mono text-xs break-all">
                      {partner.deepLinkTemplate || <span className="font-sans text-muted">(none: the landing URL as it is)</span>}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {partner.currentOffers}
                      {!partner.active && partner.currentOffers > 0 ? <p className="text-xs text-muted">not shown while inactive</p> : null}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {partner.newestOffer && partner.oldestOffer ? (
                        <>
                          <p>Newest {adminWhen(partner.newestOffer)}</p>
                          <p className="text-muted">Oldest {adminWhen(partner.oldestOffer)}</p>
                        </>
                      ) : partner.datedHotels > 0 ? (
                        <span className="text-muted">Prices per stay (see the price feed)</span>
                      ) : (
                        <span className="text-muted">No offers</span>
                      )}
                    </td>
                    <td className="max-w-72 min-w-56 px-3 py-2 text-xs">
                      {partner.feedUrl ? (
                        <>
                          <p className="font-mono break-all">{partner.feedUrl}</p>
                          <FeedRuns runs={feedRuns[partner.id]} />
                          <Form method="post" className="mt-1">
                            <input type="hidden" name="id" value={partner.id} />
                            <Button
                              name="intent"
                              value={PARTNER_INTENT.fetch}
                              variant="secondary"
                              size="sm"
                              disabled={busy}
                              aria-label={`Fetch ${partner.name}'s feed now`}
                            >
                              Fetch now
                            </Button>
                          </Form>
                        </>
                      ) : (
                        <span className="text-muted">No feed URL</span>
                      )}
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap gap-2">
                        <Link
                          to={`?edit=${encodeURIComponent(partner.id)}#partner-form`}
                          className={buttonClassName({ variant: "secondary", size: "sm" })}
                          aria-label={`Edit ${partner.name}`}
                        >
                          Edit
                        </Link>
                        <Form method="post">
                          <input type="hidden" name="id" value={partner.id} />
                          <Button
                            name="intent"
                            value={partner.active ? PARTNER_INTENT.deactivate : PARTNER_INTENT.activate}
                            variant={partner.active ? "danger" : "secondary"}
                            size="sm"
                            disabled={busy}
                            aria-label={`${partner.active ? "Deactivate" : "Activate"} ${partner.name}`}
                          >
                            {partner.active ? "Deactivate" : "Activate"}
                          </Button>
                        </Form>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        <p className="mt-2 text-sm text-muted">
          Current offers are those shown to visitors: still in the partner&apos;s feed and updated within the maximum age. An inactive
          partner&apos;s offers are not shown, and /redirect does not forward to its host.
        </p>
      </section>

      <section id="partner-form" aria-labelledby="partner-form-heading" className="rounded-lg border border-slate-200 bg-white p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="partner-form-heading" ref={formHeading} className="text-lg font-semibold" tabIndex={-1}>
            {editingId ? `Edit partner ${editing?.name ?? editingId}` : "Add partner"}
          </h2>
          {editingId ? (
            <Link to={partnersHref()} className="text-sm font-medium text-brand-700 underline">
              Cancel editing
            </Link>
          ) : null}
        </div>
        {/* A new page (after a save's redirect, or another partner) starts a new form; a refused post keeps what was typed. */}
        <PartnerForm
          key={`${editingId ?? "new"}-${result ? "retry" : location.key}`}
          mode={editingId ? "update" : "create"}
          defaultValue={editing}
          lastResult={result}
          today={today}
          busy={busy}
        />
      </section>

      <section aria-labelledby="partner-clicks" className="rounded-lg border border-slate-200 bg-white p-5">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="partner-clicks" className="text-lg font-semibold">
            Clicks per partner per day
          </h2>
          <Form method="get" className="flex flex-wrap items-end gap-2" preventScrollReset>
            <SelectField
              label="Period"
              controlSize="compact"
              selectProps={{ id: "clicks-period", name: "period", defaultValue: String(period) }}
            >
              {CLICK_PERIODS.map((days) => (
                <option key={days} value={days}>
                  {`Last ${days} days`}
                </option>
              ))}
            </SelectField>
            <Button type="submit" variant="secondary">
              Show
            </Button>
            <a
              href={`${href("/admin/partners/clicks.csv")}?period=${period}`}
              download
              className={buttonClassName({ variant: "secondary" })}
            >
              Download CSV
            </a>
          </Form>
        </div>
        <p className="mt-1 mb-4 text-sm text-muted">
          Counted redirects to each partner (a click without a partner is matched by the host it went to).
        </p>
        <PartnerClicksChart clicks={clicks} />
      </section>
    </div>
  );
}
