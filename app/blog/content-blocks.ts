/**
 * Blog rules shared by server and browser: the content block types, reading time and
 * post slugs.
 */
import { isSafeBlockUrl } from "#app/utils/paths.ts";
import { z } from "#app/utils/zod.ts";
import { slugify } from "#app/utils/slug.ts";

export const WORDS_PER_MINUTE = 225;
export const WORDS_PER_IMAGE = 40;

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * Whole minutes, rounded up: words in paragraphs, headings, quotes and list items at 225 a
 * minute, each image counting as 40 words. An empty post still takes a minute to glance at.
 */
export function readingTimeMinutes(blocks: readonly ContentBlock[]): number {
  let words = 0;
  for (const block of blocks) {
    switch (block.type) {
      case "paragraph":
      case "heading":
      case "quote":
        words += countWords(block.content);
        break;
      case "list":
        for (const item of block.items) words += countWords(item);
        break;
      case "image":
        words += WORDS_PER_IMAGE;
        break;
      case "button":
        break;
    }
  }
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** A post's slug from its title: 'Tio tips för Åre' → 'tio-tips-for-are'. */
export function postSlug(title: string): string {
  return slugify(title);
}

// ---------------------------------------------------------------------------------------------
// The block schema: one zod schema for the editor (browser), the server and AI drafts.

export const BLOCK_MESSAGES = {
  url: "Adressen måste börja med http://, https:// eller / (en sida på webbplatsen).",
  urlRequired: "Ange en adress.",
  listEmpty: "En lista behöver minst en punkt.",
} as const;

const blockUrl = z.string().trim().min(1, BLOCK_MESSAGES.urlRequired).refine(isSafeBlockUrl, BLOCK_MESSAGES.url);

export const contentBlockSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("paragraph"), content: z.string() }),
  z.object({ type: z.literal("heading"), level: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(2), content: z.string() }),
  z.object({ type: z.literal("image"), url: blockUrl, alt: z.string().default(""), caption: z.string().optional() }),
  z.object({
    type: z.literal("button"),
    text: z.string().default("Läs mer"),
    url: blockUrl.default("#"),
    external: z.boolean().default(false),
    variant: z.enum(["default", "outline"]).default("default"),
    size: z.enum(["sm", "default", "lg"]).optional(),
  }),
  z.object({
    type: z.literal("list"),
    style: z.enum(["ordered", "unordered"]).default("unordered"),
    items: z.array(z.string()).min(1, BLOCK_MESSAGES.listEmpty),
  }),
  z.object({ type: z.literal("quote"), content: z.string(), cite: z.string().optional() }),
]);

export const contentBlocksSchema = z.array(contentBlockSchema).max(300);

export type ContentBlock = z.output<typeof contentBlockSchema>;

/** What an AI draft must be before it may reach the editor: a title, an excerpt and real content. */
export const blogDraftSchema = z.object({
  title: z.string().trim().min(1).max(200),
  excerpt: z.string().trim().max(400),
  blocks: z
    .array(contentBlockSchema)
    .min(1)
    .max(100)
    .refine(
      (blocks) => blocks.every((block) => !("content" in block) || block.content.trim() !== ""),
      "Tomma textblock är inte tillåtna i ett utkast.",
    ),
});

export type BlogDraft = z.infer<typeof blogDraftSchema>;
