import { useRef, useState, type MouseEvent, type ReactNode, type RefObject } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

export interface ConfirmDialogState<T> {
  ref: RefObject<HTMLDialogElement | null>;
  /** What the open question is about. */
  pending: T | null;
  /** The onClick of the link to the question's own page: with JavaScript it opens the dialog instead. */
  ask: (item: T) => (event: MouseEvent) => void;
  close: () => void;
}

/**
 * A question before a destructive action (removing a post or a home-page card). Without
 * JavaScript its link leads to the same question on the screen's own page; once the page is
 * hydrated the link opens it in a `<dialog>` here.
 */
export function useConfirmDialog<T>(): ConfirmDialogState<T> {
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

export function ConfirmDialog<T>({
  confirm,
  labelledBy,
  describedBy,
  children,
}: {
  confirm: ConfirmDialogState<T>;
  labelledBy: string;
  describedBy: string;
  /** The question for the pending item, with its confirm and cancel buttons. */
  children: (item: T) => ReactNode;
}) {
  return (
    <dialog
      ref={confirm.ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className="m-auto w-full max-w-md rounded-lg p-5 backdrop:bg-black/40"
    >
      {confirm.pending ? children(confirm.pending) : null}
    </dialog>
  );
}
