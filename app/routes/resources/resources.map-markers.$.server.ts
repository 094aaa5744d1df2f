import { data, matchPath } from "react-router";
import { z } from "zod";
import { loadMapMarkers, type FixedScope } from "#app/hotels/list-page.server.ts";
import { findPlace, resolveCountry } from "#app/hotels/places.server.ts";
import { findNeighbourhood } from "#app/hotels/neighbourhoods.server.ts";
import { LANDMARK_RADIUS_METRES, landingAmenityPhrase, readDistrictSegment } from "#app/hotels/landing-pages.ts";
import { findLandmark } from "#app/location/landmarks.server.ts";
import { toMapMarkers, toMapPin, type ListMarkers } from "#app/hotels/map-markers.ts";
import { log } from "#app/utils/log.server.ts";

/** A list page's path after /resources/map-markers: a few segments of printable text. */
const pagePath = z
  .string()
  .max(600)
  .regex(/^[^\p{Cc}]*$/u)
  .refine((path) => path.split("/").length <= 5);

type Params = Record<string, string | undefined>;

/**
 * The list pages with a map, by their paths (app/routes.ts), each with how its loader pins the
 * list's scope. The first that matches is the page; a place, neighbourhood, amenity or landmark
 * the catalogue does not have is no page (null: 404).
 */
const LIST_PAGES: Array<{ pattern: string; scope: (params: Params) => Promise<FixedScope | null> }> = [
  { pattern: "/hotels", scope: async () => ({}) },
  {
    pattern: "/:country",
    scope: async ({ country = "" }) => {
      const found = await resolveCountry(country);
      return found ? { country: found } : null;
    },
  },
  { pattern: "/:country/:location", scope: ({ country = "", location = "" }) => findPlace(country, location) },
  {
    pattern: "/:country/:location/omrade/:district",
    scope: async ({ country = "", location = "", district = "" }) => {
      const place = await findPlace(country, location);
      const neighbourhood = place && (await findNeighbourhood(place, readDistrictSegment(district)));
      return place && neighbourhood ? { ...place, district: neighbourhood.slug } : null;
    },
  },
  {
    pattern: "/:country/:location/med/:amenity",
    scope: async ({ country = "", location = "", amenity = "" }) => {
      const key = amenity.toLowerCase();
      const place = landingAmenityPhrase(key) ? await findPlace(country, location) : null;
      return place && { ...place, amenities: [key] };
    },
  },
  {
    pattern: "/:country/:location/nara/:landmark",
    scope: async ({ country = "", location = "", landmark = "" }) => {
      const place = await findPlace(country, location);
      const found = place && (await findLandmark(place, landmark));
      return place && found ? { ...place, landmark: { slug: found.slug, metres: LANDMARK_RADIUS_METRES } } : null;
    },
  },
];

/**
 * GET /resources/map-markers/{a list page's path}?{its parameters}: the markers of every hotel
 * of that list, by the page's own filters and scope (decision 082). The map fetches it after
 * the page has loaded, so visitors without JavaScript and crawlers never pay for it. Public and
 * kept like the list (decision 046: READ_PARAMS names what it reads); it reads no session.
 */
export async function mapMarkersLoader({ url, params }: { url: URL; params: Params }) {
  const path = pagePath.safeParse(`/${params["*"] ?? ""}`.replace(/\/+$/, "") || "/");
  if (!path.success) throw data({ error: "Sidans adress går inte att läsa" }, { status: 400 });
  for (const page of LIST_PAGES) {
    const match = matchPath(page.pattern, path.data);
    if (!match) continue;
    const scope = await page.scope(match.params);
    if (!scope) break;
    try {
      const { hotels, total, more, display } = await loadMapMarkers(url, scope);
      // The page's links add the visitor's stay and price choices to these, as to its own markers.
      return { markers: toMapMarkers(hotels, display).map(toMapPin), total, more, listed: hotels.length } satisfies ListMarkers;
    } catch (error) {
      log.error("map markers failed", error, { path: path.data });
      // The map keeps the page's own markers.
      throw data({ error: "Kartans hotell kunde inte hämtas" }, { status: 503 });
    }
  }
  throw data({ error: "Ingen lista på den adressen" }, { status: 404 });
}
