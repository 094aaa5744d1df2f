import type { Route } from "./+types/resources.suggestions";
import { suggest } from "#app/hotels/hotel-queries.server.ts";
import { getAppDatabase } from "#app/db/db.server.ts";
import { log } from "#app/utils/log.server.ts";

/** Suggestions for the search bar: GET /resources/suggestions?q=… → JSON. */
export async function loader({ url }: Route.LoaderArgs) {
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  try {
    const suggestions = await suggest(getAppDatabase().db, q);
    return Response.json(suggestions, { headers: { "Cache-Control": "public, max-age=60" } });
  } catch (error) {
    log.error("suggestion query failed", error);
    // The search bar keeps its previous suggestions on a failure (spec §8).
    return Response.json({ error: "Förslagen kunde inte hämtas" }, { status: 503 });
  }
}
