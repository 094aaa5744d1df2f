import type { ComponentProps } from "react";
import { cx } from "./class-names.ts";
import type { ControlSize } from "./control.ts";

export interface LabelProps extends ComponentProps<"label"> {
  controlSize?: ControlSize;
}

/** A visible label; give it `htmlFor` (the Field components do). */
export function Label({ controlSize = "comfortable", className, ...props }: LabelProps) {
  // The caller's htmlFor arrives in `props`, which the rule cannot see.
  // eslint-disable-next-line jsx-a11y/label-has-associated-control
  return <label {...props} className={cx("block font-medium", controlSize === "compact" && "mb-1 text-sm", className)} />;
}
