/**
 * The post editor's form: one zod schema for the browser and the server, the block defaults,
 * the names of the editor's own buttons, and the messages. The block list is a conform field
 * list, so adding, removing and moving blocks are intents that also work as plain form posts.
 * Pure; no I/O.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { Flash } from "#app/http/flash.server.ts";
import { intentArgument, intentWithArgument } from "#app/utils/action-fields.ts";
import { z } from "#app/utils/zod.ts";
import { BLOCK_MESSAGES, postSlug, readingTimeMinutes, type ContentBlock } from "./content-blocks.ts";
import { blockedImageHost, blockedImageMessage, type ImageHosts } from "./image-hosts.ts";
import { isSafeBlockUrl, isHttpOrLocalUrl } from "#app/utils/paths.ts";

export const BLOCK_TYPES = ["paragraph", "heading", "image", "button", "list", "quote"] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** The add-content menu: paragraph, heading, image, button, list, quote, in this order and these words. */
export const BLOCK_LABELS: Record<BlockType, string> = {
  paragraph: "Paragraf",
  heading: "Rubrik",
  image: "Bild",
  button: "Knapp",
  list: "Lista",
  quote: "Citat",
};

/** A new block of each type: a button reads 'Läs mer' and links to '#', a list has one empty item, a heading is level 2. */
export const NEW_BLOCK: Record<BlockType, Record<string, unknown>> = {
  paragraph: { type: "paragraph", content: "" },
  heading: { type: "heading", level: 2, content: "" },
  image: { type: "image", url: "", alt: "", caption: "" },
  button: { type: "button", text: "Läs mer", url: "#", external: false, variant: "default" },
  list: { type: "list", style: "unordered", items: [""] },
  quote: { type: "quote", content: "", cite: "" },
};

/** An uploaded blog image: at most 5 MB (the storage bucket's own limit too), one of the raster formats. */
export const BLOG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_MAX_MB = BLOG_IMAGE_MAX_BYTES / 1024 / 1024;
/** What the file inputs offer; SVG is refused (it can carry scripts). The server checks the bytes themselves. */
export const BLOG_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif"] as const;

/**
 * The most the editor's form post may weigh. A post's text is far below 1 MB, but every post of
 * the form carries the files picked in its file inputs, and a photo straight from a phone is
 * often 6–12 MB: such a post must still arrive whole, so that the editor can say "at most 5 MB"
 * by the file input and keep everything typed. Past this the body is cut off unread (413) and
 * the text is gone with it; with JavaScript the browser refuses such a file before sending.
 */
export const EDITOR_MAX_BODY_BYTES = 16 * 1024 * 1024;
const EDITOR_MAX_BODY_MB = EDITOR_MAX_BODY_BYTES / 1024 / 1024;

export const UPLOAD_MESSAGES = {
  notImage: "Bara bildfiler (JPEG, PNG, GIF, WebP eller AVIF) kan laddas upp.",
  tooLarge: `Bilden får vara högst ${IMAGE_MAX_MB} MB.`,
  empty: "Välj en bildfil att ladda upp.",
} as const;

/**
 * The browser's check of a picked file, before anything is sent: its size, and its type as the
 * browser names it. Null when it may be uploaded (the server still checks its bytes).
 */
