import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/admin.rewrite";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { FormAlert, TextareaField } from "#app/components/ui/forms.tsx";
import {
  MAX_TRANSLATION,
  saveTranslationSchema,
  TRANSLATION_INTENT,
  TRANSLATION_MESSAGES,
  translateSchema,
  translationFormSchema,
  translationIntentSchema,
} from "#app/admin/description-translation.ts";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { AiNotSupportedError, hotelTextOf } from "#app/ai/engine.server.ts";
import { aiEngineInfo, aiReadiness, translateDescription } from "#app/ai/service.server.ts";
import { notReady, type Readiness } from "#app/utils/readiness.ts";
import { findHotelsForRewrite, type HotelMatch } from "#app/admin/hotel-table-rows.server.ts";
import { ReadinessNote } from "#app/components/readiness-note.tsx";
import { hotelCount } from "#app/admin/hotel-table.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { REVERT_CONFIRMED, revertPath, revertSchema, rewritePath } from "#app/admin/description-revert.ts";
import { findHotelText, revertToOriginalDescription, saveRewrittenText } from "#app/hotels/hotel-detail.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { log } from "#app/utils/log.server.ts";
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
  unknown: "Unknown error occurred",
} as const;

/** Nothing matched the typed text as an id, a name or a place. */
const noMatch = (query: string) => `No hotel found with this ID, and none whose name or place contains “${query}”.`;

