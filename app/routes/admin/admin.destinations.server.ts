import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { DESTINATION_INTENT as INTENT, destinationsHref, removeDestinationHref } from "#app/admin/destination-cards.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { destinationLink, destinationSchema, LINK_CHECK_FAILED, noHotelsMessage } from "#app/hotels/destination-form.ts";
import {
  addPopularDestination,
  countHotelsForLink,
  listPopularDestinations,
  movePopularDestination,
  removePopularDestination,
  updatePopularDestination,
} from "#app/hotels/destinations.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { confirmedField } from "#app/utils/action-fields.ts";
import { askFirst, dispatchIntent, intent } from "#app/utils/action-kit.server.ts";
import { log } from "#app/utils/log.server.ts";
import { isUuid } from "#app/utils/uuid.ts";
import { z } from "#app/utils/zod.ts";

export async function loadDestinations(args: LoaderFunctionArgs) {
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

/** A list button's destination: its id, and whether the removal was confirmed. */
const destinationRefSchema = z.object({
  id: z.string().refine(isUuid),
  confirm: confirmedField,
});
type DestinationRef = z.infer<typeof destinationRefSchema>;

export async function destinationsAction(args: ActionFunctionArgs) {
  await requireAdmin(args);
  const form = await readFormData(args.request, 16 * 1024);
  return dispatchIntent(form, {
    [INTENT.add]: intent(z.object({}), (_, __, form) => addDestination(form)),
    [INTENT.edit]: intent(destinationRefSchema, (ref, _, form) => editDestination(ref, form)),
    [INTENT.remove]: intent(destinationRefSchema, removeDestination),
    [INTENT.up]: intent(destinationRefSchema, (ref) => moveDestination(ref, "up")),
    [INTENT.down]: intent(destinationRefSchema, (ref) => moveDestination(ref, "down")),
  });
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
  return redirectWithFlash(destinationsHref(), {
    title: "Destination added",
    description: `${submission.value.name} is now on the home page.`,
  });
}

const alreadyRemoved = () =>
  redirectWithFlash(destinationsHref(), { title: "Error", description: "That destination was already removed.", variant: "destructive" });

async function editDestination(ref: DestinationRef, form: FormData) {
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
  return redirectWithFlash(destinationsHref(), { title: "Destination saved", description: `The home page shows ${name} as changed.` });
}

async function removeDestination(ref: DestinationRef) {
  // Every card is live on the home page: a removal that was not confirmed goes to the question.
  const ask = askFirst(ref.confirm, removeDestinationHref(ref.id));
  if (ask) return ask;
  const name = await removePopularDestination(ref.id);
  if (!name) return alreadyRemoved();
  return redirectWithFlash(destinationsHref(), { title: "Destination removed", description: `${name} is no longer on the home page.` });
}

async function moveDestination(ref: DestinationRef, direction: "up" | "down") {
  await movePopularDestination(ref.id, direction);
  return redirectWithFlash(destinationsHref(), {
    title: "Order saved",
    description: "The home page shows the destinations in this order.",
  });
}
