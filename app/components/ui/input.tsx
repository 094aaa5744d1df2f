import type { ComponentProps } from "react";
import { controlClassName, type ControlSize } from "./control.ts";

export interface InputProps extends ComponentProps<"input"> {
  controlSize?: ControlSize;
}

/** A text box with the site's border, error state and size. */
export function Input({ controlSize, className, ...props }: InputProps) {
  return <input {...props} className={controlClassName(controlSize, className)} />;
}
