import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
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
} from "#app/hotels/destinations.server.ts";
import {
  DEFAULT_DESTINATION_PRICE,
  destinationLink,
  destinationSchema,
  LINK_CHECK_FAILED,
  noHotelsMessage,
} from "#app/hotels/destination-form.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
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
const INTENT = { add: "add", remove: "remove", up: "up", down: "down" } as const;
const intentSchema = z.enum([INTENT.add, INTENT.remove, INTENT.up, INTENT.down]);

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { destinations: await listPopularDestinations() };
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

async function addDestination(form: FormData) {
  const submission = await parseWithZod(form, { schema: destinationWithHotelsSchema, async: true, disableAutoCoercion: true });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await addPopularDestination(submission.value);
  } catch (error) {
    log.error("add destination failed", error);
    return data({ result: submission.reply({ formErrors: ["Failed to save the destination. Please try again."] }) }, { status: 500 });
  }
  return redirectWithFlash(SCREEN, { title: "Destination added", description: `${submission.value.name} is now on the home page.` });
}

/** The destination a list button names; null when the id is not one. */
function destinationId(form: FormData): string | null {
  const id = form.get("id");
  return typeof id === "string" && isUuid(id) ? id : null;
}

const unknownDestination = () =>
  redirectWithFlash(SCREEN, { title: "Error", description: "Unknown error occurred", variant: "destructive" });

async function removeDestination(form: FormData) {
  const id = destinationId(form);
  if (!id) return unknownDestination();
  const name = await removePopularDestination(id);
  return redirectWithFlash(
    SCREEN,
    name
      ? { title: "Destination removed", description: `${name} is no longer on the home page.` }
      : { title: "Error", description: "That destination was already removed.", variant: "destructive" },
  );
}

async function moveDestination(form: FormData, direction: "up" | "down") {
  const id = destinationId(form);
  if (!id) return unknownDestination();
  await movePopularDestination(id, direction);
  return redirectWithFlash(SCREEN, { title: "Order saved", description: "The home page shows the destinations in this order." });
}

export default function AdminDestinations({ loaderData, actionData }: Route.ComponentProps) {
  const { destinations } = loaderData;
  const busy = useNavigation().state === "submitting";

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <AdminPageHeader title="Manage Popular Destinations" description="The destination cards of the home page, in the order shown here." />
      <section aria-labelledby="destinations-list">
        <h2 id="destinations-list" className="mb-3 text-lg font-semibold">
          Destinations ({destinations.length})
        </h2>
        {destinations.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-muted">
            No destinations yet: the home page hides the section until you add one.
          </p>
        ) : (
          <ol className="space-y-3">
            {destinations.map((destination, index) => (
              <li key={destination.id} className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-3">
                <img src={destination.image} alt="" width={96} height={64} className="h-16 w-24 rounded object-cover" loading="lazy" />
                <div className="min-w-48 flex-1">
                  <p className="font-semibold">{destination.name}</p>
                  <p className="text-sm text-muted">{destination.description}</p>
                  <p className="text-sm">
                    {destination.priceText} · <span className="font-mono text-xs">{destination.link}</span>
                  </p>
                </div>
                <Form method="post" className="flex gap-2">
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
                  <Button
                    name="intent"
                    value={INTENT.remove}
                    variant="danger"
                    size="sm"
                    disabled={busy}
                    aria-label={`Remove ${destination.name}`}
                  >
                    Remove
                  </Button>
                </Form>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="destinations-add" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="destinations-add" className="text-lg font-semibold">
          Add New Destination
        </h2>
        {/* After a successful add (a redirect, so no result) the form starts empty again. */}
        <AddDestinationForm key={actionData?.result ? "retry" : "fresh"} lastResult={actionData?.result} busy={busy} />
      </section>
    </div>
  );
}

function AddDestinationForm({ lastResult, busy }: { lastResult: SubmissionResult<string[]> | undefined; busy: boolean }) {
  const [form, fields] = useForm({
    id: "destination",
    lastResult,
    defaultValue: { price: DEFAULT_DESTINATION_PRICE },
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
      inputProps={{ ...getInputProps(fields[name], { type: "text" }), placeholder, required }}
    />
  );
  return (
    <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={INTENT.add} />
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
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          Add Destination
        </Button>
      </div>
    </Form>
  );
}
