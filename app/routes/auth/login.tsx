import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, href, Link, redirect } from "react-router";
import { usePendingIntent } from "#app/utils/use-is-pending.ts";
import type { Route } from "./+types/login";
import { readFormData, requestWithForm } from "#app/http/form-data.server.ts";
import { authenticate, AuthFailureError, getAuthProvider } from "#app/auth/auth.server.ts";
import { clientAddress, requestAuth } from "#app/auth/request-auth.server.ts";
import { countSignInAttempt, startUserSession } from "#app/auth/sign-in-flow.server.ts";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FormAlert } from "#app/components/ui/forms.tsx";
import { isHoneypotFilled } from "#app/http/honeypot.ts";
import { credentialsSchema, newAccountSchema, PASSWORD_LIMITS, SIGN_IN, SIGN_UP, type AuthIntent } from "#app/auth/credentials.ts";
import { returnPath } from "#app/utils/paths.ts";
import { seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { log } from "#app/utils/log.server.ts";
import { RATE_LIMIT_MESSAGE, SIGN_UP_LIMIT_MESSAGE } from "#app/http/rate-limit.server.ts";

/** Two short fields; anything far bigger is not a person signing in. */
const MAX_BODY_BYTES = 16 * 1024;

const SIGN_UP_TAB = "skapa-konto";

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

/** Where to go after signing in: a path on this site, never another site. */
function safeRedirectTo(value: unknown): string | null {
  const path = returnPath(value);
  return path && !path.startsWith("/login") && !path.startsWith("/logout") ? path : null;
}

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

export async function loader({ url, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectTo(url.searchParams.get("redirectTo"));
  const { session, isAdmin: admin } = requestAuth(context);
  // Already signed in: nothing to do here.
  if (session) throw redirect(redirectTo ?? ((await admin()) ? "/admin" : "/"));
  return { redirectTo, intent: url.searchParams.get("tab") === SIGN_UP_TAB ? SIGN_UP : SIGN_IN } as {
    redirectTo: string | null;
    intent: AuthIntent;
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request, MAX_BODY_BYTES);
  const intent: AuthIntent = form.get("intent") === SIGN_UP ? SIGN_UP : SIGN_IN;
  const redirectTo = safeRedirectTo(form.get("redirectTo"));
  const submission = parseWithZod(form, { schema: intent === SIGN_UP ? newAccountSchema : credentialsSchema, disableAutoCoercion: true });
  // The password never travels back to the page, whatever happened.
  const reply = (formErrors?: string[]) => ({ intent, result: submission.reply({ hideFields: ["password"], formErrors }) });

  if (isHoneypotFilled(form)) {
    log.info("sign-in form honeypot filled; refused");
    return data(reply([LOGIN_REFUSED]), { status: 400 });
  }
  if (submission.status !== "success") return data(reply(), { status: 400 });

  // The attempt is counted before any password is looked at; a correct password gives its slots back.
  const limit = await countSignInAttempt(intent, submission.value.email, clientAddress(context));
  if (!limit.allowed) {
    log.warn("sign-in rate limited", { intent, retryAfterSeconds: limit.retryAfterSeconds });
    const message = intent === SIGN_UP ? SIGN_UP_LIMIT_MESSAGE : RATE_LIMIT_MESSAGE;
    return data(reply([message]), { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  }

  let outcome;
  try {
    // remix-auth reads the post itself: it gets the fields already read (and size-checked).
    outcome = await authenticate(intent, requestWithForm(request, form));
  } catch (error) {
    if (!(error instanceof AuthFailureError)) throw error;
    const { code, message } = error.failure;
    // An outage is not the visitor's mistake and does not count towards the limit.
    if (code === "unavailable") await limit.release();
    return data(reply([message]), { status: code === "unavailable" ? 503 : 400 });
  }
  // A correct password is not a guess; a new account keeps its slot (accounts are what is limited).
  if (intent === SIGN_IN) await limit.release();

  const back = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
  if (outcome.kind === "confirm-email") {
    return redirectWithFlash(`/login${back}`, { title: "Konto skapat", description: "Kontrollera din e-post för att bekräfta kontot." });
  }
  // A fresh session id at every sign-in; any earlier session of this browser ends.
  const { setCookie, admin } = await startUserSession(request, {
    user: outcome.user,
    provider: getAuthProvider().name,
    tokens: outcome.tokens,
  });
  const destination = redirectTo ?? (admin ? "/admin" : "/");
  const flash =
    intent === SIGN_IN
      ? { title: "Inloggad", description: "Välkommen tillbaka!" }
      : { title: "Konto skapat", description: "Du är inloggad med ditt nya konto." };
  log.info(intent === SIGN_IN ? "signed in" : "account created", { userId: outcome.user.id, provider: getAuthProvider().name });
  return redirectWithFlash(destination, flash, { headers: { "Set-Cookie": setCookie } });
}

const LOGIN_REFUSED = "Formuläret kunde inte skickas. Ladda om sidan och försök igen.";

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  // After a post, show the form that was posted (the tab link may say otherwise).
  const intent = actionData?.intent ?? loaderData.intent;
  const text = TEXT[intent];
  const tabLink = (target: AuthIntent) => {
    const query = new URLSearchParams();
    if (target === SIGN_UP) query.set("tab", SIGN_UP_TAB);
    if (redirectTo) query.set("redirectTo", redirectTo);
    const search = query.toString();
    return search ? `/login?${search}` : "/login";
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
        {/* One component per intent, so each form keeps its own state. */}
        {intent === SIGN_IN ? (
          <CredentialsForm
            key={SIGN_IN}
            intent={SIGN_IN}
            redirectTo={redirectTo}
            lastResult={actionData?.intent === SIGN_IN ? actionData.result : undefined}
          />
        ) : (
          <CredentialsForm
            key={SIGN_UP}
            intent={SIGN_UP}
            redirectTo={redirectTo}
            lastResult={actionData?.intent === SIGN_UP ? actionData.result : undefined}
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
      action={redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login"}
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
