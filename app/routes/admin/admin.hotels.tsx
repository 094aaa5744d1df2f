import { useEffect, useRef } from "react";
import { Form, href, Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Route } from "./+types/admin.hotels";
import { adminMeta } from "#app/admin/admin-meta.ts";
import {
  ADMIN_HOTEL_MESSAGES,
  ADMIN_HOTEL_ROWS,
  adminHotelsSearch,
  BULK_ACTIONS,
  BULK_ALL_MAX,
  bulkLimit,
  bulkQuestion,
  hotelCount,
  hotelTableHref,
  needsConfirmation,
  TOGGLE_INTENT,
  type BulkAction,
  type BulkScope,
} from "#app/admin/hotel-table.ts";
import { AdminHotelFilterForm } from "#app/components/admin-hotel-filters.tsx";
import { FLAG_FORM_ID, HotelTable, SelectionLinks } from "#app/components/admin-hotel-table.tsx";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { AdminPager } from "#app/components/admin-pager.tsx";
import { ReadinessNote } from "#app/components/readiness-note.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmableAction, useConfirmable, type ConfirmQuestion } from "#app/components/ui/confirmable-action.tsx";
import { ActionRefusalAlert } from "#app/components/ui/forms.tsx";
import { useRowSelection } from "#app/components/use-row-selection.ts";
import { useIsPending } from "#app/utils/use-is-pending.ts";
import { hotelsAction, loadHotels, type BulkAsk } from "./admin.hotels.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Hotel Management", matches);
}

export const loader = (args: Route.LoaderArgs) => loadHotels(args);

export const action = (args: Route.ActionArgs) => hotelsAction(args);

