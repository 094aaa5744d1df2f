/**
 * The price alerts' background work (decision 072): the confirmation mail, the check after an
 * import or a live answer, and the alert mails, as plain functions and as jobs of the job runner
 * (decision 071: retried with backoff, each on one server).
 */
import type { Kysely } from "kysely";
import { z } from "zod";
import { defineJob, enqueueJob } from "#app/jobs/job-queue.server.ts";
import { href } from "react-router";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { sendMail } from "#app/mail/mailer.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { log } from "#app/utils/log.server.ts";
import { todayInSweden, withStay } from "#app/utils/stay.ts";
import { confirmationMail, priceAlertMail, type MailLinks } from "./alert-mails.ts";
import {
  alertDetails,
  alertDetailsOf,
  countMail,
  mintTokens,
  mintTokensFor,
  type AlertDetails,
  type TokenPurpose,
} from "./alerts.server.ts";
import { claimDueAlerts, endStaleAlerts } from "./alert-check.server.ts";
import type { AlertPrice } from "./alert-prices.server.ts";

type DB = Kysely<Database>;

/** An absolute link to this site (mail is read elsewhere): SITE_URL, as the sitemap and canonical links use it. */
const absolute = (path: string) => new URL(path, getEnv().SITE_URL).href;

/** The page a mail's token opens: confirm, end the alert (RFC 8058's one-click POST goes here too) or delete the address. */
export const tokenLink = (token: string) => absolute(`${href("/bevakning")}?token=${token}`);

async function linksFor(alert: AlertDetails, purposes: TokenPurpose[], db: DB) {
  const tokens = await mintTokens({ subscriberId: alert.subscriberId, alertId: alert.id }, purposes, db);
  const links: MailLinks = { unsubscribe: tokenLink(tokens.unsubscribe), forget: tokenLink(tokens.forget) };
  return { tokens, links };
}

const subject = (alert: AlertDetails) => ({
  hotelName: alert.hotelName,
  stay: alert.stay,
  targetPrice: alert.targetPrice,
  siteName: getEnv().SITE_NAME,
});

/** Sends the double opt-in mail of a pending alert; nothing when it is gone or already confirmed. */
export async function sendConfirmation(alertId: string, db: DB = getAppDatabase().db): Promise<boolean> {
  const alert = await alertDetails(alertId, db);
  if (!alert || alert.status !== "pending") return false;
  const { tokens, links } = await linksFor(alert, ["confirm", "unsubscribe", "forget"], db);
  const mail = confirmationMail(subject(alert), tokenLink(tokens.confirm), links);
  await sendMail({ to: alert.email, ...mail }).catch((error: unknown) => {
    throw withoutAddress(error);
  });
  // The mail is out: a failed count must not make the job send it again.
  await countMail("confirm", db).catch((error: unknown) => log.error("price alert mail not counted", error));
  return true;
}

/**
 * An SMTP refusal quotes the recipient (`550 5.1.1 <name@example.se> …`); what a job keeps and the
 * log shows are the codes only, since the back office sees no addresses (decision 072).
 */
function withoutAddress(error: unknown): Error {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return new Error(`mail not sent (${[code, responseCode].filter((part) => part !== undefined).join(" ") || "unknown error"})`);
}

/** How many alert mails are prepared together (their details, partners and tokens in one query each). */
export const MAIL_BATCH = 200;

/**
 * Sends alerts: each the price now, its partner and the hotel page with the stay. The data of the
 * whole batch is read, and its links' tokens stored, in one query each; then each mail goes out on
 * its own; one address's refusal is no reason not to write to the others. Returns how many went out and failed.
 */
