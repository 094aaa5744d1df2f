import { Button } from "#app/components/ui/button.tsx";
import type { Flash } from "#app/http/flash.server.ts";
import { isShowableImage } from "#app/blog/image-hosts.ts";
import { BLOCK_LABELS, blockFileInput, uploadBlockIntent, type BlockType } from "#app/blog/editor-form.ts";
import { BlockToolbar } from "./block-toolbar.tsx";
import { ButtonBlockFields } from "./button-block-fields.tsx";
import type { FileChecks } from "./file-checks.ts";
import { useImageHosts } from "./image-hosts-context.ts";
import { ImageUpload } from "./image-upload.tsx";
import { ListItemsField } from "./list-items-field.tsx";
import { TextField } from "./text-field.tsx";
import type { BlockField, BlockFieldset, PostEditorForm } from "./use-post-editor-form.ts";

/** One block of the post, named by its type and place ("Rubrik 2"), with its toolbar and the fields of its type. */
export function BlockFields({
  form,
  block,
  index,
  count,
  working,
  files,
  onNotice,
}: {
  form: PostEditorForm;
  block: BlockField;
  index: number;
  count: number;
  working: string | null;
  files: FileChecks;
  onNotice: (notice: Flash) => void;
}) {
  const f = block.getFieldset() as unknown as BlockFieldset;
  const type = (f.type!.value ?? f.type!.initialValue) as BlockType;
  const label = `${BLOCK_LABELS[type] ?? "Block"} ${index + 1}`;
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      <input type="hidden" name={f.type!.name} value={type} />
      <BlockToolbar form={form} index={index} count={count} label={label} />
      {type === "paragraph" ? <TextField field={f.content!} label="Text" multiline /> : null}
      {type === "heading" ? <HeadingFields form={form} f={f} /> : null}
      {type === "image" ? (
        <ImageFields
          f={f}
          index={index}
          working={working}
          files={files}
          onUploaded={(url) => form.update({ name: f.url!.name, value: url })}
          onNotice={onNotice}
        />
      ) : null}
      {type === "button" ? <ButtonBlockFields f={f} /> : null}
      {type === "list" ? <ListItemsField form={form} f={f} /> : null}
      {type === "quote" ? <QuoteFields f={f} /> : null}
    </fieldset>
  );
}

/** A heading: its level as a button that cycles H1 → H2 → H3 (conform's update), and its text. */
function HeadingFields({ form, f }: { form: PostEditorForm; f: BlockFieldset }) {
  const level = Number(f.level?.value ?? f.level?.initialValue ?? 2) || 2;
  const next = (level % 3) + 1;
  return (
    <div className="flex items-end gap-3">
      <div>
        <input type="hidden" name={f.level!.name} value={String(level)} />
        <Button
          {...form.update.getButtonProps({ name: f.level!.name, value: String(next) as never })}
          variant="secondary"
          size="sm"
          className="font-mono"
          aria-label={`Rubriknivå ${level}, byt till ${next}`}
        >
          H{level}
        </Button>
      </div>
      <div className="flex-1">
        <TextField field={f.content!} label="Rubriktext" />
      </div>
    </div>
  );
}

/** An image: its address or an upload that fills it in, a preview, the alternative text and a caption. */
function ImageFields({
  f,
  index,
  working,
  files,
  onUploaded,
  onNotice,
}: {
  f: BlockFieldset;
  index: number;
  working: string | null;
  files: FileChecks;
  onUploaded: (url: string) => void;
  onNotice: (notice: Flash) => void;
}) {
  const url = f.url!.value;
  const input = blockFileInput(index);
  const hosts = useImageHosts();
  return (
    <>
      <TextField field={f.url!} label="Bildadress" placeholder="https://… eller /images/…" />
      <ImageUpload
        id={`block-file-${index}`}
        input={input}
        action={uploadBlockIntent(index)}
        label="Eller ladda upp:"
        working={working}
        error={files.fileError(input)}
        onCheck={files.checkFile}
        onUploaded={onUploaded}
        onNotice={onNotice}
      />
      {url && isShowableImage(String(url), hosts) ? <img src={String(url)} alt="" className="max-h-40 rounded-md object-cover" /> : null}
      <TextField field={f.alt!} label="Alternativtext (beskriv bilden)" />
      <TextField field={f.caption!} label="Bildtext (valfri)" />
    </>
  );
}

/** A quote and its source, with a preview once it has text. */
function QuoteFields({ f }: { f: BlockFieldset }) {
  const content = f.content!.value;
  const cite = f.cite!.value;
  return (
    <>
      <TextField field={f.content!} label="Citat" multiline />
      <TextField field={f.cite!} label="Källa (valfri)" />
      {content ? (
        <figure className="border-l-4 border-brand-500 pl-3 text-sm">
          <blockquote className="italic">{String(content)}</blockquote>
          {cite ? <figcaption className="text-muted">— {String(cite)}</figcaption> : null}
        </figure>
      ) : null}
    </>
  );
}
