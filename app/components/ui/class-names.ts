/** Joins the class names that are set; a small stand-in for clsx. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(" ");
}
