import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/admin.landmarks";
import { adminMeta } from "#app/admin/admin-meta.ts";
import {
  editLandmarkHref,
  LANDMARK_INTENT as INTENT,
  landmarksHref,
  removeLandmarkHref,
  type ScreenPlace,
} from "#app/admin/landmarks-screen.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { AdminPager, pageHrefs } from "#app/components/admin-pager.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { ConfirmableAction, ConfirmLink, useConfirmable, type ConfirmQuestion } from "#app/components/ui/confirmable-action.tsx";
import { ActionRefusalAlert, CheckboxField, Field, FormAlert, SelectField } from "#app/components/ui/forms.tsx";
import { TableHead, TableScroll } from "#app/components/ui/table.tsx";
import { LANDMARK_KINDS, landmarkFieldsSchema, landmarkSchema, MAX_LANDMARK_NAME, MAX_LANDMARK_SLUG } from "#app/location/landmark-form.ts";
import type { Landmark } from "#app/location/landmarks.server.ts";
import { useIsPending } from "#app/utils/use-is-pending.ts";
import { landmarksAction, loadLandmarks } from "./admin.landmarks.server.ts";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData?.place ? `Landmarks of ${loaderData.place.name}` : "Landmarks", matches);
}

export const loader = (args: Route.LoaderArgs) => loadLandmarks(args);

export const action = (args: Route.ActionArgs) => landmarksAction(args);

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

/** A place's landmarks (the centre and named sights, stations, beaches): what distances on the site are measured to. */
export default function AdminLandmarks({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.place) return <PlaceList {...loaderData} />;
  return <PlaceLandmarks place={loaderData.place} loaderData={loaderData} actionData={actionData} />;
}

type PlaceListData = Extract<Route.ComponentProps["loaderData"], { place: null }>;

