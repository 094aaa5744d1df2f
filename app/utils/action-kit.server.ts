/**
 * The action kit: a route declares its intents (name → zod schema → one function), and the kit
 * reads which one a post names, validates the post with conform + zod and calls that function.
 * Every route answers the same to a post it does not understand: a 400 whose data is an
 * ActionRefusal, which the page shows (so a visitor without JavaScript reads it in place).
 *
 * The kit takes the form already read (`readFormData` in app/http, with the route's body limit),
 * so it stays generic and below the features.
 */
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "#app/utils/zod.ts";
import {
  CONFIRM_FIELD,
  CONFIRMED,
  INTENT_ARGUMENT,
  postedIntent,
  INVALID_POST_MESSAGE,
  UNKNOWN_INTENT_MESSAGE,
  type ActionRefusal,
} from "./action-fields.ts";

export { postedIntent };

export type IntentSubmission<S extends z.ZodType> = Submission<z.input<S>, string[], z.output<S>>;

/** One intent: the schema its post must pass, the function that does it, and what an invalid post answers. */
export interface IntentHandler<R = unknown> {
  /** Runs the intent on a post that names it, after its schema; returns the action's answer. */
  run(form: FormData): Promise<R>;
}

export interface IntentOptions<S extends z.ZodType, I> {
  /** The answer to a post that fails the schema (say, `data({ result: submission.reply() }, { status: 400 })`); by default refuse(). */
  invalid?: (submission: IntentSubmission<S>) => I | Promise<I>;
  /**
   * Let conform coerce the fields (empty text → undefined, numbers, booleans) before the schema;
   * off by default: the schema sees the strings as posted.
   */
  coerce?: boolean;
}

/** A 400 with a sentence for the page: the one answer to a post the route does not understand. */
export function refuse(message: string = INVALID_POST_MESSAGE) {
  return data<ActionRefusal>({ refusal: message }, { status: 400 });
}

/**
 * The answer to a post naming no intent, or one the route does not declare: the refusal, with
 * conform's reply keeping the fields as posted (a stale page's form keeps what was typed).
 */
export function unknownIntent(form?: FormData) {
  const result = form
    ? parseWithZod(form, { schema: anyFields, disableAutoCoercion: true }).reply({ formErrors: [UNKNOWN_INTENT_MESSAGE] })
    : undefined;
  return data<ActionRefusal>(result ? { refusal: UNKNOWN_INTENT_MESSAGE, result } : { refusal: UNKNOWN_INTENT_MESSAGE }, { status: 400 });
}

const anyFields = z.looseObject({});

/**
 * Declares one intent: `intent(schema, (value, submission, form) => …)`. The schema sees the whole
 * form (conform's structure: `hotels` for repeated fields, `a.b` for nested ones); a failing post
 * answers `options.invalid` or refuse().
 */
export function intent<S extends z.ZodType, R, I = ReturnType<typeof refuse>>(
  schema: S,
  handle: (value: z.output<S>, submission: IntentSubmission<S>, form: FormData) => R | Promise<R>,
  options: IntentOptions<S, I> = {},
): IntentHandler<R | I | ReturnType<typeof refuse>> {
  return {
    async run(form) {
      const submission = (await parseWithZod(form, { schema, async: true, disableAutoCoercion: !options.coerce })) as IntentSubmission<S>;
      if (submission.status !== "success") return options.invalid ? await options.invalid(submission) : refuse();
      return await handle(submission.value, submission, form);
    },
  };
}

type Answer<T> = T extends IntentHandler<infer R> ? R : never;

/** How a screen answers a post that names none of its intents. */
export interface DispatchOptions<C, U> {
  /**
   * A form built with conform posts conform's own intents too (add, move or remove a list item,
   * update a field: its buttons without JavaScript, named by conform, not by INTENT_FIELD). Such
   * a post, read by conform, is answered by this instead of being refused.
   */
  formChange?: () => C | Promise<C>;
  /** The answer to a post naming no declared intent (nor, with formChange, one of conform's); unknownIntent() by default. */
  unknown?: () => U;
}

/**
 * The declared intent a post names: its own key, or, for a value with an argument after a colon
 * (`upload-block:3`, one button per row without JavaScript), the key up to and with the colon
 * (`intentTakingArgument("upload-block")`), whose schema reads the argument from the intent field
 * (intentArgument()).
 */
function declaredIntent(intents: Record<string, IntentHandler>, name: string | null): IntentHandler | null {
  if (name === null) return null;
  if (Object.hasOwn(intents, name)) return intents[name]!;
  const withArgument = name.slice(0, name.indexOf(INTENT_ARGUMENT) + 1);
  return withArgument && Object.hasOwn(intents, withArgument) ? intents[withArgument]! : null;
}

/** Whether conform reads one of its own intents in the post (a malformed one, which conform throws on, is none). */
function carriesFormIntent(form: FormData): boolean {
  try {
    // Conform leaves the status undefined when the post carried one of its intents.
    return parseWithZod(form, { schema: z.looseObject({}) }).status === undefined;
  } catch {
    return false;
  }
}

/**
 * The action's answer to a post: the declared intent it names runs (its schema first), and a
 * post naming none of them is refused with unknownIntent() (or answered as `options` say).
 */
export async function dispatchIntent<T extends object, C = never, U = ReturnType<typeof unknownIntent>>(
  form: FormData,
  // Only `object` above: a constraint naming IntentHandler would be the context of each intent(…)
  // call, and its answer type would be inferred from there (unknown) instead of from its function.
  intents: T,
  options: DispatchOptions<C, U> = {},
): Promise<Answer<T[keyof T]> | C | U> {
  const declared = declaredIntent(intents as Record<string, IntentHandler>, postedIntent(form));
  if (declared) return (await declared.run(form)) as Answer<T[keyof T]>;
  if (options.formChange && carriesFormIntent(form)) return await options.formChange();
  return options.unknown ? options.unknown() : (unknownIntent(form) as U);
}

/** Whether a post carries the confirmation of a confirmable action. */
export const isConfirmed = (form: FormData) => form.get(CONFIRM_FIELD) === CONFIRMED;

/**
 * The server's half of a confirmable action: a post that was not confirmed goes to the question's
 * own page (how it is asked without JavaScript), and nothing is done; a confirmed post gets null
 * and goes on. `confirmed` is the intent's parsed `confirmedField`.
 */
export function askFirst(confirmed: boolean, questionHref: string): Response | null {
  return confirmed ? null : redirect(questionHref);
}
