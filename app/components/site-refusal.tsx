import { isActionRefusal } from "#app/utils/action-fields.ts";
import { FormAlert } from "./ui/forms.tsx";

/**
 * What the public site says when the action kit refuses a post (a form no page of ours makes,
 * a stale page): one Swedish sentence, whatever the kit's own wording.
 */
export const FORM_REFUSED = "Formuläret kunde inte skickas. Ladda om sidan och försök igen.";

/** The refusal above a public page's form, when the action's data is one. */
export function SiteRefusalAlert({ actionData, className }: { actionData: unknown; className?: string }) {
  if (!isActionRefusal(actionData)) return null;
  return (
    <FormAlert className={className}>
      <p className="font-semibold">{FORM_REFUSED}</p>
    </FormAlert>
  );
}
