/**
 * A confirmable action: a destructive or far-reaching post that asks first. Its trigger is a
 * link to the question's own page (how it asks without JavaScript: the loader reads the question
 * from the URL, and the action sends an unconfirmed post there, see `askFirst` in the kit); once
 * the page is hydrated the link opens the same question in a `<dialog>` instead. Either way the
 * question's button posts the intent with the confirmation (CONFIRM_FIELD = CONFIRMED).
 */
import { useId, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from "react";
import { Form, Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { CONFIRM_FIELD, CONFIRMED, INTENT_FIELD } from "#app/utils/action-fields.ts";
import { Button, buttonClassName, type ButtonSize, type ButtonVariant } from "./button.tsx";

export interface Confirmable<T> {
  ref: RefObject<HTMLDialogElement | null>;
  /** What the dialog's open question is about. */
  pending: T | null;
  /** The onClick of the link to the question's own page: with JavaScript it opens the dialog instead. */
  ask: (item: T) => (event: MouseEvent) => void;
  close: () => void;
}

/** The state of one screen's dialog; its items are the rows a question can be about. */
export function useConfirmable<T>(): Confirmable<T> {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDialogElement>(null);
  const [pending, setPending] = useState<T | null>(null);
  return {
    ref,
    pending,
    ask: (item) => (event) => {
      if (!hydrated || !ref.current) return;
      event.preventDefault();
      setPending(item);
      ref.current.showModal();
    },
    close: () => ref.current?.close(),
  };
}

/** The link that asks: to the question's page without JavaScript, the dialog with it. */
export function ConfirmLink<T>({
  confirm,
  item,
  to,
  variant = "danger",
  size = "sm",
  className,
  children,
}: {
  confirm: Confirmable<T>;
  item: T;
  to: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} onClick={confirm.ask(item)} className={buttonClassName({ variant, size, className })}>
      {children}
    </Link>
  );
}

/** One question: its words, and the post its confirm button sends. */
export interface ConfirmQuestion {
  heading: ReactNode;
  text: ReactNode;
  /** The confirm button's label ("Yes, remove"). */
  button: ReactNode;
  /** The cancel button's label; "Cancel" unless the screen speaks another language. */
  cancel?: ReactNode;
  variant?: ButtonVariant;
  /** Where the confirmed post goes, its intent and its other fields (a repeated field takes a list). */
  action: string;
  intent: string;
  fields?: Record<string, string | number | readonly string[]>;
}

function QuestionBody({
  question,
  ids,
  busy,
  cancel,
  onSubmit,
}: {
  question: ConfirmQuestion;
  ids: { heading: string; text: string };
  busy: boolean;
  cancel: ReactNode;
  onSubmit?: () => void;
}) {
  return (
    <>
      <h2 id={ids.heading} className="text-lg font-semibold">
        {question.heading}
      </h2>
      <div id={ids.text} className="mt-1 text-sm">
        {question.text}
      </div>
      <Form method="post" action={question.action} className="mt-4 flex flex-wrap gap-3" onSubmit={onSubmit}>
        {Object.entries(question.fields ?? {}).flatMap(([name, value]) =>
          (Array.isArray(value) ? value : [String(value)]).map((one: string) => (
            <input key={`${name}=${one}`} type="hidden" name={name} value={one} />
          )),
        )}
        <input type="hidden" name={CONFIRM_FIELD} value={CONFIRMED} />
        {cancel}
        <Button type="submit" name={INTENT_FIELD} value={question.intent} disabled={busy} variant={question.variant ?? "danger"}>
          {question.button}
        </Button>
      </Form>
    </>
  );
}

/**
 * The question, both ways: on the page when the loader found one in the URL (`asked`, the page
 * without JavaScript), and in the dialog for the item a ConfirmLink opened.
 */
export function ConfirmableAction<T>({
  confirm,
  asked,
  question,
  cancelHref,
  busy,
  tone = "danger",
  focusCancel = false,
}: {
  confirm: Confirmable<T>;
  /** The item the page's URL asks about, or null. */
  asked: T | null;
  question: (item: T) => ConfirmQuestion;
  /** Where "Cancel" leads on the question's page. */
  cancelHref: string;
  busy: boolean;
  /** "caution": the page's question in amber, for far-reaching actions. */
  tone?: "danger" | "caution";
  /** The page's Cancel takes the focus: the question is where the editor's attention goes (after a post that asked). */
  focusCancel?: boolean;
}) {
  const id = useId();
  const page = { heading: `${id}-heading`, text: `${id}-text` };
  const dialog = { heading: `${id}-dialog-heading`, text: `${id}-dialog-text` };
  return (
    <>
      {asked === null ? null : (
        <section
          role="alertdialog"
          aria-labelledby={page.heading}
          aria-describedby={page.text}
          className={
            tone === "danger" ? "rounded-lg border border-red-300 bg-red-50 p-5" : "rounded-lg border border-amber-300 bg-amber-50 p-5"
          }
        >
          <QuestionBody
            question={question(asked)}
            ids={page}
            busy={busy}
            cancel={
              <Link to={cancelHref} className={buttonClassName({ variant: "secondary" })} autoFocus={focusCancel}>
                {question(asked).cancel ?? "Cancel"}
              </Link>
            }
          />
        </section>
      )}
      <dialog
        ref={confirm.ref}
        aria-labelledby={dialog.heading}
        aria-describedby={dialog.text}
        className="m-auto w-full max-w-md rounded-lg p-5 backdrop:bg-black/40"
      >
        {confirm.pending === null ? null : (
          <QuestionBody
            question={question(confirm.pending)}
            ids={dialog}
            busy={busy}
            onSubmit={confirm.close}
            cancel={
              <Button type="button" variant="secondary" onClick={confirm.close} autoFocus>
                {question(confirm.pending).cancel ?? "Cancel"}
              </Button>
            }
          />
        )}
      </dialog>
    </>
  );
}