export function imageFileProblem(file: { size: number; type: string }): string | null {
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  if (!(BLOG_IMAGE_TYPES as readonly string[]).includes(file.type)) return UPLOAD_MESSAGES.notImage;
  if (file.size > BLOG_IMAGE_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}

export const EDITOR_MESSAGES = {
  title: "Ange en rubrik.",
  noContent: { title: "Inget innehåll", description: "Lägg till innehåll innan du publicerar inlägget." },
  notSignedIn: { title: "Ej inloggad", description: "Du måste vara inloggad för att publicera blogginlägget." },
  created: "Inlägg skapat",
  updated: "Inlägg uppdaterat",
  saveFailed: { title: "Fel vid sparande", description: "Kunde inte spara blogginlägget." },
  slugTaken: "Det finns redan ett inlägg med den här sluggen. Välj en annan.",
  slugUpdated: "Slug uppdaterad",
  noTitle: "Ingen titel",
  paragraph: "Skriv något i stycket eller ta bort blocket.",
  heading: "Skriv rubriken eller ta bort blocket.",
  quote: "Skriv citatet eller ta bort blocket.",
  imageUrl: "Ange bildens adress eller ladda upp en bild.",
  listItem: "Skriv något i punkten eller ta bort den.",
  cover: BLOCK_MESSAGES.url,
  coverAlt: "Beskriv vad omslagsbilden visar, eller markera den som dekorativ.",
  previewInvalid: { title: "Ingen förhandsvisning", description: "Rätta det som är markerat i formuläret, så visas inlägget." },
  aiInstructions: { title: "Inga instruktioner", description: "Ange instruktioner för AI-generering." },
  aiGenerated: { title: "Innehåll genererat", description: "AI-innehåll har lagts till i redigeraren." },
  aiFailed: { title: "Genereringsfel", description: "Kunde inte generera innehåll. Försök igen." },
  uploadFailed: { title: "Uppladdningsfel", description: "Kunde inte ladda upp bilden." },
  uploadRefused: "Bilden laddades inte upp – se meddelandet vid filfältet.",
  staleSave: {
    title: "Inlägget har ändrats",
    description:
      "Någon annan har sparat inlägget medan du redigerade. Dina ändringar är inte sparade – kopiera det du vill behålla och ladda om sidan.",
  },
  sessionExpired: {
    title: "Ej inloggad – din session har gått ut",
    description: "Det du skrivit finns kvar här men är inte sparat. Logga in i en ny flik och tryck sedan på Spara igen.",
  },
  signInLink: "Logga in i en ny flik",
  bodyTooLarge: {
    title: "För stor fil",
    description: `Det du skickade var större än ${EDITOR_MAX_BODY_MB} MB och kom inte fram, så inget sparades. En bild får vara högst ${IMAGE_MAX_MB} MB. Det du skrivit sedan du senast sparade finns ofta kvar om du går tillbaka med webbläsarens bakåtknapp.`,
  },
} as const;

export const EXCERPT_HINT = 160;
/** What search results show of a title and a description before they cut it off. */
export const SEO_TITLE_MAX = 60;
export const SEO_DESCRIPTION_MAX = 160;

/** Far past any list of a real post (at most 300 blocks): longer ones are hand-made. */
export const MAX_LIST_LENGTH = 1000;

/**
 * What the editor's buttons ask for (their `intent`, dispatched by the action kit): the save
 * (both save buttons; the header's is the form's first button, so Enter in a field saves), the
 * slug from the title, an AI draft, the preview, and an upload: the cover's, or an image
 * block's, which names its block (`upload-block:3`, one button per block without JavaScript).
 * Adding, moving and removing blocks are conform's own intents, which conform reads.
 */
export const EDITOR_INTENTS = {
  save: "save",
  regenerateSlug: "regenerate-slug",
  aiGenerate: "ai-generate",
  preview: "preview",
  uploadCover: "upload-cover",
  uploadBlock: "upload-block",
} as const;
/** The upload button's value of the image block at `index`. */
export const uploadBlockIntent = (index: number) => intentWithArgument(EDITOR_INTENTS.uploadBlock, index);
/** An image block's upload: the block's index, below MAX_LIST_LENGTH. */
export const uploadBlockSchema = z.looseObject({
  intent: intentArgument(
    EDITOR_INTENTS.uploadBlock,
    z
      .string()
      .regex(/^\d{1,4}$/)
      .transform(Number)
      .pipe(z.number().max(MAX_LIST_LENGTH - 1)),
  ),
});
const uploadIntentSchema = z.union([z.literal(EDITOR_INTENTS.uploadCover), uploadBlockSchema.shape.intent]);
/** Whether a post's intent is an upload (the cover's or an image block's). */
export const isUploadIntent = (intent: unknown) => uploadIntentSchema.safeParse(intent).success;
/** The file inputs: the cover's, and each image block's by its index. */
export const COVER_FILE_INPUT = "coverFile";
export const blockFileInput = (index: number) => `blockFile-${index}`;

/** What the editor opens with: a stored post's values, or an empty post. */
export type PostEditorDefaults = {
  title: string;
  slug: string;
  excerpt: string;
  coverImage: string;
  coverImageAlt: string;
  /** The cover is decorative (alt=""): checked when the stored text alternative is ''. */
  coverDecorative: boolean;
  seoTitle: string;
  seoDescription: string;
  published: boolean;
  /** The blocks as the form edits them (every optional field present). */
  blocks: Record<string, unknown>[];
  /** The stored post's version (absent for a new post). */
  version?: number;
};

/** The editor action's answer when it shows the editor again. */
export interface EditorReply {
  /** Absent when the post could not be read at all (too large): the form stays as the browser has it. */
  result?: SubmissionResult<string[]>;
  toast: Flash | null;
  /** The AI panel's instructions, kept across a post without JavaScript. */
  instructions: string;
  /** An upload refused: the file input it came from, and why (shown by that input). */
  fileError?: { input: string; message: string };
  /** The image stored: its file input (the browser empties it, so it is not sent again), the field it went in, and its address. */
  uploaded?: { input: string; field: string; url: string };
  /** The post as it would look if saved (the preview button), and the date it would show; nothing was saved. */
  preview?: PostPreview & { publishedAt: string | null };
  /** The session has ended: where to sign in again, in another tab. */
  signIn?: string;
}

/**
 * The shape a posted editor form must have before the editor can show it again: its lists are
 * lists, and not longer than any real one. A hand-made post can make `blocks` a text, or name
 * `blocks[99999999]`, which conform would turn into an array that long for the page.
 */
export const editorShapeSchema = z.looseObject({
  blocks: z
    .array(z.looseObject({ items: z.array(z.string().optional()).max(MAX_LIST_LENGTH).optional() }))
    .max(MAX_LIST_LENGTH)
    .optional(),
});

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
const optionalText = (max: number) => z.string().trim().max(max).optional().default("");
const safeUrl = (message: string) => required(message).refine(isSafeBlockUrl, BLOCK_MESSAGES.url);

export const editorBlockSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("paragraph"), content: required(EDITOR_MESSAGES.paragraph).pipe(z.string().max(20_000)) }),
  z.object({
    type: z.literal("heading"),
    level: z.number().int().min(1).max(3).default(2),
    content: required(EDITOR_MESSAGES.heading).pipe(z.string().max(300)),
  }),
  z.object({ type: z.literal("image"), url: safeUrl(EDITOR_MESSAGES.imageUrl), alt: optionalText(300), caption: optionalText(300) }),
  z.object({
    type: z.literal("button"),
    text: z.string().trim().max(100).optional().default("Läs mer"),
    url: z.string().trim().max(2000).optional().default("#").refine(isSafeBlockUrl, BLOCK_MESSAGES.url),
    external: z.boolean().optional().default(false),
    variant: z.enum(["default", "outline"]).optional().default("default"),
  }),
  z.object({
    type: z.literal("list"),
    style: z.enum(["ordered", "unordered"]).optional().default("unordered"),
    items: z.array(required(EDITOR_MESSAGES.listItem).pipe(z.string().max(1000))).min(1, BLOCK_MESSAGES.listEmpty),
  }),
  z.object({ type: z.literal("quote"), content: required(EDITOR_MESSAGES.quote).pipe(z.string().max(5000)), cite: optionalText(200) }),
]);

