/**
 * The contact form (/contact): its fields, limits and Swedish messages. Shared by the
 * server action and the browser, so both judge a message the same way. No I/O.
 */
import { z } from "#app/utils/zod.ts";

export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  messageMin: 10,
  messageMax: 5000,
} as const;

/** 5,000 written the Swedish way (a no-break space groups the thousands), the same on server and browser. */
export const MESSAGE_MAX_TEXT = "5\u00a0000";

export const CONTACT_FIELDS = ["name", "email", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Characters as PostgreSQL's char_length counts them (code points, not UTF-16 units). */
const chars = (value: string) => Array.from(value).length;

// Form values arrive as strings, or as nothing at all when a field is missing from the post.
const text = z.preprocess((value) => (typeof value === "string" ? value : ""), z.string().trim());

export const contactSchema = z.object({
  name: text
    .refine((value) => value !== "", "Ange ditt namn.")
    .refine((value) => chars(value) <= CONTACT_LIMITS.nameMax, `Namnet får vara högst ${CONTACT_LIMITS.nameMax} tecken.`),
  email: text
    .refine((value) => value !== "", "Ange din e-postadress.")
    .refine((value) => chars(value) <= CONTACT_LIMITS.emailMax, `E-postadressen får vara högst ${CONTACT_LIMITS.emailMax} tecken.`)
    .refine(
      (value) => value === "" || chars(value) > CONTACT_LIMITS.emailMax || z.email().safeParse(value).success,
      "Ange en giltig e-postadress, till exempel namn@exempel.se.",
    ),
  message: text
    .refine((value) => value !== "", "Skriv ditt meddelande.")
    .refine(
      (value) => value === "" || chars(value) >= CONTACT_LIMITS.messageMin,
      `Meddelandet måste vara minst ${CONTACT_LIMITS.messageMin} tecken.`,
    )
    .refine((value) => chars(value) <= CONTACT_LIMITS.messageMax, `Meddelandet får vara högst ${MESSAGE_MAX_TEXT} tecken.`),
});

export type ContactMessage = z.infer<typeof contactSchema>;

/** The flash message after a message is sent (or after a robot thinks it was). */
export const CONTACT_THANKS = {
  title: "Tack för ditt meddelande",
  description: "Vi svarar så snart vi kan.",
} as const;
