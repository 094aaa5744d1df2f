import { Form } from "react-router";
import { useIsPending } from "#app/utils/use-is-pending.ts";
import type { Route } from "./+types/admin.popular-locations";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { listLocationsWithCountry } from "#app/hotels/places.server.ts";
import { listChosenPlaces, saveChosenPlaces } from "#app/hotels/destinations.server.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { log } from "#app/utils/log.server.ts";

export function meta() {
  return adminMeta("Popular Locations");
}

/** The home page shows the chosen places as chips; a row of chips stays readable up to this many. */
const MAX_CHOSEN = 12;
const FAILED = "Failed to update popular locations";

/** A checkbox value for a place: its country and name, unambiguous whatever they contain. */
const placeValue = (place: { country: string; location: string }) => JSON.stringify([place.country, place.location]);

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const [places, chosen] = await Promise.all([listLocationsWithCountry(), listChosenPlaces()]);
  return { places, chosen: chosen.map(placeValue) };
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  const form = await readFormData(args.request, 64 * 1024);
  const known = new Map((await listLocationsWithCountry()).map((place) => [placeValue(place), place]));
  // Only places that exist count. Places already chosen keep their order (the home page's
  // first chip stays first); new ones follow in the grid's order.
  const current = (await listChosenPlaces()).map(placeValue);
  const rank = (value: string) => (current.includes(value) ? current.indexOf(value) : current.length);
  const wanted = [...new Set(form.getAll("place").filter((value): value is string => typeof value === "string"))]
    .filter((value) => known.has(value))
    .sort((a, b) => rank(a) - rank(b))
    .map((value) => known.get(value)!);
  if (wanted.length > MAX_CHOSEN) {
    return redirectWithFlash("/admin/popular-locations", {
      title: FAILED,
      description: `Choose at most ${MAX_CHOSEN} locations.`,
      variant: "destructive",
    });
  }
  try {
    await saveChosenPlaces(wanted);
  } catch (error) {
    log.error("popular locations save failed", error);
    return redirectWithFlash("/admin/popular-locations", { title: "Error", description: FAILED, variant: "destructive" });
  }
  return redirectWithFlash("/admin/popular-locations", {
    title: "Popular locations saved",
    description: wanted.length
      ? `The home page shows ${wanted.length} ${wanted.length === 1 ? "location" : "locations"}.`
      : "None chosen: the home page shows its default places.",
  });
}

export default function AdminPopularLocations({ loaderData }: Route.ComponentProps) {
  const { places, chosen } = loaderData;
  const busy = useIsPending();
  const selected = new Set(chosen);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <AdminPageHeader
        title="Select Popular Locations"
        description={`The places the home page offers as chips (at most ${MAX_CHOSEN}). With none chosen it shows Tokyo, London, Paris and New York or Stockholm.`}
      />
      <Form method="post" className="space-y-4">
        <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
          <legend className="px-1 text-sm font-semibold">Locations ({selected.size} chosen)</legend>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {places.map((place, index) => {
              const value = placeValue(place);
              const id = `place-${index}`;
              return (
                <li key={value} className="flex items-center gap-2 rounded-md px-2 py-1 hover:bg-slate-50">
                  <input id={id} type="checkbox" name="place" value={value} defaultChecked={selected.has(value)} className="size-4" />
                  <label htmlFor={id} className="text-sm">
                    {/* The Swedish names the list is sorted by (the value keeps the stored spelling). */}
                    {place.location_name} <span className="text-muted">({place.country_name})</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
        >
          {busy ? "Saving..." : "Save Selected Locations"}
        </button>
      </Form>
    </div>
  );
}
