import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { notReady, type Readiness } from "#app/utils/readiness.ts";
import { revertPath, revertSchema, rewritePath } from "#app/admin/description-revert.ts";
import {
  MAX_TRANSLATION,
  saveTranslationSchema,
  TRANSLATION_INTENT,
  TRANSLATION_MESSAGES,
  translateSchema,
} from "#app/admin/description-translation.ts";
import { findHotelsForRewrite } from "#app/admin/hotel-table-rows.server.ts";
import { AiNotSupportedError, hotelTextOf } from "#app/ai/engine.server.ts";
import { aiEngineInfo, aiReadiness, translateDescription } from "#app/ai/service.server.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { findHotelText, revertToOriginalDescription, saveRewrittenText } from "#app/hotels/hotel-detail.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { askFirst, dispatchIntent, intent, type IntentSubmission } from "#app/utils/action-kit.server.ts";
import { log } from "#app/utils/log.server.ts";
import type { z } from "#app/utils/zod.ts";
import { stripTrailingPeriod, withoutControlChars } from "#app/utils/fold-text.ts";

const REWRITE_MESSAGES = {
  enterId: TRANSLATION_MESSAGES.enterId,
  notFoundTitle: "Not found",
  notFound: "No hotel found with this ID",
  found: "Hotel found",
  noDescription: "No description to translate",
  saved: "Translated description saved successfully",
  saveFailed: "Failed to save translation",
  searchFailed: "Failed to search hotel",
  translateFailed: "The translation failed. Please try again.",
  revertFailed: "Failed to revert the description. Please try again.",
} as const;

/** Nothing matched the typed text as an id, a name or a place. */
const noMatch = (query: string) => `No hotel found with this ID, and none whose name or place contains “${query}”.`;

type Status = { kind: "ok" | "error"; title?: string; text: string } | null;
const problem = (text: string, title?: string): Status => ({ kind: "error", text, title });

/**
 * Whether "Translate with AI" can run for this hotel: a provider translates the English
 * description, so a hotel without one has nothing for it; the local engine writes from the
 * facts and always can.
 */
function translateReadiness(hotel: { description: string | null }): Readiness {
  const engine = aiEngineInfo();
  if (engine.translates && !hotel.description?.trim())
    return notReady(
      `${REWRITE_MESSAGES.noDescription}: this hotel has no English description for the provider to translate. Write the Swedish text by hand and save it, or add a description to the hotel's partner feed.`,
    );
  return aiReadiness();
}

/**
 * The screen for the typed text: the hotel whose id it is opens directly (any case); otherwise
 * the hotels whose name or place contains it are listed to choose from.
 */
export async function loadRewrite(args: LoaderFunctionArgs) {
  await requireAdmin(args);
  const engine = aiEngineInfo();
  const raw = args.url.searchParams.get("hotel");
  const empty = { engine, hotel: null, matches: null, more: false, translate: null, status: null as Status };
  if (raw === null) return { ...empty, query: "" };
  const query = stripTrailingPeriod(withoutControlChars(raw).trim()).slice(0, 200);
  if (!query) return { ...empty, query, status: problem(REWRITE_MESSAGES.enterId) };
  try {
    const found = await findHotelsForRewrite(query);
    if ("matches" in found) {
      if (found.matches.length === 0) return { ...empty, query, status: problem(noMatch(query), REWRITE_MESSAGES.notFoundTitle) };
      return { ...empty, query, matches: found.matches, more: found.more };
    }
    const hotel = await findHotelText(found.exact);
    if (!hotel) return { ...empty, query, status: problem(noMatch(query), REWRITE_MESSAGES.notFoundTitle) };
    return { ...empty, query, hotel, translate: translateReadiness(hotel), status: { kind: "ok", text: REWRITE_MESSAGES.found } as Status };
  } catch (error) {
    log.error("admin rewrite search failed", error);
    return { ...empty, query, status: problem(REWRITE_MESSAGES.searchFailed) };
  }
}

