import { Button } from "#app/components/ui/button.tsx";
import { BLOCK_LABELS, BLOCK_TYPES, NEW_BLOCK } from "#app/blog/editor-form.ts";
import type { PostEditorFields, PostEditorForm } from "./use-post-editor-form.ts";

/** "Lägg till innehåll": one button per block type, each conform's insert of a new block (a plain form post without JavaScript). */
export function AddBlockMenu({ form, blocks }: { form: PostEditorForm; blocks: PostEditorFields["blocks"] }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white p-3">
      <legend className="px-1 text-sm font-medium">Lägg till innehåll</legend>
      {BLOCK_TYPES.map((type) => (
        <Button
          key={type}
          {...form.insert.getButtonProps({ name: blocks.name, defaultValue: NEW_BLOCK[type] as never })}
          variant="secondary"
          size="sm"
        >
          + {BLOCK_LABELS[type]}
        </Button>
      ))}
    </fieldset>
  );
}
