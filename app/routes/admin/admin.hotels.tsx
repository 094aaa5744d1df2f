import type { PlaceChoice } from "#app/hotels/places.server.ts";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Route } from "./+types/admin.hotels";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { generateAffiliateUrls, loadAdminHotelTable, setAffiliateFlag, startHotelRewrite } from "#app/admin/hotel-table.server.ts";
import { AiNotSupportedError } from "#app/ai/engine.server.ts";
import { aiEngineInfo } from "#app/ai/service.server.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { Field, SelectField } from "#app/components/ui/forms.tsx";
import { TableScroll } from "#app/components/ui/table.tsx";
import {
  ADMIN_HOTEL_MESSAGES,
  adminHotelsSearch,
  BULK_ACTIONS,
  parseAdminHotelFilters,
  parseHotelTablePost,
  shortUrl,
  TOGGLE_INTENT,
  type AdminHotelFilters,
  type BulkAction,
  type HotelTablePost,
} from "#app/admin/hotel-table.ts";
import { redirectPath } from "#app/outbound/redirect-params.ts";
import { revertPath } from "#app/admin/description-revert.ts";
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
  return { ...table, selectAll: args.url.searchParams.get("select") === "all", engine: aiEngineInfo().line };
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

export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  const form = await readFormData(args.request, MAX_BODY_BYTES);
  const post = parseHotelTablePost(form);
  // Only a hand-made post asks for something else: it is refused, and nothing is saved.
  if (!post.success) throw data(null, { status: 400 });
  const back = `/admin/hotels${adminHotelsSearch(parseAdminHotelFilters(args.url.searchParams))}`;
  const answer: Answer = { back, failure: (title, description) => redirectWithFlash(back, { title, description, variant: "destructive" }) };

  const request = post.data;
  switch (request.intent) {
    case TOGGLE_INTENT:
      return toggleFlag(request.toggle, answer);
    case "set-affiliate":
    case "unset-affiliate":
      return setFlags(request.intent, request.hotels, answer);
    case "rewrite-ai":
      return rewriteWithAi(request.hotels, session.user.email, answer);
    case "generate-affiliate":
      return generateAffiliate(request.hotels, answer);
  }
}

async function toggleFlag(toggle: Extract<HotelTablePost, { intent: "toggle" }>["toggle"], { back, failure }: Answer) {
  try {
    await setAffiliateFlag([toggle.hotelId], toggle.on);
  } catch (error) {
    log.error("admin hotel toggle failed", error, { hotelId: toggle.hotelId });
    return failure("Error", ADMIN_HOTEL_MESSAGES.toggleFailed);
  }
  return redirectWithFlash(back, {
    title: "Hotel updated",
    description: `Affiliate flag ${toggle.on ? "set" : "removed"} for ${toggle.hotelId}.`,
  });
}

/** A bulk action needs checked rows; without any it says so and changes nothing. */
const noneSelected = (intent: BulkAction, { failure }: Answer) =>
  failure(ADMIN_HOTEL_MESSAGES.noneSelected, `Select at least one hotel to ${BULK_ACTIONS[intent].what}.`);

async function setFlags(intent: "set-affiliate" | "unset-affiliate", hotels: string[], answer: Answer) {
  if (hotels.length === 0) return noneSelected(intent, answer);
  try {
    const count = await setAffiliateFlag(hotels, intent === "set-affiliate");
    return redirectWithFlash(answer.back, {
      title: "Hotels updated",
      description: `${BULK_ACTIONS[intent].label}: ${count} ${count === 1 ? "hotel" : "hotels"}.`,
    });
  } catch (error) {
    log.error("admin bulk action failed", error, { intent });
    return answer.failure(BULK_ACTIONS[intent].failure, ADMIN_HOTEL_MESSAGES.unknownError);
  }
}

async function rewriteWithAi(hotels: string[], createdBy: string, answer: Answer) {
  const { failure: title } = BULK_ACTIONS["rewrite-ai"];
  if (hotels.length === 0) return noneSelected("rewrite-ai", answer);
  try {
    const jobId = await startHotelRewrite(hotels, createdBy);
    if (!jobId) return answer.failure(title, "None of the selected hotels exists any more.");
    return redirectWithFlash(`/admin/jobs/${jobId}`, {
      title: "Rewrite started",
      description: `${hotels.length} descriptions are being rewritten in Swedish.`,
    });
  } catch (error) {
    if (error instanceof AiNotSupportedError) return answer.failure(title, error.message);
    log.error("admin bulk action failed", error, { intent: "rewrite-ai" });
    return answer.failure(title, ADMIN_HOTEL_MESSAGES.unknownError);
  }
}

