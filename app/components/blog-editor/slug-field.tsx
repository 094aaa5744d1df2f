import { Button } from "#app/components/ui/button.tsx";
import { useEffect, useRef } from "react";
import { getInputProps } from "@conform-to/react";
import type { Flash } from "#app/http/flash.server.ts";
import { postSlug } from "#app/blog/content-blocks.ts";
import { EDITOR_INTENTS, EDITOR_MESSAGES, slugToStore } from "#app/blog/editor-form.ts";
import { INTENT_FIELD } from "#app/utils/action-fields.ts";
import { FieldError } from "./field-error.tsx";
import { fieldClass } from "./form-styles.ts";
import type { PostEditorFields, PostEditorForm } from "./use-post-editor-form.ts";

/**
 * The URL slug and its "Generera från rubrik" button. The slug follows the title while
 * `followsTitle` (no stored slug, and not the form a signed-out save sent) until it is edited by
 * hand. With JavaScript the button makes the slug at once; without, the server does.
 */
export function SlugField({
  form,
  fields,
  followsTitle,
  onNotice,
}: {
  form: PostEditorForm;
  fields: PostEditorFields;
  followsTitle: boolean;
  onNotice: (notice: Flash) => void;
}) {
  const slug = fields.slug;
  const touched = useRef(false);
  // A hand-made post can send a field twice (a list): the help then reads it as empty.
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const title = text(fields.title.value);
  const typed = text(slug.value).trim();
  // What the save will store: the same rule as the server's, so the address shown is the real one.
  const stored = slugToStore(typed, title);
  useEffect(() => {
    if (!followsTitle || touched.current) return;
    const next = postSlug(title);
    if (next !== (slug.value ?? "")) form.update({ name: slug.name, value: next });
    // Only a change of title moves the slug; the slug's own edits must not loop back here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [title]);

  return (
    <div>
      <label htmlFor={slug.id} className="block text-sm font-medium">
        URL Slug
      </label>
      <div className="flex gap-2">
        <input
          {...getInputProps(slug, { type: "text" })}
          aria-describedby={[`${slug.id}-help`, slug.errors ? slug.errorId : ""].filter(Boolean).join(" ")}
          onInput={() => (touched.current = true)}
          className={fieldClass("font-mono")}
        />
        <Button
          type="submit"
          name={INTENT_FIELD}
          value={EDITOR_INTENTS.regenerateSlug}
          formNoValidate
          variant="secondary"
          size="sm"
          className="mt-1 whitespace-nowrap"
          onClick={(event) => {
            event.preventDefault();
            const next = postSlug(title);
            if (!next) return onNotice({ title: EDITOR_MESSAGES.noTitle, description: "Skriv en rubrik först.", variant: "destructive" });
            form.update({ name: slug.name, value: next });
            onNotice({ title: EDITOR_MESSAGES.slugUpdated, description: `Sluggen är nu ”${next}”.` });
          }}
        >
          Generera från rubrik
        </Button>
      </div>
      <p id={`${slug.id}-help`} className="mt-1 text-xs text-muted">
        Bara bokstäver, siffror och bindestreck; annat görs om när inlägget sparas.{" "}
        {stored ? (
          <>
            Adressen blir <span className="font-mono">/blog/{stored}</span>
            {typed && typed !== stored ? ` (det du skrev sparas som ”${stored}”)` : ""}.
          </>
        ) : (
          "Utan rubrik eller slug blir adressen inläggets id."
        )}
      </p>
      <FieldError field={slug} />
    </div>
  );
}
