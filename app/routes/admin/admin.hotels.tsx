import type { PlaceChoice } from "#app/hotels/places.server.ts";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Route } from "./+types/admin.hotels";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { affiliateTemplateReadiness, type Readiness } from "#app/utils/readiness.ts";
import {
  countMatchingHotels,
  generateAffiliateUrls,
  loadAdminHotelTable,
  revertDescriptions,
  setAffiliateFlag,
  settleFilters,
  startHotelRewrite,
  type AdminHotelRow,
  type HotelTarget,
} from "#app/admin/hotel-table-rows.server.ts";
import { JOBS_PATH, jobPath } from "#app/admin/screens.ts";
import { AiNotSupportedError } from "#app/ai/engine.server.ts";
import { JobAlreadyRunningError } from "#app/ai/jobs.server.ts";
import { aiReadiness } from "#app/ai/service.server.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { AdminPager } from "#app/components/admin-pager.tsx";
import { ConfirmDialog, useConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { ReadinessNote } from "#app/components/readiness-note.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { Field, SelectField } from "#app/components/ui/forms.tsx";
import { TableScroll } from "#app/components/ui/table.tsx";
import {
  ADMIN_HOTEL_MESSAGES,
  ADMIN_HOTEL_ROWS,
  adminHotelsSearch,
  BULK_ACTIONS,
  BULK_ALL_MAX,
  BULK_CONFIRMED,
  bulkLimit,
  bulkQuestion,
  HOTEL_SORTS,
  hotelCount,
  hotelTableHref,
  needsConfirmation,
  parseAdminHotelFilters,
  parseHotelTablePost,
  shortUrl,
  sortHref,
  TOGGLE_INTENT,
  type AdminHotelFilters,
  type BulkAction,
  type BulkPost,
  type BulkScope,
  type HotelSort,
  type HotelTablePost,
} from "#app/admin/hotel-table.ts";
import { redirectPath } from "#app/outbound/redirect-params.ts";
import { revertPath, rewritePath } from "#app/admin/description-revert.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { log } from "#app/utils/log.server.ts";

export function meta() {
  return adminMeta("Hotel Management");
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  // The filters as applied: a place outside the chosen country is set aside with a notice.
  const table = await loadAdminHotelTable(parseAdminHotelFilters(args.url.searchParams));
  const select = args.url.searchParams.get("select");
  // Without JavaScript: ?select=all checks the rows shown; ?select=matching chooses every hotel the filters match.
  const selection: "all" | "matching" | null = select === "all" || select === "matching" ? select : null;
  return {
    ...table,
    selection,
    readiness: bulkReadiness(),
  };
}

/** What the actions that need an engine or a template will run with, or why they cannot run. */
function bulkReadiness(): Partial<Record<BulkAction, Readiness>> {
  return { "rewrite-ai": aiReadiness(), "generate-affiliate": affiliateTemplateReadiness(getEnv().AFFILIATE_URL_TEMPLATE) };
}

/** At most the 50 shown rows can be selected; a post carries their ids. */
const MAX_BODY_BYTES = 32 * 1024;

/** The row buttons post to this form (outside the table's), so a switch never carries the checked rows. */
const FLAG_FORM_ID = "hotel-flag";

interface Answer {
  /** The screen with the filters the post came from. */
  back: string;
  failure: (title: string, description: string) => Promise<Response>;
}

/** The question a bulk action asks before it runs (see needsConfirmation), for the page to show. */
export interface BulkAsk {
  intent: BulkAction;
  scope: BulkScope;
  count: number;
  hotels: string[];
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  const form = await readFormData(args.request, MAX_BODY_BYTES);
  const post = parseHotelTablePost(form);
  // Only a hand-made post asks for something else: it is refused, and nothing is saved.
  if (!post.success) throw data(null, { status: 400 });
  const requested = parseAdminHotelFilters(args.url.searchParams);
  const back = `/admin/hotels${adminHotelsSearch(requested)}`;
  const answer: Answer = { back, failure: (title, description) => redirectWithFlash(back, { title, description, variant: "destructive" }) };

  const request = post.data;
  if (request.intent === TOGGLE_INTENT) return toggleFlag(request.toggle, answer);
  // An action without its engine or template is refused with the words its disabled button shows.
  const readiness = bulkReadiness()[request.intent];
  if (readiness && !readiness.ready) return answer.failure(BULK_ACTIONS[request.intent].failure, readiness.reason);
  const chosen = await bulkTarget(request, requested, answer);
  if (chosen instanceof Response || "ask" in chosen) return chosen instanceof Response ? chosen : data({ ask: chosen.ask });
  switch (request.intent) {
    case "set-affiliate":
    case "unset-affiliate":
      return setFlags(request.intent, chosen.target, answer);
    case "rewrite-ai":
      return rewriteWithAi(chosen.target, chosen.count, session.user.email, answer);
    case "generate-affiliate":
      return generateAffiliate(chosen.target, answer);
    case "revert-description":
      return revertMany(chosen.target, answer);
  }
}

async function toggleFlag(toggle: Extract<HotelTablePost, { intent: "toggle" }>["toggle"], { back, failure }: Answer) {
  try {
    await setAffiliateFlag({ hotels: [toggle.hotelId] }, toggle.on);
  } catch (error) {
    log.error("admin hotel toggle failed", error, { hotelId: toggle.hotelId });
    return failure("Error", ADMIN_HOTEL_MESSAGES.toggleFailed);
  }
  return redirectWithFlash(back, {
    title: "Hotel updated",
    description: `Affiliate flag ${toggle.on ? "set" : "removed"} for ${toggle.hotelId}.`,
  });
}

/**
 * The hotels a bulk action is for, once it may run: the checked rows, or every hotel the
 * settled filters match. Or the answer instead: nothing chosen, too many for an action done
 * hotel by hotel, or the question to ask first (again, when the count changed since it was asked).
 */
async function bulkTarget(
  post: BulkPost,
  requested: AdminHotelFilters,
  answer: Answer,
): Promise<Response | { ask: BulkAsk } | { target: HotelTarget; count: number }> {
  const { intent, scope } = post;
  if (scope === "selected") {
    if (post.hotels.length === 0)
      return answer.failure(ADMIN_HOTEL_MESSAGES.noneSelected, `Select at least one hotel to ${BULK_ACTIONS[intent].what}.`);
    if (needsConfirmation(intent, scope) && !post.confirmed)
      return { ask: { intent, scope, count: post.hotels.length, hotels: post.hotels } };
    return { target: { hotels: post.hotels }, count: post.hotels.length };
  }
  const { filters } = await settleFilters(requested);
  const count = await countMatchingHotels(filters);
  if (count === 0) return answer.failure(ADMIN_HOTEL_MESSAGES.noneMatching, `Nothing to ${BULK_ACTIONS[intent].what}.`);
  if (count > bulkLimit(intent))
    return answer.failure(
      BULK_ACTIONS[intent].failure,
      `This filter matches ${hotelCount(count)}; ${BULK_ACTIONS[intent].label.toLowerCase()} takes at most ${hotelCount(BULK_ALL_MAX)} at once. Narrow the filter and run it again.`,
    );
  if (!post.confirmed || post.expected !== count) return { ask: { intent, scope, count, hotels: [] } };
  return { target: { filters }, count };
}

async function setFlags(intent: "set-affiliate" | "unset-affiliate", target: HotelTarget, answer: Answer) {
  try {
    const count = await setAffiliateFlag(target, intent === "set-affiliate");
    return redirectWithFlash(answer.back, { title: "Hotels updated", description: `${BULK_ACTIONS[intent].label}: ${hotelCount(count)}.` });
  } catch (error) {
    log.error("admin bulk action failed", error, { intent });
    return answer.failure(BULK_ACTIONS[intent].failure, ADMIN_HOTEL_MESSAGES.unknownError);
  }
}

async function rewriteWithAi(target: HotelTarget, count: number, createdBy: string, answer: Answer) {
  const { failure: title } = BULK_ACTIONS["rewrite-ai"];
  try {
    const jobId = await startHotelRewrite(target, createdBy, BULK_ALL_MAX);
    if (!jobId) return answer.failure(title, "None of the selected hotels exists any more.");
    return redirectWithFlash(jobPath(jobId), {
      title: "Rewrite started",
      description: `${count} descriptions are being rewritten in Swedish.`,
    });
  } catch (error) {
    if (error instanceof AiNotSupportedError || error instanceof JobAlreadyRunningError) return answer.failure(title, error.message);
    log.error("admin bulk action failed", error, { intent: "rewrite-ai" });
    return answer.failure(title, ADMIN_HOTEL_MESSAGES.unknownError);
  }
}

async function generateAffiliate(target: HotelTarget, answer: Answer) {
  // bulkReadiness has refused the post when there is no template.
  const template = getEnv().AFFILIATE_URL_TEMPLATE!;
  try {
    const count = await generateAffiliateUrls(target, template, BULK_ALL_MAX);
    return redirectWithFlash(answer.back, {
      title: "Affiliate URLs generated",
      description: `${hotelCount(count)} now link to ${new URL(template).host}.`,
    });
  } catch (error) {
    log.error("affiliate url generation failed", error);
    return answer.failure(`Failed to generate ${new URL(template).host} affiliate URLs`, ADMIN_HOTEL_MESSAGES.unknownError);
  }
}

async function revertMany(target: HotelTarget, answer: Answer) {
  try {
    const count = await revertDescriptions(target);
    return redirectWithFlash(answer.back, {
      title: "Descriptions reverted",
      description: count
        ? `${hotelCount(count)} show their original description again; the rewritten texts are deleted.`
        : "None of these hotels had a rewritten description.",
    });
  } catch (error) {
    log.error("admin bulk action failed", error, { intent: "revert-description" });
    return answer.failure(BULK_ACTIONS["revert-description"].failure, ADMIN_HOTEL_MESSAGES.unknownError);
  }
}

export default function AdminHotels({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, notices, countries, locations, list, selection, readiness } = loaderData;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const search = adminHotelsSearch(filters);
  const action = `/admin/hotels${search}`;
  const [selected, setSelected] = useState(() => (selection && list ? list.hotels.length : 0));
  // Every hotel the filters match, not only the rows of this page.
  const [everyMatch, setEveryMatch] = useState(selection === "matching");
  const tableForm = useRef<HTMLFormElement>(null);
  const confirm = useConfirmDialog<BulkAsk>();
  // After each navigation (an action's redirect, new filters) the table starts with nothing selected.
  const [generation, setGeneration] = useState(0);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle") {
      wasBusy.current = true;
    } else if (wasBusy.current) {
      wasBusy.current = false;
      setGeneration((value) => value + 1);
      setSelected(0);
      setEveryMatch(false);
    }
  }, [navigation.state]);

  // Boxes ticked before the page's script ran count too.
  useEffect(() => {
    if (tableForm.current?.querySelector('input[name="hotel"]:checked')) countSelected();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the script takes over the server's page
  }, []);

  const checkedIds = () =>
    [...(tableForm.current?.querySelectorAll<HTMLInputElement>('input[name="hotel"]:checked') ?? [])].map((box) => box.value);
  const countSelected = () => {
    const count = checkedIds().length;
    setSelected(count);
    // Unchecking a row narrows the choice back to the checked rows.
    if (count < shown) setEveryMatch(false);
  };
  const selectEvery = (checked: boolean) => {
    tableForm.current?.querySelectorAll<HTMLInputElement>('input[name="hotel"]').forEach((box) => (box.checked = checked));
    countSelected();
  };
  const shown = list?.hotels.length ?? 0;
  const total = list?.total ?? 0;
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
        <Link to={JOBS_PATH} className="text-sm font-medium text-brand-700 underline">
          Rewrite jobs
        </Link>
      </AdminPageHeader>
      <AdminHotelFilterForm filters={filters} countries={countries} locations={locations} />
      {notices.map((notice) => (
        <p key={notice} role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}
        </p>
      ))}
      {ask ? (
        <BulkQuestion
          ask={ask}
          action={action}
          busy={busy}
          // The question is where the editor's attention goes, with and without JavaScript.
          cancel={
            <Link to={action} className={buttonClassName({ variant: "secondary" })} autoFocus>
              Cancel
            </Link>
          }
        />
      ) : null}

      <Form id={FLAG_FORM_ID} method="post" action={action} hidden>
        <input type="hidden" name="intent" value={TOGGLE_INTENT} />
      </Form>
      {list === null ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {ADMIN_HOTEL_MESSAGES.loadFailed}
        </p>
      ) : (
        <Form method="post" action={action} ref={tableForm} onChange={countSelected} key={`${search}|${generation}`} className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted" aria-live="polite">
              {total > shown
                ? filters.page === 1
                  ? `Showing first ${shown} results of ${total.toLocaleString("en-GB")} total hotels`
                  : `Showing results ${first.toLocaleString("en-GB")}–${(first + shown - 1).toLocaleString("en-GB")} of ${total.toLocaleString("en-GB")} total hotels`
                : hotelCount(total)}
              {hydrated && selected ? ` · ${everyMatch ? `all ${hotelCount(total)} matching this filter` : `${selected} selected`}` : ""}
            </p>
            {hydrated ? null : <SelectionLinks selection={selection} filters={filters} shown={shown} total={total} />}
          </div>
          {hydrated && selected === shown && shown > 0 && total > shown ? (
            <p className="text-sm">
              {everyMatch
                ? `All ${hotelCount(total)} matching this filter are selected. `
                : `All ${shown} hotels on this page are selected. `}
              <button type="button" className="font-medium text-brand-700 underline" onClick={() => setEveryMatch(!everyMatch)}>
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
                            hotels: scope === "all" ? [] : checkedIds(),
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
            <TableScroll label="Hotel table" lead={2} minWidth="48rem" bleed>
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <caption className="sr-only">Hotels</caption>
                <thead className="bg-slate-50 text-left">
                  <tr>
                    <th scope="col" className="w-10 px-3 py-2">
                      {hydrated ? (
                        <input
                          type="checkbox"
                          aria-label="Select all visible hotels"
                          checked={selected > 0 && selected === shown}
                          ref={(box) => {
                            if (box) box.indeterminate = selected > 0 && selected < shown;
                          }}
                          onChange={(event) => selectEvery(event.currentTarget.checked)}
                        />
                      ) : (
                        <span className="sr-only">Select</span>
                      )}
                    </th>
                    {(Object.keys(HOTEL_SORTS) as HotelSort[]).map((column) => (
                      <SortHeader key={column} column={column} filters={filters} />
                    ))}
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Affiliate URL
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Description Rewritten
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Actions
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {list.hotels.map((hotel) => (
                    <tr key={hotel.hotelId}>
                      <td className="px-3 py-2">
                        <input
                          type="checkbox"
                          name="hotel"
                          value={hotel.hotelId}
                          defaultChecked={selection !== null}
                          aria-label={`Select ${hotel.name}`}
                        />
                      </td>
                      <th scope="row" className="px-3 py-2 text-left font-medium">
                        {hotel.name}
                        <span className="block font-mono text-xs font-normal text-muted">{hotel.hotelId}</span>
                      </th>
                      {/* Swedish, as the Country and Location filters name them. */}
                      <td className="px-3 py-2">{hotel.countryName ?? "–"}</td>
                      <td className="px-3 py-2">{hotel.locationName ?? "–"}</td>
                      <td className="px-3 py-2">
                        {hotel.affiliateUrl ? (
                          <span title={hotel.affiliateUrl} className="block max-w-xs break-all font-mono text-xs">
                            {shortUrl(hotel.affiliateUrl)}
                          </span>
                        ) : (
                          <span className="text-muted">Missing</span>
                        )}
                        <FlagButton hotel={hotel.hotelId} name={hotel.name} on={hotel.hasAffiliateUrl} disabled={busy} />
                      </td>
                      <td className="px-3 py-2">
                        <RewrittenStatus hotel={hotel.hotelId} name={hotel.name} rewritten={hotel.rewritten} />
                      </td>
                      <td className="px-3 py-2">
                        <RowActions hotel={hotel} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          <AdminPager
            label="Hotel table pages"
            page={filters.page}
            pageCount={list.pageCount}
            href={(page) => hotelTableHref(filters, { page })}
          />
        </Form>
      )}
      <ConfirmDialog confirm={confirm} labelledBy="bulk-dialog-heading" describedBy="bulk-dialog-text">
        {(pending) => (
          <BulkQuestion
            inDialog
            ask={pending}
            action={action}
            busy={busy}
            onSubmit={confirm.close}
            cancel={
              <Button type="button" variant="secondary" onClick={confirm.close} autoFocus>
                Cancel
              </Button>
            }
          />
        )}
      </ConfirmDialog>
    </div>
  );
}

/** Without JavaScript: links that check every row shown, then choose every match of the filters. */
function SelectionLinks({
  selection,
  filters,
  shown,
  total,
}: {
  selection: "all" | "matching" | null;
  filters: AdminHotelFilters;
  shown: number;
  total: number;
}) {
  const base = hotelTableHref(filters, {});
  const withSelect = (value: string) => `${base}${base.includes("?") ? "&" : "?"}select=${value}`;
  const link = "text-sm font-medium text-brand-700 underline";
  if (!shown) return null;
  return (
    <p className="flex flex-wrap gap-4">
      {selection === "all" && total > shown ? (
        <Link to={withSelect("matching")} className={link}>
          Select all {hotelCount(total)} matching this filter
        </Link>
      ) : null}
      {selection ? (
        <Link to={base} className={link}>
          Clear selection
        </Link>
      ) : (
        <Link to={withSelect("all")} className={link}>
          Select all {shown} shown
        </Link>
      )}
    </p>
  );
}

/** A sortable column's header: a link to the table in that order (the other way round when it is the order already). */
function SortHeader({ column, filters }: { column: HotelSort; filters: AdminHotelFilters }) {
  const active = filters.sort === column;
  const direction = active ? (filters.order === "asc" ? "ascending" : "descending") : undefined;
  return (
    <th scope="col" aria-sort={direction} className="px-3 py-2 font-semibold">
      <Link to={sortHref(filters, column)} className="inline-flex items-center gap-1 hover:underline">
        {HOTEL_SORTS[column]}
        <span aria-hidden="true" className={active ? undefined : "text-slate-400"}>
          {active ? (filters.order === "asc" ? "▲" : "▼") : "↕"}
        </span>
        <span className="sr-only">
          {active ? `, sorted ${direction}; sort ${direction === "ascending" ? "descending" : "ascending"}` : ", sort ascending"}
        </span>
      </Link>
    </th>
  );
}

/** A row's links: its partner page (through /redirect), its translation screen and its page on the site. */
function RowActions({ hotel }: { hotel: AdminHotelRow }) {
  const link = "font-medium text-brand-700 underline";
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1">
      <Link to={rewritePath(hotel.hotelId)} className={link}>
        Rewrite<span className="sr-only"> {hotel.name}</span>
      </Link>
      {hotel.publicPath ? (
        <a href={hotel.publicPath} className={link} lang="sv">
          Visa på sajten<span className="sr-only"> ({hotel.name})</span>
        </a>
      ) : null}
      {hotel.affiliateUrl ? (
        <a
          href={redirectPath(hotel.affiliateUrl, { source: "admin-panel", hotel: hotel.hotelId })}
          target="_blank"
          rel="noopener"
          className={link}
        >
          Open<span className="sr-only"> the partner page of {hotel.name} (new tab)</span>
        </a>
      ) : null}
    </span>
  );
}

/**
 * The question before a bulk action (every match of the filters, or reverting texts), and its
 * confirming post. Shown in a dialog with JavaScript, on the page without.
 */
function BulkQuestion({
  ask,
  action,
  busy,
  cancel,
  onSubmit,
  inDialog = false,
}: {
  ask: BulkAsk;
  action: string;
  busy: boolean;
  cancel: ReactNode;
  onSubmit?: () => void;
  /** In the <dialog>, which is the alert dialog itself; on the page, the section is. */
  inDialog?: boolean;
}) {
  const id = inDialog ? "bulk-dialog" : "bulk-question";
  return (
    <section
      role={inDialog ? undefined : "alertdialog"}
      aria-labelledby={inDialog ? undefined : `${id}-heading`}
      aria-describedby={inDialog ? undefined : `${id}-text`}
      className={inDialog ? "" : "rounded-lg border border-amber-300 bg-amber-50 p-5"}
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {BULK_ACTIONS[ask.intent].label}?
      </h2>
      <p id={`${id}-text`} className="mt-1 text-sm">
        {bulkQuestion(ask.intent, ask.scope, ask.count)}
      </p>
      <Form method="post" action={action} className="mt-4 flex flex-wrap gap-3" onSubmit={onSubmit}>
        <input type="hidden" name="scope" value={ask.scope} />
        <input type="hidden" name="confirm" value={BULK_CONFIRMED} />
        <input type="hidden" name="expected" value={ask.count} />
        {ask.hotels.map((id) => (
          <input key={id} type="hidden" name="hotel" value={id} />
        ))}
        {cancel}
        <Button
          type="submit"
          name="intent"
          value={ask.intent}
          variant={ask.intent === "revert-description" ? "danger" : "primary"}
          disabled={busy}
        >
          {ask.scope === "all" ? `Yes, apply to all ${hotelCount(ask.count)}` : `Yes, apply to ${hotelCount(ask.count)}`}
        </Button>
      </Form>
    </section>
  );
}

/** A row's affiliate flag, switched in place: the button posts the opposite value, through the flag form. */
function FlagButton({ hotel, name, on, disabled }: { hotel: string; name: string; on: boolean; disabled: boolean }) {
  return (
    <button
      type="submit"
      form={FLAG_FORM_ID}
      name="toggle"
      value={`affiliate:${hotel}:${!on}`}
      disabled={disabled}
      className={`mt-1 inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        on ? "bg-emerald-100 text-emerald-900 hover:bg-emerald-200" : "bg-slate-100 text-slate-700 hover:bg-slate-200"
      }`}
    >
      {/* The visible text starts the accessible name (WCAG 2.5.3, label in name); the rest says what pressing does. */}
      Affiliate: {on ? "Yes" : "No"}
      <span className="sr-only">
        . {on ? "Remove" : "Set"} the affiliate flag of {name}
      </span>
    </button>
  );
}

/**
 * Whether the hotel has a rewritten text: a status, not a switch (a flag without a text would
 * say something untrue). A rewritten hotel links to reverting it, which asks first.
 */
function RewrittenStatus({ hotel, name, rewritten }: { hotel: string; name: string; rewritten: boolean }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span
        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${rewritten ? "bg-emerald-100 text-emerald-900" : "bg-slate-100 text-slate-700"}`}
      >
        {rewritten ? "Yes" : "No"}
      </span>
      {rewritten ? (
        <Link to={revertPath(hotel)} className="text-xs font-medium text-brand-700 underline">
          Revert<span className="sr-only"> {name} to its original description</span>
        </Link>
      ) : null}
    </span>
  );
}

function AdminHotelFilterForm({
  filters,
  countries,
  locations,
}: {
  filters: AdminHotelFilters;
  countries: PlaceChoice[];
  locations: PlaceChoice[];
}) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const apply = (clearLocation = false) => {
    if (!form.current) return;
    const data = new FormData(form.current);
    if (clearLocation) data.delete("location");
    for (const [key, value] of [...data.entries()]) if (value === "" || value === "all") data.delete(key);
    submit(data, { method: "get", action: "/admin/hotels", replace: true });
  };
  const key = adminHotelsSearch(filters);
  return (
    <Form
      ref={form}
      method="get"
      action="/admin/hotels"
      key={key}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-3 lg:grid-cols-6 lg:items-end"
    >
      <Field
        className="lg:col-span-2"
        label="Search"
        controlSize="compact"
        inputProps={{ id: "hotels-q", name: "q", type: "search", defaultValue: filters.q, placeholder: "Name, place or hotel ID" }}
      />
      <SelectField
        label="Country"
        controlSize="compact"
        selectProps={{ id: "hotels-country", name: "country", defaultValue: filters.country, onChange: () => apply(true) }}
      >
        <option value="">All countries</option>
        {countries.map((country) => (
          <option key={country.value} value={country.value}>
            {country.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Location"
        controlSize="compact"
        selectProps={{
          id: "hotels-location",
          name: "location",
          defaultValue: filters.location,
          disabled: !filters.country,
          onChange: () => apply(),
        }}
      >
        <option value="">{filters.country ? "All locations" : "Choose a country first"}</option>
        {locations.map((location) => (
          <option key={location.value} value={location.value}>
            {location.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Affiliate status"
        controlSize="compact"
        selectProps={{ id: "hotels-affiliate", name: "affiliate", defaultValue: filters.affiliate, onChange: () => apply() }}
      >
        <option value="all">All</option>
        <option value="missing">Missing affiliate URL</option>
        <option value="has">Has affiliate URL</option>
      </SelectField>
      <SelectField
        label="Rewrite status"
        controlSize="compact"
        selectProps={{ id: "hotels-rewrite", name: "rewrite", defaultValue: filters.rewrite, onChange: () => apply() }}
      >
        <option value="all">All</option>
        <option value="not-rewritten">Not rewritten</option>
        <option value="rewritten">Rewritten</option>
      </SelectField>
      {/* New filters keep the order and start again at page 1. */}
      {filters.sort !== "name" ? <input type="hidden" name="sort" value={filters.sort} /> : null}
      {filters.order !== "asc" ? <input type="hidden" name="order" value={filters.order} /> : null}
      <div className="flex gap-2 md:col-span-3 lg:col-span-6">
        <Button type="submit">Apply Filters</Button>
        <Link to="/admin/hotels" className={buttonClassName({ variant: "secondary" })}>
          Reset Filters
        </Link>
      </div>
    </Form>
  );
}