export const postFormSchema = z.object({
  title: required(EDITOR_MESSAGES.title).pipe(z.string().max(200, "Högst 200 tecken.")),
  // Any input is made into a valid slug when saved (slugToStore) instead of being refused.
  slug: z.string().trim().max(200).optional().default(""),
  excerpt: z.string().trim().max(1000, "Högst 1000 tecken.").optional().default(""),
  coverImage: z
    .string()
    .trim()
    .max(2000)
    .optional()
    .default("")
    .refine((value) => value === "" || isHttpOrLocalUrl(value), EDITOR_MESSAGES.cover),
  coverImageAlt: z.string().trim().max(300, "Högst 300 tecken.").optional().default(""),
  coverDecorative: z.boolean().optional().default(false),
  seoTitle: z.string().trim().max(SEO_TITLE_MAX, `Högst ${SEO_TITLE_MAX} tecken.`).optional().default(""),
  seoDescription: z.string().trim().max(SEO_DESCRIPTION_MAX, `Högst ${SEO_DESCRIPTION_MAX} tecken.`).optional().default(""),
  published: z.boolean().optional().default(false),
  blocks: z.array(editorBlockSchema).max(300).min(1, EDITOR_MESSAGES.noContent.description),
  // The stored post's version the form was opened at (a hidden field; absent for a new post).
  version: z.number().int().min(1).max(2_147_483_647).optional(),
});

