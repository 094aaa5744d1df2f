import { useEffect, useRef, useState } from "react";
import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { INTENT, serializeIntent } from "@conform-to/dom";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "#app/utils/zod.ts";
import { data, Form, Link, useBeforeUnload, useBlocker, useNavigation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Route } from "./+types/admin.blog.editor";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { isSignedOutReply, markSignedOutReply } from "#app/blog/signed-out-reply.server.ts";
import { AiInvalidOutputError, AiUnavailableError } from "#app/ai/engine.server.ts";
import { draftBlogPost } from "#app/ai/service.server.ts";
import { loginPath, requireAdmin } from "#app/auth/guards.server.ts";
import { requestAuth } from "#app/auth/request-auth.server.ts";
import { storeBlogImage, UploadError } from "#app/blog/image-storage.server.ts";
import { createPost, findPost, isPostId, isSlugTaken, updatePost } from "#app/blog/posts.server.ts";
import { clearCatalogueCache } from "#app/hotels/catalogue-cache.server.ts";
import { getAppDatabase } from "#app/db/db.server.ts";
import { isHttpOrLocalUrl, postSlug, readingTimeMinutes, type ContentBlock } from "#app/blog/content-blocks.ts";
import {
  BLOCK_LABELS,
  BLOCK_TYPES,
  BLOG_IMAGE_TYPES,
  EDITOR_MAX_BODY_BYTES,
  EDITOR_MESSAGES,
  editorShapeSchema,
  EXCERPT_HINT,
  imageFileProblem,
  MAX_LIST_LENGTH,
  NEW_BLOCK,
  postFormSchema,
  slugToStore,
  toContentBlocks,
  toFormEntries,
  UPLOAD_MESSAGES,
  type BlockType,
} from "#app/blog/editor-form.ts";
import { redirectWithFlash, type Flash } from "#app/http/flash.server.ts";
import { isBodyTooLarge, readFormData } from "#app/http/form-data.server.ts";
import { log } from "#app/utils/log.server.ts";

export function meta({ params }: Route.MetaArgs) {
  return adminMeta(`${params.id ? "Redigera inlägg" : "Skapa nytt inlägg"}`);
}

/** A post's blocks as the form edits them (every optional field present). */
function formBlocks(blocks: ContentBlock[]) {
  return blocks.map((block) => ({ ...NEW_BLOCK[block.type], ...block }));
}

const EMPTY_POST = { title: "", slug: "", excerpt: "", coverImage: "", published: false, blocks: [] as Record<string, unknown>[], version: undefined as number | undefined };

export async function loader(args: Route.LoaderArgs) {
  const id = args.params.id;
  if (isSignedOutReply(args.context)) {
    // The answer to a save after the session ended: the form shows what was sent (the
    // action's reply) and nothing stored is read.
    return { postId: id !== undefined && isPostId(id) ? id : null, storedSlug: null, signedOut: true, defaultValue: EMPTY_POST };
  }
  await requireAdmin(args);
  if (id === undefined) {
    return { postId: null, storedSlug: null, signedOut: false, defaultValue: EMPTY_POST };
  }
  const post = isPostId(id) ? await findPost(getAppDatabase().db, { id }) : null;
  if (!post) throw data(null, { status: 404 });
  return {
    postId: post.id,
    storedSlug: post.slug,
    signedOut: false,
    defaultValue: {
      title: post.title,
      slug: post.slug ?? "",
      excerpt: post.excerpt,
      coverImage: post.coverImage ?? "",
      published: post.published,
      blocks: formBlocks(post.content) as Record<string, unknown>[],
      // Sent back with the save: it lands only over this version.
      version: post.version,
    },
  };
}

interface EditorReply {
  /** Absent when the post could not be read at all (too large): the form stays as the browser has it. */
  result?: SubmissionResult<string[]>;
  toast: Flash | null;
  /** The AI panel's instructions, kept across a post without JavaScript. */
  instructions: string;
  /** An upload refused: the file input it came from, and why (shown by that input). */
  fileError?: { input: string; message: string };
  /** The file input whose image was stored (the browser empties it, so it is not sent again). */
  uploaded?: string;
  /** The session has ended: where to sign in again, in another tab. */
  signIn?: string;
}

