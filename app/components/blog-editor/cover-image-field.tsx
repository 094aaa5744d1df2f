import { getInputProps } from "@conform-to/react";
import type { Flash } from "#app/http/flash.server.ts";
import { isShowableImage } from "#app/blog/image-hosts.ts";
import { COVER_FILE_INPUT, EDITOR_INTENTS } from "#app/blog/editor-form.ts";
import { CheckboxField, Field } from "#app/components/ui/forms.tsx";
import type { FileChecks } from "./file-checks.ts";
import { useImageHosts } from "./image-hosts-context.ts";
import { ImageUpload } from "./image-upload.tsx";
import type { PostEditorFields, PostEditorForm } from "./use-post-editor-form.ts";

/**
 * The cover image: its address, or an upload that fills it in, a preview, and what it shows.
 * A cover that says something needs a text alternative; one that only decorates is marked so
 * and gets alt="" (screen readers skip it). One of the two is asked for whenever a cover is set.
 */
export function CoverImageField({
  form,
  fields,
  working,
  files,
  onNotice,
}: {
  form: PostEditorForm;
  fields: PostEditorFields;
  working: string | null;
  files: FileChecks;
  onNotice: (notice: Flash) => void;
}) {
  const field = fields.coverImage;
  const hosts = useImageHosts();
  return (
    <div className="space-y-3">
      <div>
        <Field
          label="Omslagsbild"
          controlSize="compact"
          errors={field.errors}
          errorId={field.errorId}
          inputProps={{ ...getInputProps(field, { type: "text" }), placeholder: "https://… eller /images/…" }}
        />
        <ImageUpload
          id="cover-file"
          input={COVER_FILE_INPUT}
          action={EDITOR_INTENTS.uploadCover}
          label="Eller ladda upp en bild:"
          working={working}
          error={files.fileError(COVER_FILE_INPUT)}
          onCheck={files.checkFile}
          onUploaded={(url) => form.update({ name: field.name, value: url })}
          onNotice={onNotice}
        />
        {/* Only an address the post may keep is previewed: not javascript: typed by hand, nor a host the browser blocks. */}
        {field.value && isShowableImage(field.value, hosts) ? (
          <img src={field.value} alt="Förhandsvisning av omslagsbilden" className="mt-3 max-h-48 rounded-md object-cover" />
        ) : null}
      </div>
      <Field
        controlSize="compact"
        label="Omslagsbildens alternativtext"
        hint="Beskriv vad bilden visar för den som inte ser den. Krävs när inlägget har en omslagsbild, om den inte bara är dekorativ."
        errors={fields.coverImageAlt.errors}
        errorId={fields.coverImageAlt.errorId}
        inputProps={getInputProps(fields.coverImageAlt, { type: "text" })}
      />
      <CheckboxField
        label="Bilden är bara dekorativ (ingen alternativtext)"
        errors={fields.coverDecorative.errors}
        errorId={fields.coverDecorative.errorId}
        inputProps={getInputProps(fields.coverDecorative, { type: "checkbox" })}
      />
    </div>
  );
}
