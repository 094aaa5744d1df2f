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
import { z } from "#app/domain/zod.ts";
import { data, Form, Link, useBeforeUnload, useBlocker, useNavigation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Route } from "./+types/admin.blog.editor";
import { adminMeta } from "#app/admin/meta.ts";
import { AiInvalidOutputError, AiUnavailableError } from "#app/ai/engine.server.ts";
import { draftBlogPost } from "#app/ai/service.server.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { storeBlogImage, UploadError } from "#app/blog/image-storage.server.ts";
import { findPost, isPostId } from "#app/blog/posts.server.ts";
import { clearCatalogueCache } from "#app/catalogue/cache.server.ts";
import { getAppDatabase } from "#app/db/db.server.ts";
import { isHttpOrLocalUrl, postSlug, readingTimeMinutes, type ContentBlock } from "#app/domain/blog.ts";
import {
  BLOCK_LABELS,
  BLOCK_TYPES,
  EDITOR_MESSAGES,
  editorShapeSchema,
  EXCERPT_HINT,
  MAX_LIST_LENGTH,
  NEW_BLOCK,
  postFormSchema,
  slugToStore,
  toContentBlocks,
  toFormEntries,
  type BlockType,
} from "#app/domain/blog-editor.ts";
import { redirectWithFlash, type Flash } from "#app/flash.server.ts";
import { readFormData } from "#app/form-data.server.ts";
import { log } from "#app/log.server.ts";

export function meta({ params }: Route.MetaArgs) {
  return adminMeta(`${params.id ? "Redigera inlägg" : "Skapa nytt inlägg"}`);
}

/** A post's blocks as the form edits them (every optional field present). */
function formBlocks(blocks: ContentBlock[]) {
  return blocks.map((block) => ({ ...NEW_BLOCK[block.type], ...block }));
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const id = args.params.id;
  if (id === undefined) {
    return { postId: null, storedSlug: null, defaultValue: { title: "", slug: "", excerpt: "", coverImage: "", published: false, blocks: [] as Record<string, unknown>[] } };
  }
  const post = isPostId(id) ? await findPost(getAppDatabase().db, { id }) : null;
  if (!post) throw data(null, { status: 404 });
  return {
    postId: post.id,
    storedSlug: post.slug,
    defaultValue: {
      title: post.title,
      slug: post.slug ?? "",
      excerpt: post.excerpt,
      coverImage: post.coverImage ?? "",
      published: post.published,
      blocks: formBlocks(post.content) as Record<string, unknown>[],
    },
  };
}

/** An upload is at most 5 MB; the rest of the post is text. */
const MAX_BODY_BYTES = 7 * 1024 * 1024;

interface EditorReply {
  result: SubmissionResult<string[]>;
  toast: Flash | null;
  /** The AI panel's instructions, kept across a post without JavaScript. */
  instructions: string;
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  const form = await readFormData(args.request, MAX_BODY_BYTES);
  const db = getAppDatabase().db;
  const postId = args.params.id ?? null;
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
  if (!editable) throw data(null, { status: 400 });
  const instructions = String(form.get("instructions") ?? "").slice(0, 2000);
  form.delete("instructions");

