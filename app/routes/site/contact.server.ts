import { data, href } from "react-router";
import type { Route } from "./+types/contact";
import { readFormData } from "#app/http/form-data.server.ts";
import { sendContactMessage } from "#app/contact/messages.server.ts";
import { CONTACT_THANKS, contactSchema, type ContactMessage } from "#app/contact/contact-form.ts";
import { isHoneypotFilled } from "#app/http/honeypot.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { log } from "#app/utils/log.server.ts";
import { clientAddress } from "#app/auth/request-auth.server.ts";
import { intent, type IntentSubmission } from "#app/utils/action-kit.server.ts";

/** A message is at most 5,000 characters; anything far bigger is not a person typing. */
const MAX_BODY_BYTES = 64 * 1024;

/** Shown when one address has sent more messages than a person writes. */
export const CONTACT_LIMITED = "Du har skickat flera meddelanden på kort tid. Vänta en stund och försök igen.";

const thanks = () => redirectWithFlash(href("/contact"), { ...CONTACT_THANKS });

/** The form's one intent: store the message (within the address's limit) and thank the sender on a fresh page. */
function send(address: string | null) {
  return intent(
    contactSchema,
    async (message: ContactMessage, submission: IntentSubmission<typeof contactSchema>) => {
      const outcome = await sendContactMessage(message, address);
      if (outcome.sent) return thanks();
      log.warn("contact form rate limited", { retryAfterSeconds: outcome.retryAfterSeconds });
      return data(
        { result: submission.reply({ formErrors: [CONTACT_LIMITED] }) },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    },
    // The fields' errors go back to the form, which shows them beside the fields.
    { invalid: (submission) => data({ result: submission.reply() }, { status: 400 }) },
  );
}

/** The contact form's post: a robot filling the honeypot gets the same thanks as a person, and nothing is stored. */
export async function contactAction({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request, MAX_BODY_BYTES);
  if (isHoneypotFilled(form)) {
    log.info("contact form honeypot filled; message dropped");
    return thanks();
  }
  return send(clientAddress(context)).run(form);
}
