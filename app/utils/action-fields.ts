/**
 * The action kit's shared half (browser and server): the names a screen's form posts, the one
 * confirmation value, and the refusal a route answers to a post it does not know. The server half,
 * which dispatches a post to one function per intent, is action-kit.server.ts.
 */
import type { SubmissionResult } from "@conform-to/react";
import { z } from "#app/utils/zod.ts";

/** The form field naming what a post asks for (the value of the button that sent it). */
export const INTENT_FIELD = "intent";

/** Between an intent's name and its one argument in the button's value (`upload-block:3`). */
export const INTENT_ARGUMENT = ":";

/** The value of a button whose intent carries an argument (one button per row of a form): `name:argument`. */
export const intentWithArgument = (name: string, argument: string | number) => `${name}${INTENT_ARGUMENT}${argument}`;

/** The key an intent with an argument is declared under in dispatchIntent's intents (`name:`). */
export const intentTakingArgument = (name: string) => `${name}${INTENT_ARGUMENT}`;

/**
 * The intent field of an intent with an argument, in its schema: the value must be
 * `name:argument`, and gives the argument as `argument` parses it. Declare the intent under
 * intentTakingArgument(name) in dispatchIntent's intents.
 */
export function intentArgument<T extends z.ZodType<unknown, string>>(name: string, argument: T) {
  const prefix = intentTakingArgument(name);
  return z
    .string()
    .startsWith(prefix)
    .transform((value) => value.slice(prefix.length))
    .pipe(argument);
}

/** The hidden field a confirmed post carries, and its one value. */
export const CONFIRM_FIELD = "confirm";
export const CONFIRMED = "yes";

/** The confirmation in an intent's schema: true only for the exact value, anything else is "not confirmed". */
export const confirmedField = z.preprocess((value) => value === CONFIRMED, z.boolean());

/**
 * What a refused post answers (status 400): a sentence the page shows above its forms, and for a
 * post naming no known intent, conform's reply with the fields as posted and the sentence as the
 * form's error (a form that takes it as `lastResult` keeps what was typed).
 */
export interface ActionRefusal {
  refusal: string;
  result?: SubmissionResult<string[]>;
}

/** A post naming no intent, or one this screen does not know (a hand-made post or a stale page). */
export const UNKNOWN_INTENT_MESSAGE =
  "This page did not understand what the form asked for, and nothing was changed. Reload the page and try again.";

/** A post whose fields no form of this screen makes (a malformed id, a missing value). */
export const INVALID_POST_MESSAGE = "The form sent values this page cannot use, and nothing was changed. Reload the page and try again.";

/** Whether an action's data is the kit's refusal, for the page to show it. */
export function isActionRefusal(value: unknown): value is ActionRefusal {
  return typeof value === "object" && value !== null && "refusal" in value && typeof value.refusal === "string";
}

/** The intent a post names (the action, and a screen's shouldRevalidate): its one value of the intent field (none, or two different, is no intent). */
export function postedIntent(form: FormData): string | null {
  const values = new Set(form.getAll(INTENT_FIELD));
  if (values.size !== 1) return null;
  const [value] = values;
  return typeof value === "string" ? value : null;
}
