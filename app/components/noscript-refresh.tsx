import { useMatches } from "react-router";

/**
 * A route's timed forward for browsers without JavaScript: a route whose `handle` has
 * `noscriptRefresh` gets `<noscript><meta http-equiv="refresh"></noscript>` in the document's
 * head, the one place HTML allows that meta. Inside <noscript>, so a browser that runs the
 * route's own script (which can be cancelled) never acts on it.
 */
export interface NoscriptRefreshHandle {
  /** The refresh's `content` ("3; url=…") for the route's loader data, or null for none. */
  noscriptRefresh(loaderData: unknown): string | null;
}

export function NoscriptRefresh() {
  const matches = useMatches();
  for (const match of matches) {
    const content = (match.handle as Partial<NoscriptRefreshHandle> | undefined)?.noscriptRefresh?.(match.loaderData);
    if (content) {
      return (
        <noscript>
          <meta httpEquiv="refresh" content={content} />
        </noscript>
      );
    }
  }
  return null;
}