/**
 * Not signed in at all: sent to sign in and back, by the admin guard itself (it throws for
 * such a request; should it ever not, this refuses anyway).
 */
async function toSignIn(args: Route.ActionArgs): Promise<never> {
  await requireAdmin(args);
  throw data(null, { status: 403 });
}

export async function action(args: Route.ActionArgs) {
  // The administrator check comes first for anyone signed in (a user without the role is
  // refused as on every admin route), and every write below needs its session. A request not
  // signed in at all is read before it is sent away, because it may be an editor's save whose
  // session ended while the post was being written (answered below, nothing written).
  const session = requestAuth(args.context).session ? await requireAdmin(args) : null;
  const postId = args.params.id ?? null;
  const multipart = /^multipart\/form-data/i.test(args.request.headers.get("Content-Type") ?? "");
  if (!session && (!multipart || (postId !== null && !isPostId(postId)))) return toSignIn(args);
  let form: FormData;
  try {
    form = await readFormData(args.request, EDITOR_MAX_BODY_BYTES);
  } catch (error) {
    if (!session) return toSignIn(args);
    // Cut off unread: the fields are gone, so the editor is shown as it was last loaded (with
    // JavaScript the browser keeps its form; it refuses such a file before sending anyway).
    if (isBodyTooLarge(error)) return data<EditorReply>({ toast: { ...EDITOR_MESSAGES.bodyTooLarge, variant: "destructive" }, instructions: "" }, { status: 413 });
    throw error;
  }
  const db = getAppDatabase().db;
  if (postId !== null && !isPostId(postId)) throw data(null, { status: 404 });
  const editorAction = String(form.get("_action") ?? "");
  const files = new Map<string, File>();
  for (const [key, value] of [...form.entries()]) {
    if (typeof value !== "string") {
      form.delete(key);
      if (value.size > 0) files.set(key, value);
    }
  }
  form.delete("_action");
  // A hand-made post the editor cannot take: an intent conform throws on (not its JSON, a list
  // operation on a text, a path such as __proto__), or lists that are not lists or far too long.
  let editable = false;
  try {
    editable = editorShapeSchema.safeParse(parseWithZod(form, { schema: z.looseObject({}) }).payload).success;
  } catch {
    // conform threw: not a form the editor made.
  }
  if (!editable) {
    if (!session) return toSignIn(args);
    throw data(null, { status: 400 });
  }
  const instructions = String(form.get("instructions") ?? "").slice(0, 2000);
  form.delete("instructions");

  /**
   * Replies with the editor showing the form as it now is (after an upload, the slug button or
   * an AI draft has changed it), without judging it yet: an "update" of the whole value.
   */
  const answer = (toast: Flash | null, status = 200, extra: Partial<EditorReply> = {}) => {
    const { payload } = parseWithZod(form, { schema: z.looseObject({}) });
    form.set(INTENT, serializeIntent({ type: "update", payload: { value: payload as never } }));
    const submission = parseWithZod(form, { schema: postFormSchema });
    return data<EditorReply>({ result: submission.reply(), toast, instructions, ...extra }, { status });
  };

  if (!session) {
    // The session ended while the post was open. Its save (or, without JavaScript, a block
    // button) comes back as it was sent, nothing done with it, with a sign-in link that opens
    // in another tab; signed in there, Spara here sends it again. Uploads, AI and anything
    // that is not the editor's form go to sign in as before.
    if (editorAction !== "" || !form.has("title")) return toSignIn(args);
    form.delete(INTENT);
    markSignedOutReply(args.context);
    return answer({ ...EDITOR_MESSAGES.sessionExpired, variant: "destructive" }, 401, { signIn: loginPath(args.url.pathname) });
  }

  if (editorAction === "regenerate-slug") {
    const title = String(form.get("title") ?? "");
    const slug = postSlug(title);
    return slug
      ? (form.set("slug", slug), answer({ title: EDITOR_MESSAGES.slugUpdated, description: `Sluggen är nu ”${slug}”.` }))
      : answer({ title: EDITOR_MESSAGES.noTitle, description: "Skriv en rubrik först.", variant: "destructive" }, 400);
  }

  if (editorAction === "upload-cover" || editorAction.startsWith("upload-block:")) {
    const index = editorAction === "upload-cover" ? null : Number(editorAction.slice("upload-block:".length));
    if (index !== null && !(Number.isInteger(index) && index >= 0 && index < MAX_LIST_LENGTH)) throw data(null, { status: 400 });
    const input = index === null ? "coverFile" : `blockFile-${index}`;
    const file = files.get(input);
    const field = index === null ? "coverImage" : `blocks[${index}].url`;
    const refused = (message: string) =>
      answer({ title: EDITOR_MESSAGES.uploadFailed.title, description: EDITOR_MESSAGES.uploadRefused, variant: "destructive" }, 400, { fileError: { input, message } });
    if (!file) return refused(UPLOAD_MESSAGES.empty);
    try {
      const { url } = await storeBlogImage(file);
      form.set(field, url);
      return answer({ title: "Bilden är uppladdad", description: "Spara inlägget för att behålla den." }, 200, { uploaded: input });
    } catch (error) {
      if (error instanceof UploadError) return refused(error.message);
      log.error("blog image upload failed", error);
      return answer({ ...EDITOR_MESSAGES.uploadFailed, variant: "destructive" }, 502);
    }
  }

  if (editorAction === "ai-generate") {
    if (!instructions.trim()) return answer({ ...EDITOR_MESSAGES.aiInstructions, variant: "destructive" }, 400);
    try {
      const draft = await draftBlogPost(db, { topic: String(form.get("title") ?? ""), instructions: instructions.trim() });
      for (const key of [...form.keys()]) if (key.startsWith("blocks")) form.delete(key);
      form.set("title", draft.title);
      form.set("excerpt", draft.excerpt);
      // A returned title also sets the slug (back-office spec §4).
      form.set("slug", postSlug(draft.title));
      for (const [key, value] of toFormEntries(formBlocks(draft.blocks), "blocks")) form.append(key, value);
      return answer(EDITOR_MESSAGES.aiGenerated);
    } catch (error) {
      if (!(error instanceof AiUnavailableError || error instanceof AiInvalidOutputError)) log.error("blog draft failed", error);
      return answer({ ...EDITOR_MESSAGES.aiFailed, variant: "destructive" }, 503);
    }
  }

  const submission = parseWithZod(form, { schema: postFormSchema });
  if (submission.status !== "success") {
    const noContent = submission.status === "error" && Boolean(submission.error?.blocks);
    return data<EditorReply>(
      { result: submission.reply(), toast: noContent ? { ...EDITOR_MESSAGES.noContent, variant: "destructive" } : null, instructions },
      { status: submission.status === "error" ? 400 : 200 },
    );
  }

  const value = submission.value;
  const blocks = toContentBlocks(value.blocks);
  const slug = slugToStore(value.slug, value.title);
  if (slug && (await isSlugTaken(db, slug, postId))) {
    return data<EditorReply>({ result: submission.reply({ fieldErrors: { slug: [EDITOR_MESSAGES.slugTaken] } }), toast: null, instructions }, { status: 409 });
  }
  const row = {
    title: value.title,
    excerpt: value.excerpt,
    content: JSON.stringify(blocks),
    cover_image: value.coverImage || null,
    reading_time: String(readingTimeMinutes(blocks)),
    slug,
    published: value.published,
  };
  try {
    if (postId === null) {
      await createPost(db, { ...row, author: session.user.email });
    } else {
      const saved = await updatePost(db, postId, value.version, row);
      if (saved === "missing") throw data(null, { status: 404 });
      if (saved === "stale") {
        // Someone saved since this copy was opened: nothing is written, and the form keeps
        // what was typed (and its old version, so Spara again is refused again until reload).
        return data<EditorReply>(
          { result: submission.reply({ formErrors: [EDITOR_MESSAGES.staleSave.description] }), toast: { ...EDITOR_MESSAGES.staleSave, variant: "destructive" }, instructions },
          { status: 409 },
        );
      }
    }
  } catch (error) {
    if (error instanceof Response || (error && typeof error === "object" && "init" in error)) throw error;
    // Two editors saving the same slug at once: the database's unique key decides.
    const duplicate = (error as { code?: string }).code === "23505";
    if (!duplicate) log.error("blog post save failed", error, { postId });
    return data<EditorReply>(
      {
        result: submission.reply(duplicate ? { fieldErrors: { slug: [EDITOR_MESSAGES.slugTaken] } } : {}),
        toast: duplicate ? null : { ...EDITOR_MESSAGES.saveFailed, variant: "destructive" },
        instructions,
      },
      { status: duplicate ? 409 : 500 },
    );
  }
  clearCatalogueCache();
  return redirectWithFlash("/admin/blog", { title: postId === null ? EDITOR_MESSAGES.created : EDITOR_MESSAGES.updated, description: `”${value.title}”` });
}

