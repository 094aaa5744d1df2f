/**
 * The price alerts' background work (decision 072): the confirmation mail, the check after an
 * import or a live answer, and the alert mails. Plain functions for now; the job runner of issue
 * 38 point 5 runs them as jobs (retried with backoff) once it is in main.
 */
import type { Kysely } from "kysely";
import { href } from "react-router";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { sendMail } from "#app/mail/mailer.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { log } from "#app/utils/log.server.ts";
import { todayInSweden, withStay } from "#app/utils/stay.ts";
import { confirmationMail, priceAlertMail, type MailLinks } from "./alert-mails.ts";
import { alertDetails, countMail, mintTokens, type AlertDetails, type TokenPurpose } from "./alerts.server.ts";
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
  await sendMail({ to: alert.email, ...mail });
  await countMail("confirm", db);
  return true;
}

/** Sends one alert: the price now, its partner and the hotel page with the stay. */
export async function sendPriceAlert(found: AlertPrice, db: DB = getAppDatabase().db): Promise<boolean> {
  const alert = await alertDetails(found.alertId, db);
  if (!alert || alert.status !== "confirmed" || !alert.hotelPath) return false;
  const partner = await db.selectFrom("partners").select("name").where("id", "=", found.partnerId).executeTakeFirst();
  const { links } = await linksFor(alert, ["unsubscribe", "forget"], db);
  const mail = priceAlertMail(
    subject(alert),
    { price: found.price, partnerName: partner?.name ?? found.partnerId, hotelLink: absolute(withStay(alert.hotelPath, alert.stay)) },
    links,
  );
  await sendMail({ to: alert.email, ...mail });
  await countMail("alert", db);
  return true;
}

/**
 * The check after an import or a live answer: ends alerts whose stay has begun, decides in one
 * statement which confirmed alerts fire, and sends their mails. Returns what it did.
 */
export async function checkAlerts(
  options: { today?: string; send?: (found: AlertPrice) => Promise<unknown> } = {},
  db: DB = getAppDatabase().db,
) {
  const today = options.today ?? todayInSweden();
  const ended = await endStaleAlerts(today, db);
  const due = await claimDueAlerts(today, db);
  const send = options.send ?? ((found: AlertPrice) => sendPriceAlert(found, db));
  let failed = 0;
  for (const found of due) {
    // One address's refusal is no reason not to write to the others.
    await send(found).catch((error: unknown) => {
      failed++;
      log.error("price alert mail not sent", error, { alertId: found.alertId });
    });
  }
  return { ...ended, fired: due.length, failed };
}