export type PostForm = z.infer<typeof postFormSchema>;

/**
 * The form as it may be saved or previewed: a cover has a text alternative or is marked
 * decorative (an informative image needs one; a decorative one must have alt="" so screen
 * readers skip it), and every image comes from a host the Content Security Policy allows.
 * The browser and the server judge with the same hosts (the page's loader hands them over).
 */
export function savablePostSchema(hosts: ImageHosts) {
  return postFormSchema.superRefine(
    (post, context) => {
      // Judged with the rest of the form, so every message shows at once: other fields may
      // still be wrong here, so nothing is taken to have its type.
      const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
      const blocked = (address: unknown, path: (string | number)[]) => {
        const host = blockedImageHost(text(address), hosts);
        if (host) context.addIssue({ code: "custom", message: blockedImageMessage(host), path });
      };
      if (text(post.coverImage)) {
        blocked(post.coverImage, ["coverImage"]);
        if (post.coverDecorative !== true && !text(post.coverImageAlt)) {
          context.addIssue({ code: "custom", message: EDITOR_MESSAGES.coverAlt, path: ["coverImageAlt"] });
        }
      }
      const blocks: unknown[] = Array.isArray(post.blocks) ? post.blocks : [];
      blocks.forEach((block, index) => {
        if (block && typeof block === "object" && "type" in block && block.type === "image" && "url" in block) {
          blocked(block.url, ["blocks", index, "url"]);
        }
      });
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );
}

/** The cover's text alternative to store: null without a cover, '' when it is decorative. */
export function coverAltToStore(post: Pick<PostForm, "coverImage" | "coverImageAlt" | "coverDecorative">): string | null {
  if (!post.coverImage) return null;
  return post.coverDecorative ? "" : post.coverImageAlt;
}

/** What a post shows (its page, and the editor's preview of it). */
export interface PostPreview {
  title: string;
  excerpt: string;
  slug: string | null;
  coverImage: string | null;
  coverImageAlt: string | null;
  seoTitle: string;
  seoDescription: string;
  blocks: ContentBlock[];
  readingTime: number;
}

/** The stored blocks of a valid form: only the fields of each type, empty optionals left out. */
export function toContentBlocks(blocks: PostForm["blocks"]): ContentBlock[] {
  return blocks.map((block): ContentBlock => {
    switch (block.type) {
      case "heading":
        return { type: "heading", level: block.level as 1 | 2 | 3, content: block.content };
      case "image":
        return { type: "image", url: block.url, alt: block.alt, ...(block.caption ? { caption: block.caption } : {}) };
      case "quote":
        return { type: "quote", content: block.content, ...(block.cite ? { cite: block.cite } : {}) };
      default:
        return block;
    }
  });
}

/** A valid form as the post will show it. */
export function previewOf(post: PostForm): PostPreview {
  const blocks = toContentBlocks(post.blocks);
  return {
    title: post.title,
    excerpt: post.excerpt,
    slug: slugToStore(post.slug, post.title),
    coverImage: post.coverImage || null,
    coverImageAlt: coverAltToStore(post),
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
    blocks,
    readingTime: readingTimeMinutes(blocks),
  };
}

/** The slug to store: what was typed made valid, else one from the title; null when neither gives one. */
export function slugToStore(slug: string, title: string): string | null {
  return postSlug(slug) || postSlug(title) || null;
}

/**
 * A value as flat form fields, the way conform names them (`blocks[0].items[1]`), so the
 * server can hand the editor a whole new post (an AI draft) as if it had been typed.
 */
export function toFormEntries(value: unknown, prefix = ""): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => toFormEntries(item, `${prefix}[${index}]`));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => toFormEntries(item, prefix ? `${prefix}.${key}` : key));
  }
  if (value === undefined || value === null || value === false) return [];
  return [[prefix, value === true ? "on" : String(value)]];
}