async function generateAffiliate(hotels: string[], answer: Answer) {
  const { failure: title } = BULK_ACTIONS["generate-affiliate"];
  if (hotels.length === 0) return noneSelected("generate-affiliate", answer);
  const template = getEnv().AFFILIATE_URL_TEMPLATE;
  if (!template)
    return answer.failure(title, "Set AFFILIATE_URL_TEMPLATE to the partner's link with {hotel_id}, {name}, {location} or {query} in it.");
  try {
    const count = await generateAffiliateUrls(hotels, template);
    return redirectWithFlash(answer.back, {
      title: "Affiliate URLs generated",
      description: `${count} ${count === 1 ? "hotel" : "hotels"} now link to ${new URL(template).host}.`,
    });
  } catch (error) {
    log.error("affiliate url generation failed", error);
    return answer.failure(`Failed to generate ${new URL(template).host} affiliate URLs`, ADMIN_HOTEL_MESSAGES.unknownError);
  }
}

export default function AdminHotels({ loaderData }: Route.ComponentProps) {
  const { filters, notices, countries, locations, list, selectAll, engine } = loaderData;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const search = adminHotelsSearch(filters);
  const [selected, setSelected] = useState(() => (selectAll && list ? list.hotels.length : 0));
  const tableForm = useRef<HTMLFormElement>(null);
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
    }
  }, [navigation.state]);

  const countSelected = () => setSelected(tableForm.current?.querySelectorAll<HTMLInputElement>('input[name="hotel"]:checked').length ?? 0);
  const selectEvery = (checked: boolean) => {
    tableForm.current?.querySelectorAll<HTMLInputElement>('input[name="hotel"]').forEach((box) => (box.checked = checked));
    countSelected();
  };
  const shown = list?.hotels.length ?? 0;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <AdminPageHeader
        title="Hotel Management"
        description="Search the catalogue, change flags one by one or in bulk, and start AI rewrites."
      />
      <AdminHotelFilterForm filters={filters} countries={countries} locations={locations} />
      {notices.map((notice) => (
        <p key={notice} role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}
        </p>
      ))}

      <Form id={FLAG_FORM_ID} method="post" action={`/admin/hotels${search}`} hidden>
        <input type="hidden" name="intent" value={TOGGLE_INTENT} />
      </Form>
      {list === null ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {ADMIN_HOTEL_MESSAGES.loadFailed}
        </p>
      ) : (
        <Form
          method="post"
          action={`/admin/hotels${search}`}
          ref={tableForm}
          onChange={countSelected}
          key={`${search}|${generation}`}
          className="space-y-3"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted" aria-live="polite">
              {list.total > shown
                ? `Showing first ${shown} results of ${list.total} total hotels`
                : `${list.total} ${list.total === 1 ? "hotel" : "hotels"}`}
              {hydrated && selected ? ` · ${selected} selected` : ""}
            </p>
            {hydrated ? null : selectAll ? (
              <Link to={`/admin/hotels${search}`} className="text-sm font-medium text-brand-700 underline">
                Clear selection
              </Link>
            ) : shown ? (
              <Link to={`/admin/hotels${search ? `${search}&` : "?"}select=all`} className="text-sm font-medium text-brand-700 underline">
                Select all {shown} shown
              </Link>
            ) : null}
          </div>
          {/* Without JavaScript the buttons are always there; with it, once something is selected. */}
          {!hydrated || selected > 0 ? (
            <fieldset className="flex flex-wrap gap-2 rounded-lg border border-slate-200 bg-white p-3">
              <legend className="sr-only">Bulk actions for the selected hotels</legend>
              {Object.entries(BULK_ACTIONS).map(([intent, action]) => (
                <Button key={intent} type="submit" name="intent" value={intent} disabled={busy} variant="secondary">
                  {action.label}
                </Button>
              ))}
              {/* What "Rewrite descriptions with AI" will do. */}
              <p className="w-full text-xs text-muted">{engine}</p>
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
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Name
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Country
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Location
                    </th>
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
                          defaultChecked={selectAll}
                          aria-label={`Select ${hotel.name}`}
                        />
                      </td>
                      <th scope="row" className="px-3 py-2 text-left font-medium">
                        {hotel.name}
                        <span className="block font-mono text-xs font-normal text-muted">{hotel.hotelId}</span>
                      </th>
                      <td className="px-3 py-2">{hotel.country ?? "–"}</td>
                      <td className="px-3 py-2">{hotel.location ?? "–"}</td>
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
                        {hotel.affiliateUrl ? (
                          <a
                            href={redirectPath(hotel.affiliateUrl, { source: "admin-panel", hotel: hotel.hotelId })}
                            target="_blank"
                            rel="noopener"
                            className="font-medium text-brand-700 underline"
                          >
                            Open<span className="sr-only"> the partner page of {hotel.name} (new tab)</span>
                          </a>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </Form>
      )}
    </div>
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
      aria-label={`Has affiliate URL: ${on ? "yes" : "no"}. ${on ? "Remove" : "Set"} the affiliate flag of ${name}`}
      className={`mt-1 inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        on ? "bg-emerald-100 text-emerald-900 hover:bg-emerald-200" : "bg-slate-100 text-slate-700 hover:bg-slate-200"
      }`}
    >
      Affiliate: {on ? "Yes" : "No"}
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
      <div className="flex gap-2 md:col-span-3 lg:col-span-6">
        <Button type="submit">Apply Filters</Button>
        <Link to="/admin/hotels" className={buttonClassName({ variant: "secondary" })}>
          Reset Filters
        </Link>
      </div>
    </Form>
  );
}
