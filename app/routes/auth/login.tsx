import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Form, href, Link } from "react-router";
import { usePendingIntent } from "#app/utils/use-is-pending.ts";
import type { Route } from "./+types/login";
import { loadLogin, loginAction } from "./login.server.ts";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FormAlert } from "#app/components/ui/forms.tsx";
import {
  credentialsSchema,
  newAccountSchema,
  PASSWORD_LIMITS,
  SIGN_IN,
  SIGN_UP,
  SIGN_UP_TAB,
  type AuthIntent,
} from "#app/auth/credentials.ts";
import { SiteRefusalAlert } from "#app/components/site-refusal.tsx";
import { seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";

const TEXT = {
  [SIGN_IN]: {
    heading: "Logga in",
    intro: "Logga in för att hantera hotell, destinationer och reseguider.",
    submit: "Logga in",
    pending: "Loggar in...",
    failure: "Inloggningen misslyckades",
    passwordAutoComplete: "current-password",
  },
  [SIGN_UP]: {
    heading: "Skapa konto",
    intro: "Skapa ett konto med din e-postadress och ett lösenord.",
    submit: "Skapa konto",
    pending: "Skapar konto...",
    failure: "Registreringen misslyckades",
    passwordAutoComplete: "new-password",
  },
} as const;

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return seoMeta({
    ...site,
    title: "Logga in",
    description: `Logga in på ${site.siteName}.`,
    path: href("/login"),
    noindex: true,
  });
}

// Headers of an action's data() reach the page's response only through this.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader(args: Route.LoaderArgs) {
  return loadLogin(args);
}

export async function action(args: Route.ActionArgs) {
  return loginAction(args);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  // After a post, show the form that was posted (the tab link may say otherwise).
  const posted = actionData && "intent" in actionData ? actionData : null;
  const intent = posted?.intent ?? loaderData.intent;
  const text = TEXT[intent];
  const tabLink = (target: AuthIntent) => {
    const query = new URLSearchParams();
    if (target === SIGN_UP) query.set("tab", SIGN_UP_TAB);
    if (redirectTo) query.set("redirectTo", redirectTo);
    const search = query.toString();
    return search ? `${href("/login")}?${search}` : href("/login");
  };

  return (
    <div className="container-page flex justify-center py-12">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">{text.heading}</h1>
        <p className="mt-1 text-muted">{text.intro}</p>
        <nav aria-label="Inloggning eller nytt konto" className="mt-6">
          <ul className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 text-center text-sm font-medium">
            {([SIGN_IN, SIGN_UP] as const).map((target) => (
              <li key={target}>
                <Link
                  to={tabLink(target)}
                  replace
                  aria-current={target === intent ? "page" : undefined}
                  className={`block rounded-md px-3 py-2 ${
                    target === intent ? "bg-white text-brand-700 shadow-sm" : "text-ink hover:bg-white/60"
                  }`}
                >
                  {TEXT[target].heading}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <SiteRefusalAlert actionData={actionData} className="mt-6" />
        {/* One component per intent, so each form keeps its own state. */}
        {intent === SIGN_IN ? (
          <CredentialsForm
            key={SIGN_IN}
            intent={SIGN_IN}
            redirectTo={redirectTo}
            lastResult={posted?.intent === SIGN_IN ? posted.result : undefined}
          />
        ) : (
          <CredentialsForm
            key={SIGN_UP}
            intent={SIGN_UP}
            redirectTo={redirectTo}
            lastResult={posted?.intent === SIGN_UP ? posted.result : undefined}
          />
        )}
      </div>
    </div>
  );
}

interface CredentialsFormProps {
  intent: AuthIntent;
  redirectTo: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}

function CredentialsForm({ intent, redirectTo, lastResult }: CredentialsFormProps) {
  const text = TEXT[intent];
  const schema = intent === SIGN_UP ? newAccountSchema : credentialsSchema;
  const submitting = usePendingIntent() === intent;
  const [form, fields] = useForm<{ email: string; password: string }>({
    id: intent,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
  const formError = form.errors?.[0];
  // After a refused attempt (with JavaScript the page is not reloaded), the password is
  // cleared and focused, as it is when the server renders the page.
  const passwordId = fields.password.id;
  useEffect(() => {
    if (!lastResult?.error?.[""]) return;
    const input = document.getElementById(passwordId) as HTMLInputElement | null;
    if (!input) return;
    input.value = "";
    input.focus();
  }, [lastResult, passwordId]);
  // Without JavaScript, the page comes back with the cursor where the visitor has to act.
  const focus = fields.email.errors ? "email" : fields.password.errors || formError ? "password" : null;

  return (
    <Form
      method="post"
      action={redirectTo ? `${href("/login")}?redirectTo=${encodeURIComponent(redirectTo)}` : href("/login")}
      className="mt-6 space-y-5"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value={intent} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {formError ? (
        <FormAlert id={form.errorId}>
          <p className="font-semibold">{text.failure}</p>
          <p className="mt-1 text-sm">{formError}</p>
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
          autoFocus: focus === "email",
        }}
      />
      <Field
        label="Lösenord"
        hint={intent === SIGN_UP ? `Minst ${PASSWORD_LIMITS.min} tecken.` : undefined}
        errors={fields.password.errors}
        errorId={fields.password.errorId}
        inputProps={{
          ...getInputProps(fields.password, { type: "password", value: false }),
          required: true,
          autoComplete: text.passwordAutoComplete,
          autoFocus: focus === "password",
        }}
      />
      <HoneypotField idPrefix={intent} />
      <Button type="submit" size="lg" disabled={submitting} className="w-full disabled:cursor-wait">
        {submitting ? text.pending : text.submit}
      </Button>
    </Form>
  );
}
