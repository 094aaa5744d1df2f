import { getInputProps, getTextareaProps } from "@conform-to/react";
import type { Flash } from "#app/http/flash.server.ts";
import { EXCERPT_HINT } from "#app/blog/editor-form.ts";
import { CoverImageField } from "./cover-image-field.tsx";
import type { FileChecks } from "./file-checks.ts";
import { FieldError } from "./field-error.tsx";
import { fieldClass } from "./form-styles.ts";
import { SlugField } from "./slug-field.tsx";
import type { PostEditorFields, PostEditorForm } from "./use-post-editor-form.ts";

/** The post's details above its content: title, slug, excerpt, cover image and whether it is published. */
export function PostDetails({
  form,
  fields,
  slugFollowsTitle,
  working,
  files,
  onNotice,
}: {
  form: PostEditorForm;
  fields: PostEditorFields;
  slugFollowsTitle: boolean;
  working: string | null;
  files: FileChecks;
  onNotice: (notice: Flash) => void;
}) {
  return (
    <section aria-labelledby="post-details" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="post-details" className="sr-only">
        Inläggets uppgifter
      </h2>
      <div>
        <label htmlFor={fields.title.id} className="block text-sm font-medium">
          Rubrik
        </label>
        <input {...getInputProps(fields.title, { type: "text" })} className={fieldClass(Boolean(fields.title.errors))} />
        <FieldError field={fields.title} />
      </div>
      <SlugField form={form} fields={fields} followsTitle={slugFollowsTitle} onNotice={onNotice} />
      <ExcerptField field={fields.excerpt} />
      <CoverImageField field={fields.coverImage} working={working} files={files} />
      <PublishedSwitch field={fields.published} />
    </section>
  );
}

/** The excerpt, with its length against the {EXCERPT_HINT} characters lists and social media show. */
function ExcerptField({ field }: { field: PostEditorFields["excerpt"] }) {
  const length = (field.value ?? "").length;
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        Utdrag
      </label>
      <textarea {...getTextareaProps(field)} rows={3} aria-describedby={`${field.id}-help`} className={fieldClass(Boolean(field.errors))} />
      <p id={`${field.id}-help`} className={`mt-1 text-xs ${length > EXCERPT_HINT ? "font-semibold text-red-700" : "text-muted"}`}>
        Visas i listor och i sociala medier, högst {EXCERPT_HINT} tecken. {length}/{EXCERPT_HINT}
      </p>
    </div>
  );
}

/** Publicera: a switch, with what saving will do. */
function PublishedSwitch({ field }: { field: PostEditorFields["published"] }) {
  return (
    <div className="flex items-start gap-3">
      {/* A checkbox knows its own checked state: HTML forbids aria-checked beside it. */}
      <input
        {...getInputProps(field, { type: "checkbox" })}
        // eslint-disable-next-line jsx-a11y/role-has-required-aria-props
        role="switch"
        aria-describedby={`${field.id}-help`}
        className="mt-1 size-5 accent-brand-600"
      />
      <div>
        <label htmlFor={field.id} className="text-sm font-medium">
          Publicera
        </label>
        <p id={`${field.id}-help`} className="text-sm text-muted">
          {field.value === "on" ? "Inlägget kommer att vara publikt." : "Inlägget kommer sparas som utkast."}
        </p>
      </div>
    </div>
  );
}
