import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/admin.rewrite";
import type { Readiness } from "#app/utils/readiness.ts";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { revertPath, rewritePath } from "#app/admin/description-revert.ts";
import { TRANSLATION_INTENT, translationFormSchema } from "#app/admin/description-translation.ts";
import type { HotelMatch } from "#app/admin/hotel-table-rows.server.ts";
import { hotelCount } from "#app/admin/hotel-table.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { ReadinessNote } from "#app/components/readiness-note.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { ConfirmableAction, useConfirmable, type ConfirmQuestion } from "#app/components/ui/confirmable-action.tsx";
import { FormAlert, TextareaField } from "#app/components/ui/forms.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { usePendingIntent } from "#app/utils/use-is-pending.ts";
import { loadRewrite, rewriteAction } from "./admin.rewrite.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("AI Rewrite", matches);
}

export const loader = (args: Route.LoaderArgs) => loadRewrite(args);

export const action = (args: Route.ActionArgs) => rewriteAction(args);

export default function AdminRewrite({ loaderData, actionData }: Route.ComponentProps) {
  const { engine, query, hotel, matches, more, translate, status } = loaderData;
  const working = usePendingIntent();
  // The question is a page of its own, the same with and without JavaScript: no dialog opens.
  const noDialog = useConfirmable<RewriteHotel>();
  const translation = (actionData && "translation" in actionData ? actionData.translation : null) ?? hotel?.rewritten_text ?? "";
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
      {hotel ? (
        <ConfirmableAction
          confirm={noDialog}
          asked={askRevert ? hotel : null}
          question={(asked) => revertQuestion(asked, working)}
          cancelHref={rewritePath(hotel.hotel_id)}
          busy={Boolean(working)}
          focusCancel
        />
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
  hotel: RewriteHotel;
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

type RewriteHotel = NonNullable<Route.ComponentProps["loaderData"]["hotel"]>;

/** Asks before the rewritten text is deleted; its button posts the confirmed revert. */
function revertQuestion(hotel: RewriteHotel, working: string | null): ConfirmQuestion {
  return {
    heading: `Revert ${hotel.name ?? hotel.hotel_id} to its original description?`,
    text: "The Swedish text is deleted and visitors read the original description again. The hotel then counts as not rewritten. This cannot be undone.",
    button: working === TRANSLATION_INTENT.revert ? "Reverting..." : "Yes, revert",
    action: rewritePath(hotel.hotel_id),
    intent: TRANSLATION_INTENT.revert,
    fields: { hotel_id: hotel.hotel_id },
  };
}
