import { createCookieSessionStorage, redirect } from "react-router";
import { cookiesAreSecure, getSessionSecrets } from "#app/http/cookie-secrets.server.ts";

/** A one-time message for the next page: a status region without JavaScript, a toast with it. */
export interface Flash {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** Set when the message's language may differ from the page's: Swedish sign-in words on an English back-office screen. */
  lang?: "sv";
}

export const FLASH_COOKIE = "hg_flash";

let storage: ReturnType<typeof createCookieSessionStorage<{ flash: Flash }>> | undefined;

// A cookie of its own, not the sign-in session: anonymous visitors get messages too,
// without a session row, and caches can tell a flash-carrying request apart.
function flashStorage() {
  storage ??= createCookieSessionStorage<{ flash: Flash }>({
    cookie: {
      name: FLASH_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: cookiesAreSecure(),
      secrets: getSessionSecrets(),
    },
  });
  return storage;
}

function isFlash(value: unknown): value is Flash {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Flash).title === "string" &&
    ((value as Flash).description === undefined || typeof (value as Flash).description === "string") &&
    ((value as Flash).lang === undefined || (value as Flash).lang === "sv")
  );
}

/** Reads and consumes the flash message; `headers` must go out with the response when set. */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; headers: Headers | null }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(`${FLASH_COOKIE}=`)) return { flash: null, headers: null };
  const session = await flashStorage().getSession(cookie);
  const value = session.get("flash");
  return {
    flash: isFlash(value) ? value : null,
    headers: new Headers({ "Set-Cookie": await flashStorage().destroySession(session) }),
  };
}

/** The flash message a response sets for the next page, if any (the audit log notes it). */
export async function flashOf(response: Response): Promise<Flash | null> {
  const line = response.headers.getSetCookie().find((value) => value.startsWith(`${FLASH_COOKIE}=`));
  if (!line) return null;
  const value = (await flashStorage().getSession(line.split(";")[0])).get("flash");
  return isFlash(value) ? value : null;
}

/** A Set-Cookie header value that carries `flash` to the next request. */
export async function flashCookie(flash: Flash): Promise<string> {
  const session = await flashStorage().getSession();
  session.set("flash", flash);
  return flashStorage().commitSession(session);
}

/** Redirect-after-post (or after a GET that cannot be served) with a message for the next page. */
export async function redirectWithFlash(url: string, flash: Flash, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashCookie(flash));
  return redirect(url, { ...init, headers });
}