export async function sendPriceAlerts(
  batch: readonly AlertPrice[],
  db: DB = getAppDatabase().db,
): Promise<{ sent: number; failed: number }> {
  const details = new Map(
    (
      await alertDetailsOf(
        batch.map((found) => found.alertId),
        db,
      )
    ).map((alert) => [alert.id, alert]),
  );
  const sendable = batch.flatMap((found) => {
    const alert = details.get(found.alertId);
    return alert && alert.status === "confirmed" && alert.hotelPath ? [{ found, alert, hotelPath: alert.hotelPath }] : [];
  });
  if (!sendable.length) return { sent: 0, failed: 0 };
  const partnerIds = [...new Set(sendable.map(({ found }) => found.partnerId))];
  const partners = new Map(
    (await db.selectFrom("partners").select(["id", "name"]).where("id", "in", partnerIds).execute()).map((row) => [row.id, row.name]),
  );
  const tokens = await mintTokensFor(
    sendable.map(({ alert }) => ({ subscriberId: alert.subscriberId, alertId: alert.id })),
    ["unsubscribe", "forget"],
    db,
  );
  let sent = 0;
  for (const [index, { found, alert, hotelPath }] of sendable.entries()) {
    const mail = priceAlertMail(
      subject(alert),
      {
        price: found.price,
        partnerName: partners.get(found.partnerId) ?? found.partnerId,
        hotelLink: absolute(withStay(hotelPath, alert.stay)),
      },
      { unsubscribe: tokenLink(tokens[index]!.unsubscribe), forget: tokenLink(tokens[index]!.forget) },
    );
    await sendMail({ to: alert.email, ...mail }).then(
      () => sent++,
      (error: unknown) => log.error("price alert mail not sent", withoutAddress(error), { alertId: alert.id }),
    );
  }
  await countMail("alert", db, sent).catch((error: unknown) => log.error("price alert mails not counted", error));
  return { sent, failed: sendable.length - sent };
}

/**
 * The check after an import or a live answer: ends alerts whose stay has begun, decides in one
 * statement which confirmed alerts fire, and sends their mails. Returns what it did.
 */
export async function checkAlerts(
  options: { today?: string; send?: (batch: AlertPrice[]) => Promise<unknown>; rethrow?: boolean } = {},
  db: DB = getAppDatabase().db,
) {
  const today = options.today ?? todayInSweden();
  const ended = await endStaleAlerts(today, db);
  const due = await claimDueAlerts(today, db);
  const send = options.send ?? ((batch: AlertPrice[]) => sendPriceAlerts(batch, db));
  let failed = 0;
  for (let start = 0; start < due.length; start += MAIL_BATCH) {
    const batch = due.slice(start, start + MAIL_BATCH);
    // A batch that fails as a whole (the database away) is no reason not to try the others.
    await send(batch).then(
      (outcome) => (failed += (outcome as { failed?: number } | undefined)?.failed ?? 0),
      (error: unknown) => {
        if (options.rethrow) throw error;
        failed += batch.length;
        log.error("price alert mails not sent", error, { alerts: batch.length });
      },
    );
  }
  return { ...ended, fired: due.length, failed };
}

/** The double opt-in mail of a pending alert, after the form's post. */
export const sendConfirmationJob = defineJob({
  name: "alerts.send-confirmation",
  schema: z.object({ alertId: z.uuid() }),
  run: async ({ alertId }) => void (await sendConfirmation(alertId)),
});

const alertPrice = z.object({ alertId: z.uuid(), price: z.number().positive(), partnerId: z.string().min(1) });

/** A batch of alert mails. A batch of which nothing went out (the SMTP server away) is retried; one bad address is only logged. */
export const sendAlertsJob = defineJob({
  name: "alerts.send-alerts",
  schema: z.object({ alerts: z.array(alertPrice).min(1).max(MAIL_BATCH) }),
  run: async ({ alerts }) => {
    const { sent, failed } = await sendPriceAlerts(alerts);
    if (sent === 0 && failed > 0) throw new Error(`none of ${failed} price alert mails could be sent`);
  },
});

/**
 * The check: after every import and stored live answer (one queued at a time: checks in a row
 * collapse into one), and daily, so alerts whose stay has begun end without an import. Its mails
 * are jobs of their own, a batch each.
 */
export const checkAlertsJob = defineJob({
  name: "alerts.check",
  schema: z.object({}),
  // One waiting beside the running one: an import that lands while a check reads prices is checked again.
  policy: "stately",
  schedule: "20 5 * * *",
  run: async () => {
    // The alerts marked sent and their mails' jobs commit together: a fired alert is never left unmailed.
    const outcome = await getAppDatabase()
      .db.transaction()
      .execute((trx) => checkAlerts({ send: (batch) => enqueueJob(sendAlertsJob, { alerts: batch }, { db: trx }), rethrow: true }, trx));
    if (outcome.fired || outcome.pastAlerts || outcome.unconfirmedAlerts) log.info("price alerts checked", outcome);
  },
});

/** Enqueues the check after prices changed: at once after an import, a minute later after a live answer (a page view each). */
export function enqueueAlertCheck(source: "import" | "live") {
  return enqueueJob(checkAlertsJob, {}, { singletonKey: "alerts.check", ...(source === "live" ? { startAfter: 60 } : {}) });
}

/** Every job of the price alerts, for the runner (app/operations/job-registry.server.ts). */
export const alertJobs = [sendConfirmationJob, sendAlertsJob, checkAlertsJob];
