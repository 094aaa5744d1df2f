import { useRef } from "react";
import { BLOG_IMAGE_TYPES, EDITOR_ACTION_FIELD, imageFileProblem, UPLOAD_MESSAGES } from "#app/blog/editor-form.ts";
import { SMALL_BUTTON } from "./form-styles.ts";

/**
 * A file input and its upload button. With JavaScript a picked file is checked at once (type
 * and size) and a refused one is taken out of the input, so it is never sent: not by this
 * button, and not along with any other post of the form. The server checks again, and answers
 * by the same input without JavaScript.
 */
export function ImageUpload({
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
          }}
          className="text-sm"
        />
        <button
          type="submit"
          name={EDITOR_ACTION_FIELD}
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
          className={SMALL_BUTTON}
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
