import type { ComponentProps } from "react";
import { controlClassName, type ControlSize } from "./control.ts";

export interface SelectProps extends ComponentProps<"select"> {
  controlSize?: ControlSize;
}

/** A native select (it works without JavaScript and with every assistive technology). */
export function Select({ controlSize, className, ...props }: SelectProps) {
  return <select {...props} className={controlClassName(controlSize, className)} />;
}
