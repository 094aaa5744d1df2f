/**
 * Sign-in and sign-up credentials: e-mail normalisation, the password rules and their
 * Swedish messages. Shared by the server (local auth provider, CLI) and the browser, so
 * both judge a form the same way. No I/O.
 */
import { normalizeEmail } from "#app/utils/fold-text.ts";
import { z } from "#app/utils/zod.ts";

export const PASSWORD_LIMITS = {
  min: 8,
  max: 128,
} as const;

export const EMAIL_MAX = 254;

export const CREDENTIAL_MESSAGES = {
  emailRequired: "Ange din e-postadress.",
  emailInvalid: "Ange en giltig e-postadress.",
  emailTooLong: `E-postadressen får vara högst ${EMAIL_MAX} tecken.`,
  passwordRequired: "Ange ditt lösenord.",
  passwordTooShort: `Lösenordet måste vara minst ${PASSWORD_LIMITS.min} tecken.`,
  passwordTooLong: `Lösenordet får vara högst ${PASSWORD_LIMITS.max} tecken.`,
  passwordBlank: "Lösenordet får inte bestå av bara blanksteg.",
} as const;

/** Characters as a person counts them (code points, not UTF-16 units). */
const chars = (value: string) => Array.from(value).length;

/**
 * The first rule a new password breaks, as a Swedish message, or null when it is fine.
 * Passwords are never trimmed: spaces inside or around them count.
 */
export function passwordProblem(password: string): string | null {
  if (password === "") return CREDENTIAL_MESSAGES.passwordRequired;
  const length = chars(password);
  if (length < PASSWORD_LIMITS.min) return CREDENTIAL_MESSAGES.passwordTooShort;
  if (length > PASSWORD_LIMITS.max) return CREDENTIAL_MESSAGES.passwordTooLong;
  if (password.trim() === "") return CREDENTIAL_MESSAGES.passwordBlank;
  return null;
}

/** The first problem with an e-mail address (after normalisation), or null. */
export function emailProblem(email: string): string | null {
  const value = normalizeEmail(email);
  if (value === "") return CREDENTIAL_MESSAGES.emailRequired;
  if (chars(value) > EMAIL_MAX) return CREDENTIAL_MESSAGES.emailTooLong;
  if (!z.email().safeParse(value).success) return CREDENTIAL_MESSAGES.emailInvalid;
  return null;
}

// Form values arrive as strings, or as nothing at all when a field is missing from the post
// (Conform also turns empty fields into undefined).
const formText = (value: unknown) => (typeof value === "string" ? value : "");

const email = z.preprocess(formText, z.string().transform(normalizeEmail)).superRefine((value, ctx) => {
  const problem = emailProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** The two forms of /login (the value of their `intent` field). */
export const SIGN_IN = "sign-in";
export const SIGN_UP = "sign-up";
export type AuthIntent = typeof SIGN_IN | typeof SIGN_UP;

/** The value of /login?tab= that opens the sign-up form. */
export const SIGN_UP_TAB = "skapa-konto";

/** Sign-in: the password only has to be there (old passwords are not judged by today's rules). */
export const credentialsSchema = z.object({
  email,
  password: z.preprocess(formText, z.string()).refine((value) => value !== "", CREDENTIAL_MESSAGES.passwordRequired),
});

/** Sign-up (and the CLI): the password must follow the rules. */
export const newAccountSchema = z.object({
  email,
  password: z.preprocess(formText, z.string()).superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
});

export type Credentials = z.infer<typeof credentialsSchema>;

export const CREDENTIAL_FIELDS = ["email", "password"] as const;
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number];
export type CredentialErrors = Partial<Record<CredentialField, string>>;

/** One Swedish message per bad field, from a failed parse of either schema. */
export function credentialErrors(error: z.ZodError): CredentialErrors {
  const errors: CredentialErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field === "email" || field === "password") errors[field] ??= issue.message;
  }
  return errors;
}
