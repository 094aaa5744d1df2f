import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import { z } from "#app/utils/zod.ts";
import type { Route } from "./+types/admin.partners";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { PartnerClicksChart } from "#app/components/partner-clicks-chart.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { CheckboxField, Field, FormAlert, SelectField } from "#app/components/ui/forms.tsx";
import { TableScroll } from "#app/components/ui/table.tsx";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { DEEP_LINK_PLACEHOLDERS } from "#app/offers/deep-link.ts";
import { CLICK_PERIODS, readClickPeriod } from "#app/offers/partner-clicks.ts";
import {
  deepLinkPreview,
  PARTNER_MESSAGES,
  partnerFieldsSchema,
  partnerSchema,
  sampleStay,
  type PartnerInput,
} from "#app/offers/partner-form.ts";
import { findPartner, listPartnersWithOffers, partnerClicksPerDay, savePartner, setPartnerActive } from "#app/offers/partners.server.ts";
import { todayInSweden } from "#app/utils/stay.ts";
import { feedRunsByPartner, queueRunNow, type FeedRunView, type PartnerFeedRuns } from "#app/prices/price-feed-runs.server.ts";
import { wakeWorker } from "#app/ai/service.server.ts";

export function meta() {
  return adminMeta("Partners");
}

const SCREEN = "/admin/partners";

/** What the buttons of this screen ask for. */
const INTENT = { create: "create", update: "update", deactivate: "deactivate", activate: "activate", fetch: "fetch" } as const;
const intentSchema = z.enum([INTENT.create, INTENT.update, INTENT.deactivate, INTENT.activate, INTENT.fetch]);

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const url = new URL(args.request.url);
  const period = readClickPeriod(url.searchParams.get("period"));
  const editId = url.searchParams.get("edit");
  const [partners, clicks, editing, runs] = await Promise.all([
    listPartnersWithOffers(),
    partnerClicksPerDay(period),
    editId ? findPartner(editId) : null,
    feedRunsByPartner(),
  ]);
  if (editId !== null && !editing) throw data("There is no partner with this id.", { status: 404 });
  const feedRuns: Record<string, PartnerFeedRuns> = Object.fromEntries(runs);
  // The preview's sample stay starts from today in Sweden, the same on the server and in the browser.
  return { partners, clicks, period, editing, feedRuns, today: todayInSweden() };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  const form = await readFormData(args.request, 16 * 1024);
  const intent = intentSchema.safeParse(form.get("intent"));
  // Only a hand-made post has no known intent: it is refused, and nothing is saved.
  if (!intent.success) throw data(null, { status: 400 });
  switch (intent.data) {
    case INTENT.create:
      return createPartner(form);
    case INTENT.update:
      return updatePartner(form);
    case INTENT.deactivate:
      return switchPartner(form, false);
    case INTENT.activate:
      return switchPartner(form, true);
    case INTENT.fetch:
      return fetchNow(form, session.user.email);
  }
}

const TAKEN = { id: PARTNER_MESSAGES.idTaken, host: PARTNER_MESSAGES.hostTaken } as const;

