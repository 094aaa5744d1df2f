import { databaseAnswers } from "#app/http/health-check.server.ts";

/** Readiness, for monitoring and deploy checks: 200 while the database answers, 503 when it does not. */
export async function loader() {
  const ready = await databaseAnswers();
  return Response.json(
    { status: ready ? "ok" : "unavailable", database: ready ? "up" : "down" },
    { status: ready ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