function PlaceList({ places, search, page, pages, total }: PlaceListData) {
  const query = new URLSearchParams(search ? { q: search } : {});
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <AdminPageHeader
        title="Landmarks"
        description="Each place's centre and landmarks: hotel cards, hotel pages and /jamfor show the distance to them, and visitors sort by it."
      />
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <Field
          className="min-w-64 flex-1"
          label="Search places by name"
          controlSize="compact"
          inputProps={{ id: "places-search", name: "q", type: "search", defaultValue: search, key: search }}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      <p className="text-sm text-muted" role="status">
        {search ? `${count(total, "place", "places")} match “${search}”.` : `${count(total, "place", "places")} with hotels.`}
        {search ? (
          <>
            {" "}
            <Link to={landmarksHref()} className="font-medium text-brand-700 underline">
              Show all places
            </Link>
          </>
        ) : null}
      </p>
      {places.length === 0 ? null : (
        <TableScroll label="Places" minWidth="32rem">
          <table className="text-sm">
            <caption className="sr-only">Places with hotels, and how many landmarks each has</caption>
            <TableHead
              columns={[
                "Place",
                "Hotels",
                "Landmarks",
                <span key="actions" className="sr-only">
                  Actions
                </span>,
              ]}
            />
            <tbody>
              {places.map((row) => (
                <tr key={`${row.country}/${row.location}`}>
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    {row.name}
                  </th>
                  <td className="px-3 py-2">{row.hotels.toLocaleString("en-GB")}</td>
                  <td className="px-3 py-2">{row.landmarks ? row.landmarks : <span className="text-muted">None</span>}</td>
                  <td className="px-3 py-2">
                    <Link to={landmarksHref(row)} className={buttonClassName({ variant: "secondary", size: "sm" })}>
                      Edit<span className="sr-only"> landmarks of {row.name}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <AdminPager label="Place pages" page={page} pageCount={pages} href={pageHrefs(query, "sida")} />
    </div>
  );
}

type PlaceData = Extract<Route.ComponentProps["loaderData"], { place: object }>;

function PlaceLandmarks({
  place,
  loaderData,
  actionData,
}: {
  place: ScreenPlace & { name: string };
  loaderData: PlaceData;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { landmarks, editId, removing } = loaderData;
  const busy = useIsPending();
  const confirmRemoval = useConfirmable<{ id: string; name: string }>();
  const screen = landmarksHref(place);
  const resultFor = (intent: string) =>
    actionData && "intent" in actionData && actionData.intent === intent ? actionData.result : undefined;
  const editing = landmarks.find((landmark) => landmark.id === editId);
  const removeQuestion = (landmark: { id: string; name: string }): ConfirmQuestion => ({
    heading: `Remove ${landmark.name}?`,
    text: "Links that choose it (nara=…) then measure from the centre again. It cannot be undone.",
    button: "Yes, remove",
    action: screen,
    intent: INTENT.remove,
    fields: { id: landmark.id },
  });
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <AdminPageHeader
        title={`Landmarks of ${place.name}`}
        description="The centre (at most one) is what hotel cards measure from unless a visitor chooses another landmark. Without one, the middle of the place's hotels is used."
      >
        <Link to={landmarksHref()} className="text-sm font-medium text-brand-700 underline">
          All places
        </Link>
      </AdminPageHeader>
      <section aria-labelledby="landmarks-list">
        <h2 id="landmarks-list" className="mb-3 text-lg font-semibold">
          Landmarks ({landmarks.length})
        </h2>
        <ActionRefusalAlert actionData={actionData} className="mb-4" />
        <div className={removing ? "mb-4" : undefined}>
          <ConfirmableAction confirm={confirmRemoval} asked={removing} question={removeQuestion} cancelHref={screen} busy={busy} />
        </div>
        {landmarks.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-muted">
            No landmarks yet: distances are measured from the middle of the place&apos;s hotels.
          </p>
        ) : (
          <TableScroll label={`Landmarks of ${place.name}`} minWidth="48rem">
            <table className="text-sm">
              <caption className="sr-only">Landmarks of {place.name}, the centre first</caption>
              <TableHead
                columns={[
                  "Name",
                  "Kind",
                  "Slug",
                  "Latitude, longitude",
                  "Centre",
                  <span key="a" className="sr-only">
                    Actions
                  </span>,
                ]}
              />
              <tbody>
                {landmarks.map((landmark) => (
                  <tr key={landmark.id} className={landmark.id === editId ? "bg-brand-50" : undefined}>
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      {landmark.name}
                    </th>
                    <td className="px-3 py-2">{LANDMARK_KINDS[landmark.kind]}</td>
                    <td className="px-3 py-2 font-mono text-xs">{landmark.slug}</td>
                    <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">
                      {landmark.latitude}, {landmark.longitude}
                    </td>
                    <td className="px-3 py-2">{landmark.isCentre ? "Centre" : ""}</td>
                    <td className="px-3 py-2">
                      <div className="flex gap-2">
                        <Link to={editLandmarkHref(place, landmark.id)} className={buttonClassName({ variant: "secondary", size: "sm" })}>
                          Edit<span className="sr-only"> {landmark.name}</span>
                        </Link>
                        <ConfirmLink
                          confirm={confirmRemoval}
                          item={{ id: landmark.id, name: landmark.name }}
                          to={removeLandmarkHref(place, landmark.id)}
                        >
                          Remove<span className="sr-only"> {landmark.name}</span>
                        </ConfirmLink>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>

      <section aria-labelledby="landmark-form" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="landmark-form" className="text-lg font-semibold">
          {editing ? `Edit ${editing.name}` : "Add a landmark"}
        </h2>
        <p className="text-sm text-muted">
          {count(landmarks.length, "landmark", "landmarks")}. Coordinates in decimal degrees (WGS 84), e.g. 59.3303, 18.0586.
        </p>
        <LandmarkForm
          // After a successful save (a redirect, so no result) the form starts empty again.
          key={`${editing?.id ?? "new"}-${resultFor(editing ? INTENT.edit : INTENT.add) ? "retry" : "fresh"}`}
          action={editing ? editLandmarkHref(place, editing.id) : screen}
          cancel={editing ? screen : null}
          editing={editing}
          lastResult={resultFor(editing ? INTENT.edit : INTENT.add)}
          busy={busy}
        />
      </section>
    </div>
  );
}

/** Adds a landmark, or with `editing` changes that one. */
function LandmarkForm({
  action,
  cancel,
  editing,
  lastResult,
  busy,
}: {
  action: string;
  cancel: string | null;
  editing: Landmark | undefined;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: editing ? "landmark-edit" : "landmark",
    lastResult,
    defaultValue: editing
      ? {
          name: editing.name,
          slug: editing.slug,
          kind: editing.kind,
          latitude: String(editing.latitude),
          longitude: String(editing.longitude),
          centre: editing.isCentre ? "on" : undefined,
        }
      : { kind: "sevardhet" },
    constraint: getZodConstraint(landmarkFieldsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: landmarkSchema, disableAutoCoercion: true }),
  });
  const text = (name: "name" | "slug" | "latitude" | "longitude", label: string, extra: Record<string, unknown>) => (
    <Field
      label={label}
      controlSize="compact"
      errors={fields[name].errors}
      errorId={fields[name].errorId}
      inputProps={{ ...getInputProps(fields[name], { type: "text" }), ...extra }}
    />
  );
  return (
    <Form method="post" action={action} className="mt-4 grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={editing ? INTENT.edit : INTENT.add} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      {form.errors?.length ? (
        <FormAlert id={form.errorId} controlSize="compact" className="sm:col-span-2">
          {form.errors[0]}
        </FormAlert>
      ) : null}
      {text("name", "Name (Swedish, as visitors read it)", {
        maxLength: MAX_LANDMARK_NAME,
        placeholder: "Centralstationen",
        autoFocus: editing ? true : undefined,
      })}
      {text("slug", "Slug (optional: from the name)", {
        maxLength: MAX_LANDMARK_SLUG,
        placeholder: "centralstationen",
        spellCheck: false,
        autoCapitalize: "off",
      })}
      <SelectField
        label="Kind"
        controlSize="compact"
        errors={fields.kind.errors}
        errorId={fields.kind.errorId}
        selectProps={getSelectProps(fields.kind)}
      >
        {Object.entries(LANDMARK_KINDS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-2 gap-4">
        {text("latitude", "Latitude", { inputMode: "decimal", placeholder: "59.3303" })}
        {text("longitude", "Longitude", { inputMode: "decimal", placeholder: "18.0586" })}
      </div>
      <CheckboxField
        className="sm:col-span-2"
        label="The place's centre (replaces the current centre)"
        errors={fields.centre.errors}
        errorId={fields.centre.errorId}
        inputProps={getInputProps(fields.centre, { type: "checkbox" })}
      />
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {editing ? "Save landmark" : "Add landmark"}
        </Button>
        {cancel ? (
          <Link to={cancel} className={buttonClassName({ variant: "secondary" })}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
