import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { getAppDatabase } from "#app/db/db.server.ts";
import { addressClaim, RATE_POLICIES, takeRateLimit } from "#app/http/rate-limit.server.ts";
import type { ContactMessage } from "#app/contact/contact-form.ts";

type DB = Kysely<Database>;

/** Stores a validated contact-form message; returns its id. */
export async function saveContactMessage(message: ContactMessage, db: DB = getAppDatabase().db): Promise<string> {
  const row = await db
    .insertInto("contact_messages")
    .values({ name: message.name, email: message.email, message: message.message })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export type ContactSendResult = { sent: true; id: string } | { sent: false; retryAfterSeconds: number };

/**
 * Stores a message unless its sender's address has already sent as many as a person writes
 * in an hour; the message is counted before it is stored, so parallel posts cannot slip past.
 */
export async function sendContactMessage(message: ContactMessage, address: string | null, db: DB = getAppDatabase().db): Promise<ContactSendResult> {
  const limit = await takeRateLimit(db, [addressClaim("contact", address, RATE_POLICIES.contactPerAddress)]);
  if (!limit.allowed) return { sent: false, retryAfterSeconds: limit.retryAfterSeconds };
  return { sent: true, id: await saveContactMessage(message, db) };
}
