import { databaseAnswers } from "#app/http/health-check.server.ts";

/** For the load balancer: 200 while the database answers, 503 when it does not. */
export async function loader() {
  const healthy = await databaseAnswers();
  return Response.json(
    { status: healthy ? "ok" : "unavailable", database: healthy ? "up" : "down" },
    { status: healthy ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
