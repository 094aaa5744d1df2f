import { useCallback, useEffect, useRef, useState } from "react";

/** How long "Copied" stays on screen: long enough to read, gone before it goes stale. */
export const COPIED_FOR_MS = 2000;

export type CopyStatus = "idle" | "copied" | "failed";

/**
 * Copies text with the Clipboard API and says how it went. "copied" goes back to "idle" after
 * two seconds (a second copy starts the two seconds again); "failed" stays until the next try,
 * since it asks the editor to copy by hand.
 */
export function useCopyToClipboard(): { status: CopyStatus; copy: (text: string) => Promise<void> } {
  const [status, setStatus] = useState<CopyStatus>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string) => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setStatus("copied");
      timer.current = setTimeout(() => setStatus("idle"), COPIED_FOR_MS);
    } catch {
      setStatus("failed");
    }
  }, []);
  return { status, copy };
}
