/**
 * app/routes.ts as a flat list, for tests that must cover every route (a new route cannot be
 * left out): each entry's full path pattern, nested routes included, and its parameters.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";

export interface TableRoute {
  /** The route id as React Router makes it: the given id, else the file name without extension. */
  id: string;
  /** The module, relative to app/. */
  file: string;
  /** The full path pattern, e.g. "blog/:slug/:id" ("" for the index). */
  pattern: string;
  /** The names of its dynamic segments, e.g. ["slug", "id"]; "*" for a splat. */
  params: string[];
}

function flatten(entries: RouteConfigEntry[], parent = ""): TableRoute[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? "" : (entry.path ?? "");
    const pattern = [parent, own].filter(Boolean).join("/");
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    const params = pattern
      .split("/")
      .filter((segment) => segment.startsWith(":") || segment === "*")
      .map((segment) => segment.replace(/^:/, "").replace(/\?$/, ""));
    return [{ id, file: entry.file, pattern, params }, ...flatten(entry.children ?? [], pattern)];
  });
}

export const routeTable: TableRoute[] = flatten(routes);

/**
 * A concrete URL path for a route: each parameter from `values`, inserted as given (already
 * URL-encoded, so a test can send hostile bytes); optional segments without a value are left out.
 */
export function fillPath(route: TableRoute, values: Record<string, string>): string {
  const segments = route.pattern.split("/").flatMap((segment) => {
    if (!segment.startsWith(":") && segment !== "*") return [segment];
    const name = segment.replace(/^:/, "").replace(/\?$/, "");
    const value = values[name];
    if (value === undefined) {
      if (segment.endsWith("?")) return [];
      throw new Error(`no value for :${name} of ${route.id}`);
    }
    return [value];
  });
  return `/${segments.filter(Boolean).join("/")}`;
}

export const isAdminRoute = (route: TableRoute) => route.pattern === "admin" || route.pattern.startsWith("admin/");
