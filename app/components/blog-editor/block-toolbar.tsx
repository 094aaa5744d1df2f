import { SMALL_BUTTON } from "./form-styles.ts";
import type { PostEditorForm } from "./use-post-editor-form.ts";

/** A block's buttons: move it up or down, or remove it (conform's reorder and remove; plain form posts without JavaScript). */
export function BlockToolbar({ form, index, count, label }: { form: PostEditorForm; index: number; count: number; label: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <button
        {...form.reorder.getButtonProps({ name: "blocks", from: index, to: index - 1 })}
        disabled={index === 0}
        className={SMALL_BUTTON}
        aria-label={`Flytta upp ${label}`}
      >
        ↑ Flytta upp
      </button>
      <button
        {...form.reorder.getButtonProps({ name: "blocks", from: index, to: index + 1 })}
        disabled={index === count - 1}
        className={SMALL_BUTTON}
        aria-label={`Flytta ner ${label}`}
      >
        ↓ Flytta ner
      </button>
      <button
        {...form.remove.getButtonProps({ name: "blocks", index })}
        className={`${SMALL_BUTTON} text-red-700`}
        aria-label={`Ta bort ${label}`}
      >
        Ta bort
      </button>
    </div>
  );
}
