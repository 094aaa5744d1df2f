import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/admin.destinations";
import { adminMeta } from "#app/admin/admin-meta.ts";
import {
  DESTINATION_INTENT as INTENT,
  destinationsHref,
  editDestinationHref,
  removeDestinationHref,
} from "#app/admin/destination-cards.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { ConfirmableAction, ConfirmLink, useConfirmable, type ConfirmQuestion } from "#app/components/ui/confirmable-action.tsx";
import { ActionRefusalAlert, Field, FormAlert, TextareaField } from "#app/components/ui/forms.tsx";
import { DEFAULT_DESTINATION_PRICE, destinationSchema } from "#app/hotels/destination-form.ts";
import type { PopularDestination } from "#app/hotels/destinations.server.ts";
import { useIsPending } from "#app/utils/use-is-pending.ts";
import { destinationsAction, loadDestinations } from "./admin.destinations.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Popular Destinations", matches);
}

export const loader = (args: Route.LoaderArgs) => loadDestinations(args);

export const action = (args: Route.ActionArgs) => destinationsAction(args);

const SCREEN = destinationsHref();

export default function AdminDestinations({ loaderData, actionData }: Route.ComponentProps) {
  const { destinations, editId, removing } = loaderData;
  const busy = useIsPending();
  const confirmRemoval = useConfirmable<{ id: string; name: string }>();
  const resultFor = (intent: "add" | "edit") =>
    actionData && "intent" in actionData && actionData.intent === intent ? actionData.result : undefined;

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <AdminPageHeader title="Manage Popular Destinations" description="The destination cards of the home page, in the order shown here." />
      <section aria-labelledby="destinations-list">
        <h2 id="destinations-list" className="mb-3 text-lg font-semibold">
          Destinations ({destinations.length})
        </h2>
        <ActionRefusalAlert actionData={actionData} className="mb-4" />
        <div className={removing ? "mb-4" : undefined}>
          <ConfirmableAction confirm={confirmRemoval} asked={removing} question={removeQuestion} cancelHref={SCREEN} busy={busy} />
        </div>
        {destinations.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-muted">
            No destinations yet: the home page hides the section until you add one.
          </p>
        ) : (
          <ol className="space-y-3">
            {destinations.map((destination, index) =>
              destination.id === editId ? (
                <li key={destination.id} className="rounded-lg border border-brand-600 bg-white p-4">
                  <h3 className="font-semibold">Edit {destination.name}</h3>
                  <DestinationForm
                    key={resultFor("edit") ? "retry" : "fresh"}
                    editing={destination}
                    lastResult={resultFor("edit")}
                    busy={busy}
                  />
                </li>
              ) : (
                <li key={destination.id} className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-3">
                  <img src={destination.image} alt="" width={96} height={64} className="h-16 w-24 rounded object-cover" loading="lazy" />
                  <div className="min-w-48 flex-1">
                    <p className="font-semibold">{destination.name}</p>
                    <p className="text-sm text-muted">{destination.description}</p>
                    <p className="text-sm">
                      {destination.priceText} · <span className="font-mono text-xs">{destination.link}</span>
                    </p>
                  </div>
                  <Form method="post" action={SCREEN} className="flex flex-wrap gap-2">
                    <input type="hidden" name="id" value={destination.id} />
                    <Button
                      name="intent"
                      value={INTENT.up}
                      variant="secondary"
                      size="sm"
                      disabled={busy || index === 0}
                      aria-label={`Move ${destination.name} up`}
                    >
                      ↑
                    </Button>
                    <Button
                      name="intent"
                      value={INTENT.down}
                      variant="secondary"
                      size="sm"
                      disabled={busy || index === destinations.length - 1}
                      aria-label={`Move ${destination.name} down`}
                    >
                      ↓
                    </Button>
                    <Link to={editDestinationHref(destination.id)} className={buttonClassName({ variant: "secondary", size: "sm" })}>
                      Edit<span className="sr-only"> {destination.name}</span>
                    </Link>
                    <ConfirmLink
                      confirm={confirmRemoval}
                      item={{ id: destination.id, name: destination.name }}
                      to={removeDestinationHref(destination.id)}
                    >
                      Remove<span className="sr-only"> {destination.name}</span>
                    </ConfirmLink>
                  </Form>
                </li>
              ),
            )}
          </ol>
        )}
      </section>

      <section aria-labelledby="destinations-add" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="destinations-add" className="text-lg font-semibold">
          Add New Destination
        </h2>
        {/* After a successful add (a redirect, so no result) the form starts empty again. */}
        <DestinationForm key={resultFor("add") ? "retry" : "fresh"} lastResult={resultFor("add")} busy={busy} />
      </section>
    </div>
  );
}

/** Asks before a card leaves the home page; its button posts the confirmed removal. */
function removeQuestion(destination: { id: string; name: string }): ConfirmQuestion {
  return {
    heading: `Remove ${destination.name}?`,
    text: "This card is live on the home page. Removing it takes it off the home page at once, and it cannot be undone.",
    button: "Yes, remove",
    action: SCREEN,
    intent: INTENT.remove,
    fields: { id: destination.id },
  };
}

/** Adds a destination, or with `editing` changes that one in place. */
function DestinationForm({
  editing,
  lastResult,
  busy,
}: {
  editing?: PopularDestination;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: editing ? "destination-edit" : "destination",
    lastResult,
    defaultValue: editing
      ? { name: editing.name, image: editing.image, price: editing.priceText, link: editing.link, description: editing.description }
      : { price: DEFAULT_DESTINATION_PRICE },
    constraint: getZodConstraint(destinationSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: destinationSchema, disableAutoCoercion: true }),
  });
  const field = (name: "name" | "image" | "price" | "link", label: string, placeholder: string, required: boolean) => (
    <Field
      label={required ? label : `${label} (optional)`}
      controlSize="compact"
      errors={fields[name].errors}
      errorId={fields[name].errorId}
      inputProps={{
        ...getInputProps(fields[name], { type: "text" }),
        placeholder,
        required,
        // Opening a card's form (a page of its own without JavaScript) puts the cursor in it.
        autoFocus: editing && name === "name" ? true : undefined,
      }}
    />
  );
  return (
    <Form
      method="post"
      action={editing ? editDestinationHref(editing.id) : SCREEN}
      className="mt-4 grid gap-4 sm:grid-cols-2"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value={editing ? INTENT.edit : INTENT.add} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      {form.errors?.length ? (
        <FormAlert id={form.errorId} controlSize="compact" className="sm:col-span-2">
          {form.errors[0]}
        </FormAlert>
      ) : null}
      {field("name", "Name", "Stockholm", true)}
      {field("image", "Image URL", "https://… or /images/…", true)}
      {field("price", "Price", DEFAULT_DESTINATION_PRICE, false)}
      {field("link", "Link", "/hotels?destination=stockholm (from the name when empty)", false)}
      <TextareaField
        className="sm:col-span-2"
        label="Description"
        controlSize="compact"
        errors={fields.description.errors}
        errorId={fields.description.errorId}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3, required: true }}
      />
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        {editing ? (
          <>
            <Button type="submit" disabled={busy}>
              Save Changes
            </Button>
            <Link to={SCREEN} className={buttonClassName({ variant: "secondary" })}>
              Cancel
            </Link>
          </>
        ) : (
          <Button type="submit" disabled={busy}>
            Add Destination
          </Button>
        )}
      </div>
    </Form>
  );
}
