import { useEffect, useState } from "react";
import type { EditorReply } from "#app/blog/editor-form.ts";

/**
 * What is wrong with each file input's file: the browser's own verdict on a picked file (null:
 * checked, nothing wrong) until the server answers, then the server's. A stored image is in the
 * form once answered, so its file input is emptied and the file is not sent again with every
 * later post.
 */
export function useFileChecks(actionData: EditorReply | undefined, formId: string) {
  const [checks, setChecks] = useState<Record<string, string | null>>({});
  useEffect(() => {
    setChecks({});
    if (actionData?.uploaded) {
      const picked = document.forms.namedItem(formId)?.elements.namedItem(actionData.uploaded.input);
      if (picked instanceof HTMLInputElement) picked.value = "";
    }
  }, [actionData, formId]);
  const fileError = (input: string) =>
    (input in checks ? checks[input] : actionData?.fileError?.input === input ? actionData.fileError.message : null) ?? null;
  const checkFile = (input: string, problem: string | null) => setChecks((current) => ({ ...current, [input]: problem }));
  return { fileError, checkFile };
}

export type FileChecks = ReturnType<typeof useFileChecks>;
