/**
 * Form fields: a label, the control, an optional hint and the field's errors, tied together
 * so a screen reader hears the label, then the hint and the error with the control
 * (`aria-describedby`), and knows the value is wrong (`aria-invalid`). Made for conform's
 * `getInputProps` / `getSelectProps` / `getTextareaProps`, whose ids they use; plain props work too.
 */
import { useId, type ReactNode } from "react";
import { isActionRefusal } from "#app/utils/action-fields.ts";
import { cx } from "./class-names.ts";
import type { ControlSize } from "./control.ts";
import { Input, type InputProps } from "./input.tsx";
import { Label } from "./label.tsx";
import { Select, type SelectProps } from "./select.tsx";
import { Textarea, type TextareaProps } from "./textarea.tsx";

export type ListOfErrors = ReadonlyArray<string | null | undefined> | null | undefined;

/** A field's errors, one per line; nothing at all when there are none. */
export function ErrorList({ id, errors, className }: { id?: string; errors: ListOfErrors; className?: string }) {
  const shown = errors?.filter((error): error is string => Boolean(error));
  if (!shown?.length) return null;
  return (
    <ul id={id} className={cx("mt-1 space-y-0.5 text-sm font-medium text-red-700", className)}>
      {shown.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** A message about the whole form (a refusal, a limit), announced when it appears. */
export function FormAlert({
  id,
  controlSize = "comfortable",
  className,
  children,
}: {
  id?: string;
  controlSize?: ControlSize;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      id={id}
      role="alert"
      className={cx(
        "rounded-lg border border-red-300 bg-red-50 text-red-900",
        controlSize === "compact" ? "p-3 text-sm" : "p-4",
        className,
      )}
    >
      {children}
    </div>
  );
}

/** The action kit's refusal of a post the page did not understand (a 400), shown where the page's forms are. */
export function ActionRefusalAlert({ actionData, className }: { actionData: unknown; className?: string }) {
  if (!isActionRefusal(actionData)) return null;
  return (
    <FormAlert controlSize="compact" className={className}>
      {actionData.refusal}
    </FormAlert>
  );
}

/** One problem of a form that was sent: its message, and the id of the field it is about. */
export interface FormProblem {
  id: string;
  message: string;
}

/**
 * After a form was sent and refused: a summary at its top listing every problem, each a link to
 * its field (a plain fragment link, so it works without JavaScript). Nothing when there is none.
 */
export function ErrorSummary({
  heading,
  problems,
  id,
  className,
}: {
  heading: string;
  problems: readonly FormProblem[];
  id?: string;
  className?: string;
}) {
  if (!problems.length) return null;
  return (
    <FormAlert id={id} className={className}>
      <p className="font-semibold">{heading}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {problems.map((problem) => (
          <li key={problem.id}>
            {/* Ids from field names hold brackets and dots; the browser decodes the fragment to find them. */}
            <a href={`#${encodeURIComponent(problem.id)}`} className="underline">
              {problem.message}
            </a>
          </li>
        ))}
      </ul>
    </FormAlert>
  );
}

interface FieldShell {
  label: ReactNode;
  /** Help shown under the label and read with the control. */
  hint?: ReactNode;
  errors?: ListOfErrors;
  /** The error list's id; conform's `field.errorId`, or `<control id>-error`. */
  errorId?: string;
  controlSize?: ControlSize;
  className?: string;
}

/** Ids and ARIA attributes that tie a control to its label, hint and errors. */
function useFieldIds(controlId: string | undefined, { hint, errors, errorId }: Pick<FieldShell, "hint" | "errors" | "errorId">) {
  const fallback = useId();
  const id = controlId ?? fallback;
  const invalid = Boolean(errors?.some(Boolean));
  const ids = { id, hintId: `${id}-hint`, errorId: errorId ?? `${id}-error` };
  const aria = {
    "aria-invalid": invalid ? (true as const) : undefined,
    "aria-describedby": cx(hint ? ids.hintId : null, invalid ? ids.errorId : null) || undefined,
  };
  return { ...ids, aria };
}

function FieldFrame({
  shell,
  ids,
  children,
}: {
  shell: FieldShell;
  ids: { id: string; hintId: string; errorId: string };
  children: ReactNode;
}) {
  return (
    <div className={shell.className}>
      <Label htmlFor={ids.id} controlSize={shell.controlSize}>
        {shell.label}
      </Label>
      {shell.hint ? (
        <p id={ids.hintId} className="text-sm text-muted">
          {shell.hint}
        </p>
      ) : null}
      {children}
      <ErrorList id={ids.errorId} errors={shell.errors} />
    </div>
  );
}

// conform's prop getters include a `key` (to reset the control); React wants it on the element, not spread.
type WithKey<T> = T & { key?: string | number | null };

/** What every control in a field frame gets: its id, the ARIA links to hint and errors, its size, and room under the label. */
function controlProps<P extends { className?: string }>(props: P, ids: ReturnType<typeof useFieldIds>, shell: FieldShell) {
  return {
    ...props,
    id: ids.id,
    ...ids.aria,
    controlSize: shell.controlSize,
    className: cx(shell.controlSize !== "compact" && "mt-1", props.className),
  };
}

export function Field({ inputProps, ...shell }: FieldShell & { inputProps: WithKey<InputProps> }) {
  const { key, ...props } = inputProps;
  const ids = useFieldIds(props.id, shell);
  return (
    <FieldFrame shell={shell} ids={ids}>
      <Input key={key} {...controlProps(props, ids, shell)} />
    </FieldFrame>
  );
}

export function SelectField({ selectProps, children, ...shell }: FieldShell & { selectProps: WithKey<SelectProps>; children: ReactNode }) {
  const { key, ...props } = selectProps;
  const ids = useFieldIds(props.id, shell);
  return (
    <FieldFrame shell={shell} ids={ids}>
      <Select key={key} {...controlProps(props, ids, shell)}>
        {children}
      </Select>
    </FieldFrame>
  );
}

export function TextareaField({ textareaProps, ...shell }: FieldShell & { textareaProps: WithKey<TextareaProps> }) {
  const { key, ...props } = textareaProps;
  const ids = useFieldIds(props.id, shell);
  return (
    <FieldFrame shell={shell} ids={ids}>
      <Textarea key={key} {...controlProps(props, ids, shell)} />
    </FieldFrame>
  );
}

/** A native checkbox with its label beside it (it posts without JavaScript, like any input). */
export function CheckboxField({
  inputProps,
  label,
  hint,
  errors,
  errorId,
  className,
}: Omit<FieldShell, "controlSize"> & { inputProps: WithKey<Omit<InputProps, "type">> }) {
  const { key, ...props } = inputProps;
  const ids = useFieldIds(props.id, { hint, errors, errorId });
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input
          key={key}
          {...props}
          type="checkbox"
          id={ids.id}
          {...ids.aria}
          className={cx("mt-1 size-4 accent-brand-600", props.className)}
        />
        <label htmlFor={ids.id} className="text-sm">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={ids.hintId} className="ml-6 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <ErrorList id={ids.errorId} errors={errors} className="ml-6" />
    </div>
  );
}
