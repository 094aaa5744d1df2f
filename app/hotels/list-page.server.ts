import { data } from "react-router";
import type { Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { isSortKey, readListParams, type ListParams } from "#app/hotels/search-params.ts";
import { readArea } from "#app/hotels/map-area.ts";
import { log } from "#app/utils/log.server.ts";
import { hasDates, nightsOf, readStay, todayInSweden, type DatedStay, type Stay } from "#app/utils/stay.ts";
import {
  closeNames,
  HOTEL_PAGE_SIZE,
  LIST_MATCH_LIMIT,
  listMarkerHotels,
  searchHotels,
  type CloseNames,
  type HotelFilters,
  type HotelSummary,
} from "./hotel-queries.server.ts";
import { listPopularPlaces, type PopularPlace } from "./destinations.server.ts";
import { getPlaceNames } from "#app/hotels/place-name-rows.server.ts";
import { conditionsMask as readConditionsMask, readConditions, type ConditionKey } from "#app/prices/conditions.ts";
import { latestFxRates } from "#app/prices/fx-rates.server.ts";
import { roomsThatFit, stayOffers } from "#app/prices/stay-prices.server.ts";
import { askLive, DEFERRED_WAIT_MS, isDataRequest, liveConfigured } from "#app/live-prices/live-prices.server.ts";
import { platformOf, type Platform } from "#app/live-prices/connector.ts";
import { listPriceOf, mergeLiveOffers, withLiveListPart, type LiveListPart } from "#app/live-prices/live-offers.ts";
import { priceDisplay, readDisplayCurrency, type PriceDisplay } from "#app/utils/money.ts";
import { listCountries, listLocations, resolveCountry, resolvePlace, type PlaceChoice } from "./places.server.ts";
import { distanceTexts, listLandmarks, placeCentre, type Landmark, type PlaceCentre } from "#app/location/landmarks.server.ts";
import type { DistanceTarget } from "#app/location/distance.ts";

export interface HotelListPage {
  /** The parameters in effect: countries and places in the catalogue's spelling, whatever was typed. */
  params: ListParams;
  /** The Swedish names of the chosen country and place, for headings. */
  names: { country: string; location: string };
  /** Why part of the address was set aside ('Stockholm ligger inte i Norge…', a past check-in date). */
  notices: string[];
  /** The place the search text names, whose own page the list offers ('Se alla hotell i Göteborg'). */
  searchedPlace: { country: string; location: string; name: string } | null;
  /** The visitor's stay (dates and guests), which cards price and links carry. */
  stay: Stay;
  /** The offer conditions asked for (`villkor`): each card's price is the cheapest offer meeting them. */
  conditions: ConditionKey[];
  /** How amounts are shown (`valuta`), with the day of the exchange rates. */
  display: PriceDisplay;
  /**
   * Set when no partner sells a room for the visitor's party ("5 vuxna i 1 rum"): the fewest rooms
   * some partner does sell it in (null: not in any number of rooms).
   */
  partyNotSold: { adults: number; rooms: number; fitsInRooms: number | null } | null;
  /** The visitor's date in Sweden: the earliest check-in the date picker offers. */
  today: string;
  hotels: HotelSummary[];
  /** How many hotels the list holds; with `more`, more match and the list holds only its first `total` (LIST_MATCH_LIMIT). */
  total: number;
  more: boolean;
  /**
   * How many of them the pages hold: at most LIST_MATCH_LIMIT. A country's or the whole
   * catalogue's list shows its real total from the counters but pages through that many.
   */
  listed: number;
  pageCount: number;
  countries: PlaceChoice[];
  locations: PlaceChoice[];
  /** Set when the list could not be loaded; the page then shows an error text instead of hotels. */
  failed: boolean;
  /** For a search that found nothing: the closest names ("Menade du …?") and the popular places, so it is no dead end. */
  noHits: { close: CloseNames; popular: PopularPlace[] } | null;
  /** Partners asked live that did not answer in time ("Booking.com svarade inte i tid"): their stored prices are shown. */
  late: LiveListPart["late"];
  /**
   * A list within one place: its landmarks a visitor may measure from (`nara`, the centre left
   * out: it is the default) and what distances are measured to (null: the place has no centre).
   * Null for a list across places, whose cards measure each hotel from its own place's centre.
   */
  distance: { landmarks: PlaceChoice[]; target: DistanceTarget | null } | null;
}

/**
 * The country, place and search text a list shows, from the address: `country`, `location`
 * and `destination` may name a country or place in any spelling (Sverige, goteborg); a place
 * that is not in the chosen country, or a name nothing matches, is set aside with a notice.
 * A destination that names no place is searched for as text.
 */
async function resolveListPlace(params: ListParams, fixed: { country?: string; location?: string }, db: Kysely<Database>) {
  const notices: string[] = [];
  const typedCountry = fixed.country ? "" : params.country;
  const typedLocation = fixed.location ? "" : params.location;
  const typedDestination = fixed.country || fixed.location || params.country || params.location ? "" : params.destination;
  // Every lookup the address asks for at once; a place is looked up in the country as typed (any spelling).
  // A search for a place's name (the home page's box without JavaScript) also offers that place's own page.
  const searchedPlace = params.search && !fixed.country && !fixed.location && !typedLocation ? params.search : "";
  const [names, namedCountry, namedPlace, destinationPlace, destinationCountry, placeSearched] = await Promise.all([
    getPlaceNames(db),
    typedCountry ? resolveCountry(typedCountry, db) : null,
    typedLocation ? resolvePlace(typedLocation, fixed.country ?? (typedCountry || null), db) : null,
    typedDestination ? resolvePlace(typedDestination, null, db) : null,
    typedDestination ? resolveCountry(typedDestination, db) : null,
    searchedPlace ? resolvePlace(searchedPlace, fixed.country ?? (typedCountry || null), db) : null,
  ]);
  let country = fixed.country ?? namedCountry ?? "";
  let location = fixed.location ?? "";
  let search = params.search;
  if (typedCountry && !namedCountry) notices.push(`Vi har inga hotell i ”${typedCountry}”, så vi visar alla länder.`);
  // A country nobody has hotels in does not stop the place from being found elsewhere.
  const place = namedPlace ?? (typedLocation && typedCountry && !namedCountry ? await resolvePlace(typedLocation, null, db) : null);
  if (place) {
    country = place.country;
    location = place.location;
  } else if (typedLocation) {
    notices.push(
      country
        ? `Vi hittade ingen plats ”${typedLocation}” i ${names.country(country)}, så vi visar hela landet.`
        : `Vi hittade ingen plats som heter ”${typedLocation}”.`,
    );
  }
  if (destinationPlace) ({ country, location } = destinationPlace);
  else if (destinationCountry) country = destinationCountry;
  else if (typedDestination) search ||= typedDestination;
  return {
    country,
    location,
    search,
    notices,
    names: { country: country ? names.country(country) : "", location: location ? names.place(country, location) : "" },
    searchedPlace: placeSearched ? { ...placeSearched, name: names.place(placeSearched.country, placeSearched.location) } : null,
  };
}

/** What pins a list page's scope: a country and place page's, a neighbourhood's, a landing page's. */
export interface FixedScope {
  country?: string;
  location?: string;
  district?: string;
  amenities?: readonly string[];
  /** A landmark's page: the hotels within `metres` of the place's landmark `slug`, nearest first unless sorted otherwise. */
  landmark?: { slug: string; metres: number };
}

/**
 * The list's filters as the address and the page's scope give them: the hotels of every page of
 * the list, which the page reads one page of and the map's markers read whole (decision 082).
 */
async function listFilters(url: URL, fixed: FixedScope, db: Kysely<Database>) {
  const read = readListParams(url.searchParams);
  const params: ListParams = fixed.landmark
    ? // Nearest first unless the visitor chose another order (an unknown one keeps nearest first).
      { ...read, near: fixed.landmark.slug, sort: isSortKey(url.searchParams.get("sortera")?.trim() ?? "") ? read.sort : "avstand" }
    : read;
  const today = todayInSweden();
  const { stay, notes: stayNotes } = readStay(url.searchParams, today);
  const conditions = readConditions(url.searchParams);
  const [place, rates] = await Promise.all([resolveListPlace(params, fixed, db), latestFxRates(undefined, db).catch(() => null)]);
  const { country, location, search } = place;
  const near = await distanceTarget(params, { country, location }, place.names.location, db);
  // A landing page's amenity is in effect like one the visitor checked (its filter form keeps it).
  const amenities = fixed.amenities ? [...new Set([...fixed.amenities, ...params.amenities])] : params.amenities;
  const effective: ListParams = {
    ...params,
    country,
    location,
    search,
    destination: search === params.search ? params.destination : "",
    near: near.landmark?.slug ?? "",
    sort: params.sort === "avstand" && !near.target ? "rekommenderat" : params.sort,
    amenities: amenities as ListParams["amenities"],
  };
  const filters: HotelFilters = {
    country,
    location,
    district: fixed.district,
    minStars: params.rating,
    search,
    sort: effective.sort,
    near: near.target ?? undefined,
    page: params.page,
    priceMin: params.priceMin,
    priceMax: params.priceMax,
    minGuestRating: params.guestRating,
    amenities,
    stay,
    conditions: conditions.mask,
    within: fixed.landmark && near.landmark ? { centre: near.landmark, metres: fixed.landmark.metres } : undefined,
    // The map's area replaces the page's place: panning from Stockholm to Solna lists Solna (decision 078).
    // A landmark's radius is geography too: a hotel the catalogue files under the next place is as near.
    ...(params.area || (fixed.landmark && near.landmark) ? { country: "", location: "", district: undefined } : {}),
    ...(params.area ? { area: params.area, within: undefined } : {}),
  };
  return {
    filters,
    effective,
    place,
    near,
    today,
    stay,
    stayNotes,
    conditions,
    display: priceDisplay(readDisplayCurrency(url.searchParams), rates),
  };
}

/**
 * Everything a hotel list page needs: the page of hotels, the count and the filter options.
 * `url` is the loader's `url` argument (without the `.data` suffix of client navigations).
 * `fixed` pins the country and place (country and place pages), in the catalogue's spelling,
 * and a neighbourhood's district slug (its page) or amenities (a landing page's).
 */
export async function loadHotelListPage(
  url: URL,
  fixed: FixedScope = {},
  db: Kysely<Database> = getAppDatabase().db,
): Promise<HotelListPage> {
  const areaNote = readArea(url.searchParams).note;
  const [{ filters, effective, place, near, today, stay, stayNotes, conditions, display }, partyNotSold] = await Promise.all([
    listFilters(url, fixed, db),
    unsoldParty(readStay(url.searchParams, todayInSweden()).stay, db).catch(() => null),
  ]);
  const { country, search } = place;
  const [result, countries, locations] = await Promise.all([
    searchHotels(filters, db).catch((error: unknown) => {
      log.error("hotel list query failed", error);
      return null;
    }),
    listCountries(db).catch(() => [] as PlaceChoice[]),
    country ? listLocations(country, db).catch(() => [] as PlaceChoice[]) : Promise.resolve([] as PlaceChoice[]),
  ]);
  const total = result?.total ?? 0;
  // Past LIST_MATCH_LIMIT a page would read every row before it; crawlers find every hotel in the sitemap.
  const listed = Math.min(total, LIST_MATCH_LIMIT);
  const pageCount = Math.ceil(listed / HOTEL_PAGE_SIZE);
  if (result && total > 0 && effective.page > pageCount) {
    throw data(null, { status: 404 });
  }
  const noHits =
    result && total === 0 && search
      ? await Promise.all([closeNames(search, db), listPopularPlaces(db)])
          .then(([close, popular]) => ({ close, popular }))
          .catch((error: unknown) => {
            log.error("close names query failed", error);
            return null;
          })
      : null;
  const hotels = result?.hotels ?? [];
  const distances = await distanceTexts(hotels, near.target, db).catch((error: unknown) => {
    log.error("distances failed", error);
    return hotels.map(() => null);
  });
  return {
    params: effective,
    names: place.names,
    notices: [...place.notices, ...(areaNote ? [areaNote] : []), ...near.notices, ...stayNotes, ...conditions.notes],
    searchedPlace: place.searchedPlace,
    stay,
    conditions: conditions.keys,
    display,
    partyNotSold,
    today,
    hotels: hotels.map((hotel, index) => ({ ...hotel, distance: distances[index] ?? null })),
    total,
    more: result?.more ?? false,
    listed,
    pageCount,
    countries,
    locations,
    failed: result === null,
    noHits,
    late: [],
    distance: place.location
      ? {
          // A landmark's page measures from its landmark only.
          landmarks: near.landmarks
            .filter((landmark) => !landmark.isCentre && !fixed.landmark)
            .map((landmark) => ({ value: landmark.slug, label: landmark.name })),
          target: near.target && { name: near.target.name, isCentre: near.target.isCentre },
        }
      : null,
  };
}

/**
 * The map's markers for a list (decision 082): every hotel of every page of it (at most
 * LIST_MATCH_LIMIT, the list's own bound), by the page's own filters and scope, priced as its
 * cards are (stored prices: a page's live prices reach only its own markers), with the list's
 * count. Read after the page, by the map, so the page itself costs no more.
 */
export async function loadMapMarkers(url: URL, fixed: FixedScope = {}, db: Kysely<Database> = getAppDatabase().db) {
  const { filters, effective, stay, display } = await listFilters(url, fixed, db);
  const { hotels, total, more } = await listMarkerHotels(filters, db);
  return { hotels, total, more, stay, params: effective, display };
}

/**
 * What a list's distances are measured to: within one place, the landmark the visitor chose
 * (`nara`) or the place's centre; across places, each hotel's own centre (no target). A landmark
 * the place does not have, or one asked for outside a place, is set aside with a notice, and so
 * is the sort by distance when there is nothing to measure from.
 */
async function distanceTarget(params: ListParams, place: { country: string; location: string }, placeName: string, db: Kysely<Database>) {
  const notices: string[] = [];
  const within = place.country && place.location ? place : null;
  const [landmarks, centre] = within
    ? await Promise.all([listLandmarks(within, db), placeCentre(within, db)]).catch((error: unknown) => {
        log.error("landmarks query failed", error);
        return [[] as Landmark[], null] as const;
      })
    : [[] as Landmark[], null];
  const landmark = params.near ? landmarks.find((one) => one.slug === params.near) : undefined;
  if (params.near && !landmark)
    notices.push(
      within
        ? `Vi hittade inget ”${params.near}” i ${placeName} att mäta avståndet till, så vi mäter från centrum.`
        : `Avstånd till ”${params.near}” går bara att välja för en plats, så vi bortser från det.`,
    );
  const target: PlaceCentre | Landmark | null = landmark ?? centre;
  if (params.sort === "avstand" && !target)
    notices.push(
      within
        ? `Vi vet inte var centrum i ${placeName} ligger, så listan visas i rekommenderad ordning.`
        : "Sortering efter avstånd går bara att välja för en plats, så listan visas i rekommenderad ordning.",
    );
  return { landmarks, landmark, target, notices };
}

/**
 * For a party larger than a double room ("5 vuxna i 1 rum"), whether any partner sells a room for
 * it; if not, the fewest rooms one does. Two adults in one room are sold everywhere prices are.
 */
async function unsoldParty(stay: Stay, db: Kysely<Database> = getAppDatabase().db): Promise<HotelListPage["partyNotSold"]> {
  if (stay.adults <= 2 && stay.rooms === 1) return null;
  if ((await roomsThatFit(stay.adults, stay.rooms, undefined, db)) === stay.rooms) return null;
  return { adults: stay.adults, rooms: stay.rooms, fitsInRooms: await roomsThatFit(stay.adults, stay.rooms + 1, undefined, db) };
}

/**
 * The list's live part (decision 067): with dates and a partner's API configured, the page's
 * hotels are asked live. A document request waits up to the budget and gets the page with the
 * live prices in; a client navigation (`.data`) gets the page as stored at once and the live part
 * as deferred data. `private` is set when the page must not be kept by a cache (waiting for or
 * missing a partner's answer).
 */
export async function withLiveListPrices(
  page: HotelListPage,
  request: Request,
  db: Kysely<Database> = getAppDatabase().db,
): Promise<{ page: HotelListPage; live: Promise<LiveListPart> | null; private: boolean }> {
  const { stay } = page;
  if (!hasDates(stay) || !page.hotels.length || !liveConfigured()) return { page, live: null, private: false };
  const deferred = isDataRequest(request);
  const part = liveListPart(
    page.hotels,
    stay,
    readConditionsMask(page.conditions),
    {
      platform: platformOf(request.headers.get("User-Agent")),
      waitMs: deferred ? DEFERRED_WAIT_MS : undefined,
    },
    db,
  );
  if (deferred) return { page, live: part, private: true };
  const { prices, late } = await part;
  return { page: { ...page, hotels: withLiveListPart(page.hotels, { prices, late }), late }, live: null, private: late.length > 0 };
}

async function liveListPart(
  hotels: readonly HotelSummary[],
  stay: DatedStay,
  wanted: number,
  asking: { platform: Platform; waitMs: number | undefined },
  db: Kysely<Database>,
): Promise<LiveListPart> {
  const ids = hotels.map((hotel) => hotel.id);
  const [answers, stored, rates] = await Promise.all([
    askLive(stay, ids, { kind: "search", ...asking }, db),
    stayOffers(ids, stay, wanted, db).catch(() => null),
    latestFxRates(undefined, db).catch(() => null),
  ]);
  // Without the stored offers to merge with, the cards keep the prices they have.
  if (!stored || !answers.length)
    return {
      prices: {},
      late: answers.filter((answer) => answer.outcome !== "answered").map(({ partnerId, partnerName }) => ({ partnerId, partnerName })),
    };
  const nights = nightsOf(stay)!;
  const merged = mergeLiveOffers(stored, answers, { nights, rates, wanted });
  const prices: LiveListPart["prices"] = {};
  for (const hotel of hotels) {
    // Only hotels some partner answered for change: the others' cards are the stored prices already.
    if (!answers.some((answer) => answer.answers.some((one) => one.hotelId === hotel.id))) continue;
    const price = listPriceOf(merged.offers.get(hotel.id), nights);
    prices[hotel.id] = { price, soldOut: price === null };
  }
  return { prices, late: merged.late };
}
