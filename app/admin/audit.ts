/**
 * What the audit log keeps of a write in the back office: the intent and the ids a form named,
 * never what was typed (a post's text, a password), each cut to a small size; and whether it
 * went through. Pure rules, no I/O.
 */
import type { Flash } from "#app/http/flash.server.ts";

export const AUDIT_LIMITS = { ids: 100, idLength: 100, intentLength: 60, message: 120 } as const;

export type AuditOutcome = "ok" | "refused" | "failed";

/**
 * Fields that name rows: `id`, `hotel` (the hotel table's checkboxes), `toggle` (a hotel's
 * flag switch), `place` (a popular location), `user`, and any `…_id`/`…Id`/`…_ids`/`…Ids`.
 */
const ROW_FIELD = /^(id|ids|hotel|hotels|toggle|place|places|user)$|(_id|_ids|Id|Ids)$/;

export interface AuditedFields {
  intent: string | null;
  /** The first AUDIT_LIMITS.ids distinct ids: route parameters first, then the form's fields. */
  rowIds: string[];
  /** How many distinct ids there were in all. */
  rowCount: number;
}

const cut = (value: string, length: number) => (value.length > length ? `${value.slice(0, length - 1)}…` : value);

/** The intent and row ids of a post, from its route parameters and form fields (null: the body could not be read). */
export function auditedFields(
  params: Record<string, string | undefined>,
  form: Iterable<[string, FormDataEntryValue]> | null,
): AuditedFields {
  let intent: string | null = null;
  const ids = new Set<string>();
  for (const value of Object.values(params)) if (value) ids.add(cut(value, AUDIT_LIMITS.idLength));
  for (const [name, value] of form ?? []) {
    if (typeof value !== "string") continue;
    const trimmed = value.trim();
    if (!trimmed) continue;
    if (name === "intent") intent ??= cut(trimmed, AUDIT_LIMITS.intentLength);
    else if (ROW_FIELD.test(name)) ids.add(cut(trimmed, AUDIT_LIMITS.idLength));
  }
  return { intent, rowIds: [...ids].slice(0, AUDIT_LIMITS.ids), rowCount: ids.size };
}

/**
 * Whether the write went through: an error status failed (5xx) or was refused (4xx); a
 * redirect-after-post that carries an error message (the destructive flash) was refused too.
 */
export function auditOutcome(status: number, flash: Flash | null): AuditOutcome {
  if (status >= 500) return "failed";
  if (status >= 400 || flash?.variant === "destructive") return "refused";
  return "ok";
}

/**
 * The title of the message the administrator was shown ("Destination added", "Not changed"),
 * cut to size; null when there was none. Not its text, which repeats what was typed (a name, a title).
 */
export function auditMessage(flash: Flash | null): string | null {
  return flash ? cut(flash.title, AUDIT_LIMITS.message) : null;
}

export const AUDIT_OUTCOME_LABELS: Record<AuditOutcome, string> = { ok: "Done", refused: "Refused", failed: "Failed" };
