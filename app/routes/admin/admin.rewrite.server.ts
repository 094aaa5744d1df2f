/**
 * The AI rewrite screen's server work: the hotel looked up for the typed text (the loader), and
 * the translation form's intents (translate with AI, save, revert to the original), one function
 * each, dispatched by the action kit. The screen is admin.rewrite.tsx.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { type SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/admin.rewrite";
import {
  MAX_TRANSLATION,
  saveTranslationSchema,
  TRANSLATION_INTENT,
  TRANSLATION_MESSAGES,
  translateSchema,
  translationFormSchema,
} from "#app/admin/description-translation.ts";
import { AiNotSupportedError, hotelTextOf } from "#app/ai/engine.server.ts";
import { aiEngineInfo, aiReadiness, translateDescription } from "#app/ai/service.server.ts";
import { notReady, type Readiness } from "#app/admin/action-readiness.ts";
import { findHotelsForRewrite } from "#app/admin/hotel-table.server.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { REVERT_CONFIRMED, revertPath, revertSchema, rewritePath } from "#app/admin/description-revert.ts";
import { findHotelText, revertToOriginalDescription, saveRewrittenText } from "#app/hotels/hotel-detail.server.ts";
import { stripTrailingPeriod } from "#app/hotels/hotel.ts";
import { withoutControlChars } from "#app/hotels/search-params.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { dispatchIntent, intent } from "#app/utils/action-kit.server.ts";
import { log } from "#app/utils/log.server.ts";
import { z } from "#app/utils/zod.ts";

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
  unknown: "Unknown error occurred",
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
export async function loadRewrite(args: Route.LoaderArgs) {
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

/**
 * The translation form's post, by its intent: translate, save or revert. A post naming none of
 * them keeps what was typed (the hotel and the text) and says so in the form.
 */
export async function rewriteAction(args: Route.ActionArgs) {
  await requireAdmin(args);
  // A whole translation of non-ASCII letters, percent-encoded (up to 9 bytes a character), fits.
  const form = await readFormData(args.request, MAX_TRANSLATION * 9 + 16 * 1024);
  return dispatchIntent(
    form,
    {
      [TRANSLATION_INTENT.translate]: intent(anyPost, () => translate(form)),
      [TRANSLATION_INTENT.save]: intent(anyPost, () => save(form)),
      [TRANSLATION_INTENT.revert]: intent(anyPost, () => revert(form)),
    },
    {
      unknown: () => {
        // conform's reply keeps every field as posted: the hotel and the text typed.
        const submission = parseWithZod(form, { schema: translationFormSchema, disableAutoCoercion: true });
        return answer(submission.reply({ formErrors: [REWRITE_MESSAGES.unknown] }), null, 400);
      },
    },
  );
}

/** Each intent parses the form with its own schema (its errors go back to the form). */
const anyPost = z.looseObject({});

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

async function translate(form: FormData) {
  const submission = parseWithZod(form, { schema: translateSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return answer(submission.reply(), null, 400);
  const refuse = (message: string, status: number) => answer(submission.reply({ formErrors: [message] }), null, status);
  const hotel = await findHotelText(submission.value.hotel_id);
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

async function save(form: FormData) {
  const submission = parseWithZod(form, { schema: saveTranslationSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return answer(submission.reply(), null, 400);
  const { hotel_id: hotelId, translation } = submission.value;
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
async function revert(form: FormData) {
  const submission = parseWithZod(form, { schema: revertSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return refused(REWRITE_MESSAGES.enterId, 400);
  const { hotel_id: hotelId, confirm } = submission.value;
  if (confirm !== REVERT_CONFIRMED) return redirect(revertPath(hotelId));
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
