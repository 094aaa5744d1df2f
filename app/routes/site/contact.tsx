import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, useLocation } from "react-router";
import { useIsPending } from "#app/utils/use-is-pending.ts";
import type { Route } from "./+types/contact";
import { contactAction } from "./contact.server.ts";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { CONTACT_FIELDS, CONTACT_LIMITS, contactSchema, MESSAGE_MAX_TEXT } from "#app/contact/contact-form.ts";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorSummary, Field, FormAlert, TextareaField } from "#app/components/ui/forms.tsx";
import { seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return seoMeta({
    ...site,
    title: "Kontakt",
    description: `Skriv till redaktionen på ${site.siteName}: frågor, synpunkter, fel i en hotellbeskrivning eller samarbeten.`,
    path: href("/contact"),
  });
}

export async function action(args: Route.ActionArgs) {
  return contactAction(args);
}

// Headers of an action's data() reach the page's response only through this.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export default function Contact({ actionData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <div className="container-page py-8">
      <Breadcrumbs crumbs={[{ label: "Hem", to: href("/") }, { label: "Kontakt" }]} />
      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold">Kontakt</h1>
          <p className="mt-3 leading-relaxed text-muted">
            Har du en fråga, en synpunkt på webbplatsen eller har du hittat något som inte stämmer i en hotellbeskrivning? Skriv till oss
            här, så svarar vi så snart vi kan. Alla fält måste fyllas i.
          </p>

          {/* A new location (after a post) remounts the form: empty after success, the typed values after errors. */}
          <ContactForm key={location.key} lastResult={actionData && "result" in actionData ? actionData.result : undefined} />
        </div>

        <aside aria-labelledby="contact-more" className="h-fit rounded-xl bg-brand-50 p-6 leading-relaxed">
          <h2 id="contact-more" className="text-lg font-semibold">
            Bra att veta
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5">
            <li>
              Gäller det en bokning du redan har gjort? Kontakta partnern du bokade hos – det är de som har din bokning och kan ändra eller
              avboka den.
            </li>
            <li>Vi sparar ditt namn, din e-postadress och ditt meddelande bara för att kunna svara dig.</li>
            <li>
              Vill du veta mer om hur vi arbetar? Läs{" "}
              <Link to={href("/about")} className="font-medium text-brand-700 underline">
                om oss
              </Link>
              .
            </li>
          </ul>
        </aside>
      </div>
    </div>
  );
}

const FIELD_LABELS = { name: "Namn", email: "E-postadress", message: "Meddelande" } as const;

function ContactForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const submitting = useIsPending();
  // The same schema judges the form in the browser (on leaving a field, and on sending) and on the server.
  const [form, fields] = useForm({
    id: "contact",
    lastResult,
    constraint: getZodConstraint(contactSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema, disableAutoCoercion: true }),
  });
  // The summary appears after an attempt to send, not while a field is being filled in.
  const invalid = form.status === "error" ? CONTACT_FIELDS.filter((field) => fields[field].errors?.length) : [];
  // The first invalid field gets focus when the page comes back with errors (works without JS).
  const autoFocus = (field: (typeof CONTACT_FIELDS)[number]) => invalid[0] === field;
  const formError = form.errors?.[0];

  return (
    <Form method="post" className="mt-6 space-y-5" aria-labelledby="contact-form-heading" {...getFormProps(form)}>
      <h2 id="contact-form-heading" className="sr-only">
        Kontaktformulär
      </h2>
      {invalid.length ? (
        <ErrorSummary
          heading="Meddelandet kunde inte skickas. Rätta följande:"
          problems={invalid.map((field) => ({ id: fields[field].id, message: fields[field].errors?.[0] ?? "" }))}
        />
      ) : formError ? (
        <FormAlert id={form.errorId}>
          <p className="font-semibold">{formError}</p>
        </FormAlert>
      ) : null}

      <Field
        label={FIELD_LABELS.name}
        errors={fields.name.errors}
        errorId={fields.name.errorId}
        inputProps={{
          ...getInputProps(fields.name, { type: "text" }),
          required: true,
          autoComplete: "name",
          maxLength: CONTACT_LIMITS.nameMax,
          autoFocus: autoFocus("name"),
        }}
      />
      <Field
        label={FIELD_LABELS.email}
        hint="Vi använder adressen bara för att svara dig."
        errors={fields.email.errors}
        errorId={fields.email.errorId}
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          required: true,
          autoComplete: "email",
          spellCheck: false,
          maxLength: CONTACT_LIMITS.emailMax,
          autoFocus: autoFocus("email"),
        }}
      />
      <TextareaField
        label={FIELD_LABELS.message}
        hint={`Minst ${CONTACT_LIMITS.messageMin} och högst ${MESSAGE_MAX_TEXT} tecken.`}
        errors={fields.message.errors}
        errorId={fields.message.errorId}
        textareaProps={{
          ...getTextareaProps(fields.message),
          required: true,
          rows: 7,
          maxLength: CONTACT_LIMITS.messageMax,
          autoFocus: autoFocus("message"),
        }}
      />

      <HoneypotField idPrefix="contact" />

      <Button type="submit" size="lg" disabled={submitting}>
        {submitting ? "Skickar…" : "Skicka meddelande"}
      </Button>
    </Form>
  );
}
