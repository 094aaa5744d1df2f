import { getInputProps, getTextareaProps } from "@conform-to/react";
import { Field, TextareaField } from "#app/components/ui/forms.tsx";
import type { AnyField } from "./use-post-editor-form.ts";

/** A block's labelled text input (or text area), with its errors: the shared Field in the back office's compact size. */
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
  const shell = { label, errors: field.errors, errorId: field.errorId, controlSize: "compact" as const };
  return multiline ? (
    <TextareaField {...shell} textareaProps={{ ...getTextareaProps(field), rows: 4 }} />
  ) : (
    <Field {...shell} inputProps={{ ...getInputProps(field, { type: "text" }), placeholder }} />
  );
}
