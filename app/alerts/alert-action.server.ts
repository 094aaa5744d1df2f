/**
 * The hotel page's post: a visitor asks for a price alert on the hotel, for the stay in the
 * page's address (or without dates). Every post that passes the form's checks gets the same
 * answer — a redirect to the page with "Kolla din e-post" — whether the address is new, already
 * watching, over its own limit or a robot's: nothing tells an outsider who is subscribed.
 */
import { data, type RouterContextProvider } from "react-router";
import { clientAddress } from "#app/auth/request-auth.server.ts";
import { findHotel } from "#app/hotels/hotel-detail.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { isHoneypotFilled } from "#app/http/honeypot.ts";
import { addressClaim, RATE_POLICIES, takeRateLimit } from "#app/http/rate-limit.server.ts";
import { intent } from "#app/utils/action-kit.server.ts";
import { normalizeEmail } from "#app/utils/fold-text.ts";
import { log } from "#app/utils/log.server.ts";
import { hotelPath } from "#app/utils/paths.ts";
import { readStay, todayInSweden, withStay, type Stay } from "#app/utils/stay.ts";
import { ALERT_LIMITED, ALERT_REQUESTED, ALERT_SECTION_ID, alertSchema, type AlertRequest } from "./alert-form.ts";
import { enqueueJob } from "#app/jobs/job-queue.server.ts";
import { sendConfirmationJob } from "./alert-jobs.server.ts";
import { hashToken, savePendingAlert } from "./alerts.server.ts";

/** An e-mail address and a price: anything far bigger is not a person typing. */
const MAX_BODY_BYTES = 16 * 1024;

interface ActionArgs {
  request: Request;
  params: { country?: string; location?: string; slug?: string };
  context: Readonly<RouterContextProvider>;
}

export async function priceAlertAction({ request, params, context }: ActionArgs) {
  const found = await findHotel(params.country ?? "", params.location ?? "", params.slug ?? "");
  const path = found && hotelPath(found.hotel);
  if (!found || !path) throw data(null, { status: 404 });
  const { stay } = readStay(new URL(request.url).searchParams, todayInSweden());
  const requested = () => redirectWithFlash(`${withStay(path, stay)}#${ALERT_SECTION_ID}`, { ...ALERT_REQUESTED });

  const form = await readFormData(request, MAX_BODY_BYTES);
  if (isHoneypotFilled(form)) {
    log.info("price alert honeypot filled; nothing sent");
    return requested();
  }
  const address = clientAddress(context);
  return intent(
    alertSchema,
    async (value, submission) => {
      const limit = await takeRateLimit([addressClaim("price-alert", address, RATE_POLICIES.alertPerAddress)]);
      if (!limit.allowed) {
        return data({ result: submission.reply({ formErrors: [ALERT_LIMITED] }) }, { status: 429 });
      }
      await subscribe(value, found.hotel.id, stay);
      return requested();
    },
    { invalid: (submission) => data({ result: submission.reply() }, { status: 400 }) },
  ).run(form);
}

/** Saves the pending alert and sends its confirmation, unless the address has had its share of mails this hour. */
async function subscribe(value: AlertRequest, hotelId: string, stay: Stay) {
  // The key holds the address's hash: the counter outlives a deleted address by up to a day.
  const perEmail = await takeRateLimit([
    { key: `price-alert:email:${hashToken(normalizeEmail(value.email))}`, policy: RATE_POLICIES.alertPerEmail },
  ]);
  if (!perEmail.allowed) {
    log.warn("price alert confirmations to one address limited", { retryAfterSeconds: perEmail.retryAfterSeconds });
    return;
  }
  // The mail is a job (retried while the SMTP server is away), queued with the alert or neither is
  // kept; the answer is the same either way.
  await savePendingAlert({ email: value.email, target: value.target, hotelId, stay }, (alertId, trx) =>
    enqueueJob(sendConfirmationJob, { alertId }, { db: trx }),
  ).catch((error: unknown) => log.error("price alert not saved", error, { hotelId }));
}
