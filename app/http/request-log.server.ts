/**
 * One JSON line per request (method, route id, status, duration, request id, database
 * time) and a Server-Timing header with the database's share, for administrators (or everyone,
 * in development or with SERVER_TIMING=all). Never the query string,
 * cookies, form fields or tokens: only the path, which carries no secrets on this site.
 */
import crypto from "node:crypto";
import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { newRequestMetrics, runWithRequestMetrics, type RequestMetrics } from "#app/utils/request-metrics.server.ts";
import { log } from "#app/utils/log.server.ts";

type RouteManifest = ServerBuild["routes"];

/** The id of the deepest route a path (or its `.data` request) reaches, as in app/routes.ts. */
export function routeMatcher(manifest: RouteManifest): (pathname: string) => string | null {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const list = children.get(route.parentId) ?? [];
    list.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteObject);
    children.set(route.parentId, list);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => (route.index ? route : { ...route, children: attach(children.get(route.id) ?? []) }));
  const tree = attach(children.get(undefined) ?? []);
  // Paths repeat: remember the last few thousand answers instead of matching every time.
  const known = new Map<string, string | null>();
  return (pathname) => {
    const hit = known.get(pathname);
    if (hit !== undefined) return hit;
    // The home page's data request is /_.data (React Router 7.18; /_root.data before), not "/_".
    const path = pathname === "/_.data" || pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const id = matchRoutes(tree, path)?.at(-1)?.route.id ?? null;
    if (known.size >= 5_000) known.clear();
    known.set(pathname, id);
    return id;
  };
}

/** Server-Timing value: the database's time and query count, and the whole request so far. */
export function serverTiming(metrics: RequestMetrics, totalMs: number, extra: string[] = []): string {
  return [
    `db;dur=${metrics.dbMs.toFixed(1)};desc="${metrics.dbQueries} ${metrics.dbQueries === 1 ? "query" : "queries"}"`,
    ...extra,
    `total;dur=${totalMs.toFixed(1)}`,
  ].join(", ");
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

export function requestLog({
  routeIdFor,
  enabled,
  timingForAll,
}: {
  routeIdFor: (pathname: string) => string | null;
  enabled: boolean;
  /** Server-Timing on every response; otherwise only on administrators' (the root middleware marks them). */
  timingForAll: boolean;
}): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const metrics = newRequestMetrics();
    // Fly's proxy sends its own request id; keep it so the two logs can be joined.
    const incoming = req.get("fly-request-id") ?? req.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    onHeaders(res, function () {
      if (!timingForAll && !metrics.staff) return;
      const cache = res.locals.pageCache as string | undefined;
      res.setHeader("Server-Timing", serverTiming(metrics, performance.now() - started, cache ? [`cache;desc=${cache}`] : []));
    });
    if (enabled) {
      let logged = false;
      const write = () => {
        if (logged) return;
        logged = true;
        log.info("request", {
          method: req.method,
          path: req.path,
          // A file from build/client or the uploads folder, a health check and a refused request
          // never reached React Router.
          route: res.locals.staticFile || res.locals.notRouted ? null : routeIdFor(req.path),
          status: res.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
          db_ms: Math.round(metrics.dbMs * 10) / 10,
          db_queries: metrics.dbQueries,
          ...(res.locals.pageCache ? { cache: res.locals.pageCache } : {}),
          ...(res.writableEnded ? {} : { aborted: true }),
          request_id: requestId,
        });
      };
      res.on("finish", write);
      res.on("close", write);
    }
    runWithRequestMetrics(metrics, next);
  };
}
