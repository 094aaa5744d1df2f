/**
 * The landmarks screen's server work (issue 39, decision 077): a place's landmarks and centre,
 * added, changed and removed through app/location/landmarks.server.ts, the one data module the
 * demo seed writes through too. The audit log records each post (app/admin/audit-log.server.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import {
  LANDMARK_INTENT as INTENT,
  landmarksHref,
  readScreenPlace,
  removeLandmarkHref,
  type ScreenPlace,
} from "#app/admin/landmarks-screen.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { findPlace, listLocationsWithCountry } from "#app/hotels/places.server.ts";
import { getPlaceNames } from "#app/hotels/place-name-rows.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { landmarkSchema } from "#app/location/landmark-form.ts";
import {
  createLandmark,
  deleteLandmark,
  LandmarkSlugTaken,
  landmarkCounts,
  listLandmarks,
  placeKeyOf,
  updateLandmark,
} from "#app/location/landmarks.server.ts";
import { confirmedField } from "#app/utils/action-fields.ts";
import { askFirst, dispatchIntent, intent, refuse } from "#app/utils/action-kit.server.ts";
import { foldText } from "#app/utils/fold-text.ts";
import { log } from "#app/utils/log.server.ts";
import { readPage } from "#app/utils/read-page.ts";
import { isUuid } from "#app/utils/uuid.ts";
import { z } from "#app/utils/zod.ts";

const PLACES_PAGE_SIZE = 50;
const MAX_PLACE_SEARCH = 200;

const NO_PLACE = "There is no place with hotels by that name. Choose one from the list.";

/** The place the address names, in the catalogue's spelling, with its Swedish name; null when it names none. */
async function screenPlace(url: URL) {
  const asked = readScreenPlace(url.searchParams.get("place"));
  const found = asked && (await findPlace(asked.country, asked.location));
  if (!found) return null;
  const names = await getPlaceNames();
  return {
    country: found.country,
    location: found.location,
    name: `${names.place(found.country, found.location)}, ${names.country(found.country)}`,
  };
}

export async function loadLandmarks(args: LoaderFunctionArgs) {
  await requireAdmin(args);
  const params = args.url.searchParams;
  if (!params.get("place")) {
    const [places, counts] = await Promise.all([listLocationsWithCountry(), landmarkCounts()]);
    // A catalogue has thousands of places: the list is searched by name (Swedish or the
    // catalogue's, without diacritics) and paged, like the other long screens.
    const search = (params.get("q") ?? "").trim().slice(0, MAX_PLACE_SEARCH);
    const folded = foldText(search);
    const found = folded
      ? places.filter((place) =>
          [place.location_name, place.location, place.country_name, place.country].some((name) => foldText(name).includes(folded)),
        )
      : places;
    const pages = Math.max(1, Math.ceil(found.length / PLACES_PAGE_SIZE));
    const page = readPage(params, { max: pages });
    return {
      place: null,
      search,
      page,
      pages,
      total: found.length,
      places: found.slice((page - 1) * PLACES_PAGE_SIZE, page * PLACES_PAGE_SIZE).map((place) => ({
        country: place.country,
        location: place.location,
        name: `${place.location_name}, ${place.country_name}`,
        hotels: place.hotel_count,
        landmarks: counts.get(placeKeyOf(place)) ?? 0,
      })),
      landmarks: [],
      editId: null,
      removing: null,
    };
  }
  const place = await screenPlace(args.url);
  if (!place) throw data(NO_PLACE, { status: 404 });
  const landmarks = await listLandmarks(place);
  // ?edit=<id> opens that landmark's form in place; ?remove=<id> asks before removing it (how it
  // works without JavaScript; with it the question is a dialog). An id that is gone is ignored.
  const find = (id: string | null) => landmarks.find((landmark) => landmark.id === id) ?? null;
  const removing = find(params.get("remove"));
  return {
    place,
    places: [],
    landmarks,
    editId: find(params.get("edit"))?.id ?? null,
    removing: removing ? { id: removing.id, name: removing.name } : null,
  };
}

/** A row button's landmark: its id, and whether the removal was confirmed. */
const landmarkRefSchema = z.object({ id: z.string().refine(isUuid), confirm: confirmedField });
type LandmarkRef = z.infer<typeof landmarkRefSchema>;

export async function landmarksAction(args: ActionFunctionArgs) {
  await requireAdmin(args);
  const form = await readFormData(args.request, 16 * 1024);
  const place = await screenPlace(args.url);
  if (!place) return refuse(NO_PLACE);
  return dispatchIntent(form, {
    [INTENT.add]: intent(z.object({}), (_, __, form) => saveLandmark(place, null, form)),
    [INTENT.edit]: intent(landmarkRefSchema, (ref, _, form) => saveLandmark(place, ref, form)),
    [INTENT.remove]: intent(landmarkRefSchema, (ref) => removeLandmark(place, ref)),
  });
}

const SAVE_FAILED = "Failed to save the landmark. Please try again.";

const gone = (place: ScreenPlace) =>
  redirectWithFlash(landmarksHref(place), {
    title: "Not changed",
    description: "That landmark was already removed.",
    variant: "destructive",
  });

async function saveLandmark(place: ScreenPlace & { name: string }, ref: LandmarkRef | null, form: FormData) {
  const which = ref ? INTENT.edit : INTENT.add;
  const submission = parseWithZod(form, { schema: landmarkSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return data({ intent: which, result: submission.reply() }, { status: 400 });
  const value = submission.value;
  try {
    if (ref) {
      if (!(await updateLandmark(place, ref.id, value))) return gone(place);
    } else {
      await createLandmark(place, value);
    }
  } catch (error) {
    if (error instanceof LandmarkSlugTaken)
      return data(
        {
          intent: which,
          result: submission.reply({ fieldErrors: { slug: [`${place.name} has a landmark with the slug ${value.slug} already`] } }),
        },
        { status: 400 },
      );
    log.error("save landmark failed", error);
    return data({ intent: which, result: submission.reply({ formErrors: [SAVE_FAILED] }) }, { status: 500 });
  }
  return redirectWithFlash(landmarksHref(place), {
    title: ref ? "Landmark saved" : "Landmark added",
    description: `${value.name} (${value.slug})${value.centre ? ", the centre of" : " in"} ${place.name}: distances on the site use it at once.`,
  });
}

async function removeLandmark(place: ScreenPlace & { name: string }, ref: LandmarkRef) {
  // Its slug may be in links (nara=, landing pages): a removal that was not confirmed goes to the question.
  const ask = askFirst(ref.confirm, removeLandmarkHref(place, ref.id));
  if (ask) return ask;
  const removed = (await listLandmarks(place)).find((landmark) => landmark.id === ref.id);
  if (!removed || !(await deleteLandmark(place, ref.id))) return gone(place);
  return redirectWithFlash(landmarksHref(place), {
    title: "Landmark removed",
    description: `${removed.name} is no longer a landmark of ${place.name}.`,
  });
}
