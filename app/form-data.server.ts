import { data } from "react-router";

/**
 * A form post's fields, refusing bodies far bigger than the form can produce (413) and bodies
 * that are not form data (400), instead of failing with a 500. `clone` leaves the request's
 * body unread, for remix-auth, which reads it again.
 */
export async function readFormData(request: Request, maxBytes: number, options: { clone?: boolean } = {}): Promise<FormData> {
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) throw data(null, { status: 413 });
  let form: FormData;
  try {
    form = await (options.clone ? request.clone() : request).formData();
  } catch {
    throw data(null, { status: 400 });
  }
  // No one types a NUL, and PostgreSQL text cannot hold one: a field with it is not text.
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) throw data(null, { status: 400 });
  }
  return form;
}
