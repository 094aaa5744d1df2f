import { sql, type Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
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

/** Messages on one page of the back office's list. */
export const MESSAGES_PAGE_SIZE = 25;

/** One page of stored messages, newest first, and how many there are. */
export async function listContactMessages(page: number, db: DB = getAppDatabase().db) {
  const [messages, count] = await Promise.all([
    db
      .selectFrom("contact_messages")
      .select(["id", "name", "email", "message", "created_at"])
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(MESSAGES_PAGE_SIZE)
      .offset((page - 1) * MESSAGES_PAGE_SIZE)
      .execute(),
    db
      .selectFrom("contact_messages")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { messages, total: count.n };
}

/** Deletes a message; false when it was already gone. */
export async function deleteContactMessage(id: string, db: DB = getAppDatabase().db): Promise<boolean> {
  const deleted = await db.deleteFrom("contact_messages").where("id", "=", id).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

export type ContactSendResult = { sent: true; id: string } | { sent: false; retryAfterSeconds: number };

/**
 * Stores a message unless its sender's address has already sent as many as a person writes
 * in an hour; the message is counted before it is stored, so parallel posts cannot slip past.
 */
export async function sendContactMessage(
  message: ContactMessage,
  address: string | null,
  db: DB = getAppDatabase().db,
): Promise<ContactSendResult> {
  const limit = await takeRateLimit([addressClaim("contact", address, RATE_POLICIES.contactPerAddress)], db);
  if (!limit.allowed) return { sent: false, retryAfterSeconds: limit.retryAfterSeconds };
  return { sent: true, id: await saveContactMessage(message, db) };
}
