/**
 * The local auth provider of the embedded default: accounts in the `users`
 * table, scrypt password hashes. It has no tokens; the app's own session is all there is.
 * Rate limiting is the caller's job (rate-limit.server.ts), around signIn and signUp.
 */
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Kysely } from "kysely";
import type { AuthFailure, AuthProvider, AuthUser } from "#app/auth/provider.server.ts";
import { hashPassword, verifyDummyPassword, verifyPassword } from "#app/auth/password-hash.server.ts";
import { isUuid } from "#app/auth/users.server.ts";
import type { Database } from "#app/db/schema.ts";
import { emailProblem, PASSWORD_LIMITS, passwordProblem } from "#app/auth/credentials.ts";
import { log } from "#app/utils/log.server.ts";
import { normalizeEmail } from "#app/utils/fold-text.ts";

export const LOCAL_AUTH_MESSAGES = {
  missingFields: "Du måste ange en e-postadress och ett lösenord.",
  invalidCredentials: "Fel e-postadress eller lösenord.",
  emailTaken: "Det finns redan ett konto med den e-postadressen.",
  unavailable: "Inloggningen fungerar inte just nu. Försök igen om en stund.",
  noRefresh: "Sessionen kan inte förnyas. Logga in igen.",
} as const;

const failure = (code: AuthFailure["code"], message: string): AuthFailure => ({ ok: false, code, message });

const unavailable = (what: string, error: unknown): AuthFailure => {
  log.error(`local ${what} failed`, error);
  return failure("unavailable", LOCAL_AUTH_MESSAGES.unavailable);
};

export function createLocalProvider(db: Kysely<Database> = getAppDatabase().db): AuthProvider {
  return {
    name: "local",

    async signIn(rawEmail, password) {
      const email = normalizeEmail(typeof rawEmail === "string" ? rawEmail : "");
      if (email === "" || typeof password !== "string" || password === "") {
        return failure("missing_fields", LOCAL_AUTH_MESSAGES.missingFields);
      }
      // No account can have a password this long (even typed in another Unicode form); do
      // not spend scrypt time on it.
      if (password.length > PASSWORD_LIMITS.max * 8) {
        return failure("invalid_credentials", LOCAL_AUTH_MESSAGES.invalidCredentials);
      }
      try {
        const row = await db.selectFrom("users").select(["id", "email", "password_hash"]).where("email", "=", email).executeTakeFirst();
        // Without an account, spend the same time anyway: response times must not tell.
        const valid = row ? await verifyPassword(password, row.password_hash) : await verifyDummyPassword(password);
        if (!row || !valid) return failure("invalid_credentials", LOCAL_AUTH_MESSAGES.invalidCredentials);
        return { ok: true, user: { id: row.id, email: row.email }, tokens: null };
      } catch (error) {
        return unavailable("sign-in", error);
      }
    },

    async signUp(rawEmail, password) {
      const email = normalizeEmail(typeof rawEmail === "string" ? rawEmail : "");
      if (email === "" || typeof password !== "string" || password === "") {
        return failure("missing_fields", LOCAL_AUTH_MESSAGES.missingFields);
      }
      // The interface has no code of its own for a malformed address; it is a form error.
      const emailIssue = emailProblem(email);
      if (emailIssue) return failure("missing_fields", emailIssue);
      const passwordIssue = passwordProblem(password);
      if (passwordIssue) return failure("weak_password", passwordIssue);
      try {
        const passwordHash = await hashPassword(password);
        // The unique constraint decides, so two sign-ups racing for one address cannot both win.
        const row = await db
          .insertInto("users")
          .values({ email, password_hash: passwordHash, registered_via: "sign-up" })
          .onConflict((oc) => oc.column("email").doNothing())
          .returning(["id", "email"])
          .executeTakeFirst();
        if (!row) return failure("email_taken", LOCAL_AUTH_MESSAGES.emailTaken);
        return { ok: true, user: { id: row.id, email: row.email }, tokens: null, needsConfirmation: false };
      } catch (error) {
        return unavailable("sign-up", error);
      }
    },

    async signOut() {
      // Nothing to end: the app's session row is the only session.
    },

    async refresh() {
      return failure("unavailable", LOCAL_AUTH_MESSAGES.noRefresh);
    },

    async getUser(_tokens, userId): Promise<AuthUser | null> {
      if (!isUuid(userId)) return null;
      const row = await db.selectFrom("users").select(["id", "email"]).where("id", "=", userId).executeTakeFirst();
      return row ? { id: row.id, email: row.email } : null;
    },
  };
}
