/**
 * The popular locations screen, server side: the places to choose from with the current choice,
 * and the one intent, saving the choice. The route module (admin.popular-locations.tsx) guards and wires.
 */
import { href } from "react-router";
import { listChosenPlaces, saveChosenPlaces } from "#app/hotels/destinations.server.ts";
import { listLocationsWithCountry } from "#app/hotels/places.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { dispatchIntent, intent } from "#app/utils/action-kit.server.ts";
import { log } from "#app/utils/log.server.ts";
import { z } from "#app/utils/zod.ts";
import { MAX_CHOSEN, placeValue } from "#app/admin/popular-locations.ts";

const FAILED = "Failed to update popular locations";

/** Every place with hotels (Swedish names, in Swedish order), and the values of those chosen now. */
export async function popularLocationsPage() {
  const [places, chosen] = await Promise.all([listLocationsWithCountry(), listChosenPlaces()]);
  return { places, chosen: chosen.map(placeValue) };
}

/** The checked boxes: none, one (a text) or several (a list) values of `place`. */
const placesSchema = z.object({
  place: z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.string())),
});

/** The screen's posts, by intent: there is one, saving the checked places. */
export function popularLocationsAction(form: FormData) {
  return dispatchIntent(form, { save: intent(placesSchema, ({ place }) => savePopularLocations(place)) });
}

/**
 * Saves the checked places (checkbox values). Only places that exist count. Places already
 * chosen keep their order (the home page's first chip stays first); new ones follow in the
 * grid's order.
 */
async function savePopularLocations(values: readonly string[]) {
  const screen = href("/admin/popular-locations");
  const known = new Map((await listLocationsWithCountry()).map((place) => [placeValue(place), place]));
  const current = (await listChosenPlaces()).map(placeValue);
  const rank = (value: string) => (current.includes(value) ? current.indexOf(value) : current.length);
  const wanted = [...new Set(values)]
    .filter((value) => known.has(value))
    .sort((a, b) => rank(a) - rank(b))
    .map((value) => known.get(value)!);
  if (wanted.length > MAX_CHOSEN) {
    return redirectWithFlash(screen, { title: FAILED, description: `Choose at most ${MAX_CHOSEN} locations.`, variant: "destructive" });
  }
  try {
    await saveChosenPlaces(wanted);
  } catch (error) {
    log.error("popular locations save failed", error);
    return redirectWithFlash(screen, { title: "Error", description: FAILED, variant: "destructive" });
  }
  return redirectWithFlash(screen, {
    title: "Popular locations saved",
    description: wanted.length
      ? `The home page shows ${wanted.length} ${wanted.length === 1 ? "location" : "locations"}.`
      : "None chosen: the home page shows its default places.",
  });
}
