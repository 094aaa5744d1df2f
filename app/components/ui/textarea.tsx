import type { ComponentProps } from "react";
import { controlClassName, type ControlSize } from "./control.ts";

export interface TextareaProps extends ComponentProps<"textarea"> {
  controlSize?: ControlSize;
}

export function Textarea({ controlSize, className, ...props }: TextareaProps) {
  return <textarea {...props} className={controlClassName(controlSize, className)} />;
}
