import { useNavigation } from "react-router";
import { INTENT_FIELD } from "./action-fields.ts";

/**
 * Whether the page is busy with a navigation (as the Epic Stack's useIsPending): by default a
 * form being sent (a post; a GET form is "loading"). Narrowed by `formAction` (the path and query
 * the form posts to) and `formMethod`; `state: "non-idle"` also counts the page loading after it.
 */
export function useIsPending({
  formAction,
  formMethod,
  state = "submitting",
}: {
  formAction?: string;
  formMethod?: "POST" | "GET" | "PUT" | "PATCH" | "DELETE";
  state?: "submitting" | "loading" | "non-idle";
} = {}): boolean {
  const navigation = useNavigation();
  const inState = state === "non-idle" ? navigation.state !== "idle" : navigation.state === state;
  if (!inState) return false;
  if (formMethod && navigation.formMethod?.toUpperCase() !== formMethod) return false;
  return formAction === undefined || navigation.formAction === formAction;
}

/** The intent of the post being sent (the value of its button), or null when none is. */
export function usePendingIntent(field: string = INTENT_FIELD): string | null {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return null;
  const value = navigation.formData?.get(field);
  return typeof value === "string" ? value : null;
}
