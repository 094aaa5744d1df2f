/**
 * Blog rules shared by server and browser: the content block types, reading time and
 * post slugs (back-office spec §3 and §5).
 */
import { slugify } from "./hotel.ts";

export type ContentBlock =
  | { type: "paragraph"; content: string }
  | { type: "heading"; level: 1 | 2 | 3; content: string }
  | { type: "image"; url: string; alt: string; caption?: string }
  | { type: "button"; text: string; url: string; external: boolean; variant: "default" | "outline"; size?: "sm" | "default" | "lg" }
  | { type: "list"; style: "ordered" | "unordered"; items: string[] }
  | { type: "quote"; content: string; cite?: string };

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
