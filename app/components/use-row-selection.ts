import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";

/**
 * The checked rows of a table, kept in React state only: the checkboxes show it (`checked`) and
 * change it (`toggle`, `setAll`). `everyMatch` widens the choice to every row the filters match,
 * beyond the page; unchecking a row narrows it back. After each navigation (an action's redirect,
 * new filters, another page) nothing is selected. `initial` is the page's own choice without
 * JavaScript (?select=all / ?select=matching); `seed` takes the boxes ticked before the page's
 * script ran (React keeps a checkbox's state as the visitor left it when it hydrates).
 */
export function useRowSelection(ids: readonly string[], initial: "all" | "matching" | null) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set(initial ? ids : []));
  const [everyMatch, setEveryMatch] = useState(initial === "matching");
  const navigation = useNavigation();
  const wasBusy = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle") {
      wasBusy.current = true;
    } else if (wasBusy.current) {
      wasBusy.current = false;
      setChecked(new Set());
      setEveryMatch(false);
    }
  }, [navigation.state]);

  const choose = (next: ReadonlySet<string>) => {
    setChecked(next);
    if (next.size < ids.length) setEveryMatch(false);
  };
  return {
    /** The checked rows, in the table's order. */
    ids: ids.filter((id) => checked.has(id)),
    count: checked.size,
    isChecked: (id: string) => checked.has(id),
    everyMatch,
    setEveryMatch,
    toggle(id: string, on: boolean) {
      const next = new Set(checked);
      if (on) next.add(id);
      else next.delete(id);
      choose(next);
    },
    setAll: (on: boolean) => choose(new Set(on ? ids : [])),
    seed(values: readonly unknown[]) {
      const known = values.filter((value): value is string => typeof value === "string" && ids.includes(value));
      if (known.length) choose(new Set(known));
    },
  };
}

export type RowSelection = ReturnType<typeof useRowSelection>;
