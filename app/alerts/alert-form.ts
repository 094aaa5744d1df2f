/**
 * The price alert form on a hotel page: its fields, limits and Swedish messages. Shared by the
 * hotel page's action and the browser, so both judge a post the same way. No I/O.
 */
import { z } from "#app/utils/zod.ts";

export const ALERT_LIMITS = { emailMax: 254, targetMax: 1_000_000 } as const;

/** Where the form sits on the hotel page (the answer brings the visitor back to it). */
export const ALERT_SECTION_ID = "prisbevakning";

const text = z.preprocess((value) => (typeof value === "string" ? value : ""), z.string().trim());

export const alertSchema = z.object({
  email: text
    .refine((value) => value !== "", "Ange din e-postadress.")
    .refine((value) => value.length <= ALERT_LIMITS.emailMax, `E-postadressen får vara högst ${ALERT_LIMITS.emailMax} tecken.`)
    .refine(
      (value) => value === "" || value.length > ALERT_LIMITS.emailMax || z.email().safeParse(value).success,
      "Ange en giltig e-postadress, till exempel namn@exempel.se.",
    ),
  // Whole kronor; spaces (1 500) are how a Swede may type it.
  target: text
    .transform((value) => value.replace(/[\s\u00a0]/g, "").replace(/kr$/i, ""))
    .refine((value) => value === "" || /^\d+$/.test(value), "Ange målpriset i hela kronor, till exempel 1500.")
    .transform((value) => (value === "" ? null : Number(value)))
    .refine(
      (value) => value === null || (value >= 1 && value <= ALERT_LIMITS.targetMax),
      "Målpriset måste vara mellan 1 och 1 000 000 kr.",
    ),
});

export type AlertRequest = z.infer<typeof alertSchema>;

/**
 * What every post of the form is told, whether the address is new, already watching this hotel,
 * over its limit or a robot's: an outsider learns nothing about who is subscribed.
 */
export const ALERT_REQUESTED = {
  title: "Kolla din e-post",
  description: "Om adressen kan ta emot e-post har vi skickat en länk. Bevakningen börjar när du har bekräftat den.",
} as const;

/** Shown when one client address has asked for more alerts than a person does. */
export const ALERT_LIMITED = "Du har bett om många bevakningar på kort tid. Vänta en stund och försök igen.";
