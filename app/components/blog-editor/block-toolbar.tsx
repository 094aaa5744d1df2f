import { Button } from "#app/components/ui/button.tsx";
import type { PostEditorForm } from "./use-post-editor-form.ts";

/** A block's buttons: move it up or down, or remove it (conform's reorder and remove; plain form posts without JavaScript). */
export function BlockToolbar({ form, index, count, label }: { form: PostEditorForm; index: number; count: number; label: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        {...form.reorder.getButtonProps({ name: "blocks", from: index, to: index - 1 })}
        disabled={index === 0}
        variant="secondary"
        size="sm"
        aria-label={`Flytta upp ${label}`}
      >
        ↑ Flytta upp
      </Button>
      <Button
        {...form.reorder.getButtonProps({ name: "blocks", from: index, to: index + 1 })}
        disabled={index === count - 1}
        variant="secondary"
        size="sm"
        aria-label={`Flytta ner ${label}`}
      >
        ↓ Flytta ner
      </Button>
      <Button {...form.remove.getButtonProps({ name: "blocks", index })} variant="danger" size="sm" aria-label={`Ta bort ${label}`}>
        Ta bort
      </Button>
    </div>
  );
}
