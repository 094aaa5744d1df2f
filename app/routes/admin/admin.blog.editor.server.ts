/**
 * The post editor's server work: the action read and dispatched by its intent, one function per
 * intent. The route module (admin.blog.editor.tsx) guards, reads and dispatches; the page's data
 * is app/blog/editor-page.server.ts, and what reads or writes a post app/blog/posts.server.ts.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { z } from "#app/utils/zod.ts";
import type { Route } from "./+types/admin.blog.editor";
import { AiInvalidOutputError, AiUnavailableError } from "#app/ai/engine.server.ts";
import { draftBlogPost } from "#app/ai/service.server.ts";
import { loginPath, requireAdmin } from "#app/auth/guards.server.ts";
import { storeBlogImage, UploadError } from "#app/blog/image-storage.server.ts";
import { editorImageHosts, formBlocks } from "#app/blog/editor-page.server.ts";
import { createPost, findPost, isPostId, isSlugTaken, updatePost, type PostRow } from "#app/blog/posts.server.ts";
import { markSignedOutReply } from "#app/blog/signed-out-reply.server.ts";
import { postSlug } from "#app/blog/content-blocks.ts";
import {
  blockFileInput,
  COVER_FILE_INPUT,
  EDITOR_INTENTS,
  EDITOR_MAX_BODY_BYTES,
  EDITOR_MESSAGES,
  editorShapeSchema,
  postFormSchema,
  previewOf,
  savablePostSchema,
  toFormEntries,
  uploadBlockSchema,
  UPLOAD_MESSAGES,
  type EditorReply,
} from "#app/blog/editor-form.ts";
import { redirectWithFlash, type Flash } from "#app/http/flash.server.ts";
import { isBodyTooLarge, readFormData } from "#app/http/form-data.server.ts";
import { INTENT_FIELD, intentTakingArgument } from "#app/utils/action-fields.ts";
import { dispatchIntent, intent } from "#app/utils/action-kit.server.ts";
import { log } from "#app/utils/log.server.ts";

// ---------------------------------------------------------------------------------------------
// Reading the post.

/** The editor's form as posted: its fields (files, the button and the AI instructions taken out), and the post itself. */
export interface EditorPost {
  /** The post as sent, its intent (the clicked button) too: what the action kit dispatches. */
  posted: FormData;
  /** The form's fields, with conform's own intent when a block button sent it without JavaScript. */
  form: FormData;
  /** The picked files, by input name (empty inputs left out). */
  files: Map<string, File>;
  /** The AI panel's instructions, at most 2,000 characters. */
  instructions: string;
}

/**
 * Not signed in at all: sent to sign in and back, by the admin guard itself (it throws for
 * such a request; should it ever not, this refuses anyway).
 */
async function toSignIn(args: Route.ActionArgs): Promise<never> {
  await requireAdmin(args);
  throw data(null, { status: 403 });
}

/** The posted form as conform reads it (its intent applied), judged by nothing. */
const parseForm = (form: FormData) => parseWithZod(form, { schema: z.looseObject({}) });

/**
 * Reads the editor's form. "too-large" when the body was cut off unread. A request that is not
 * signed in is sent to sign in unless it is a multipart post the editor could show again; one
 * that is signed in is refused (400) when the editor cannot show the form it sent.
 */
