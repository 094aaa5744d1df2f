import { controlClassName } from "#app/components/ui/control.ts";

/**
 * The editor's look for text fields: the back office's compact control from components/ui, red
 * when conform marks it aria-invalid.
 */
export const fieldClass = (className?: string) => controlClassName("compact", className ? `mt-1 ${className}` : "mt-1");
