import { getInputProps, getTextareaProps } from "@conform-to/react";
import type { Flash } from "#app/http/flash.server.ts";
import { EXCERPT_HINT, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "#app/blog/editor-form.ts";
import { Field, TextareaField } from "#app/components/ui/forms.tsx";
import { CoverImageField } from "./cover-image-field.tsx";
import type { FileChecks } from "./file-checks.ts";
import { SlugField } from "./slug-field.tsx";
import type { PostEditorFields, PostEditorForm } from "./use-post-editor-form.ts";

/** The post's details above its content: title, slug, excerpt, cover image, search engine texts and whether it is published. */
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
      <Field
        controlSize="compact"
        label="Rubrik"
        errors={fields.title.errors}
        errorId={fields.title.errorId}
        inputProps={getInputProps(fields.title, { type: "text" })}
      />
      <SlugField form={form} fields={fields} followsTitle={slugFollowsTitle} onNotice={onNotice} />
      <ExcerptField field={fields.excerpt} />
      <CoverImageField form={form} fields={fields} working={working} files={files} onNotice={onNotice} />
      <SeoFields fields={fields} />
      <PublishedSwitch field={fields.published} />
    </section>
  );
}

/** The excerpt, with its length against the {EXCERPT_HINT} characters lists and social media show. */
function ExcerptField({ field }: { field: PostEditorFields["excerpt"] }) {
  return (
    <TextareaField
      controlSize="compact"
      label="Utdrag"
      hint={
        <>
          Visas i listor och i sociala medier, högst {EXCERPT_HINT} tecken. <Count value={field.value} max={EXCERPT_HINT} />
        </>
      }
      errors={field.errors}
      errorId={field.errorId}
      textareaProps={{ ...getTextareaProps(field), rows: 3 }}
    />
  );
}

/** How many characters of at most `max`: said with the field's help, and loud once past it. */
function Count({ value, max }: { value: string | undefined; max: number }) {
  const length = (value ?? "").length;
  return (
    <span className={length > max ? "font-semibold text-red-700" : undefined}>
      {length}/{max} tecken.
    </span>
  );
}

/**
 * The post's own title and description for search results and shared links. Both are optional:
 * empty, the title and the excerpt are used. Their limits are what search results show.
 */
function SeoFields({ fields }: { fields: PostEditorFields }) {
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold">Sökmotorer och delning</legend>
      <Field
        controlSize="compact"
        label="SEO-rubrik (valfri)"
        hint={
          <>
            Tom: rubriken används. Högst {SEO_TITLE_MAX} tecken. <Count value={fields.seoTitle.value} max={SEO_TITLE_MAX} />
          </>
        }
        errors={fields.seoTitle.errors}
        errorId={fields.seoTitle.errorId}
        inputProps={getInputProps(fields.seoTitle, { type: "text" })}
      />
      <TextareaField
        controlSize="compact"
        label="SEO-beskrivning (valfri)"
        hint={
          <>
            Tom: utdraget används. Högst {SEO_DESCRIPTION_MAX} tecken.{" "}
            <Count value={fields.seoDescription.value} max={SEO_DESCRIPTION_MAX} />
          </>
        }
        errors={fields.seoDescription.errors}
        errorId={fields.seoDescription.errorId}
        textareaProps={{ ...getTextareaProps(fields.seoDescription), rows: 2 }}
      />
    </fieldset>
  );
}

/** Publicera: a switch, with what saving will do (the save buttons' labels follow it). */
function PublishedSwitch({ field }: { field: PostEditorFields["published"] }) {
  return (
    <div className="flex items-start gap-3">
      {/* A checkbox knows its own checked state: HTML forbids aria-checked beside it. */}
      <input
        {...getInputProps(field, { type: "checkbox" })}
        // eslint-disable-next-line jsx-a11y/role-has-required-aria-props
        role="switch"
        data-publish-switch
        aria-describedby={`${field.id}-help`}
        className="mt-1 size-5 accent-brand-600"
      />
      <div>
        <label htmlFor={field.id} className="text-sm font-medium">
          Publicera
        </label>
        <p id={`${field.id}-help`} className="text-sm text-muted">
          {/* The switch as it is now picks the sentence (the form's :has()), with or without JavaScript. */}
          <span className="group-has-[[data-publish-switch]:checked]/editor:hidden">Inlägget kommer sparas som utkast.</span>
          <span className="hidden group-has-[[data-publish-switch]:checked]/editor:inline">Inlägget kommer att vara publikt.</span>
        </p>
      </div>
    </div>
  );
}
