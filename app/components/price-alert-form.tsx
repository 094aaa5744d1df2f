import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useLocation } from "react-router";
import { ALERT_LIMITS, ALERT_SECTION_ID, alertSchema } from "#app/alerts/alert-form.ts";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FormAlert } from "#app/components/ui/forms.tsx";
import { useIsPending } from "#app/utils/use-is-pending.ts";
import { hasDates, stayLabel, withStay, type Stay } from "#app/utils/stay.ts";

/** The hotel page's price alert: an e-mail address and, if the visitor wants, a target price. Works as a plain post without JavaScript. */
interface AlertFormProps {
  /** The hotel page's address; the stay is added, so the alert is for the stay the page shows. */
  path: string;
  stay: Stay;
  lastResult: SubmissionResult<string[]> | undefined;
}

export function PriceAlertForm(props: AlertFormProps) {
  // A new location (after a post) remounts the form: empty after success, the typed values after errors.
  return <AlertForm key={useLocation().key} {...props} />;
}

function AlertForm({ path, stay, lastResult }: AlertFormProps) {
  const id = ALERT_SECTION_ID;
  const submitting = useIsPending();
  const [form, fields] = useForm({
    id: "price-alert",
    lastResult,
    constraint: getZodConstraint(alertSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: alertSchema, disableAutoCoercion: true }),
  });
  const invalid = form.status === "error" ? (["email", "target"] as const).filter((field) => fields[field].errors?.length) : [];
  const formError = form.errors?.[0];

  return (
    <section aria-labelledby={`${id}-heading`} id={id} className="scroll-mt-4 rounded-xl border border-slate-200 p-5">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Bevaka priset
      </h2>
      <p className="mt-1 text-sm text-muted">
        {hasDates(stay)
          ? `Vi mejlar dig när priset för ${stayLabel(stay)} sjunker med minst 10\u00a0% eller under ditt målpris.`
          : "Vi mejlar dig när hotellets lägsta pris per natt sjunker med minst 10\u00a0% eller under ditt målpris. Välj datum för att bevaka en viss vistelse."}{" "}
        Du behöver inget konto, du får högst ett mejl om dagen och kan avsluta med ett klick.
      </p>
      <Form method="post" action={withStay(path, stay)} className="mt-4 space-y-4" {...getFormProps(form)}>
        {formError ? (
          <FormAlert id={form.errorId}>
            <p className="font-semibold">{formError}</p>
          </FormAlert>
        ) : null}
        <Field
          label="E-postadress"
          errors={fields.email.errors}
          errorId={fields.email.errorId}
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            required: true,
            autoComplete: "email",
            spellCheck: false,
            maxLength: ALERT_LIMITS.emailMax,
            autoFocus: invalid[0] === "email",
          }}
        />
        <Field
          label="Målpris i kronor (valfritt)"
          hint={hasDates(stay) ? "För hela vistelsen." : "Per natt."}
          errors={fields.target.errors}
          errorId={fields.target.errorId}
          inputProps={{
            ...getInputProps(fields.target, { type: "text" }),
            required: false,
            inputMode: "numeric",
            autoComplete: "off",
            maxLength: 12,
            autoFocus: invalid[0] === "target",
          }}
        />
        <HoneypotField idPrefix="price-alert" />
        <Button type="submit" disabled={submitting}>
          {submitting ? "Skickar…" : "Bevaka priset"}
        </Button>
      </Form>
    </section>
  );
}
