import { createContext, useContext } from "react";

/** The site's stylesheet as text, given by the server's entry in production (null elsewhere). */
export const InlineStylesContext = createContext<{ css: string; nonce: string | undefined } | null>(null);

/**
 * The stylesheet inside the document in production, so the first paint waits for no second
 * request (docs/decisions/023-inline-stylesheet.md). The browser renders it with an empty
 * string and never replaces it: React leaves `dangerouslySetInnerHTML` as the server sent it
 * at hydration and only rewrites it when the value changes, which it never does.
 */
export function InlineStyles() {
  const styles = useContext(InlineStylesContext);
  if (!import.meta.env.PROD) return null;
  return <style nonce={styles?.nonce} dangerouslySetInnerHTML={{ __html: styles?.css ?? "" }} suppressHydrationWarning />;
}
