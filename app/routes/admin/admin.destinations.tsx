import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { useIsPending } from "#app/utils/use-is-pending.ts";
import { z } from "#app/utils/zod.ts";
import type { Route } from "./+types/admin.destinations";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import {
  addPopularDestination,
  countHotelsForLink,
  listPopularDestinations,
  movePopularDestination,
  removePopularDestination,
  updatePopularDestination,
  type PopularDestination,
} from "#app/hotels/destinations.server.ts";
import {
  DEFAULT_DESTINATION_PRICE,
  destinationLink,
  destinationSchema,
  LINK_CHECK_FAILED,
  noHotelsMessage,
} from "#app/hotels/destination-form.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { ConfirmDialog, useConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { Field, FormAlert, TextareaField } from "#app/components/ui/forms.tsx";
import { isUuid } from "#app/utils/uuid.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { log } from "#app/utils/log.server.ts";

export function meta() {
  return adminMeta("Popular Destinations");
}

const SCREEN = "/admin/destinations";

/** What the buttons of this screen ask for. */
const INTENT = { add: "add", edit: "edit", remove: "remove", up: "up", down: "down" } as const;
const intentSchema = z.enum([INTENT.add, INTENT.edit, INTENT.remove, INTENT.up, INTENT.down]);

/** The value of the confirmation's hidden field: a removal without it is asked about first. */
const CONFIRMED = "yes";

const editHref = (id: string) => `${SCREEN}?edit=${id}`;
const removeHref = (id: string) => `${SCREEN}?remove=${id}`;

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const destinations = await listPopularDestinations();
  const params = args.url.searchParams;
  // ?edit=<id> opens that card's form in place; ?remove=<id> asks before removing it (how it
  // works without JavaScript; with it the question is a dialog). An id that is gone is ignored.
  const find = (id: string | null) => destinations.find((destination) => destination.id === id) ?? null;
  const removing = find(params.get("remove"));
  return {
    destinations,
    editId: find(params.get("edit"))?.id ?? null,
    removing: removing ? { id: removing.id, name: removing.name } : null,
  };
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  const form = await readFormData(args.request, 16 * 1024);
  const intent = intentSchema.safeParse(form.get("intent"));
  // Only a hand-made post has no known intent: it is refused, and nothing is saved.
  if (!intent.success) throw data(null, { status: 400 });
  switch (intent.data) {
    case INTENT.add:
      return addDestination(form);
    case INTENT.edit:
      return editDestination(form);
    case INTENT.remove:
      return removeDestination(form);
    case INTENT.up:
    case INTENT.down:
      return moveDestination(form, intent.data);
  }
}

/** The form's rules, and on the server one more: a link of this site must lead to hotels. */
const destinationWithHotelsSchema = destinationSchema.superRefine(async (value, ctx) => {
  if (ctx.issues.length) return; // Only an otherwise valid destination is worth a look-up.
  try {
    if ((await countHotelsForLink(destinationLink(value))) === 0)
      ctx.addIssue({ code: "custom", message: noHotelsMessage(value.link), path: ["link"] });
  } catch (error) {
    log.error("destination link check failed", error);
    ctx.addIssue({ code: "custom", message: LINK_CHECK_FAILED, path: ["link"] });
  }
});

const SAVE_FAILED = "Failed to save the destination. Please try again.";

const parseDestination = (form: FormData) =>
  parseWithZod(form, { schema: destinationWithHotelsSchema, async: true, disableAutoCoercion: true });

async function addDestination(form: FormData) {
  const submission = await parseDestination(form);
  if (submission.status !== "success") return data({ intent: INTENT.add, result: submission.reply() }, { status: 400 });
  try {
    await addPopularDestination(submission.value);
  } catch (error) {
    log.error("add destination failed", error);
    return data({ intent: INTENT.add, result: submission.reply({ formErrors: [SAVE_FAILED] }) }, { status: 500 });
  }
  return redirectWithFlash(SCREEN, { title: "Destination added", description: `${submission.value.name} is now on the home page.` });
}

/** A list button's destination: its id, and whether the removal was confirmed. */
const destinationRefSchema = z.object({
  id: z.string().refine(isUuid),
  confirm: z.literal(CONFIRMED).optional().catch(undefined),
});

/** The destination a post names; null when the id is not one. */
function destinationRef(form: FormData) {
  const submission = parseWithZod(form, { schema: destinationRefSchema, disableAutoCoercion: true });
  return submission.status === "success" ? submission.value : null;
}

const unknownDestination = () =>
  redirectWithFlash(SCREEN, { title: "Error", description: "Unknown error occurred", variant: "destructive" });

const alreadyRemoved = () =>
  redirectWithFlash(SCREEN, { title: "Error", description: "That destination was already removed.", variant: "destructive" });

