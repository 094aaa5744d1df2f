import { Button } from "#app/components/ui/button.tsx";
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldError } from "./field-error.tsx";
import { fieldClass } from "./form-styles.ts";
import type { BlockFieldset, PostEditorForm } from "./use-post-editor-form.ts";

/** A list block: bulleted or numbered, its items (each removable but the last one), and "+ Lägg till punkt". */
export function ListItemsField({ form, f }: { form: PostEditorForm; f: BlockFieldset }) {
  const items = (f.items as unknown as FieldMetadata<string[], Record<string, unknown>, string[]>).getFieldList();
  return (
    <>
      <fieldset className="flex items-center gap-3 text-sm">
        <legend className="mb-1 font-medium">Listtyp</legend>
        {(["unordered", "ordered"] as const).map((style) => (
          <label key={style} className="flex items-center gap-1">
            {/* One id per radio: conform gives the field's id to each. */}
            <input {...getInputProps(f.style!, { type: "radio", value: style })} id={`${f.style!.id}-${style}`} />
            {style === "unordered" ? "Punktlista" : "Numrerad lista"}
          </label>
        ))}
      </fieldset>
      <ol className="space-y-2">
        {items.map((item, itemIndex) => (
          <li key={item.key} className="flex items-start gap-2">
            <div className="flex-1">
              <label htmlFor={item.id} className="sr-only">
                Punkt {itemIndex + 1}
              </label>
              <input {...getInputProps(item, { type: "text" })} className={fieldClass()} />
              <FieldError field={item} />
            </div>
            <Button
              {...form.remove.getButtonProps({ name: f.items!.name, index: itemIndex })}
              disabled={items.length === 1}
              variant="secondary"
              size="sm"
              className="mt-1"
              aria-label={`Ta bort punkt ${itemIndex + 1}`}
            >
              Ta bort
            </Button>
          </li>
        ))}
      </ol>
      <Button {...form.insert.getButtonProps({ name: f.items!.name, defaultValue: "" as never })} variant="secondary" size="sm">
        + Lägg till punkt
      </Button>
    </>
  );
}
