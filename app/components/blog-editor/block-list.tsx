import type { Flash } from "#app/http/flash.server.ts";
import { AddBlockMenu } from "./add-block-menu.tsx";
import { BlockFields } from "./block-fields.tsx";
import type { FileChecks } from "./file-checks.ts";
import type { BlockField, PostEditorFields, PostEditorForm } from "./use-post-editor-form.ts";

/** "Innehåll": the add menu, the block list's error (no content), and the blocks in order. */
export function BlockList({
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
  const blocks = fields.blocks.getFieldList();
  return (
    <section aria-labelledby="post-content" className="space-y-4">
      <h2 id="post-content" className="text-lg font-semibold">
        Innehåll
      </h2>
      <AddBlockMenu form={form} blocks={fields.blocks} />
      {fields.blocks.errors ? (
        <p id={fields.blocks.errorId} role="alert" className="text-sm font-medium text-red-700">
          {fields.blocks.errors[0]}
        </p>
      ) : null}
      {blocks.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-muted">
          Lägg till innehåll med knappen ovan eller använd AI-generering.
        </p>
      ) : (
        <ol className="space-y-4">
          {blocks.map((block, index) => (
            <li key={block.key}>
              <BlockFields
                form={form}
                block={block as unknown as BlockField}
                index={index}
                count={blocks.length}
                working={working}
                files={files}
                onNotice={onNotice}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
