/** The landmarks screen's buttons and addresses, shared by its page and its action. */
import { href } from "react-router";

export const LANDMARK_INTENT = { add: "add-landmark", edit: "edit-landmark", remove: "remove-landmark" } as const;

/** A place as the screen's address names it: `?place=Sweden/Stockholm` (the catalogue's spelling). */
export interface ScreenPlace {
  country: string;
  location: string;
}

/** The screen, for one place or (without) the list of places. */
export function landmarksHref(place?: ScreenPlace, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  if (place) query.set("place", `${place.country}/${place.location}`);
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  const search = query.toString();
  return `${href("/admin/landmarks")}${search ? `?${search}` : ""}`;
}

/** The place a `place` parameter names (country and place split at the first slash), or null. */
export function readScreenPlace(value: string | null): ScreenPlace | null {
  const slash = value?.indexOf("/") ?? -1;
  if (!value || slash <= 0 || slash === value.length - 1) return null;
  return { country: value.slice(0, slash), location: value.slice(slash + 1) };
}

/** The screen with that landmark's form open in place. */
export const editLandmarkHref = (place: ScreenPlace, id: string) => landmarksHref(place, { edit: id });

/** The screen asking whether to remove that landmark (the question's own page, without JavaScript). */
export const removeLandmarkHref = (place: ScreenPlace, id: string) => landmarksHref(place, { remove: id });
