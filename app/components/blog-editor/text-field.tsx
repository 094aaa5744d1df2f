import { getInputProps, getTextareaProps } from "@conform-to/react";
import { FieldError } from "./field-error.tsx";
import { fieldClass } from "./form-styles.ts";
import type { AnyField } from "./use-post-editor-form.ts";

/** A block's labelled text input (or text area), with its error. */
export function TextField({
  field,
  label,
  multiline = false,
  placeholder,
}: {
  field: AnyField;
  label: string;
  multiline?: boolean;
  placeholder?: string;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea {...getTextareaProps(field)} rows={4} className={fieldClass()} />
      ) : (
        <input {...getInputProps(field, { type: "text" })} placeholder={placeholder} className={fieldClass()} />
      )}
      <FieldError field={field} />
    </div>
  );
}
