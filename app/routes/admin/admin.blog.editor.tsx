import { useEffect, useState } from "react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, useFetchers, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/admin.blog.editor";
import { ADMIN_ROBOTS, useAdminTitle } from "#app/admin/admin-meta.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { requestAuth } from "#app/auth/request-auth.server.ts";
import { aiDraftEngineLine } from "#app/ai/service.server.ts";
import { editorForPost, signedOutEditor } from "#app/blog/editor-page.server.ts";
import { isSignedOutReply } from "#app/blog/signed-out-reply.server.ts";
import { EDITOR_MESSAGES, isUploadIntent } from "#app/blog/editor-form.ts";
import type { Flash } from "#app/http/flash.server.ts";
import { AiDraftPanel } from "#app/components/blog-editor/ai-draft-panel.tsx";
import { BlockList } from "#app/components/blog-editor/block-list.tsx";
import { EditorFooter, EditorHeader } from "#app/components/blog-editor/editor-header.tsx";
import { EditorNotice } from "#app/components/blog-editor/editor-notice.tsx";
import { ImageHostsContext } from "#app/components/blog-editor/image-hosts-context.ts";
import { useFileChecks } from "#app/components/blog-editor/file-checks.ts";
import { useLeaveGuard } from "#app/components/blog-editor/leave-guard.ts";
import { PostDetails } from "#app/components/blog-editor/post-details.tsx";
import { PostPreview } from "#app/components/blog-editor/post-preview.tsx";
import { usePostEditorForm } from "#app/components/blog-editor/use-post-editor-form.ts";
import { editorProblems } from "#app/components/blog-editor/editor-problems.ts";
import { ActionRefusalAlert, ErrorSummary } from "#app/components/ui/forms.tsx";
import { isActionRefusal, postedIntent } from "#app/utils/action-fields.ts";
import { useIsPending, usePendingIntent } from "#app/utils/use-is-pending.ts";
import { answerSignedOut, bodyTooLargeReply, dispatchEditorIntent, readEditorPost } from "./admin.blog.editor.server.ts";

// The page brings its own <title> (it starts "Fel:" after a refused save, which meta cannot see).
export function meta() {
  return [ADMIN_ROBOTS];
}

export async function loader(args: Route.LoaderArgs) {
  // The answer to a save after the session ended shows only what was sent.
  if (isSignedOutReply(args.context)) return signedOutEditor(args.params.id);
  await requireAdmin(args);
  return { ...(await editorForPost(args.params.id)), aiEngine: aiDraftEngineLine() };
}

/**
 * An image uploaded on its own (a fetcher, with JavaScript) changes nothing stored: the page's
 * data is not read again under the form being edited.
 */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData !== undefined && isUploadIntent(postedIntent(formData))) return false;
  return defaultShouldRevalidate;
}

export async function action(args: Route.ActionArgs) {
  // The administrator check comes first for anyone signed in (a user without the role is
  // refused as on every admin route), and every write needs its session. A request not signed
  // in at all is read before it is sent away, because it may be an editor's save whose session
  // ended while the post was being written (answered with what was sent, nothing written).
  const session = requestAuth(args.context).session ? await requireAdmin(args) : null;
  const post = await readEditorPost(args, session !== null);
  if (post === "too-large") return bodyTooLargeReply();
  if (!session) return answerSignedOut(args, post);
  return dispatchEditorIntent(post, { postId: args.params.id ?? null, author: session.user.email });
}

export default function PostEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  // The editor's own answer; a post it did not understand is the kit's refusal, shown at the top.
  const reply = isActionRefusal(actionData) ? undefined : actionData;
  const { postId, storedSlug, signedOut, defaultValue, imageHosts } = loaderData;
  const navigation = useNavigation();
  // While an image uploads on its own (a fetcher) the form's buttons wait: a save then would
  // store the post without the address the upload is about to fill in.
  const uploading = useFetchers().some((fetcher) => fetcher.state !== "idle");
  const sending = useIsPending();
  const sentIntent = usePendingIntent();
  const working = sending ? sentIntent : uploading ? "upload" : null;
  const [form, fields] = usePostEditorForm({
    id: postId ?? "new-post",
    lastResult: navigation.state === "idle" ? reply?.result : undefined,
    defaultValue,
    imageHosts,
  });
  const preview = navigation.state === "idle" ? reply?.preview : undefined;
  // The stored post's state (not the switch's): a published post's save keeps it published.
  const published = postId !== null && !signedOut && defaultValue.published;
  // The slug button's message with JavaScript; the server's answer replaces it.
  const [clientNotice, setClientNotice] = useState<Flash | null>(null);
  useEffect(() => setClientNotice(null), [reply]);
  const notice = clientNotice ?? reply?.toast ?? null;
  const files = useFileChecks(reply, form.id);
  useLeaveGuard(form.dirty && navigation.state === "idle");
  // After a refused save (or preview): every problem at the top, each linked to its field.
  const problems = form.status === "error" ? editorProblems(form, fields) : [];
  const heading = postId ? "Redigera inlägg" : "Skapa nytt inlägg";
  const title = useAdminTitle(heading);

  return (
    <ImageHostsContext value={imageHosts}>
      <title>{`${problems.length ? "Fel: " : ""}${title}`}</title>
      <div className="mx-auto max-w-4xl">
        {/* group/editor: the save buttons' labels follow the publish switch through the form's :has(). */}
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="group/editor space-y-6">
          <EditorHeader isNew={!postId} published={published} working={working} />
          <EditorNotice
            notice={notice}
            // The form's own error (a stale save) is this message: the form names it as its description.
            errorId={form.errors ? form.errorId : undefined}
            signIn={notice === reply?.toast ? reply?.signIn : undefined}
          />
          <ActionRefusalAlert actionData={actionData} />
          <ErrorSummary heading="Inlägget kunde inte sparas. Rätta följande:" problems={problems} />
          {preview ? <PostPreview preview={preview} postId={postId} /> : null}
          <input {...getInputProps(fields.version, { type: "hidden" })} />
          <PostDetails
            form={form}
            fields={fields}
            slugFollowsTitle={!storedSlug && !signedOut}
            working={working}
            files={files}
            onNotice={setClientNotice}
          />
          <AiDraftPanel
            engine={"aiEngine" in loaderData ? loaderData.aiEngine : undefined}
            instructions={reply?.instructions ?? ""}
            failed={reply?.toast?.title === EDITOR_MESSAGES.aiFailed.title}
            working={working}
          />
          <BlockList form={form} fields={fields} working={working} files={files} onNotice={setClientNotice} />
          <EditorFooter published={published} working={working} />
        </Form>
      </div>
    </ImageHostsContext>
  );
}
