import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { PARTNER_INTENT as INTENT } from "#app/admin/partner-screen.ts";
import { Button } from "#app/components/ui/button.tsx";
import { CheckboxField, Field, FormAlert } from "#app/components/ui/forms.tsx";
import { DEEP_LINK_PLACEHOLDERS } from "#app/offers/deep-link.ts";
import { deepLinkPreview, partnerFieldsSchema, sampleStay, type PartnerInput } from "#app/offers/partner-form.ts";

type FieldName = "id" | "name" | "host" | "logoUrl" | "deepLinkTemplate" | "feedUrl" | "landingUrlTemplate";

/** Adds a partner, or with `mode: "update"` changes the one in `defaultValue`; the deep link's preview follows what is typed. */
export function PartnerForm({
  mode,
  defaultValue,
  lastResult,
  today,
  busy,
}: {
  mode: "create" | "update";
  defaultValue: PartnerInput | null;
  lastResult: SubmissionResult<string[]> | undefined;
  today: string;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "partner",
    lastResult,
    defaultValue: defaultValue
      ? {
          ...defaultValue,
          logoUrl: defaultValue.logoUrl ?? "",
          feedUrl: defaultValue.feedUrl ?? "",
          landingUrlTemplate: defaultValue.landingUrlTemplate ?? "",
          active: defaultValue.active ? "on" : undefined,
        }
      : { active: "on" },
    constraint: getZodConstraint(partnerFieldsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: partnerFieldsSchema, disableAutoCoercion: true }),
  });
  // Computed while rendering, from what the form holds: the server shows it for a saved
  // partner and for a refused post, and the browser updates it as you type.
  const preview = deepLinkPreview(String(fields.host.value ?? ""), String(fields.deepLinkTemplate.value ?? ""), today);
  const stay = sampleStay(today);
  const field = (
    name: FieldName,
    label: string,
    options: { placeholder?: string; hint?: string; required?: boolean; readOnly?: boolean },
  ) => (
    <Field
      label={options.required ? label : `${label} (optional)`}
      hint={options.hint}
      controlSize="compact"
      errors={fields[name].errors}
      errorId={fields[name].errorId}
      inputProps={{
        ...getInputProps(fields[name], { type: "text" }),
        placeholder: options.placeholder,
        required: options.required,
        readOnly: options.readOnly,
        className: options.readOnly ? "read-only:bg-slate-100" : undefined,
        spellCheck: false,
        autoCapitalize: "off",
      }}
    />
  );
  return (
    <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={mode === "create" ? INTENT.create : INTENT.update} />
      {form.errors?.length ? (
        <FormAlert id={form.errorId} controlSize="compact" className="sm:col-span-2">
          {form.errors[0]}
        </FormAlert>
      ) : null}
      {field("id", "Id", {
        placeholder: "resekompassen",
        required: true,
        readOnly: mode === "update",
        hint:
          mode === "update"
            ? "Fixed once created: offer feeds and clicks name the partner by it."
            : "How offer feeds name the partner; it cannot be changed later.",
      })}
      {field("name", "Name", { placeholder: "Resekompassen", required: true })}
      {field("host", "Host", {
        placeholder: "www.partner.se or https://www.partner.se/",
        required: true,
        hint: "The only host /redirect forwards to for this partner.",
      })}
      {field("logoUrl", "Logo URL", { placeholder: "https://… or /images/…" })}
      <div className="sm:col-span-2">
        {field("deepLinkTemplate", "Deep-link template", {
          placeholder: "checkin={checkin}&checkout={checkout}&adults={adults}&rooms={rooms}",
          hint: `Query parameters added to an offer's landing URL. Placeholders: ${DEEP_LINK_PLACEHOLDERS.map((name) => `{${name}}`).join(", ")}.`,
        })}
      </div>
      <div className="sm:col-span-2">
        {field("feedUrl", "Price feed URL", {
          placeholder: "https://feeds.partner.se/prices.xml",
          hint: "The partner's price file (Transaction XML or the CSV of nightly rates), fetched by the server on a schedule: https on a public host only.",
        })}
      </div>
      <div className="sm:col-span-2">
        {field("landingUrlTemplate", "Landing URL template", {
          placeholder: "https://www.partner.se/hotel/{hotel_id}",
          hint: "For files without a URL per price: the partner's page for a hotel, with {hotel_id} for its property id. On the partner's host.",
        })}
      </div>
      <CheckboxField
        className="sm:col-span-2"
        label="Active: its offers show on the site and /redirect forwards to its host"
        errors={fields.active.errors}
        errorId={fields.active.errorId}
        inputProps={getInputProps(fields.active, { type: "checkbox" })}
      />
      <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm sm:col-span-2" aria-live="polite">
        <p className="font-semibold">Preview</p>
        <p className="text-muted">
          A sample offer page on the host, for check-in {stay.checkIn}, check-out {stay.checkOut}, {stay.adults} adults, {stay.rooms} room:
        </p>
        {preview ? (
          <p className="mt-1 font-mono text-xs break-all">
            <a href={preview.link} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline" id="partner-preview">
              {preview.link}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        ) : (
          <p className="mt-1 text-muted">Enter a valid host and template to see the link.</p>
        )}
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {mode === "create" ? "Add partner" : "Save partner"}
        </Button>
      </div>
    </Form>
  );
}
