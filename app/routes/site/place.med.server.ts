import { data } from "react-router";
import { loadHotelListPage, withLiveListPrices } from "#app/hotels/list-page.server.ts";
import { placeNeighbourhoods } from "#app/hotels/neighbourhoods.server.ts";
import { amenityLandingPath, isIndexable, isPlainList, landingAmenityPhrase, landingIntro } from "#app/hotels/landing-pages.ts";
import { conditionsMask } from "#app/prices/conditions.ts";
import { landingAnswer, landingPlace, toCanonical, type LandingArgs } from "./place.omrade.server.ts";

/**
 * /{country}/{place}/med/{amenity}: the place's hotels with one amenity ("Hotell i Stockholm med
 * pool"), opening with an introduction from the data. Its filter form leads to the place's list
 * with the amenity checked: a page of several filters is the place's list, never a landing page.
 */
export async function amenityLandingLoader({ url, params, request }: LandingArgs<{ country: string; location: string; amenity: string }>) {
  const { place, paths } = await landingPlace(params);
  // The vocabulary's keys are lower-case ASCII: /med/Pool and /med/POOL mean /med/pool.
  const amenity = params.amenity.toLowerCase();
  const phrase = landingAmenityPhrase(amenity);
  const canonical = phrase ? amenityLandingPath(place.country, place.location, amenity) : null;
  if (!phrase || !canonical) throw data(null, { status: 404 });
  toCanonical(url, canonical);
  const list = await loadHotelListPage(url, { ...place, amenities: [amenity] });
  const [listed, summary] = await Promise.all([
    withLiveListPrices(list, request),
    placeNeighbourhoods({ ...place, amenities: [amenity] }, list.stay, conditionsMask(list.conditions)),
  ]);
  const what = `med ${phrase}`;
  const body = {
    ...place,
    amenity: { key: amenity, what },
    heading: `Hotell i ${list.names.location} ${what}`,
    where: `i ${list.names.location} ${what}`,
    // Indexed from five hotels, and only as the plain page (a filter, a stay, a currency or conditions: noindex).
    indexable: isIndexable(summary.hotels) && isPlainList(listed.page, { amenity }),
    paths: { ...paths, page: canonical },
    introHotels: summary.hotels,
    intro: landingIntro({
      place: list.names.location,
      what,
      hotels: summary.hotels,
      price: summary.price,
      neighbourhoods: summary.neighbourhoods,
      display: list.display,
    }),
    page: listed.page,
    live: listed.live,
  };
  return landingAnswer(listed, body);
}
