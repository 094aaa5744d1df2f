/**
 * The honeypot of the public forms (contact, sign-in, the AI box): a field people never
 * see and form-filling robots do fill in. No I/O; shared by server and browser.
 */
export const HONEYPOT_FIELD = "website";

/** True when the hidden honeypot field was filled in: a robot, not a person. */
export function isHoneypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
