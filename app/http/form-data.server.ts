import { data } from "react-router";

/** A body past the route's limit: the root error boundary shows the Swedish 413 text. */
export function bodyTooLarge() {
  return data(null, { status: 413 });
}

/** Whether a thrown value is the 413 of bodyTooLarge(), for an action that answers it itself. */
export function isBodyTooLarge(error: unknown): boolean {
  return typeof error === "object" && error !== null && "init" in error && (error as { init?: ResponseInit }).init?.status === 413;
}

/**
 * The request's body, counted as it arrives and refused with 413 the moment it passes
 * `maxBytes`, whatever Content-Length says (a chunked body has none, and a declared length
 * can lie). The rest of a refused body is left unread: server/app.ts drains a little of it
 * and then closes the connection, so nothing past the limit is ever held in memory.
 */
async function readBodyUpTo(request: Request, maxBytes: number, signal?: AbortSignal): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > maxBytes) throw bodyTooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  // Given up on: the rest is not read (the read below then fails with 400).
  const stop = () => void reader.cancel().catch(() => undefined);
  if (signal?.aborted) stop();
  signal?.addEventListener("abort", stop, { once: true });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw bodyTooLarge();
      chunks.push(value);
    }
  } catch (error) {
    if (isBodyTooLarge(error)) throw error;
    // The client went away mid-body: nothing to answer, and nothing to parse.
    throw data(null, { status: 400 });
  } finally {
    signal?.removeEventListener("abort", stop);
    reader.releaseLock();
  }
  if (signal?.aborted) throw data(null, { status: 400 });
  return new Uint8Array(Buffer.concat(chunks, size));
}

/**
 * A form post's fields (urlencoded or multipart), refusing bodies far bigger than the form
 * can produce (413) and bodies that are not form data (400), instead of failing with a 500.
 */
export async function readFormData(request: Request, maxBytes: number, options: { signal?: AbortSignal } = {}): Promise<FormData> {
  const body = await readBodyUpTo(request, maxBytes, options.signal);
  const contentType = request.headers.get("Content-Type");
  let form: FormData;
  try {
    form = await new Response(body, { headers: contentType ? { "Content-Type": contentType } : {} }).formData();
  } catch {
    throw data(null, { status: 400 });
  }
  // No one types a NUL, and PostgreSQL text cannot hold one: a field with it is not text.
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) throw data(null, { status: 400 });
  }
  return form;
}

/** The same post again, from fields already read (for remix-auth, which reads the body itself). */
export function requestWithForm(request: Request, form: FormData): Request {
  return new Request(request.url, { method: request.method, body: form });
}
