import type { ReactNode } from "react";
import { cx } from "./class-names.ts";

// Classes, not a style attribute: the Content Security Policy allows no inline styles.
const MIN_WIDTHS = { "32rem": "[--table-min-width:32rem]", "48rem": "[--table-min-width:48rem]" } as const;

export interface TableScrollProps {
  /** The box's accessible name: a scrolling region a keyboard can focus and scroll. */
  label: string;
  /**
   * The leading columns that stay in view while the others scroll: 1, the row's name; 2, a
   * narrow select column (2.5rem) and then the name; 0, none.
   */
  lead?: 0 | 1 | 2;
  /** Whether the last column, the row's actions, stays in view. */
  actions?: boolean;
  /** The narrowest the table is laid out (32 or 48rem): below it the box scrolls rather than squeeze the columns. */
  minWidth?: keyof typeof MIN_WIDTHS;
  /** Edge to edge on a phone, as the page's own width (for a table directly in the page, not in a card). */
  bleed?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * The box around every back-office table: the table scrolls sideways inside it, never the
 * page, and the row's name and actions stay reachable (sticky columns, app.css `.table-scroll`).
 */
export function TableScroll({ label, lead = 1, actions = true, minWidth, bleed = false, className, children }: TableScrollProps) {
  return (
    <div
      role="region"
      aria-label={label}
      // A scrolling region must take focus so a keyboard can scroll it (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      data-lead={lead || undefined}
      data-actions={actions || undefined}
      className={cx(
        "table-scroll border-slate-200 bg-white",
        minWidth && MIN_WIDTHS[minWidth],
        bleed ? "-mx-4 border-y sm:mx-0 sm:rounded-lg sm:border-x" : "rounded-lg border",
        className,
      )}
    >
      {children}
    </div>
  );
}

/** A table's header row: one column header (`scope="col"`) per name. */
export function TableHead({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead className="bg-slate-50 text-left">
      <tr>
        {columns.map((column, index) => (
          <th key={index} scope="col" className="px-3 py-2 font-semibold">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