export async function readEditorPost(args: Route.ActionArgs, signedIn: boolean): Promise<EditorPost | "too-large"> {
  const postId = args.params.id ?? null;
  const multipart = /^multipart\/form-data/i.test(args.request.headers.get("Content-Type") ?? "");
  if (!signedIn && (!multipart || (postId !== null && !isPostId(postId)))) return toSignIn(args);
  let form: FormData;
  try {
    form = await readFormData(args.request, EDITOR_MAX_BODY_BYTES);
  } catch (error) {
    if (!signedIn) return toSignIn(args);
    if (isBodyTooLarge(error)) return "too-large";
    throw error;
  }
  if (postId !== null && !isPostId(postId)) throw data(null, { status: 404 });
  const fields = new FormData();
  const files = new Map<string, File>();
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") {
      if (value.size > 0) files.set(key, value);
    } else if (key !== INTENT_FIELD && key !== "instructions") {
      fields.append(key, value);
    }
  }
  // A hand-made post the editor cannot take: an intent conform throws on (not its JSON, a list
  // operation on a text, a path such as __proto__), or lists that are not lists or far too long.
  let posted: ReturnType<typeof parseForm> | null = null;
  try {
    posted = parseForm(fields);
  } catch {
    // conform threw: not a form the editor made.
  }
  if (!posted || !editorShapeSchema.safeParse(posted.payload).success) {
    if (!signedIn) return toSignIn(args);
    throw data(null, { status: 400 });
  }
  const instructions = String(form.get("instructions") ?? "").slice(0, 2000);
  return { posted: form, form: fields, files, instructions };
}

// ---------------------------------------------------------------------------------------------
// Answers.

/**
 * The editor showing this form as it now is (after an upload, the slug button or an AI draft
 * has changed it), without judging it yet. Conform's `reply()` has no option for a value the
 * server changed, so the reply is given conform's "update" intent of the whole value, the same
 * answer its own update button would get: the browser takes the new values and shows no error
 * for a field not yet validated.
 */
function showForm(form: FormData): SubmissionResult<string[]> {
  const submission = parseWithZod(form, { schema: postFormSchema });
  return { ...submission.reply(), status: undefined, intent: { type: "update", payload: { value: submission.payload as never } } };
}

function answer({ form, instructions }: EditorPost, toast: Flash | null, status = 200, extra: Partial<EditorReply> = {}) {
  return data<EditorReply>({ result: showForm(form), toast, instructions, ...extra }, { status });
}

/**
 * Cut off unread: the fields are gone, so the editor is shown as it was last loaded (with
 * JavaScript the browser keeps its form; it refuses such a file before sending anyway).
 */
export function bodyTooLargeReply() {
  return data<EditorReply>({ toast: { ...EDITOR_MESSAGES.bodyTooLarge, variant: "destructive" }, instructions: "" }, { status: 413 });
}

/** The posted fields without conform's own (a block button's intent): the form exactly as typed. */
function typedFields(form: FormData): FormData {
  const typed = new FormData();
  for (const name of new Set(parseForm(form).reply().fields ?? [])) for (const value of form.getAll(name)) typed.append(name, value);
  return typed;
}

/**
 * The session ended while the post was open. Its save (or, without JavaScript, a block button)
 * comes back as it was sent, nothing done with it, with a sign-in link that opens in another
 * tab; signed in there, Spara here sends it again. Uploads, AI and anything that is not the
 * editor's form go to sign in as before.
 */
export function answerSignedOut(args: Route.ActionArgs, post: EditorPost) {
  const keep = () => {
    markSignedOutReply(args.context);
    return answer({ ...post, form: typedFields(post.form) }, { ...EDITOR_MESSAGES.sessionExpired, variant: "destructive" }, 401, {
      signIn: loginPath(args.url.pathname),
    });
  };
  const toSignInInstead = () => toSignIn(args);
  // Only the editor's own form (it has a title) is kept; a block button's post is a conform intent.
  const editorsForm = z.looseObject({ title: z.string() });
  return dispatchIntent(
    post.posted,
    { [EDITOR_INTENTS.save]: intent(editorsForm, keep, { invalid: toSignInInstead }) },
    { formChange: () => (post.form.has("title") ? keep() : toSignInInstead()), unknown: toSignInInstead },
  );
}

// ---------------------------------------------------------------------------------------------
// One function per intent.

interface Editor {
  /** The post being edited; null for a new one. */
  postId: string | null;
  /** The administrator's e-mail address, the new post's author. */
  author: string;
}