  /**
   * Replies with the editor showing the form as it now is (after an upload, the slug button or
   * an AI draft has changed it), without judging it yet: an "update" of the whole value.
   */
  const answer = (toast: Flash | null, status = 200) => {
    const { payload } = parseWithZod(form, { schema: z.looseObject({}) });
    form.set(INTENT, serializeIntent({ type: "update", payload: { value: payload as never } }));
    const submission = parseWithZod(form, { schema: postFormSchema });
    return data<EditorReply>({ result: submission.reply(), toast, instructions }, { status });
  };

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
    const file = files.get(index === null ? "coverFile" : `blockFile-${index}`);
    const field = index === null ? "coverImage" : `blocks[${index}].url`;
    if (!file) return answer({ title: EDITOR_MESSAGES.uploadFailed.title, description: "Välj en bildfil att ladda upp.", variant: "destructive" }, 400);
    try {
      const { url } = await storeBlogImage(file);
      form.set(field, url);
      return answer({ title: "Bilden är uppladdad", description: "Spara inlägget för att behålla den." });
    } catch (error) {
      const description = error instanceof UploadError ? error.message : EDITOR_MESSAGES.uploadFailed.description;
      if (!(error instanceof UploadError)) log.error("blog image upload failed", error);
      return answer({ title: EDITOR_MESSAGES.uploadFailed.title, description, variant: "destructive" }, error instanceof UploadError ? 400 : 502);
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
  if (slug) {
    const taken = await db
      .selectFrom("hotels_blog_posts")
      .select("id")
      .where("slug", "=", slug)
      .$if(postId !== null, (qb) => qb.where("id", "<>", postId!))
      .executeTakeFirst();
    if (taken) return data<EditorReply>({ result: submission.reply({ fieldErrors: { slug: [EDITOR_MESSAGES.slugTaken] } }), toast: null, instructions }, { status: 409 });
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
      await db.insertInto("hotels_blog_posts").values({ ...row, author: session.user.email }).execute();
    } else {
      const updated = await db.updateTable("hotels_blog_posts").set(row).where("id", "=", postId).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw data(null, { status: 404 });
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
  const { postId, storedSlug, defaultValue } = loaderData;
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
  useEffect(() => setClientToast(null), [actionData]);

  // The slug follows the title until the post has a stored slug or the slug is edited by hand.
  const slugTouched = useRef(false);
  const title = fields.title.value ?? "";
  useEffect(() => {
    if (storedSlug || slugTouched.current) return;
    const next = postSlug(title);
    if (next !== (fields.slug.value ?? "")) form.update({ name: fields.slug.name, value: next });
  }, [title]);

  // Leaving with unsaved changes asks first (JavaScript only; without it there is nothing to lose but the page).
  // Sending the form (saving, an upload, AI) is not leaving it.
  const submitted = useRef(false);
  useEffect(() => {
    if (navigation.state === "idle") submitted.current = false;
  }, [navigation.state]);
  const dirty = form.dirty && navigation.state === "idle";
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !submitted.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm("Du har osparade ändringar. Vill du lämna sidan ändå?")) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useBeforeUnload((event) => {
    if (dirty && !submitted.current) event.preventDefault();
  });

  const formProps = getFormProps(form);
  const blocks = fields.blocks.getFieldList();
  const published = fields.published.value === "on";
  const excerptLength = (fields.excerpt.value ?? "").length;
  const hydrated = useHydrated();
  const [instructions, setInstructions] = useState(actionData?.instructions ?? "");

  return (
    <div className="mx-auto max-w-4xl">
      <Form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        onSubmit={(event) => {
          submitted.current = true;
          formProps.onSubmit(event);
        }}
        className="space-y-6"
      >
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
            className={`rounded-lg border p-4 ${toast.variant === "destructive" ? "border-red-300 bg-red-50 text-red-900" : "border-emerald-300 bg-emerald-50 text-emerald-900"}`}
          >
            <p className="font-semibold">{toast.title}</p>
            {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
          </div>
        ) : null}

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
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <label htmlFor="cover-file" className="text-sm">Eller ladda upp en bild:</label>
              <input id="cover-file" name="coverFile" type="file" accept="image/jpeg,image/png,image/gif,image/webp,image/avif" className="text-sm" />
              <button type="submit" name="_action" value="upload-cover" formNoValidate className={small}>
                {working === "upload-cover" ? "Laddar upp..." : "Ladda upp"}
              </button>
            </div>
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
                  <BlockEditor form={form as unknown as EditorForm} block={block as never} index={index} count={blocks.length} working={working} />
                </li>
              ))}
            </ol>
          )}
        </section>
      </Form>
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
}: {
  form: EditorForm;
  block: FieldMetadata<Record<string, unknown>, Record<string, unknown>, string[]>;
  index: number;
  count: number;
  working: string | null;
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
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={`block-file-${index}`} className="text-sm">Eller ladda upp:</label>
            <input id={`block-file-${index}`} name={`blockFile-${index}`} type="file" accept="image/jpeg,image/png,image/gif,image/webp,image/avif" className="text-sm" />
            <button type="submit" name="_action" value={`upload-block:${index}`} formNoValidate className={small}>
              {working === `upload-block:${index}` ? "Laddar upp..." : "Ladda upp"}
            </button>
          </div>
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
