/**
 * Liveness, for Fly's proxy: 200 while this process serves requests, whatever the database
 * does. Were it to follow the database, an outage would take every machine out of rotation at
 * once and visitors would get the proxy's own error instead of our Swedish 503 page, which
 * the app answers by itself while the database is away. Readiness is /readyz.
 */
export function loader() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
