/**
 * The built stylesheet's text, read once from the client build beside the server bundle, for
 * the document to carry inline (app/components/inline-styles.tsx).
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

/** `href` is the stylesheet's address (`import … from "./app.css?url"`), e.g. /assets/app-1a2b.css. */
export function builtStylesheet(href: string): string {
  if (cached !== undefined) return cached;
  // The server bundle is build/server/index.js; the browser's files are in build/client.
  const file = fileURLToPath(new URL(`../client${href}`, import.meta.url));
  cached = fs.readFileSync(file, "utf8");
  return cached;
}