const input = (invalid: boolean) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm ${invalid ? "border-red-600 ring-1 ring-red-600" : "border-slate-400"}`;
const small = "rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";

function FieldError({ field }: { field: { errorId: string; errors?: string[] } }) {
  return field.errors?.length ? (
    <p id={field.errorId} className="mt-1 text-sm font-medium text-red-700">
      {field.errors[0]}
    </p>
  ) : null;
}

export default function PostEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { postId, storedSlug, signedOut, defaultValue } = loaderData;
  const navigation = useNavigation();
  const working = navigation.state === "submitting" ? String(navigation.formData?.get("_action") ?? "save") : null;
  const [form, fields] = useForm({
    id: postId ?? "new-post",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Uploads, the AI panel and the slug button send the form as it is: the server judges it
    // only when it is saved (conform does not read formNoValidate).
    onValidate: ({ formData, submitter }) =>
      submitter?.getAttribute("name") === "_action"
        ? (parseWithZod(formData, { schema: z.looseObject({}) }) as never)
        : parseWithZod(formData, { schema: postFormSchema }),
  });
  const [clientToast, setClientToast] = useState<Flash | null>(null);
  const toast = clientToast ?? actionData?.toast ?? null;
  // The browser's own verdicts on picked files, by input name (null: checked, nothing wrong);
  // the server's answer replaces them.
  const [fileChecks, setFileChecks] = useState<Record<string, string | null>>({});
  useEffect(() => {
    setClientToast(null);
    setFileChecks({});
    // A stored image is in the form now: its file is not sent again with every later post.
    if (actionData?.uploaded) {
      const picked = document.forms.namedItem(form.id)?.elements.namedItem(actionData.uploaded);
      if (picked instanceof HTMLInputElement) picked.value = "";
    }
  }, [actionData]);
  const fileError = (input: string) => (input in fileChecks ? fileChecks[input] : actionData?.fileError?.input === input ? actionData.fileError.message : null) ?? null;
  const checkFile = (input: string, problem: string | null) => setFileChecks((checks) => ({ ...checks, [input]: problem }));

  // The slug follows the title until the post has a stored slug or the slug is edited by hand
  // (or the page shows what a signed-out save sent, slug included).
  const slugTouched = useRef(false);
  const title = fields.title.value ?? "";
  useEffect(() => {
    if (storedSlug || slugTouched.current || signedOut) return;
    const next = postSlug(title);
    if (next !== (fields.slug.value ?? "")) form.update({ name: fields.slug.name, value: next });
  }, [title]);

  // Leaving with unsaved changes asks first (JavaScript only; without it there is nothing to
  // lose but the page). The form's own posts (save, upload, AI) go to this same address, so
  // they are not leaving, and the redirect after a save is never put to a blocker. (A flag set
  // in onSubmit once marked "sending", but conform's client-side intents, such as the slug
  // following the title and adding a block, pass through onSubmit without any navigation, so
  // it stayed set and nothing was ever asked.)
  const dirty = form.dirty && navigation.state === "idle";
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm("Du har osparade ändringar. Vill du lämna sidan ändå?")) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  // Reloading, closing the tab or leaving the site: the browser's own question.
  useBeforeUnload((event) => {
    if (!dirty) return;
    event.preventDefault();
    event.returnValue = true;
  });

  const formProps = getFormProps(form);
  const blocks = fields.blocks.getFieldList();
  const published = fields.published.value === "on";
  const excerptLength = (fields.excerpt.value ?? "").length;
  const hydrated = useHydrated();
  const [instructions, setInstructions] = useState(actionData?.instructions ?? "");

  return (
    <div className="mx-auto max-w-4xl">
      <Form method="post" encType="multipart/form-data" {...formProps} className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold">{postId ? "Redigera inlägg" : "Skapa nytt inlägg"}</h1>
          <div className="flex gap-2">
            <Link to="/admin/blog" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50">
              Avbryt
            </Link>
            <button type="submit" disabled={Boolean(working)} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-70">
              {working === "save" ? "Sparar..." : postId ? "Spara ändringar" : "Publicera inlägg"}
            </button>
          </div>
        </div>

        {toast ? (
          <div
            role={toast.variant === "destructive" ? "alert" : "status"}
            // The form's own error (a stale save) is this message: the form names it as its description.
            id={form.errors ? form.errorId : undefined}
            className={`rounded-lg border p-4 ${toast.variant === "destructive" ? "border-red-300 bg-red-50 text-red-900" : "border-emerald-300 bg-emerald-50 text-emerald-900"}`}
          >
            <p className="font-semibold">{toast.title}</p>
            {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
            {actionData?.signIn && toast === actionData.toast ? (
              <p className="mt-2 text-sm">
                {/* Another tab: this one keeps the form, and Spara sends it once signed in there. */}
                <a href={actionData.signIn} target="_blank" rel="noopener" className="font-semibold underline">
                  {EDITOR_MESSAGES.signInLink}
                </a>
              </p>
            ) : null}
          </div>
        ) : null}
        <input {...getInputProps(fields.version, { type: "hidden" })} />

        <section aria-labelledby="post-details" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="post-details" className="sr-only">Inläggets uppgifter</h2>
          <div>
            <label htmlFor={fields.title.id} className="block text-sm font-medium">Rubrik</label>
            <input {...getInputProps(fields.title, { type: "text" })} className={input(Boolean(fields.title.errors))} />
            <FieldError field={fields.title} />
          </div>
          <div>
            <label htmlFor={fields.slug.id} className="block text-sm font-medium">URL Slug</label>
            <div className="flex gap-2">
              <input
                {...getInputProps(fields.slug, { type: "text" })}
                aria-describedby={[`${fields.slug.id}-help`, fields.slug.errors ? fields.slug.errorId : ""].filter(Boolean).join(" ")}
                onInput={() => (slugTouched.current = true)}
                className={`${input(Boolean(fields.slug.errors))} font-mono`}
              />
              <button
                type="submit"
                name="_action"
                value="regenerate-slug"
                formNoValidate
                className={`${small} mt-1 whitespace-nowrap`}
                onClick={(event) => {
                  // With JavaScript the slug is made here, at once.
                  event.preventDefault();
                  const next = postSlug(title);
                  if (!next) return setClientToast({ title: EDITOR_MESSAGES.noTitle, description: "Skriv en rubrik först.", variant: "destructive" });
                  form.update({ name: fields.slug.name, value: next });
                  setClientToast({ title: EDITOR_MESSAGES.slugUpdated, description: `Sluggen är nu ”${next}”.` });
                }}
              >
                Generera från rubrik
              </button>
            </div>
            <p id={`${fields.slug.id}-help`} className="mt-1 text-xs text-muted">
              Bara bokstäver, siffror och bindestreck. Adressen blir /blog/{fields.slug.value || "…"}
            </p>
            <FieldError field={fields.slug} />
          </div>
          <div>
            <label htmlFor={fields.excerpt.id} className="block text-sm font-medium">Utdrag</label>
            <textarea
              {...getTextareaProps(fields.excerpt)}
              rows={3}
              aria-describedby={`${fields.excerpt.id}-help`}
              className={input(Boolean(fields.excerpt.errors))}
            />
            <p id={`${fields.excerpt.id}-help`} className={`mt-1 text-xs ${excerptLength > EXCERPT_HINT ? "font-semibold text-red-700" : "text-muted"}`}>
              Visas i listor och i sociala medier, högst {EXCERPT_HINT} tecken. {excerptLength}/{EXCERPT_HINT}
            </p>
          </div>
          <div>
            <label htmlFor={fields.coverImage.id} className="block text-sm font-medium">Omslagsbild</label>
            <input {...getInputProps(fields.coverImage, { type: "text" })} placeholder="https://… eller /images/…" className={input(Boolean(fields.coverImage.errors))} />
            <FieldError field={fields.coverImage} />
            <ImageUpload id="cover-file" input="coverFile" action="upload-cover" label="Eller ladda upp en bild:" working={working} error={fileError("coverFile")} onCheck={checkFile} />
            {/* Only an address the post may keep is previewed (not javascript: typed by hand). */}
            {fields.coverImage.value && isHttpOrLocalUrl(fields.coverImage.value) ? <img src={fields.coverImage.value} alt="Förhandsvisning av omslagsbilden" className="mt-3 max-h-48 rounded-md object-cover" /> : null}
          </div>
          <div className="flex items-start gap-3">
            <input
              {...getInputProps(fields.published, { type: "checkbox" })}
              role="switch"
              aria-describedby={`${fields.published.id}-help`}
              className="mt-1 size-5 accent-brand-600"
            />
            <div>
              <label htmlFor={fields.published.id} className="text-sm font-medium">Publicera</label>
              <p id={`${fields.published.id}-help`} className="text-sm text-muted">
                {published ? "Inlägget kommer att vara publikt." : "Inlägget kommer sparas som utkast."}
              </p>
            </div>
          </div>
        </section>

        <details className="rounded-lg border border-brand-100 bg-brand-50/60 p-4" open={actionData?.toast?.title === EDITOR_MESSAGES.aiFailed.title || undefined}>
          <summary className="cursor-pointer font-semibold text-brand-800">Generera innehåll med AI</summary>
          <div className="mt-3 space-y-3">
            <label htmlFor="ai-instructions" className="block text-sm font-medium">Instruktioner</label>
            <textarea
              id="ai-instructions"
              name="instructions"
              rows={3}
              defaultValue={actionData?.instructions ?? ""}
              key={actionData?.instructions ?? ""}
              placeholder="Till exempel: Skriv en guide till familjevänliga hotell i Köpenhamn."
              onChange={(event) => setInstructions(event.currentTarget.value)}
              className={input(false)}
            />
            <button
              type="submit"
              name="_action"
              value="ai-generate"
              formNoValidate
              // Without JavaScript the server answers a blank box with 'Inga instruktioner'.
              disabled={working === "ai-generate" || (hydrated && instructions.trim() === "")}
              className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {working === "ai-generate" ? "Genererar..." : "Generera innehåll"}
            </button>
            <p className="text-xs text-muted">Rubrik, utdrag och innehåll ersätts med förslaget; inget sparas förrän du sparar inlägget.</p>
          </div>
        </details>

        <section aria-labelledby="post-content" className="space-y-4">
          <h2 id="post-content" className="text-lg font-semibold">Innehåll</h2>
          <fieldset className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white p-3">
            <legend className="px-1 text-sm font-medium">Lägg till innehåll</legend>
            {BLOCK_TYPES.map((type) => (
              <button key={type} {...form.insert.getButtonProps({ name: fields.blocks.name, defaultValue: NEW_BLOCK[type] as never })} className={small}>
                + {BLOCK_LABELS[type]}
              </button>
            ))}
          </fieldset>
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
                  <BlockEditor
                    form={form as unknown as EditorForm}
                    block={block as never}
                    index={index}
                    count={blocks.length}
                    working={working}
                    fileError={fileError(`blockFile-${index}`)}
                    onCheck={checkFile}
                  />
                </li>
              ))}
            </ol>
          )}
        </section>
      </Form>
    </div>
  );
}

/**
 * A file input and its upload button. With JavaScript a picked file is checked at once (type
 * and size) and a refused one is taken out of the input, so it is never sent: not by this
 * button, and not along with any other post of the form. The server checks again, and answers
 * by the same input without JavaScript.
 */
function ImageUpload({
  id,
  input,
  action,
  label,
  working,
  error,
  onCheck,
}: {
  id: string;
  input: string;
  action: string;
  label: string;
  working: string | null;
  error: string | null;
  onCheck: (input: string, problem: string | null) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;
  return (
    <div className="mt-2">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="text-sm">{label}</label>
        <input
          ref={ref}
          id={id}
          name={input}
          type="file"
          accept={BLOG_IMAGE_TYPES.join(",")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            const problem = file ? imageFileProblem(file) : null;
            if (problem) event.currentTarget.value = "";
            onCheck(input, problem);
          }}
          className="text-sm"
        />
        <button
          type="submit"
          name="_action"
          value={action}
          formNoValidate
          onClick={(event) => {
            const file = ref.current?.files?.[0];
            const problem = file ? imageFileProblem(file) : UPLOAD_MESSAGES.empty;
            if (!problem) return;
            event.preventDefault();
            onCheck(input, problem);
            ref.current?.focus();
          }}
          className={small}
        >
          {working === action ? "Laddar upp..." : "Ladda upp"}
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

// Conform types a discriminated union's fieldset loosely; the editor reads the fields it knows.
type AnyField = FieldMetadata<unknown, Record<string, unknown>, string[]>;
type BlockFields = Record<string, AnyField>;
type EditorForm = FormMetadata<Record<string, unknown>, string[]>;

function BlockEditor({
  form,
  block,
  index,
  count,
  working,
  fileError,
  onCheck,
}: {
  form: EditorForm;
  block: FieldMetadata<Record<string, unknown>, Record<string, unknown>, string[]>;
  index: number;
  count: number;
  working: string | null;
  fileError: string | null;
  onCheck: (input: string, problem: string | null) => void;
}) {
  const f = block.getFieldset() as unknown as BlockFields;
  const type = (f.type!.value ?? f.type!.initialValue) as BlockType;
  const label = `${BLOCK_LABELS[type] ?? "Block"} ${index + 1}`;
  const field = (name: string) => f[name]!;
  const level = Number(f.level?.value ?? f.level?.initialValue ?? 2) || 2;
  const text = (name: string, labelText: string, options: { multiline?: boolean; placeholder?: string } = {}) => {
    const meta = field(name);
    return (
      <div>
        <label htmlFor={meta.id} className="block text-sm font-medium">{labelText}</label>
        {options.multiline ? (
          <textarea {...getTextareaProps(meta)} rows={4} className={input(Boolean(meta.errors))} />
        ) : (
          <input {...getInputProps(meta, { type: "text" })} placeholder={options.placeholder} className={input(Boolean(meta.errors))} />
        )}
        <FieldError field={meta} />
      </div>
    );
  };

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      <input type="hidden" name={f.type!.name} value={type} />
      <div className="flex flex-wrap gap-2">
        <button {...form.reorder.getButtonProps({ name: "blocks", from: index, to: index - 1 })} disabled={index === 0} className={small} aria-label={`Flytta upp ${label}`}>
          ↑ Flytta upp
        </button>
        <button {...form.reorder.getButtonProps({ name: "blocks", from: index, to: index + 1 })} disabled={index === count - 1} className={small} aria-label={`Flytta ner ${label}`}>
          ↓ Flytta ner
        </button>
        <button {...form.remove.getButtonProps({ name: "blocks", index })} className={`${small} text-red-700`} aria-label={`Ta bort ${label}`}>
          Ta bort
        </button>
      </div>

      {type === "paragraph" ? text("content", "Text", { multiline: true }) : null}

      {type === "heading" ? (
        <div className="flex items-end gap-3">
          <div>
            <input type="hidden" name={field("level").name} value={String(level)} />
            <button
              {...form.update.getButtonProps({ name: field("level").name, value: String((level % 3) + 1) as never })}
              className={`${small} font-mono`}
              aria-label={`Rubriknivå ${level}, byt till ${(level % 3) + 1}`}
            >
              H{level}
            </button>
          </div>
          <div className="flex-1">{text("content", "Rubriktext")}</div>
        </div>
      ) : null}

      {type === "image" ? (
        <>
          {text("url", "Bildadress", { placeholder: "https://… eller /images/…" })}
          <ImageUpload id={`block-file-${index}`} input={`blockFile-${index}`} action={`upload-block:${index}`} label="Eller ladda upp:" working={working} error={fileError} onCheck={onCheck} />
          {field("url").value && isHttpOrLocalUrl(String(field("url").value)) ? <img src={String(field("url").value)} alt="" className="max-h-40 rounded-md object-cover" /> : null}
          {text("alt", "Alternativtext (beskriv bilden)")}
          {text("caption", "Bildtext (valfri)")}
        </>
      ) : null}

      {type === "button" ? (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            {text("text", "Knapptext")}
            {text("url", "Länk")}
          </div>
          <div className="flex flex-wrap items-center gap-6">
            <label className="flex items-center gap-2 text-sm">
              <input {...getInputProps(field("external"), { type: "checkbox" })} className="size-4" />
              Öppna i nytt fönster
            </label>
            <fieldset className="flex items-center gap-3 text-sm">
              <legend className="sr-only">Utseende</legend>
              {(["default", "outline"] as const).map((variant) => (
                <label key={variant} className="flex items-center gap-1">
                  <input {...getInputProps(field("variant"), { type: "radio", value: variant })} />
                  {variant === "default" ? "Fylld" : "Kontur"}
                </label>
              ))}
            </fieldset>
          </div>
          <p className="text-sm text-muted">
            Förhandsvisning:{" "}
            <span className={`ml-1 inline-block rounded-md px-3 py-1 font-semibold ${field("variant").value === "outline" ? "border-2 border-brand-600 text-brand-700" : "bg-brand-600 text-white"}`}>
              {String(field("text").value ?? "Läs mer")}
            </span>
          </p>
        </>
      ) : null}

      {type === "list" ? <ListEditor form={form} f={f} /> : null}

      {type === "quote" ? (
        <>
          {text("content", "Citat", { multiline: true })}
          {text("cite", "Källa (valfri)")}
          {field("content").value ? (
            <figure className="border-l-4 border-brand-500 pl-3 text-sm">
              <blockquote className="italic">{String(field("content").value)}</blockquote>
              {field("cite").value ? <figcaption className="text-muted">— {String(field("cite").value)}</figcaption> : null}
            </figure>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}

function ListEditor({ form, f }: { form: EditorForm; f: BlockFields }) {
  const items = (f.items as unknown as FieldMetadata<string[], Record<string, unknown>, string[]>).getFieldList();
  return (
    <>
      <fieldset className="flex items-center gap-3 text-sm">
        <legend className="mb-1 font-medium">Listtyp</legend>
        {(["unordered", "ordered"] as const).map((style) => (
          <label key={style} className="flex items-center gap-1">
            <input {...getInputProps(f.style!, { type: "radio", value: style })} />
            {style === "unordered" ? "Punktlista" : "Numrerad lista"}
          </label>
        ))}
      </fieldset>
      <ol className="space-y-2">
        {items.map((item, itemIndex) => (
          <li key={item.key} className="flex items-start gap-2">
            <div className="flex-1">
              <label htmlFor={item.id} className="sr-only">Punkt {itemIndex + 1}</label>
              <input {...getInputProps(item, { type: "text" })} className={input(Boolean(item.errors))} />
              <FieldError field={item} />
            </div>
            <button
              {...form.remove.getButtonProps({ name: f.items!.name, index: itemIndex })}
              disabled={items.length === 1}
              className={`${small} mt-1`}
              aria-label={`Ta bort punkt ${itemIndex + 1}`}
            >
              Ta bort
            </button>
          </li>
        ))}
      </ol>
      <button {...form.insert.getButtonProps({ name: f.items!.name, defaultValue: "" as never })} className={small}>
        + Lägg till punkt
      </button>
    </>
  );
}