/** Every intent reads the post itself (EditorPost): its schema only names it. */
const anyPost = z.looseObject({});

/**
 * The signed-in administrator's post, answered by its intent (the clicked button's); a block
 * button without JavaScript (conform's own intent) changes the form and shows it again.
 */
export function dispatchEditorIntent(post: EditorPost, editor: Editor) {
  return dispatchIntent(
    post.posted,
    {
      [EDITOR_INTENTS.save]: intent(anyPost, () => savePost(post, editor)),
      [EDITOR_INTENTS.regenerateSlug]: intent(anyPost, () => regenerateSlug(post)),
      [EDITOR_INTENTS.aiGenerate]: intent(anyPost, () => generateDraft(post)),
      [EDITOR_INTENTS.preview]: intent(anyPost, () => previewPost(post, editor)),
      [EDITOR_INTENTS.uploadCover]: intent(anyPost, () => uploadImage(post, { input: COVER_FILE_INPUT, field: "coverImage" })),
      [intentTakingArgument(EDITOR_INTENTS.uploadBlock)]: intent(uploadBlockSchema, ({ intent: index }) =>
        uploadImage(post, { input: blockFileInput(index), field: `blocks[${index}].url` }),
      ),
    },
    { formChange: () => changeForm(post) },
  );
}

/** Conform's intents without JavaScript (add, move or remove a block or a list item, the heading level): the form changed, shown again. */
function changeForm({ form, instructions }: EditorPost) {
  return data<EditorReply>({ result: parseWithZod(form, { schema: postFormSchema }).reply(), toast: null, instructions });
}

function regenerateSlug(post: EditorPost) {
  const slug = postSlug(String(post.form.get("title") ?? ""));
  if (!slug) return answer(post, { title: EDITOR_MESSAGES.noTitle, description: "Skriv en rubrik först.", variant: "destructive" }, 400);
  post.form.set("slug", slug);
  return answer(post, { title: EDITOR_MESSAGES.slugUpdated, description: `Sluggen är nu ”${slug}”.` });
}

/** An image for the cover or an image block: stored, and its address put in that field. A refusal is shown by its file input. */
async function uploadImage(post: EditorPost, { input, field }: { input: string; field: string }) {
  const refused = (message: string) =>
    answer(post, { title: EDITOR_MESSAGES.uploadFailed.title, description: EDITOR_MESSAGES.uploadRefused, variant: "destructive" }, 400, {
      fileError: { input, message },
    });
  const file = post.files.get(input);
  if (!file) return refused(UPLOAD_MESSAGES.empty);
  try {
    const { url } = await storeBlogImage(file);
    post.form.set(field, url);
    return answer(post, { title: "Bilden är uppladdad", description: "Spara inlägget för att behålla den." }, 200, {
      uploaded: { input, field, url },
    });
  } catch (error) {
    if (error instanceof UploadError) return refused(error.message);
    log.error("blog image upload failed", error);
    return answer(post, { ...EDITOR_MESSAGES.uploadFailed, variant: "destructive" }, 502);
  }
}

/** An AI draft from the instructions: it replaces the title, the excerpt, the slug and the blocks; nothing is saved. */
async function generateDraft(post: EditorPost) {
  const { form, instructions } = post;
  if (!instructions.trim()) return answer(post, { ...EDITOR_MESSAGES.aiInstructions, variant: "destructive" }, 400);
  try {
    const draft = await draftBlogPost({ topic: String(form.get("title") ?? ""), instructions: instructions.trim() });
    for (const key of [...form.keys()]) if (key.startsWith("blocks")) form.delete(key);
    form.set("title", draft.title);
    form.set("excerpt", draft.excerpt);
    // A draft's title also sets the slug, over any slug typed or stored.
    form.set("slug", postSlug(draft.title));
    for (const [key, value] of toFormEntries(formBlocks(draft.blocks), "blocks")) form.append(key, value);
    return answer(post, EDITOR_MESSAGES.aiGenerated);
  } catch (error) {
    if (!(error instanceof AiUnavailableError || error instanceof AiInvalidOutputError)) log.error("blog draft failed", error);
    return answer(post, { ...EDITOR_MESSAGES.aiFailed, variant: "destructive" }, 503);
  }
}

