import { cx } from "./class-names.ts";

/**
 * How big a form control is: `comfortable` on the public site and the sign-in page (base
 * text, a little shadow), `compact` in the back office (small text).
 */
export type ControlSize = "comfortable" | "compact";

/**
 * The look every text box, select and text area shares. The red error state follows the
 * control's own `aria-invalid`, so what a screen reader hears and what the eye sees cannot
 * disagree. (The visible focus ring is global, in app.css.)
 */
export function controlClassName(size: ControlSize = "comfortable", className?: string): string {
  return cx(
    "block w-full rounded-md border border-slate-400 bg-white px-3 py-2",
    "aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600",
    "disabled:bg-slate-100 disabled:text-slate-500",
    size === "comfortable" ? "text-base shadow-sm" : "text-sm",
    className,
  );
}
