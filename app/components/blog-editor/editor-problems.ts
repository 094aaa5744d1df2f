import { BLOCK_LABELS, EDITOR_MESSAGES, type BlockType } from "#app/blog/editor-form.ts";
import type { FormProblem } from "#app/components/ui/forms.tsx";
import type { BlockFieldset, PostEditorFields, PostEditorForm } from "./use-post-editor-form.ts";

/** The post's own fields, in the order the form shows them, by the words of their labels. */
const POST_FIELDS: Record<string, string> = {
  title: "Rubrik",
  slug: "URL Slug",
  excerpt: "Utdrag",
  coverImage: "Omslagsbild",
  coverImageAlt: "Omslagsbildens alternativtext",
  coverDecorative: "Dekorativ omslagsbild",
  seoTitle: "SEO-rubrik",
  seoDescription: "SEO-beskrivning",
  published: "Publicera",
  // The spec's words for a post without content.
  blocks: EDITOR_MESSAGES.noContent.title,
};

/** A block's fields, in the order each block type shows them, by their labels. */
const BLOCK_FIELDS: Record<string, string> = {
  level: "Rubriknivå",
  text: "Knapptext",
  url: "Adress",
  alt: "Alternativtext",
  caption: "Bildtext",
  content: "Text",
  cite: "Källa",
  items: "Punkt",
};

const BLOCK_PATH = /^blocks\[(\d+)\]\.(\w+)(?:\[(\d+)\])?$/;

/**
 * Every problem of a refused save, in the order of the form, each with the field it is about
 * ("Lista 3, punkt 1: Skriv något i punkten eller ta bort den.") for the error summary. The
 * missing content links to the content section, which has no field of its own.
 */
export function editorProblems(form: PostEditorForm, fields: PostEditorFields): FormProblem[] {
  const blocks = fields.blocks.getFieldList();
  const blockType = (index: number) => {
    const type = (blocks[index]?.getFieldset() as unknown as BlockFieldset | undefined)?.type;
    return (type?.value ?? type?.initialValue) as BlockType | undefined;
  };
  const postKeys = Object.keys(POST_FIELDS);
  const blockKeys = Object.keys(BLOCK_FIELDS);
  const problems = Object.entries(form.allErrors).flatMap(([name, errors]) => {
    const message = errors?.[0];
    if (!name || !message) return [];
    const block = BLOCK_PATH.exec(name);
    if (!block) {
      const rank = postKeys.indexOf(name);
      const label = POST_FIELDS[name];
      return [
        {
          id: name === "blocks" ? "post-content" : `${form.id}-${name}`,
          message: label ? `${label}: ${message}` : message,
          order: [rank < 0 ? postKeys.length : rank, 0, 0, 0],
        },
      ];
    }
    const [, index, field, item] = block;
    const type = blockType(Number(index));
    // A hand-made post may name a type the editor does not have.
    const where = `${(type && BLOCK_LABELS[type]) ?? "Block"} ${Number(index) + 1}`;
    const label =
      field !== "items" ? (BLOCK_FIELDS[field!] ?? field!).toLowerCase() : item === undefined ? "punkter" : `punkt ${Number(item) + 1}`;
    return [
      {
        id: `${form.id}-${name}`,
        message: `${where}, ${label}: ${message}`,
        // After the post's fields, which come before the blocks in the form.
        order: [postKeys.length + 1, Number(index), blockKeys.indexOf(field!), Number(item ?? 0)],
      },
    ];
  });
  problems.sort((a, b) => compareOrder(a.order, b.order));
  return problems.map(({ id, message }) => ({ id, message }));
}

function compareOrder(a: number[], b: number[]): number {
  for (let at = 0; at < a.length; at++) if (a[at] !== b[at]) return a[at]! - b[at]!;
  return 0;
}
