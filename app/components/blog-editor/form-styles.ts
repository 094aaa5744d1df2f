import { buttonClassName } from "#app/components/ui/button.tsx";
import { controlClassName } from "#app/components/ui/control.ts";

/**
 * The editor's look for text fields (the back office's compact control, red when conform marks
 * it aria-invalid) and its small buttons, from the shared primitives in components/ui.
 */
export const fieldClass = (className?: string) => controlClassName("compact", className ? `mt-1 ${className}` : "mt-1");

export const SMALL_BUTTON = buttonClassName({ variant: "secondary", size: "sm" });
