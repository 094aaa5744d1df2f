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

/** Rows of the seeded data that routes' parameters can name. */
export interface RouteSamples {
  /** A hotel's address segments, as hotelPath writes them, its feed key (hotels.hotel_id) and its district's slug. */
  hotel: { country: string; location: string; slug: string; hotel_id: string; district: string };
  /** A published post. */
  post: { id: string; slug: string };
  /** A draft post (the editor's saves go there, not to a page visitors read). */
  draftId: string;
  /** An AI job. */
  jobId: string;
}

/**
 * The only hand-written part of the tests that walk the route table: a value for each parameter
 * of a route, from the seeded data, so that its loader gets past "not found". A route without
 * parameters needs nothing here; a new route with parameters fails `samplePath` until it has an
 * entry.
 */
export const PARAM_SAMPLES: Record<string, (samples: RouteSamples) => Record<string, string>> = {
  "blog-post": (s) => ({ slug: s.post.slug }),
  "blog-post-with-id": (s) => ({ slug: s.post.slug, id: s.post.id }),
  "routes/site/country": (s) => ({ country: s.hotel.country }),
  "routes/site/place": (s) => ({ country: s.hotel.country, location: s.hotel.location }),
  "routes/site/hotel": (s) => ({ ...s.hotel }),
  "routes/site/place.omrade": (s) => ({ country: s.hotel.country, location: s.hotel.location, district: s.hotel.district }),
  "routes/site/place.med": (s) => ({ country: s.hotel.country, location: s.hotel.location, amenity: "frukost" }),
  // Every demo place has its centre as a landmark (decision 077).
  "routes/site/place.nara": (s) => ({ country: s.hotel.country, location: s.hotel.location, landmark: "centrum" }),
  "not-found": () => ({ "*": "finns-inte" }),
  "admin-blog-edit": (s) => ({ id: s.draftId }),
  "routes/admin/admin.jobs.$id": (s) => ({ id: s.jobId }),
  "routes/admin/admin.hotels.$id.partner-ids": (s) => ({ id: encodeURIComponent(s.hotel.hotel_id) }),
  "routes/resources/sitemaps.$file": () => ({ file: "pages-1.xml" }),
  // The markers of a place page's list: the page's path after the prefix.
  "routes/resources/resources.map-markers.$": (s) => ({ "*": `${s.hotel.country}/${s.hotel.location}` }),
};

/** The route's parameter values from the seeded data; throws for a route with parameters and no entry in PARAM_SAMPLES. */
export function sampleParams(route: TableRoute, samples: RouteSamples): Record<string, string> {
  const sample = PARAM_SAMPLES[route.id];
  if (!sample) {
    if (route.params.length)
      throw new Error(`${route.id} has parameters (${route.params.join(", ")}): give it sample values in PARAM_SAMPLES`);
    return {};
  }
  return sample(samples);
}

/** The address of a page of the route on the seeded data. */
export const samplePath = (route: TableRoute, samples: RouteSamples) => fillPath(route, sampleParams(route, samples));

/** Route ids with parameters but no sample values (a test asserts this is empty). */
export const routesWithoutSamples = () =>
  routeTable.filter((route) => route.params.length > 0 && !PARAM_SAMPLES[route.id]).map((route) => route.id);

/** Sample entries for routes that are gone (a test asserts this is empty). */
export const samplesWithoutRoutes = () => Object.keys(PARAM_SAMPLES).filter((id) => !routeTable.some((route) => route.id === id));
