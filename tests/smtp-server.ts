/**
 * A real SMTP server in the test process (the smtp-server package, on 127.0.0.1 and a free port):
 * the app sends to it over SMTP exactly as it would to a provider, and each message is parsed
 * (mailparser) for the test to read: its headers, text and HTML, and the links in it.
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Header fields by lower-case name, as sent (List-Unsubscribe, List-Unsubscribe-Post…). */
  headers: Map<string, string>;
  /** The links of the plain-text part, in order. */
  links: string[];
  raw: string;
}

export interface TestSmtpServer {
  /** For SMTP_URL. */
  url: string;
  /** Every message received so far, in order. */
  readonly messages: readonly ReceivedMail[];
  /** The next message to `to` not yet taken (waits for it to arrive; fails after a few seconds). */
  next(to: string): Promise<ReceivedMail>;
  /** Messages to `to` received and not yet taken by next(). */
  pending(to: string): ReceivedMail[];
  close(): Promise<void>;
}

function headerText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "text" in value) return String((value as { text: string }).text);
  return JSON.stringify(value);
}

function toReceived(mail: ParsedMail, raw: string): ReceivedMail {
  const headers = new Map<string, string>();
  for (const line of mail.headerLines) headers.set(line.key, line.line.slice(line.line.indexOf(":") + 1).trim());
  const text = mail.text ?? "";
  return {
    to: headerText(mail.to),
    from: headerText(mail.from),
    subject: mail.subject ?? "",
    text,
    html: typeof mail.html === "string" ? mail.html : "",
    headers,
    links: [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]),
    raw,
  };
}

/**
 * How long next() waits for a message the app sends in the background (a job: on a busy machine
 * the queue may hold a dozen before it). Only a failing test waits this long (decision 049).
 */
const WAIT_MS = 60_000;

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiting: Array<{ to: string; resolve: (mail: ReceivedMail) => void }> = [];
  const matches = (mail: ReceivedMail, to: string) => mail.to.toLowerCase().includes(to.toLowerCase());

  const deliver = (mail: ReceivedMail) => {
    messages.push(mail);
    const index = waiting.findIndex((wait) => matches(mail, wait.to));
    if (index >= 0) {
      taken.add(mail);
      waiting.splice(index, 1)[0]!.resolve(mail);
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw)
          .then((mail) => {
            deliver(toReceived(mail, raw));
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    pending: (to) => messages.filter((mail) => !taken.has(mail) && matches(mail, to)),
    next(to) {
      const ready = messages.find((mail) => !taken.has(mail) && matches(mail, to));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const wait = { to, resolve };
        waiting.push(wait);
        setTimeout(() => {
          const index = waiting.indexOf(wait);
          if (index < 0) return;
          waiting.splice(index, 1);
          reject(
            new Error(
              `no e-mail to ${to} within ${WAIT_MS} ms (received: ${messages.map((m) => `${m.to}: ${m.subject}`).join("; ") || "none"})`,
            ),
          );
        }, WAIT_MS).unref();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
