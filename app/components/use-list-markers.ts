import { useEffect, useState } from "react";
import { href, useLocation } from "react-router";
import type { ListMarkers } from "#app/hotels/map-markers.ts";

/** The list's address without its page number: every page of a list has the same markers. */
export function listAddress(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("sida");
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}

/**
 * The markers of every hotel of the list the page shows (decision 082), read from
 * /resources/map-markers/{the page's path} once `wanted` (the map is on screen): after the
 * page, so it costs visitors without JavaScript, crawlers and a map never opened nothing.
 * `list` is the list's address they are of (`listAddress`); `data` is null when they could not
 * be read, and the map keeps the page's own markers. Undefined until the current list's arrive.
 */
export function useListMarkers(wanted: boolean): { list: string; data: ListMarkers | null } | undefined {
  const location = useLocation();
  const list = listAddress(location.pathname, location.search);
  const [read, setRead] = useState<{ list: string; data: ListMarkers | null }>();
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const [pathname, query = ""] = list.split("?", 2) as [string, string?];
    const url = `${href("/resources/map-markers/*", { "*": pathname.slice(1) })}${query ? `?${query}` : ""}`;
    fetch(url, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<ListMarkers>) : null))
      .then((data) => setRead({ list, data: data && Array.isArray(data.markers) ? data : null }))
      .catch(() => {
        if (!controller.signal.aborted) setRead({ list, data: null });
      });
    return () => controller.abort();
  }, [wanted, list]);
  return read?.list === list ? read : undefined;
}
