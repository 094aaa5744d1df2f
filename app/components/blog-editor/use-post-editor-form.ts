import { useMemo } from "react";
import { useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "#app/utils/zod.ts";
import type { ImageHosts } from "#app/blog/image-hosts.ts";
import { EDITOR_INTENTS, savablePostSchema, type PostEditorDefaults } from "#app/blog/editor-form.ts";
import { INTENT_FIELD } from "#app/utils/action-fields.ts";

/**
 * The editor's conform form: judged on blur and again on input, by the same schema as the
 * server. Uploads, the AI panel and the slug button send the form as it is: the server judges
 * it only when it is saved (conform does not read formNoValidate).
 */
export function usePostEditorForm(options: {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: PostEditorDefaults;
  /** The image hosts the server allows: an address from any other is refused here too. */
  imageHosts: ImageHosts;
}) {
  const { imageHosts, ...formOptions } = options;
  const schema = useMemo(() => savablePostSchema(imageHosts), [imageHosts]);
  return useForm({
    ...formOptions,
    // The blocks are loose records (every optional field of their type); conform's type for
    // defaultValue wants the schema's union of block shapes.
    defaultValue: formOptions.defaultValue as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData, submitter }) =>
      // Judged as typed and when saved; the editor's other buttons (preview, slug, AI, upload) send it as it is.
      submitter?.getAttribute("name") === INTENT_FIELD && submitter.getAttribute("value") !== EDITOR_INTENTS.save
        ? (parseWithZod(formData, { schema: z.looseObject({}) }) as never)
        : parseWithZod(formData, { schema }),
  });
}

export type PostEditorForm = ReturnType<typeof usePostEditorForm>[0];
export type PostEditorFields = ReturnType<typeof usePostEditorForm>[1];

// Conform types a discriminated union's fieldset loosely; the block fields read the fields they know.
export type AnyField = FieldMetadata<unknown, Record<string, unknown>, string[]>;
export type BlockFieldset = Record<string, AnyField>;
export type BlockField = FieldMetadata<Record<string, unknown>, Record<string, unknown>, string[]>;
