import { data } from "react-router";
import { loadHotelListPage, withLiveListPrices } from "#app/hotels/list-page.server.ts";
import { placeNeighbourhoods } from "#app/hotels/neighbourhoods.server.ts";
import {
  isIndexable,
  isPlainList,
  LANDMARK_RADIUS_METRES,
  landingIntro,
  landmarkLandingPath,
  radiusPhrase,
} from "#app/hotels/landing-pages.ts";
import { findLandmark } from "#app/location/landmarks.server.ts";
import { nearestHotelMetres } from "#app/location/landmark-pages.server.ts";
import { conditionsMask } from "#app/prices/conditions.ts";
import { landingAnswer, landingPlace, toCanonical, type LandingArgs } from "./place.omrade.server.ts";

/**
 * /{country}/{place}/nara/{landmark}: the hotels within LANDMARK_RADIUS_METRES of one of the
 * place's landmarks ("Hotell nära Centralstationen i Stockholm"), nearest first, every list filter
 * working on the page itself, opening with an introduction from the data (decision 080).
 */
export async function landmarkLandingLoader({
  url,
  params,
  request,
}: LandingArgs<{ country: string; location: string; landmark: string }>) {
  const { place, paths } = await landingPlace(params);
  // Slugs are lower-case: /nara/Centralstationen means /nara/centralstationen.
  const landmark = await findLandmark(place, params.landmark);
  const canonical = landmark && landmarkLandingPath(place.country, place.location, landmark.slug);
  if (!landmark || !canonical) throw data(null, { status: 404 });
  toCanonical(url, canonical);
  const radius = { centre: landmark, metres: LANDMARK_RADIUS_METRES };
  const list = await loadHotelListPage(url, { ...place, landmark: { slug: landmark.slug, metres: radius.metres } });
  const [listed, summary, nearest] = await Promise.all([
    withLiveListPrices(list, request),
    placeNeighbourhoods({ within: radius }, list.stay, conditionsMask(list.conditions)),
    nearestHotelMetres(radius),
  ]);
  // The centre reads "centrum" whatever its landmark is called, as the distances on the cards do.
  const name = landmark.isCentre ? "centrum" : landmark.name;
  const body = {
    ...place,
    landmark: {
      slug: landmark.slug,
      // On the map, a label of its own: "Centrum" for the centre.
      name: landmark.isCentre ? "Centrum" : landmark.name,
      lat: landmark.latitude,
      lng: landmark.longitude,
      radiusMetres: radius.metres,
    },
    heading: `Hotell nära ${name} i ${list.names.location}`,
    where: `nära ${name} i ${list.names.location}`,
    // Indexed from five hotels, and only as the plain page (a filter, a stay, a currency or conditions: noindex).
    indexable: isIndexable(summary.hotels) && isPlainList(listed.page, { landmark: landmark.slug }),
    paths: { ...paths, page: canonical },
    introHotels: summary.hotels,
    intro: landingIntro({
      place: list.names.location,
      what: `inom ${radiusPhrase(radius.metres)} från ${name}`,
      hotels: summary.hotels,
      price: summary.price,
      neighbourhoods: summary.neighbourhoods,
      display: list.display,
      nearestMetres: nearest,
    }),
    page: listed.page,
    live: listed.live,
  };
  return landingAnswer(listed, body);
}
