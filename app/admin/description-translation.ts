/**
 * The translation form of /admin/rewrite: which button was pressed (translate with AI, save,
 * revert) and what each needs. The same schema checks the form in the browser and the post on
 * the server. Pure; shared by the screen and its action.
 */
import { z } from "#app/utils/zod.ts";
import { stripTrailingPeriod } from "#app/utils/fold-text.ts";

/** A translated description is a few thousand characters at most. */
export const MAX_TRANSLATION = 20_000;

/** What the screen's buttons ask for. */
export const TRANSLATION_INTENT = { translate: "translate", save: "save", revert: "revert" } as const;

export const translationIntentSchema = z.enum([TRANSLATION_INTENT.translate, TRANSLATION_INTENT.save, TRANSLATION_INTENT.revert]);

/** The messages the spec gives the back office for this form. */
export const TRANSLATION_MESSAGES = {
  enterId: "Please enter a hotel ID",
  missing: "Missing hotel ID or translated description",
  tooLong: `The translation may be at most ${MAX_TRANSLATION.toLocaleString("en-GB")} characters`,
} as const;

/**
 * The hotel a form of the rewrite screen names (translate, save, revert): an id as pasted,
 * where spaces around it and a sentence's full stop after it do not count.
 */
export const rewriteHotelId = z.preprocess(
  (value) => (typeof value === "string" ? stripTrailingPeriod(value) : value),
  z.string({ error: TRANSLATION_MESSAGES.enterId }).min(1, TRANSLATION_MESSAGES.enterId).max(200, TRANSLATION_MESSAGES.enterId),
);

const translation = z.string().max(MAX_TRANSLATION, TRANSLATION_MESSAGES.tooLong);

/** "Translate with AI": the hotel; the box's text is only given back if the translation fails. */
export const translateSchema = z.object({
  intent: z.literal(TRANSLATION_INTENT.translate),
  hotel_id: rewriteHotelId,
  translation: translation.optional(),
});

/** "Save Translation": the hotel and a text that is not blank. */
export const saveTranslationSchema = z.object({
  intent: z.literal(TRANSLATION_INTENT.save),
  hotel_id: rewriteHotelId,
  translation: z
    .string({ error: TRANSLATION_MESSAGES.missing })
    .trim()
    .min(1, TRANSLATION_MESSAGES.missing)
    .max(MAX_TRANSLATION, TRANSLATION_MESSAGES.tooLong),
});

/** What the browser checks before posting: the button pressed decides which rules apply. */
export const translationFormSchema = z.discriminatedUnion("intent", [translateSchema, saveTranslationSchema]);
