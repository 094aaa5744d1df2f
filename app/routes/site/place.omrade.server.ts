import { data, redirect } from "react-router";
import { findPlace } from "#app/hotels/places.server.ts";
import { loadHotelListPage, withLiveListPrices } from "#app/hotels/list-page.server.ts";
import { findNeighbourhood, placeNeighbourhoods } from "#app/hotels/neighbourhoods.server.ts";
import { inDistrict, landingIntro, neighbourhoodPath, readDistrictSegment } from "#app/hotels/landing-pages.ts";
import { conditionsMask } from "#app/prices/conditions.ts";
import { PRIVATE } from "#app/http/cache-control.server.ts";
import { countryPath, placePath } from "#app/utils/paths.ts";

/**
 * The place, its pages' paths and the canonical path of a landing page under it: a 404 for a
 * place that is not in the catalogue, a 301 to `canonical` from any other spelling or case
 * (/sweden/stockholm/omrade/Södermalm → /Sweden/Stockholm/omrade/sodermalm), as place pages do.
 */
export async function landingPlace(params: { country: string; location: string }) {
  const place = await findPlace(params.country, params.location);
  const paths = place && { country: countryPath(place.country), place: placePath(place.country, place.location) };
  if (!place || !paths?.country || !paths.place) throw data(null, { status: 404 });
  return { place, paths: { country: paths.country, place: paths.place } };
}

export function toCanonical(url: URL, canonical: string) {
  if (url.pathname !== canonical) throw redirect(`${canonical}${url.search}`, 301);
}

/** What a landing page's loader reads of React Router's arguments. */
export interface LandingArgs<Params> {
  url: URL;
  params: Params;
  request: Request;
}

/** A landing page's answer: kept by no cache while it waits for or misses a partner's live prices. */
export const landingAnswer = <Body>(listed: { private: boolean }, body: Body) =>
  listed.private ? data(body, { headers: { "Cache-Control": PRIVATE } }) : body;

/** /{country}/{place}/omrade/{district}: the place's hotels in one neighbourhood, every list filter working. */
export async function neighbourhoodLoader({ url, params, request }: LandingArgs<{ country: string; location: string; district: string }>) {
  const { place, paths } = await landingPlace(params);
  const neighbourhood = await findNeighbourhood(place, readDistrictSegment(params.district));
  const canonical = neighbourhood && neighbourhoodPath(place.country, place.location, neighbourhood.slug);
  if (!neighbourhood || !canonical) throw data(null, { status: 404 });
  toCanonical(url, canonical);
  const list = await loadHotelListPage(url, { ...place, district: neighbourhood.slug });
  const [listed, summary] = await Promise.all([
    withLiveListPrices(list, request),
    placeNeighbourhoods(place, list.stay, conditionsMask(list.conditions)),
  ]);
  const own = summary.neighbourhoods.find((one) => one.slug === neighbourhood.slug);
  const body = {
    ...place,
    neighbourhood: { ...neighbourhood, where: inDistrict(neighbourhood.name) },
    paths: { ...paths, page: canonical },
    introHotels: neighbourhood.hotels,
    intro: landingIntro({
      place: list.names.location,
      what: inDistrict(neighbourhood.name),
      hotels: neighbourhood.hotels,
      price: own?.price ?? null,
      neighbourhoods: [],
      display: list.display,
    }),
    // The place's other neighbourhoods, to move on to.
    others: summary.neighbourhoods.filter((one) => one.slug !== neighbourhood.slug),
    placeHotels: summary.hotels,
    page: listed.page,
    live: listed.live,
  };
  return landingAnswer(listed, body);
}
