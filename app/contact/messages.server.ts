import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import type { ContactMessage } from "#app/contact/contact-form.ts";

/** Stores a validated contact-form message; returns its id. */
export async function saveContactMessage(db: Kysely<Database>, message: ContactMessage): Promise<string> {
  const row = await db
    .insertInto("contact_messages")
    .values({ name: message.name, email: message.email, message: message.message })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