export default function AdminHotels({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, notices, countries, locations, list, selection: initial, readiness } = loaderData;
  const hydrated = useHydrated();
  const busy = useIsPending();
  const search = adminHotelsSearch(filters);
  const action = `${href("/admin/hotels")}${search}`;
  const rows = list?.hotels ?? [];
  const selection = useRowSelection(
    rows.map((hotel) => hotel.hotelId),
    initial,
  );
  const tableForm = useRef<HTMLFormElement>(null);
  const confirm = useConfirmable<BulkAsk>();
  // Boxes ticked before the page's script ran count too (hydration leaves them as they are).
  useEffect(() => {
    if (tableForm.current) selection.seed(new FormData(tableForm.current).getAll("hotel"));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the script takes over the server's page
  }, []);

  const shown = rows.length;
  const total = list?.total ?? 0;
  const selected = selection.count;
  const everyMatch = selection.everyMatch;
  const scope: BulkScope = everyMatch ? "all" : "selected";
  const first = (filters.page - 1) * ADMIN_HOTEL_ROWS + 1;
  // The question the server asked (without JavaScript, or when the count changed since the dialog).
  const ask = actionData && "ask" in actionData ? actionData.ask : null;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <AdminPageHeader
        title="Hotel Management"
        description="Search the catalogue, change flags one by one or in bulk, and start AI rewrites."
      >
        <Link to={href("/admin/jobs")} className="text-sm font-medium text-brand-700 underline">
          Rewrite jobs
        </Link>
      </AdminPageHeader>
      <AdminHotelFilterForm filters={filters} countries={countries} locations={locations} />
      {notices.map((notice) => (
        <p key={notice} role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}
        </p>
      ))}
      <ActionRefusalAlert actionData={actionData} />
      <ConfirmableAction
        confirm={confirm}
        asked={ask}
        question={(asked) => bulkConfirmQuestion(asked, action)}
        cancelHref={action}
        busy={busy}
        tone="caution"
        focusCancel
      />

      <Form id={FLAG_FORM_ID} method="post" action={action} hidden>
        <input type="hidden" name="intent" value={TOGGLE_INTENT} />
      </Form>
      {list === null ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {ADMIN_HOTEL_MESSAGES.loadFailed}
        </p>
      ) : (
        <Form method="post" action={action} ref={tableForm} key={search} className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted" aria-live="polite">
              {total > shown
                ? filters.page === 1
                  ? `Showing first ${shown} results of ${total.toLocaleString("en-GB")} total hotels`
                  : `Showing results ${first.toLocaleString("en-GB")}–${(first + shown - 1).toLocaleString("en-GB")} of ${total.toLocaleString("en-GB")} total hotels`
                : hotelCount(total)}
              {hydrated && selected ? ` · ${everyMatch ? `all ${hotelCount(total)} matching this filter` : `${selected} selected`}` : ""}
            </p>
            {hydrated ? null : <SelectionLinks selection={initial} filters={filters} shown={shown} total={total} />}
          </div>
          {hydrated && selected === shown && shown > 0 && total > shown ? (
            <p className="text-sm">
              {everyMatch
                ? `All ${hotelCount(total)} matching this filter are selected. `
                : `All ${shown} hotels on this page are selected. `}
              <button type="button" className="font-medium text-brand-700 underline" onClick={() => selection.setEveryMatch(!everyMatch)}>
                {everyMatch ? `Only the ${shown} on this page` : `Select all ${hotelCount(total)} matching this filter`}
              </button>
            </p>
          ) : null}
          {/* Without JavaScript the buttons are always there; with it, once something is selected. */}
          {!hydrated || selected > 0 ? (
            <fieldset className="flex flex-wrap items-start gap-2 rounded-lg border border-slate-200 bg-white p-3">
              <legend className="sr-only">
                {scope === "all"
                  ? `Bulk actions for all ${hotelCount(total)} matching this filter`
                  : "Bulk actions for the selected hotels"}
              </legend>
              <input type="hidden" name="scope" value={scope} />
              {scope === "all" ? (
                <p className="w-full text-sm font-semibold">Apply to all {hotelCount(total)} matching this filter:</p>
              ) : null}
              {(Object.keys(BULK_ACTIONS) as BulkAction[]).map((intent) => {
                const needs = readiness[intent];
                const noteId = needs ? `bulk-${intent}-note` : undefined;
                const tooMany = scope === "all" && total > bulkLimit(intent);
                return (
                  <Button
                    key={intent}
                    type="submit"
                    name="intent"
                    value={intent}
                    disabled={busy || needs?.ready === false || tooMany}
                    aria-describedby={noteId}
                    variant={intent === "revert-description" ? "danger" : "secondary"}
                    onClick={
                      needsConfirmation(intent, scope)
                        ? confirm.ask({
                            intent,
                            scope,
                            count: scope === "all" ? total : selected,
                            hotels: scope === "all" ? [] : selection.ids,
                          })
                        : undefined
                    }
                  >
                    {BULK_ACTIONS[intent].label}
                  </Button>
                );
              })}
              {/* Which engine or template each action runs with, or why it cannot run. */}
              {(Object.keys(readiness) as BulkAction[]).map((intent) => (
                <ReadinessNote key={intent} id={`bulk-${intent}-note`} readiness={readiness[intent]!} className="w-full" />
              ))}
              {scope === "all" && total > BULK_ALL_MAX ? (
                <p className="w-full text-xs text-muted">
                  AI rewrites and affiliate URLs take at most {hotelCount(BULK_ALL_MAX)} at once: narrow the filter for them.
                </p>
              ) : null}
            </fieldset>
          ) : null}
          {shown === 0 ? (
            <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-muted">{ADMIN_HOTEL_MESSAGES.empty}</p>
          ) : (
            <HotelTable hotels={rows} filters={filters} selection={selection} hydrated={hydrated} busy={busy} />
          )}
          <AdminPager
            label="Hotel table pages"
            page={filters.page}
            pageCount={list.pageCount}
            href={(page) => hotelTableHref(filters, { page })}
          />
        </Form>
      )}
    </div>
  );
}

/**
 * The question before a bulk action (every match of the filters, or reverting texts), and its
 * confirming post, which carries the count it showed.
 */
function bulkConfirmQuestion(ask: BulkAsk, action: string): ConfirmQuestion {
  return {
    heading: `${BULK_ACTIONS[ask.intent].label}?`,
    text: bulkQuestion(ask.intent, ask.scope, ask.count),
    button: ask.scope === "all" ? `Yes, apply to all ${hotelCount(ask.count)}` : `Yes, apply to ${hotelCount(ask.count)}`,
    variant: ask.intent === "revert-description" ? "danger" : "primary",
    action,
    intent: ask.intent,
    fields: { scope: ask.scope, expected: ask.count, hotel: ask.hotels },
  };
}
