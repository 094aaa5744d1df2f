import { data } from "react-router";

/**
 * A form post's fields, refusing bodies far bigger than the form can produce (413) and bodies
 * that are not form data (400), instead of failing with a 500. `clone` leaves the request's
 * body unread, for remix-auth, which reads it again.
 */
export async function readFormData(request: Request, maxBytes: number, options: { clone?: boolean } = {}): Promise<FormData> {
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) throw data(null, { status: 413 });
  try {
    return await (options.clone ? request.clone() : request).formData();
  } catch {
    throw data(null, { status: 400 });
  }
}
