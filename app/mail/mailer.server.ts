/**
 * The site's outgoing e-mail (decision 072): over SMTP with nodemailer when SMTP_URL and MAIL_FROM
 * are set; otherwise each message is written, exactly as it would have been sent (RFC 822, by
 * nodemailer's stream transport), as an .eml file to DATA_DIR/outbox/, where any mail program
 * opens it. The features write the words; this module only delivers.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "#app/utils/env.server.ts";
import { log } from "#app/utils/log.server.ts";

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part (the same content). */
  html: string;
  /** Extra header fields, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

type Delivery =
  { kind: "smtp"; from: string; transport: Transporter } | { kind: "outbox"; from: string; directory: string; transport: Transporter };

let delivery: Delivery | undefined;

/** The folder unsent mail is written to when no SMTP server is configured. */
export const outboxDirectory = () => path.resolve(getEnv().DATA_DIR, "outbox");

function openDelivery(): Delivery {
  const env = getEnv();
  if (env.SMTP_URL && env.MAIL_FROM) {
    return { kind: "smtp", from: env.MAIL_FROM, transport: nodemailer.createTransport(env.SMTP_URL) };
  }
  // No sender configured: the site's own name at its own host, as the file says who it is from.
  const from = `${env.SITE_NAME} <noreply@${new URL(env.SITE_URL).hostname}>`;
  return {
    kind: "outbox",
    from,
    directory: outboxDirectory(),
    transport: nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
  };
}

function currentDelivery(): Delivery {
  delivery ??= openDelivery();
  return delivery;
}

/** Says once, at start-up, where mail goes: the SMTP host, or the outbox folder (never the password). */
export function logMailDelivery(): void {
  const current = currentDelivery();
  if (current.kind === "smtp") log.info("e-mail is sent over SMTP", { host: new URL(getEnv().SMTP_URL!).host });
  else log.info("no SMTP_URL: e-mail is written to files, not sent", { outbox: current.directory });
}

/** Sends one message (or writes it to the outbox); returns its Message-ID. Throws when the SMTP server refuses it. */
export async function sendMail(message: MailMessage): Promise<string> {
  const current = currentDelivery();
  const info = await current.transport.sendMail({
    from: current.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
  });
  if (current.kind === "outbox") {
    await fs.mkdir(current.directory, { recursive: true });
    // Time first, so the folder lists the messages in the order they were written.
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`;
    await fs.writeFile(path.join(current.directory, name), info.message as Buffer);
  }
  return info.messageId;
}

/** Closes the SMTP connections (shutdown). */
export function closeMail(): void {
  delivery?.transport.close();
  delivery = undefined;
}
