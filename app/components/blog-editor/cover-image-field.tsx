import { getInputProps } from "@conform-to/react";
import { isHttpOrLocalUrl } from "#app/blog/content-blocks.ts";
import { COVER_FILE_INPUT, EDITOR_ACTIONS } from "#app/blog/editor-form.ts";
import type { FileChecks } from "./file-checks.ts";
import { FieldError } from "./field-error.tsx";
import { fieldClass } from "./form-styles.ts";
import { ImageUpload } from "./image-upload.tsx";
import type { PostEditorFields } from "./use-post-editor-form.ts";

/** The cover image: its address, or an upload that fills it in, and a preview. */
export function CoverImageField({
  field,
  working,
  files,
}: {
  field: PostEditorFields["coverImage"];
  working: string | null;
  files: FileChecks;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        Omslagsbild
      </label>
      <input
        {...getInputProps(field, { type: "text" })}
        placeholder="https://… eller /images/…"
        className={fieldClass(Boolean(field.errors))}
      />
      <FieldError field={field} />
      <ImageUpload
        id="cover-file"
        input={COVER_FILE_INPUT}
        action={EDITOR_ACTIONS.uploadCover}
        label="Eller ladda upp en bild:"
        working={working}
        error={files.fileError(COVER_FILE_INPUT)}
        onCheck={files.checkFile}
      />
      {/* Only an address the post may keep is previewed (not javascript: typed by hand). */}
      {field.value && isHttpOrLocalUrl(field.value) ? (
        <img src={field.value} alt="Förhandsvisning av omslagsbilden" className="mt-3 max-h-48 rounded-md object-cover" />
      ) : null}
    </div>
  );
}
