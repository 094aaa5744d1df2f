import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/contact";
import { readFormData } from "#app/http/form-data.server.ts";
import { saveContactMessage } from "#app/contact/messages.server.ts";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { getAppDatabase } from "#app/db/db.server.ts";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_THANKS,
  MESSAGE_MAX_TEXT,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from "#app/contact/contact-form.ts";
import { isHoneypotFilled } from "#app/http/honeypot.ts";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { log } from "#app/utils/log.server.ts";
import { addressClaim, RATE_POLICIES, takeRateLimit } from "#app/http/rate-limit.server.ts";
import { clientAddress } from "#app/auth/request-auth.server.ts";

/** A message is at most 5,000 characters; anything far bigger is not a person typing. */
const MAX_BODY_BYTES = 64 * 1024;

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    ...siteFromMatches(matches),
    title: "Kontakt",
    description: "Skriv till redaktionen på Hotellguiden: frågor, synpunkter, fel i en hotellbeskrivning eller samarbeten.",
    path: "/contact",
  });
}

/** Shown when one address has sent more messages than a person writes. */
export const CONTACT_LIMITED = "Du har skickat flera meddelanden på kort tid. Vänta en stund och försök igen.";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request, MAX_BODY_BYTES);
  if (isHoneypotFilled(form)) {
    // A robot: it gets the same answer as a person, and nothing is stored.
    log.info("contact form honeypot filled; message dropped");
    return redirectWithFlash("/contact", { ...CONTACT_THANKS });
  }
  const result = validateContact(form);
  if (!result.success) {
    return data({ values: result.values, errors: result.errors }, { status: 400 });
  }
  const db = getAppDatabase().db;
  const limit = await takeRateLimit(db, [addressClaim("contact", clientAddress(context), RATE_POLICIES.contactPerAddress)]);
  if (!limit.allowed) {
    log.warn("contact form rate limited", { retryAfterSeconds: limit.retryAfterSeconds });
    return data(
      { values: result.data, errors: {} as ContactErrors, formError: CONTACT_LIMITED },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  await saveContactMessage(db, result.data);
  return redirectWithFlash("/contact", { ...CONTACT_THANKS });
}

// Headers of an action's data() reach the page's response only through this.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

const FIELD_LABELS: Record<ContactField, string> = { name: "Namn", email: "E-postadress", message: "Meddelande" };
const fieldId = (field: ContactField) => `contact-${field}`;
const errorId = (field: ContactField) => `contact-${field}-error`;

function focusFirstInvalid(errors: ContactErrors) {
  const first = CONTACT_FIELDS.find((field) => errors[field]);
  if (first) document.getElementById(fieldId(first))?.focus();
}

const controlClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base shadow-sm ${
    invalid ? "border-red-600 ring-1 ring-red-600" : "border-slate-400"
  }`;

interface FieldProps {
  field: ContactField;
  error?: string;
  hint?: string;
  /** The first invalid field gets focus when the page comes back with errors (works without JS). */
  autoFocus: boolean;
  children: (control: {
    id: string;
    name: ContactField;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
    autoFocus: boolean;
    required: true;
    className: string;
  }) => ReactNode;
}

function Field({ field, error, hint, autoFocus, children }: FieldProps) {
  const hintId = `contact-${field}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId(field) : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={fieldId(field)} className="block font-medium">
        {FIELD_LABELS[field]}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {children({
        id: fieldId(field),
        name: field,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
        autoFocus,
        required: true,
        className: controlClass(Boolean(error)),
      })}
      {error ? (
        <p id={errorId(field)} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  // Errors found in the browser (the same schema as the server), before any round trip.
  const [clientErrors, setClientErrors] = useState<ContactErrors | null>(null);
  const errors: ContactErrors = clientErrors ?? actionData?.errors ?? {};
  const values: Partial<ContactValues> = actionData?.values ?? {};
  const firstInvalid = CONTACT_FIELDS.find((field) => errors[field]);
  const formError = actionData && "formError" in actionData ? (actionData.formError as string) : null;

  // The server's answer to a post made with JavaScript: move focus to the first bad field.
  useEffect(() => {
    if (actionData?.errors) focusFirstInvalid(actionData.errors);
  }, [actionData]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    if (isHoneypotFilled(form)) return; // The server answers robots.
    const result = validateContact(form);
    if (result.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    flushSync(() => setClientErrors(result.errors));
    focusFirstInvalid(result.errors);
  };

  return (
    <div className="container-page py-8">
      <Breadcrumbs crumbs={[{ label: "Hem", to: "/" }, { label: "Kontakt" }]} />
      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold">Kontakt</h1>
          <p className="mt-3 leading-relaxed text-muted">
            Har du en fråga, en synpunkt på webbplatsen eller har du hittat något som inte stämmer i en
            hotellbeskrivning? Skriv till oss här, så svarar vi så snart vi kan. Alla fält måste fyllas i.
          </p>

          {/* A new location (after a post) remounts the form: empty after success, the typed values after errors. */}
          <Form key={location.key} method="post" noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-labelledby="contact-form-heading">
            <h2 id="contact-form-heading" className="sr-only">
              Kontaktformulär
            </h2>
            {firstInvalid ? (
              <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
                <p className="font-semibold">Meddelandet kunde inte skickas. Rätta följande:</p>
                <ul className="mt-2 list-disc space-y-1 pl-5">
                  {CONTACT_FIELDS.filter((field) => errors[field]).map((field) => (
                    <li key={field}>
                      <a href={`#${fieldId(field)}`} className="underline">
                        {errors[field]}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : formError ? (
              <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
                <p className="font-semibold">{formError}</p>
              </div>
            ) : null}

            <Field field="name" error={errors.name} autoFocus={firstInvalid === "name"}>
              {(props) => (
                <input {...props} type="text" autoComplete="name" maxLength={CONTACT_LIMITS.nameMax} defaultValue={values.name ?? ""} />
              )}
            </Field>
            <Field field="email" error={errors.email} hint="Vi använder adressen bara för att svara dig." autoFocus={firstInvalid === "email"}>
              {(props) => (
                <input
                  {...props}
                  type="email"
                  autoComplete="email"
                  spellCheck={false}
                  maxLength={CONTACT_LIMITS.emailMax}
                  defaultValue={values.email ?? ""}
                />
              )}
            </Field>
            <Field
              field="message"
              error={errors.message}
              hint={`Minst ${CONTACT_LIMITS.messageMin} och högst ${MESSAGE_MAX_TEXT} tecken.`}
              autoFocus={firstInvalid === "message"}
            >
              {(props) => <textarea {...props} rows={7} maxLength={CONTACT_LIMITS.messageMax} defaultValue={values.message ?? ""} />}
            </Field>

            <HoneypotField idPrefix="contact" />

            <button
              type="submit"
              disabled={submitting}
              className="rounded-md bg-brand-600 px-6 py-3 font-medium text-white hover:bg-brand-700 disabled:opacity-70"
            >
              {submitting ? "Skickar…" : "Skicka meddelande"}
            </button>
          </Form>
        </div>

        <aside aria-labelledby="contact-more" className="h-fit rounded-xl bg-brand-50 p-6 leading-relaxed">
          <h2 id="contact-more" className="text-lg font-semibold">Bra att veta</h2>
          <ul className="mt-3 list-disc space-y-2 pl-5">
            <li>
              Gäller det en bokning du redan har gjort? Kontakta partnern du bokade hos – det är de som har din bokning
              och kan ändra eller avboka den.
            </li>
            <li>
              Vi sparar ditt namn, din e-postadress och ditt meddelande bara för att kunna svara dig.
            </li>
            <li>
              Vill du veta mer om hur vi arbetar? Läs <Link to="/about" className="font-medium text-brand-700 underline">om oss</Link>.
            </li>
          </ul>
        </aside>
      </div>
    </div>
  );
}
