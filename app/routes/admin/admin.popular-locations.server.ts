/**
 * The popular locations screen, server side: the places to choose from with the current choice,
 * and the one intent, saving the choice. The route module (admin.popular-locations.tsx) guards and wires.
 */
import { href } from "react-router";
import { listChosenPlaces, saveChosenPlaces } from "#app/hotels/destinations.server.ts";
import { listLocationsWithCountry } from "#app/hotels/places.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { log } from "#app/utils/log.server.ts";
import { MAX_CHOSEN, placeValue } from "#app/admin/popular-locations.ts";

const FAILED = "Failed to update popular locations";

/** Every place with hotels (Swedish names, in Swedish order), and the values of those chosen now. */
export async function popularLocationsPage() {
  const [places, chosen] = await Promise.all([listLocationsWithCountry(), listChosenPlaces()]);
  return { places, chosen: chosen.map(placeValue) };
}

/**
 * Saves the checked places (checkbox values). Only places that exist count. Places already
 * chosen keep their order (the home page's first chip stays first); new ones follow in the
 * grid's order.
 */
export async function savePopularLocations(values: readonly string[]) {
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