export async function rewriteAction(args: ActionFunctionArgs) {
  await requireAdmin(args);
  // A whole translation of non-ASCII letters, percent-encoded (up to 9 bytes a character), fits.
  const form = await readFormData(args.request, MAX_TRANSLATION * 9 + 16 * 1024);
  // A refused translation or save answers conform's reply: the field's error, and what was typed.
  const invalid = (submission: { reply: () => SubmissionResult<string[]> }) => answer(submission.reply(), null, 400);
  return dispatchIntent(form, {
    [TRANSLATION_INTENT.translate]: intent(translateSchema, (value, submission) => translate(value, submission), { invalid }),
    [TRANSLATION_INTENT.save]: intent(saveTranslationSchema, (value, submission) => save(value, submission), { invalid }),
    [TRANSLATION_INTENT.revert]: intent(revertSchema, revert, { invalid: () => refused(REWRITE_MESSAGES.enterId, 400) }),
  });
}

/**
 * The screen again: conform's reply to the translation form (its errors, and what was typed,
 * which the box shows again), or a new text for the box (a translation) with no reply.
 */
function answer(result: SubmissionResult<string[]> | undefined, translation: string | null, status: number) {
  return data({ result, translation }, { status });
}

/**
 * A refusal of a revert, shown on the translation form as a whole. Its question is a form of its
 * own, so no typed values come back: the form keeps its hotel and the stored text.
 */
function refused(message: string, status: number) {
  return answer({ status: "error", error: { "": [message] } }, null, status);
}

async function translate(value: z.output<typeof translateSchema>, submission: IntentSubmission<typeof translateSchema>) {
  const refuse = (message: string, status: number) => answer(submission.reply({ formErrors: [message] }), null, status);
  const hotel = await findHotelText(value.hotel_id);
  if (!hotel) return refuse(REWRITE_MESSAGES.notFound, 404);
  // Refused with the words the disabled button shows.
  const readiness = translateReadiness(hotel);
  if (!readiness.ready) return refuse(readiness.reason, 400);
  try {
    return answer(undefined, await translateDescription(hotelTextOf(hotel)), 200);
  } catch (error) {
    if (error instanceof AiNotSupportedError) return refuse(error.message, 400);
    log.error("admin translate failed", error, { hotelId: hotel.hotel_id });
    return refuse(REWRITE_MESSAGES.translateFailed, 503);
  }
}

async function save(
  { hotel_id: hotelId, translation }: z.output<typeof saveTranslationSchema>,
  submission: IntentSubmission<typeof saveTranslationSchema>,
) {
  try {
    if (!(await saveRewrittenText(hotelId, translation)))
      return answer(submission.reply({ formErrors: [REWRITE_MESSAGES.notFound] }), null, 404);
  } catch (error) {
    log.error("admin save translation failed", error, { hotelId });
    return answer(submission.reply({ formErrors: [REWRITE_MESSAGES.saveFailed] }), null, 500);
  }
  return redirectWithFlash(rewritePath(hotelId), { title: "Saved", description: REWRITE_MESSAGES.saved });
}

/**
 * Deletes the rewritten text once the editor has confirmed it; without the confirmation, asks.
 * Its question is a form of its own: a refusal shows in the translation form with the stored text.
 */
async function revert({ hotel_id: hotelId, confirm }: z.output<typeof revertSchema>) {
  const ask = askFirst(confirm, revertPath(hotelId));
  if (ask) return ask;
  let reverted: boolean | null;
  try {
    reverted = await revertToOriginalDescription(hotelId);
  } catch (error) {
    log.error("admin revert description failed", error, { hotelId });
    return refused(REWRITE_MESSAGES.revertFailed, 500);
  }
  if (reverted === null) return refused(REWRITE_MESSAGES.notFound, 404);
  return redirectWithFlash(
    rewritePath(hotelId),
    reverted
      ? { title: "Description reverted", description: `${hotelId} shows its original description again; the rewritten text is deleted.` }
      : { title: "Nothing to revert", description: `${hotelId} already shows its original description.` },
  );
}
