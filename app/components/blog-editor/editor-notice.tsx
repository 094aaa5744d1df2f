import type { Flash } from "#app/http/flash.server.ts";
import { EDITOR_MESSAGES } from "#app/blog/editor-form.ts";

/**
 * The editor's message at the top of the form: an alert when something went wrong, else a
 * status. When it is the form's own error (a stale save) it carries the form's error id, which
 * the form names as its description. After the session ended it links to sign in in another
 * tab: this one keeps the form, and Spara sends it once signed in there.
 */
export function EditorNotice({
  notice,
  errorId,
  signIn,
}: {
  notice: Flash | null;
  errorId: string | undefined;
  signIn: string | undefined;
}) {
  if (!notice) return null;
  const destructive = notice.variant === "destructive";
  return (
    <div
      role={destructive ? "alert" : "status"}
      id={errorId}
      className={`rounded-lg border p-4 ${destructive ? "border-red-300 bg-red-50 text-red-900" : "border-emerald-300 bg-emerald-50 text-emerald-900"}`}
    >
      <p className="font-semibold">{notice.title}</p>
      {notice.description ? <p className="mt-1 text-sm">{notice.description}</p> : null}
      {signIn ? (
        <p className="mt-2 text-sm">
          <a href={signIn} target="_blank" rel="noopener" className="font-semibold underline">
            {EDITOR_MESSAGES.signInLink}
          </a>
        </p>
      ) : null}
    </div>
  );
}