export function meta() {
  return adminMeta("AI Rewrite");
}

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
export async function loader(args: Route.LoaderArgs) {
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

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  // A whole translation of non-ASCII letters, percent-encoded (up to 9 bytes a character), fits.
  const form = await readFormData(args.request, MAX_TRANSLATION * 9 + 16 * 1024);
  const intent = translationIntentSchema.safeParse(form.get("intent"));
  if (!intent.success) {
    // conform's reply keeps every field as posted: the hotel and the text typed.
    const submission = parseWithZod(form, { schema: translationFormSchema, disableAutoCoercion: true });
    return answer(submission.reply({ formErrors: [REWRITE_MESSAGES.unknown] }), null, 400);
  }
  switch (intent.data) {
    case TRANSLATION_INTENT.translate:
      return translate(form);
    case TRANSLATION_INTENT.save:
      return save(form);
    case TRANSLATION_INTENT.revert:
      return revert(form);
  }
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

export default function AdminRewrite({ loaderData, actionData }: Route.ComponentProps) {
  const { engine, query, hotel, matches, more, translate, status } = loaderData;
  const navigation = useNavigation();
  const working = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const translation = actionData?.translation ?? hotel?.rewritten_text ?? "";
  const rewritten = Boolean(hotel?.rewritten_text?.trim());
  // ?revert=1 asks whether to revert (the table's "Revert" and this screen's button link here).
  const askRevert = useSearchParams()[0].get("revert") === "1" && rewritten;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <AdminPageHeader
        title="AI Description Translation"
        description="Find a hotel, translate its English description to Swedish, check it, and save."
      />
      <p className="text-sm text-muted">{engine.line}</p>
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <div className="min-w-64 flex-1">
          <Label htmlFor="rewrite-hotel" controlSize="compact">
            Hotel name, place or ID
          </Label>
          <Input
            controlSize="compact"
            id="rewrite-hotel"
            name="hotel"
            type="search"
            defaultValue={query}
            key={query}
            aria-invalid={status?.kind === "error" ? true : undefined}
            aria-describedby={status ? "rewrite-status" : "rewrite-hotel-hint"}
          />
          <p id="rewrite-hotel-hint" className="mt-1 text-xs text-muted">
            An exact hotel ID opens the hotel; other text lists the hotels whose name or place contains it (case does not matter).
          </p>
        </div>
        <Button type="submit">Search</Button>
      </Form>
      {status ? (
        <p
          id="rewrite-status"
          role={status.kind === "error" ? "alert" : "status"}
          className={`rounded-lg border p-3 text-sm ${status.kind === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-emerald-300 bg-emerald-50 text-emerald-900"}`}
        >
          {status.title ? <strong className="mr-1">{status.title}:</strong> : null}
          {status.text}
        </p>
      ) : null}
      {matches ? <HotelMatches query={query} matches={matches} more={more} /> : null}

      {hotel ? (
        <TranslationForm
          // A new text for the box (a translation, a save) starts the form afresh from it.
          key={`${hotel.hotel_id}\u0000${translation}`}
          hotel={hotel}
          translation={translation}
          result={actionData?.result}
          working={working}
          translatesFrom={engine.translates}
          translate={translate}
          rewritten={rewritten}
          offerRevert={rewritten && !askRevert}
        />
      ) : null}
      {hotel && askRevert ? (
        <section
          role="alertdialog"
          aria-labelledby="revert-heading"
          aria-describedby="revert-text"
          className="rounded-lg border border-red-300 bg-red-50 p-5"
        >
          <h2 id="revert-heading" className="text-lg font-semibold">
            Revert {hotel.name ?? hotel.hotel_id} to its original description?
          </h2>
          <p id="revert-text" className="mt-1 text-sm">
            The Swedish text is deleted and visitors read the original description again. The hotel then counts as not rewritten. This
            cannot be undone.
          </p>
          <Form method="post" action={rewritePath(hotel.hotel_id)} className="mt-4 flex flex-wrap gap-3">
            <input type="hidden" name="hotel_id" value={hotel.hotel_id} />
            <input type="hidden" name="confirm" value={REVERT_CONFIRMED} />
            {/* The question is where the editor's attention goes, with and without JavaScript. */}
            <Link to={rewritePath(hotel.hotel_id)} className={buttonClassName({ variant: "secondary" })} autoFocus>
              Cancel
            </Link>
            <Button type="submit" name="intent" value={TRANSLATION_INTENT.revert} variant="danger" disabled={Boolean(working)}>
              {working === TRANSLATION_INTENT.revert ? "Reverting..." : "Yes, revert"}
            </Button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}

/** The hotel's original beside its Swedish text, with the buttons that translate, save and revert it. */
function TranslationForm({
  hotel,
  translation,
  result,
  working,
  translatesFrom,
  translate,
  rewritten,
  offerRevert,
}: {
  hotel: NonNullable<Route.ComponentProps["loaderData"]["hotel"]>;
  translation: string;
  result: SubmissionResult<string[]> | undefined;
  working: string | null;
  translatesFrom: boolean;
  translate: Readiness | null;
  rewritten: boolean;
  offerRevert: boolean;
}) {
  const [form, fields] = useForm({
    id: "translation",
    lastResult: result,
    defaultValue: { hotel_id: hotel.hotel_id, translation },
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: translationFormSchema, disableAutoCoercion: true }),
  });
  // The hotel id is a hidden field: its errors belong to the form as a whole.
  const formErrors = [...(form.errors ?? []), ...(fields.hotel_id.errors ?? [])];
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <input {...getInputProps(fields.hotel_id, { type: "hidden" })} key={fields.hotel_id.key} />
      <h2 className="text-lg font-semibold">
        {hotel.name ?? hotel.hotel_id}
        <span className="ml-2 text-sm font-normal text-muted">
          {[hotel.location, hotel.country].filter(Boolean).join(", ")} · {rewritten ? "rewritten" : "not rewritten"}
        </span>
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <div>
          {/* The partner's own text, never ours: most feeds write English, a Swedish feed writes Swedish. */}
          <Label htmlFor="rewrite-original" controlSize="compact">
            Partner&apos;s original description
          </Label>
          <p id="rewrite-original-hint" className="text-xs text-muted">
            As the partner&apos;s feed sent it (usually English). Visitors read it while the hotel has no Swedish text.
          </p>
          <Textarea
            controlSize="compact"
            id="rewrite-original"
            readOnly
            rows={14}
            value={hotel.description ?? ""}
            aria-describedby="rewrite-original-hint"
            placeholder="The partner sent no description."
            className="mt-1 bg-slate-50"
          />
        </div>
        <TextareaField
          label="Swedish translation"
          controlSize="compact"
          hint={
            translatesFrom
              ? "Translate with AI fills this in; edit it before saving."
              : "Translate with AI writes a Swedish description from the hotel's facts; edit it before saving."
          }
          errors={fields.translation.errors}
          errorId={fields.translation.errorId}
          // Compact fields set no gap under a hint; the focus ring would touch it.
          textareaProps={{ ...getTextareaProps(fields.translation), rows: 14, className: "mt-1" }}
        />
      </div>
      {formErrors.length ? (
        <FormAlert id={form.errorId} controlSize="compact">
          {formErrors[0]}
        </FormAlert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          name="intent"
          value={TRANSLATION_INTENT.translate}
          disabled={Boolean(working) || translate?.ready === false}
          aria-describedby="rewrite-translate-note"
        >
          {working === TRANSLATION_INTENT.translate ? "Translating..." : "Translate with AI"}
        </Button>
        <Button type="submit" name="intent" value={TRANSLATION_INTENT.save} disabled={Boolean(working)} variant="secondary">
          {working === TRANSLATION_INTENT.save ? "Saving..." : "Save Translation"}
        </Button>
        {translate ? <ReadinessNote id="rewrite-translate-note" readiness={translate} className="w-full" /> : null}
        {offerRevert ? (
          <Link to={revertPath(hotel.hotel_id)} className={buttonClassName({ variant: "danger" })}>
            Revert to original description
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** The hotels the typed text found, to choose one from (each opens this screen for it). */
function HotelMatches({ query, matches, more }: { query: string; matches: HotelMatch[]; more: boolean }) {
  return (
    <section aria-labelledby="rewrite-matches" className="rounded-lg border border-slate-200 bg-white">
      <h2 id="rewrite-matches" className="border-b border-slate-200 px-4 py-3 font-semibold">
        {more ? `The first ${hotelCount(matches.length)}` : hotelCount(matches.length)} matching “{query}”
      </h2>
      <ul className="divide-y divide-slate-100">
        {matches.map((match) => (
          <li key={match.hotelId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-2 text-sm">
            <span>
              <Link to={rewritePath(match.hotelId)} className="font-medium text-brand-700 underline">
                {match.name}
              </Link>
              <span className="ml-2 text-muted">{[match.location, match.country].filter(Boolean).join(", ") || "No place"}</span>
            </span>
            <span className="text-xs text-muted">
              <span className="font-mono">{match.hotelId}</span> · {match.rewritten ? "rewritten" : "not rewritten"}
            </span>
          </li>
        ))}
      </ul>
      {more ? <p className="border-t border-slate-200 px-4 py-2 text-sm text-muted">More hotels match: type more of the name.</p> : null}
    </section>
  );
}