async function editDestination(form: FormData) {
  const ref = destinationRef(form);
  if (!ref) return unknownDestination();
  const submission = await parseDestination(form);
  // The form posts to ?edit=<id>, so the page it answers with shows this card's form again, as typed.
  if (submission.status !== "success") return data({ intent: INTENT.edit, result: submission.reply() }, { status: 400 });
  let name: string | null;
  try {
    name = await updatePopularDestination(ref.id, submission.value);
  } catch (error) {
    log.error("edit destination failed", error);
    return data({ intent: INTENT.edit, result: submission.reply({ formErrors: [SAVE_FAILED] }) }, { status: 500 });
  }
  if (!name) return alreadyRemoved();
  return redirectWithFlash(SCREEN, { title: "Destination saved", description: `The home page shows ${name} as changed.` });
}

async function removeDestination(form: FormData) {
  const ref = destinationRef(form);
  if (!ref) return unknownDestination();
  // Every card is live on the home page: a removal that was not confirmed goes to the question.
  if (ref.confirm !== CONFIRMED) return redirect(removeHref(ref.id));
  const name = await removePopularDestination(ref.id);
  if (!name) return alreadyRemoved();
  return redirectWithFlash(SCREEN, { title: "Destination removed", description: `${name} is no longer on the home page.` });
}

async function moveDestination(form: FormData, direction: "up" | "down") {
  const ref = destinationRef(form);
  if (!ref) return unknownDestination();
  await movePopularDestination(ref.id, direction);
  return redirectWithFlash(SCREEN, { title: "Order saved", description: "The home page shows the destinations in this order." });
}

export default function AdminDestinations({ loaderData, actionData }: Route.ComponentProps) {
  const { destinations, editId, removing } = loaderData;
  const busy = useIsPending();
  const confirmRemoval = useConfirmDialog<{ id: string; name: string }>();
  const resultFor = (intent: "add" | "edit") => (actionData?.intent === intent ? actionData.result : undefined);

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <AdminPageHeader title="Manage Popular Destinations" description="The destination cards of the home page, in the order shown here." />
      <section aria-labelledby="destinations-list">
        <h2 id="destinations-list" className="mb-3 text-lg font-semibold">
          Destinations ({destinations.length})
        </h2>
        {removing ? (
          <section
            role="alertdialog"
            aria-labelledby="remove-heading"
            aria-describedby="remove-text"
            className="mb-4 rounded-lg border border-red-300 bg-red-50 p-5"
          >
            <RemoveQuestion
              destination={removing}
              busy={busy}
              cancel={
                <Link to={SCREEN} className={buttonClassName({ variant: "secondary" })}>
                  Cancel
                </Link>
              }
            />
          </section>
        ) : null}
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
                    <Link to={editHref(destination.id)} className={buttonClassName({ variant: "secondary", size: "sm" })}>
                      Edit<span className="sr-only"> {destination.name}</span>
                    </Link>
                    <Link
                      to={removeHref(destination.id)}
                      onClick={confirmRemoval.ask({ id: destination.id, name: destination.name })}
                      className={buttonClassName({ variant: "danger", size: "sm" })}
                    >
                      Remove<span className="sr-only"> {destination.name}</span>
                    </Link>
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

      <ConfirmDialog confirm={confirmRemoval} labelledBy="remove-heading" describedBy="remove-text">
        {(destination) => (
          <RemoveQuestion
            destination={destination}
            busy={busy}
            onSubmit={confirmRemoval.close}
            cancel={
              <Button type="button" variant="secondary" onClick={confirmRemoval.close}>
                Cancel
              </Button>
            }
          />
        )}
      </ConfirmDialog>
    </div>
  );
}

/** Asks before a card leaves the home page; its button posts the confirmed removal. */
function RemoveQuestion({
  destination,
  busy,
  cancel,
  onSubmit,
}: {
  destination: { id: string; name: string };
  busy: boolean;
  cancel: React.ReactNode;
  onSubmit?: () => void;
}) {
  return (
    <>
      <h2 id="remove-heading" className="text-lg font-semibold">
        Remove {destination.name}?
      </h2>
      <p id="remove-text" className="mt-1 text-sm">
        This card is live on the home page. Removing it takes it off the home page at once, and it cannot be undone.
      </p>
      <Form method="post" action={SCREEN} className="mt-4 flex gap-3" onSubmit={onSubmit}>
        <input type="hidden" name="id" value={destination.id} />
        <input type="hidden" name="confirm" value={CONFIRMED} />
        {cancel}
        <Button type="submit" name="intent" value={INTENT.remove} disabled={busy} variant="danger">
          Yes, remove
        </Button>
      </Form>
    </>
  );
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
    <Form method="post" action={editing ? editHref(editing.id) : SCREEN} className="mt-4 grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
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
