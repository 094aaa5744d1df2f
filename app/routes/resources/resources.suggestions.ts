import type { Route } from "./+types/resources.suggestions";
import { suggest } from "#app/hotels/hotel-queries.server.ts";
import { log } from "#app/utils/log.server.ts";

/** Suggestions for the search bar: GET /resources/suggestions?q=… → JSON. */
export async function loader({ url }: Route.LoaderArgs) {
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  try {
    const suggestions = await suggest(q);
    return Response.json(suggestions, { headers: { "Cache-Control": "public, max-age=60" } });
  } catch (error) {
    log.error("suggestion query failed", error);
    // A failure is a 503 the search bar answers by keeping its previous suggestions.
    return Response.json({ error: "Förslagen kunde inte hämtas" }, { status: 503 });
  }
}
