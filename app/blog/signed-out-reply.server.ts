/**
 * A save from the post editor after the session has ended is answered with the editor and
 * what was sent (routes/admin.blog.editor.tsx), so that nothing typed is lost. The back
 * office's loaders run after that action to render the page; for that one answer they must
 * not send the visitor away to sign in, and show nothing of their own data instead. Only the
 * editor's action marks a request so, and only one that is not signed in at all: a signed-in
 * user without the role, and every other request, meet the guards as always.
 */
import { createContext, type RouterContextProvider } from "react-router";
import { requestAuth } from "#app/auth/request-auth.server.ts";

const signedOutReply = createContext<boolean>(false);

export function markSignedOutReply(context: Pick<RouterContextProvider, "set">): void {
  context.set(signedOutReply, true);
}

/** Whether this request is the editor's answer to a signed-out save (never for a signed-in one). */
export function isSignedOutReply(context: Pick<Readonly<RouterContextProvider>, "get">): boolean {
  if (requestAuth(context).session) return false;
  try {
    return context.get(signedOutReply);
  } catch {
    return false;
  }
}
