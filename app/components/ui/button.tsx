import type { ComponentProps } from "react";
import { cx } from "./class-names.ts";

export type ButtonVariant = "primary" | "secondary" | "outline" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 font-semibold text-white hover:bg-brand-700",
  secondary: "border border-slate-300 bg-white font-medium hover:bg-slate-50",
  /** A second action in brand colour beside a primary one (the stay forms' "Visa priser"). */
  outline: "border border-brand-600 font-semibold text-brand-700 hover:bg-brand-50",
  danger: "border border-slate-300 bg-white font-medium text-red-700 hover:bg-red-50",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "px-2.5 py-1 text-sm",
  md: "px-4 py-2 text-sm",
  lg: "px-6 py-3 text-base",
};

/** A button's classes, also for a link that should look like one. */
export function buttonClassName({
  variant = "primary",
  size = "md",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cx(
    "inline-flex items-center justify-center rounded-md disabled:cursor-not-allowed disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A button; `type` defaults to "submit" as in HTML, so say `type="button"` for one that only runs script. */
export function Button({ variant, size, className, ...props }: ButtonProps) {
  return <button {...props} className={buttonClassName({ variant, size, className })} />;
}