async function createPartner(form: FormData) {
  const submission = parseWithZod(form, { schema: partnerSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await savePartner(submission.value, null);
  if (!saved.saved) {
    const field = saved.field ?? "id";
    return data({ result: submission.reply({ fieldErrors: { [field]: [TAKEN[field]] } }) }, { status: 400 });
  }
  // A new feed URL is due at once: the worker looks as soon as the partner is committed.
  if (submission.value.feedUrl) wakeWorker();
  return redirectWithFlash(SCREEN, {
    title: "Partner added",
    description: `${submission.value.name} is saved${submission.value.active ? "" : " as inactive"}. Its offers arrive with its feed.`,
  });
}

async function updatePartner(form: FormData) {
  const submission = parseWithZod(form, { schema: partnerSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await savePartner(submission.value, submission.value.id);
  if (!saved.saved) {
    const field = saved.field;
    if (field === null) return unknownPartner();
    return data({ result: submission.reply({ fieldErrors: { [field]: [TAKEN[field]] } }) }, { status: 400 });
  }
  if (submission.value.feedUrl) wakeWorker();
  return redirectWithFlash(SCREEN, { title: "Partner saved", description: `${submission.value.name} is saved.` });
}

const unknownPartner = () =>
  redirectWithFlash(SCREEN, { title: "Error", description: "There is no such partner.", variant: "destructive" });

/** What an administrator may see lag behind a switch, said plainly. */
const LIST_PRICES_FOLLOW = "The hotel lists' price order follows within minutes; cards show the new prices at once.";

async function switchPartner(form: FormData, active: boolean) {
  const id = form.get("id");
  if (typeof id !== "string" || !id) return unknownPartner();
  const name = await setPartnerActive(id, active);
  if (name === null) return unknownPartner();
  return redirectWithFlash(
    SCREEN,
    active
      ? {
          title: "Partner activated",
          description: `${name}'s current offers show on the site again, and /redirect forwards to its host. ${LIST_PRICES_FOLLOW}`,
        }
      : {
          title: "Partner deactivated",
          description: `${name}'s offers no longer show on the site, and /redirect no longer forwards to its host. ${LIST_PRICES_FOLLOW}`,
        },
  );
}

/**
 * Queues a fetch of the partner's feed URL for the background worker and answers at once: the
 * download and import run outside the request (and outside its write scope, decision 048).
 */
async function fetchNow(form: FormData, requestedBy: string | null) {
  const id = form.get("id");
  if (typeof id !== "string" || !id) return unknownPartner();
  const result = await queueRunNow(id, requestedBy);
  if (result.queued) {
    wakeWorker();
    return redirectWithFlash(SCREEN, {
      title: "Fetch queued",
      description: `${result.partnerName}'s feed is fetched and imported in the background, usually within a minute. Reload this page to see the result.`,
    });
  }
  switch (result.reason) {
    case "no-partner":
      return unknownPartner();
    case "no-feed-url":
      return redirectWithFlash(SCREEN, {
        title: "No feed URL",
        description: "This partner has no feed URL to fetch: add one with Edit first.",
        variant: "destructive",
      });
    case "open":
      return redirectWithFlash(SCREEN, {
        title: result.status === "running" ? "Already fetching" : "Already queued",
        description: `${result.partnerName}'s feed has been ${result.status === "running" ? "fetching" : "queued"} since ${when(result.since)}: its result shows here when it is done.`,
      });
  }
}

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Stockholm" });
const when = (value: Date | string) => dateTime.format(new Date(value));

export default function AdminPartners({ loaderData, actionData }: Route.ComponentProps) {
  const { partners, clicks, period, editing, feedRuns, today } = loaderData;
  const busy = useNavigation().state === "submitting";
  const location = useLocation();
  const formHeading = useRef<HTMLHeadingElement>(null);
  const result = actionData?.result;
  // A failed update answers with the id it was for; the edit form stays open on it.
  const failedUpdate = result?.initialValue?.intent === INTENT.update;
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
        <a href={`${SCREEN}#partner-form`} className={buttonClassName({ variant: "secondary" })}>
          Add partner
        </a>
      </AdminPageHeader>

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
                          <p>Newest {when(partner.newestOffer)}</p>
                          <p className="text-muted">Oldest {when(partner.oldestOffer)}</p>
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
                              value={INTENT.fetch}
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
                            value={partner.active ? INTENT.deactivate : INTENT.activate}
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
            <Link to={SCREEN} className="text-sm font-medium text-brand-700 underline">
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
            <a href={`${SCREEN}/clicks.csv?period=${period}`} download className={buttonClassName({ variant: "secondary" })}>
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

const count = new Intl.NumberFormat("en-GB");

function runLine(run: FeedRunView) {
  const at = when(run.finishedAt ?? run.queuedAt);
  if (run.status === "failed") return `Last fetch ${at} failed: ${run.message ?? "no reason given"}`;
  return `Last fetch ${at}: ${count.format(run.taken ?? 0)} rows taken, ${count.format(run.rejected ?? 0)} rejected`;
}

/** A partner's feed: the fetch waiting or under way, and how the last one went. */
function FeedRuns({ runs }: { runs: PartnerFeedRuns | undefined }) {
  if (!runs) return <p className="mt-1 text-muted">Not fetched yet.</p>;
  const { open, last } = runs;
  return (
    <>
      {open ? (
        <p className="mt-1 text-muted">
          {open.status === "running" ? `Fetching since ${when(open.startedAt ?? open.queuedAt)}` : `Queued ${when(open.queuedAt)}`}
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

type FieldName = "id" | "name" | "host" | "logoUrl" | "deepLinkTemplate" | "feedUrl" | "landingUrlTemplate";

function PartnerForm({
  mode,
  defaultValue,
  lastResult,
  today,
  busy,
}: {
  mode: "create" | "update";
  defaultValue: PartnerInput | null;
  lastResult: SubmissionResult<string[]> | undefined;
  today: string;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "partner",
    lastResult,
    defaultValue: defaultValue
      ? {
          ...defaultValue,
          logoUrl: defaultValue.logoUrl ?? "",
          feedUrl: defaultValue.feedUrl ?? "",
          landingUrlTemplate: defaultValue.landingUrlTemplate ?? "",
          active: defaultValue.active ? "on" : undefined,
        }
      : { active: "on" },
    constraint: getZodConstraint(partnerFieldsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: partnerFieldsSchema, disableAutoCoercion: true }),
  });
  // Computed while rendering, from what the form holds: the server shows it for a saved
  // partner and for a refused post, and the browser updates it as you type.
  const preview = deepLinkPreview(String(fields.host.value ?? ""), String(fields.deepLinkTemplate.value ?? ""), today);
  const stay = sampleStay(today);
  const field = (
    name: FieldName,
    label: string,
    options: { placeholder?: string; hint?: string; required?: boolean; readOnly?: boolean },
  ) => (
    <Field
      label={options.required ? label : `${label} (optional)`}
      hint={options.hint}
      controlSize="compact"
      errors={fields[name].errors}
      errorId={fields[name].errorId}
      inputProps={{
        ...getInputProps(fields[name], { type: "text" }),
        placeholder: options.placeholder,
        required: options.required,
        readOnly: options.readOnly,
        className: options.readOnly ? "read-only:bg-slate-100" : undefined,
        spellCheck: false,
        autoCapitalize: "off",
      }}
    />
  );
  return (
    <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={mode === "create" ? INTENT.create : INTENT.update} />
      {form.errors?.length ? (
        <FormAlert id={form.errorId} controlSize="compact" className="sm:col-span-2">
          {form.errors[0]}
        </FormAlert>
      ) : null}
      {field("id", "Id", {
        placeholder: "resekompassen",
        required: true,
        readOnly: mode === "update",
        hint:
          mode === "update"
            ? "Fixed once created: offer feeds and clicks name the partner by it."
            : "How offer feeds name the partner; it cannot be changed later.",
      })}
      {field("name", "Name", { placeholder: "Resekompassen", required: true })}
      {field("host", "Host", {
        placeholder: "www.partner.se or https://www.partner.se/",
        required: true,
        hint: "The only host /redirect forwards to for this partner.",
      })}
      {field("logoUrl", "Logo URL", { placeholder: "https://… or /images/…" })}
      <div className="sm:col-span-2">
        {field("deepLinkTemplate", "Deep-link template", {
          placeholder: "checkin={checkin}&checkout={checkout}&adults={adults}&rooms={rooms}",
          hint: `Query parameters added to an offer's landing URL. Placeholders: ${DEEP_LINK_PLACEHOLDERS.map((name) => `{${name}}`).join(", ")}.`,
        })}
      </div>
      <div className="sm:col-span-2">
        {field("feedUrl", "Price feed URL", {
          placeholder: "https://feeds.partner.se/prices.xml",
          hint: "The partner's price file (Transaction XML or the CSV of nightly rates), fetched by the server on a schedule: https on a public host only.",
        })}
      </div>
      <div className="sm:col-span-2">
        {field("landingUrlTemplate", "Landing URL template", {
          placeholder: "https://www.partner.se/hotel/{hotel_id}",
          hint: "For files without a URL per price: the partner's page for a hotel, with {hotel_id} for its property id. On the partner's host.",
        })}
      </div>
      <CheckboxField
        className="sm:col-span-2"
        label="Active: its offers show on the site and /redirect forwards to its host"
        errors={fields.active.errors}
        errorId={fields.active.errorId}
        inputProps={getInputProps(fields.active, { type: "checkbox" })}
      />
      <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm sm:col-span-2" aria-live="polite">
        <p className="font-semibold">Preview</p>
        <p className="text-muted">
          A sample offer page on the host, for check-in {stay.checkIn}, check-out {stay.checkOut}, {stay.adults} adults, {stay.rooms} room:
        </p>
        {preview ? (
          <p className="mt-1 font-mono text-xs break-all">
            <a href={preview.link} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline" id="partner-preview">
              {preview.link}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        ) : (
          <p className="mt-1 text-muted">Enter a valid host and template to see the link.</p>
        )}
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {mode === "create" ? "Add partner" : "Save partner"}
        </Button>
      </div>
    </Form>
  );
}