/**
 * The preview: the form judged as a save would judge it, and shown with the post as it would
 * look; nothing is written, and every field keeps what was typed.
 */
async function previewPost(post: EditorPost, { postId }: Editor) {
  const submission = parseWithZod(post.form, { schema: savablePostSchema(editorImageHosts()) });
  if (submission.status !== "success") {
    return data<EditorReply>(
      { result: submission.reply(), toast: { ...EDITOR_MESSAGES.previewInvalid, variant: "destructive" }, instructions: post.instructions },
      { status: 400 },
    );
  }
  // The date it shows: the first publication's, kept; else today's if saving would publish it.
  const stored = postId === null ? null : ((await findPost({ id: postId }))?.publishedAt ?? null);
  const publishedAt = stored ?? (submission.value.published ? new Date().toISOString() : null);
  return answer(post, null, 200, { preview: { ...previewOf(submission.value), publishedAt } });
}

/**
 * The save: the form judged in full, a taken slug refused before writing, and an existing post
 * written only over the version the editor was opened at (409 with the form as typed when
 * someone saved in between).
 */
async function savePost({ form, instructions }: EditorPost, { postId, author }: Editor) {
  const submission = parseWithZod(form, { schema: savablePostSchema(editorImageHosts()) });
  if (submission.status !== "success") {
    // The page's error summary lists every problem, the missing content too.
    return data<EditorReply>(
      { result: submission.reply(), toast: null, instructions },
      { status: submission.status === "error" ? 400 : 200 },
    );
  }
  const value = submission.value;
  const slugTaken = () =>
    data<EditorReply>(
      { result: submission.reply({ fieldErrors: { slug: [EDITOR_MESSAGES.slugTaken] } }), toast: null, instructions },
      { status: 409 },
    );
  const shown = previewOf(value);
  const slug = shown.slug;
  if (slug && (await isSlugTaken(slug, postId))) return slugTaken();
  const row: PostRow = {
    title: shown.title,
    excerpt: shown.excerpt,
    content: JSON.stringify(shown.blocks),
    cover_image: shown.coverImage,
    cover_image_alt: shown.coverImageAlt,
    reading_time: String(shown.readingTime),
    slug,
    published: value.published,
    seo_title: shown.seoTitle,
    seo_description: shown.seoDescription,
  };
  let saved: "saved" | "stale" | "missing";
  try {
    saved = postId === null ? (await createPost({ ...row, author }), "saved") : await updatePost(postId, value.version, row);
  } catch (error) {
    // Two editors saving the same slug at once: the database's unique key decides.
    if ((error as { code?: string }).code === "23505") return slugTaken();
    log.error("blog post save failed", error, { postId });
    return data<EditorReply>(
      { result: submission.reply(), toast: { ...EDITOR_MESSAGES.saveFailed, variant: "destructive" }, instructions },
      { status: 500 },
    );
  }
  if (saved === "missing") throw data(null, { status: 404 });
  if (saved === "stale") {
    // Someone saved since this copy was opened: nothing is written, and the form keeps what
    // was typed (and its old version, so Spara again is refused again until reload).
    return data<EditorReply>(
      {
        result: submission.reply({ formErrors: [EDITOR_MESSAGES.staleSave.description] }),
        toast: { ...EDITOR_MESSAGES.staleSave, variant: "destructive" },
        instructions,
      },
      { status: 409 },
    );
  }
  return redirectWithFlash(href("/admin/blog"), {
    title: postId === null ? EDITOR_MESSAGES.created : EDITOR_MESSAGES.updated,
    description: `”${value.title}”`,
  });
}
