import { Button } from "#app/components/ui/button.tsx";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { Flash } from "#app/http/flash.server.ts";
import { BLOG_IMAGE_TYPES, imageFileProblem, type EditorReply } from "#app/blog/editor-form.ts";
import { INTENT_FIELD } from "#app/utils/action-fields.ts";

/**
 * A file input that uploads the image it is given. With JavaScript, choosing a file is the
 * upload: the file is checked at once (type and size; a refused one is taken out of the input,
 * so it is never sent), sent alone by a fetcher, and its address put in the field (`onUploaded`)
 * without touching anything else in the form. Without JavaScript the "Ladda upp" button posts
 * the whole form, and the server answers with the form as it was and the address filled in.
 * The server checks the file's bytes either way, and answers a refusal by this input.
 */
export function ImageUpload({
  id,
  input,
  action,
  label,
  working,
  error,
  onCheck,
  onUploaded,
  onNotice,
}: {
  id: string;
  input: string;
  action: string;
  label: string;
  working: string | null;
  error: string | null;
  onCheck: (input: string, problem: string | null) => void;
  onUploaded: (url: string) => void;
  onNotice: (notice: Flash) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const fetcher = useFetcher<EditorReply>();
  const uploading = fetcher.state !== "idle" || working === action;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;

  useEffect(() => {
    const reply = fetcher.data;
    if (!reply || fetcher.state !== "idle") return;
    if (reply.uploaded) {
      onUploaded(reply.uploaded.url);
      if (ref.current) ref.current.value = "";
    }
    onCheck(input, reply.fileError?.input === input ? reply.fileError.message : null);
    if (reply.toast) onNotice(reply.toast);
    // Only a new answer is acted on; the callbacks are new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, fetcher.state]);

  return (
    <div className="mt-2">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
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
            if (!file || problem) return;
            const body = new FormData();
            body.set(INTENT_FIELD, action);
            body.set(input, file);
            void fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
          }}
          className="text-sm"
        />
        {/* Only without JavaScript: with it, choosing the file has uploaded it. */}
        <Button type="submit" name={INTENT_FIELD} value={action} formNoValidate variant="secondary" size="sm" className="js:hidden">
          {working === action ? "Laddar upp..." : "Ladda upp"}
        </Button>
        <span id={statusId} role="status" className="text-sm text-muted">
          {uploading ? "Laddar upp..." : ""}
        </span>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
