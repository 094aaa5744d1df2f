import { Form } from "react-router";
import { useIsPending } from "#app/utils/use-is-pending.ts";
import type { Route } from "./+types/admin.popular-locations";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { MAX_CHOSEN, placeValue } from "#app/admin/popular-locations.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ActionRefusalAlert } from "#app/components/ui/forms.tsx";
import { readFormData } from "#app/http/form-data.server.ts";
import { popularLocationsAction, popularLocationsPage } from "./admin.popular-locations.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Popular Locations", matches);
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return popularLocationsPage();
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  return popularLocationsAction(await readFormData(args.request, 64 * 1024));
}

export default function AdminPopularLocations({ loaderData, actionData }: Route.ComponentProps) {
  const { places, chosen } = loaderData;
  const busy = useIsPending();
  const selected = new Set(chosen);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <AdminPageHeader
        title="Select Popular Locations"
        description={`The places the home page offers as chips (at most ${MAX_CHOSEN}). With none chosen it shows Tokyo, London, Paris and New York or Stockholm.`}
      />
      <ActionRefusalAlert actionData={actionData} />
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
        <Button type="submit" name="intent" value="save" disabled={busy}>
          {busy ? "Saving..." : "Save Selected Locations"}
        </Button>
      </Form>
    </div>
  );
}
