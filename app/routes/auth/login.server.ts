import { data, href, redirect } from "react-router";
import type { Route } from "./+types/login";
import { readFormData, requestWithForm } from "#app/http/form-data.server.ts";
import { authenticate, AuthFailureError, getAuthProvider } from "#app/auth/auth.server.ts";
import { clientAddress, requestAuth } from "#app/auth/request-auth.server.ts";
import { countSignInAttempt, startUserSession } from "#app/auth/sign-in-flow.server.ts";
import { isHoneypotFilled } from "#app/http/honeypot.ts";
import { credentialsSchema, newAccountSchema, SIGN_IN, SIGN_UP, SIGN_UP_TAB, type AuthIntent } from "#app/auth/credentials.ts";
import { returnPath } from "#app/utils/paths.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { log } from "#app/utils/log.server.ts";
import { RATE_LIMIT_MESSAGE, SIGN_UP_LIMIT_MESSAGE } from "#app/http/rate-limit.server.ts";
import { dispatchIntent, intent, type IntentSubmission } from "#app/utils/action-kit.server.ts";
import { FORM_REFUSED } from "#app/components/site-refusal.tsx";

/** Two short fields; anything far bigger is not a person signing in. */
const MAX_BODY_BYTES = 16 * 1024;

/** Where to go after signing in: a path on this site, never another site (nor sign-in or sign-out again). */
function safeRedirectTo(value: unknown): string | null {
  const path = returnPath(value);
  return path && !path.startsWith(href("/login")) && !path.startsWith(href("/logout")) ? path : null;
}

/** The sign-in page: which form to show, and where to go after; someone signed in already goes on at once. */
export async function loadLogin({ url, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectTo(url.searchParams.get("redirectTo"));
  const { session, isAdmin: admin } = requestAuth(context);
  // Already signed in: nothing to do here.
  if (session) throw redirect(redirectTo ?? ((await admin()) ? href("/admin") : href("/")));
  return { redirectTo, intent: url.searchParams.get("tab") === SIGN_UP_TAB ? SIGN_UP : SIGN_IN } as {
    redirectTo: string | null;
    intent: AuthIntent;
  };
}

/** The two forms' posts, one intent each: sign in, or create an account. */
export async function loginAction({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request, MAX_BODY_BYTES);
  const redirectTo = safeRedirectTo(form.get("redirectTo"));
  const post = { request, form, address: clientAddress(context), redirectTo };
  return dispatchIntent(form, { [SIGN_IN]: credentials(SIGN_IN, post), [SIGN_UP]: credentials(SIGN_UP, post) });
}

interface Post {
  request: Request;
  form: FormData;
  address: string | null;
  redirectTo: string | null;
}

type CredentialsSubmission = IntentSubmission<typeof credentialsSchema | typeof newAccountSchema>;

/** One form's intent: its schema, the honeypot, the attempt limit, the provider, then a session and the way on. */
function credentials(kind: AuthIntent, { request, form, address, redirectTo }: Post) {
  // The password never travels back to the page, whatever happened.
  const reply = (submission: CredentialsSubmission, formErrors?: string[]) => ({
    intent: kind,
    result: submission.reply({ hideFields: ["password"], formErrors }),
  });
  const refusedRobot = (submission: CredentialsSubmission) => {
    log.info("sign-in form honeypot filled; refused");
    return data(reply(submission, [FORM_REFUSED]), { status: 400 });
  };
  return intent(
    kind === SIGN_UP ? newAccountSchema : credentialsSchema,
    async (value: { email: string; password: string }, submission: CredentialsSubmission) => {
      if (isHoneypotFilled(form)) return refusedRobot(submission);

      // The attempt is counted before any password is looked at; a correct password gives its slots back.
      const limit = await countSignInAttempt(kind, value.email, address);
      if (!limit.allowed) {
        log.warn("sign-in rate limited", { intent: kind, retryAfterSeconds: limit.retryAfterSeconds });
        const message = kind === SIGN_UP ? SIGN_UP_LIMIT_MESSAGE : RATE_LIMIT_MESSAGE;
        return data(reply(submission, [message]), { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
      }

      let outcome;
      try {
        // remix-auth reads the post itself: it gets the fields already read (and size-checked).
        outcome = await authenticate(kind, requestWithForm(request, form));
      } catch (error) {
        if (!(error instanceof AuthFailureError)) throw error;
        const { code, message } = error.failure;
        // An outage is not the visitor's mistake and does not count towards the limit.
        if (code === "unavailable") await limit.release();
        return data(reply(submission, [message]), { status: code === "unavailable" ? 503 : 400 });
      }
      // A correct password is not a guess; a new account keeps its slot (accounts are what is limited).
      if (kind === SIGN_IN) await limit.release();

      const back = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
      if (outcome.kind === "confirm-email") {
        return redirectWithFlash(`${href("/login")}${back}`, {
          title: "Konto skapat",
          description: "Kontrollera din e-post för att bekräfta kontot.",
        });
      }
      // A fresh session id at every sign-in; any earlier session of this browser ends.
      const { setCookie, admin } = await startUserSession(request, {
        user: outcome.user,
        provider: getAuthProvider().name,
        tokens: outcome.tokens,
      });
      const destination = redirectTo ?? (admin ? href("/admin") : href("/"));
      const flash =
        kind === SIGN_IN
          ? ({ title: "Inloggad", description: "Välkommen tillbaka!", lang: "sv" } as const)
          : ({ title: "Konto skapat", description: "Du är inloggad med ditt nya konto.", lang: "sv" } as const);
      log.info(kind === SIGN_IN ? "signed in" : "account created", { userId: outcome.user.id, provider: getAuthProvider().name });
      return redirectWithFlash(destination, flash, { headers: { "Set-Cookie": setCookie } });
    },
    { invalid: (submission) => (isHoneypotFilled(form) ? refusedRobot(submission) : data(reply(submission), { status: 400 })) },
  );
}
