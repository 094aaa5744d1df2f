import { data, href, redirect } from "react-router";
import type { Route } from "./+types/hotel";
import {
  composeHotelPrices,
  findHotel,
  latestPriceDisplay,
  loadHotelPrices,
  relatedHotels,
  storedHotelPrices,
  type HotelPrices,
} from "#app/hotels/hotel-detail.server.ts";
import { findPlace } from "#app/hotels/places.server.ts";
import { getPlaceNames } from "#app/hotels/place-name-rows.server.ts";
import { log } from "#app/utils/log.server.ts";
import type { HotelErrorData } from "#app/components/hotel-error-panel.tsx";
import { missingText } from "#app/components/booking-box.tsx";
import { affiliateHost, redirectPath } from "#app/outbound/redirect-params.ts";
import { partnersByHost } from "#app/offers/partners.server.ts";
import { hasDates, readStay, todayInSweden, type Stay } from "#app/utils/stay.ts";
import { comparableStay } from "#app/prices/deal.ts";
import { hotelPriceHistory } from "#app/prices/price-history.server.ts";
import { askLive, DEFERRED_WAIT_MS, isDataRequest, liveConfigured } from "#app/live-prices/live-prices.server.ts";
import { platformOf } from "#app/live-prices/connector.ts";
import type { PartnerLive } from "#app/live-prices/live-offers.ts";
import { PRIVATE } from "#app/http/cache-control.server.ts";
import { CONDITIONS_PARAM, readConditions } from "#app/prices/conditions.ts";
import { currencyFallbackNote } from "#app/prices/offer-display.ts";
import { CURRENCY_PARAM, readDisplayCurrency } from "#app/utils/money.ts";
import { countryPath, hotelPath, isLocalPath, placePath } from "#app/utils/paths.ts";
import { displayDescription } from "#app/hotels/description-rule.ts";
import { pageCalendar } from "#app/prices/calendar-prices.server.ts";
import { hotelDistances } from "#app/location/landmarks.server.ts";

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** Where 'Gå tillbaka' leads without JavaScript: the referring page on this site, else home. */
function backHref(request: Request): string {
  const home = href("/");
  const referer = request.headers.get("Referer");
  if (!referer) return home;
  try {
    const url = new URL(referer);
    const path = url.pathname + url.search;
    return url.origin === new URL(request.url).origin && isLocalPath(path) ? path : home;
  } catch {
    return home;
  }
}

const RELATED_COUNT = 3;

/** The hotel page's data: the hotel, its prices for the stay, the way to book and its neighbours. */
export async function loadHotelPage({ request, url, params }: Route.LoaderArgs) {
  const errorData = async (kind: HotelErrorData["kind"]): Promise<HotelErrorData> => {
    const [place, names] = await Promise.all([
      findPlace(params.country, params.location).catch(() => null),
      getPlaceNames().catch(() => null),
    ]);
    const related = place ? await relatedHotels(place.country, place.location, null, 4).catch(() => []) : [];
    // A place that does not exist is not named back to the visitor: the address may be anything.
    return {
      kind,
      location: place ? (names?.place(place.country, place.location) ?? place.location) : "",
      placeHref: (place && placePath(place.country, place.location)) ?? href("/hotels"),
      backHref: backHref(request),
      related,
    };
  };

  let found: Awaited<ReturnType<typeof findHotel>>;
  let nearby: Awaited<ReturnType<typeof relatedHotels>>;
  try {
    // The place's other hotels are found by the same place keys as the hotel: both at once.
    [found, nearby] = await Promise.all([
      findHotel(params.country, params.location, params.slug),
      relatedHotels(params.country, params.location, null, RELATED_COUNT + 1).catch((error: unknown) => {
        log.error("related hotels failed", error, { path: url.pathname });
        return [];
      }),
    ]);
  } catch (error) {
    log.error("hotel load failed", error, { path: url.pathname });
    throw data(await errorData("error"), { status: 500 });
  }
  if (!found) throw data(await errorData("not-found"), { status: 404 });

  const { hotel } = found;
  const canonical = hotelPath(hotel);
  const paths = { country: countryPath(hotel.country), place: placePath(hotel.country, hotel.location) };
  // A hotel whose stored place names nothing ('.') has no page, whatever address found it.
  if (!canonical || !paths.country || !paths.place) throw data(await errorData("not-found"), { status: 404 });
  // Another case, accent spelling or an old name: one permanent address per hotel.
  if (decode(url.pathname) !== decode(canonical)) {
    throw redirect(`${canonical}${url.search}`, 301);
  }

  const today = todayInSweden();
  const { stay, notes } = readStay(url.searchParams, today);
  const conditions = readConditions(url.searchParams);
  const choices = { conditions: conditions.keys, currency: readDisplayCurrency(url.searchParams) };
  const slug = hotel.slug ?? hotel.hotel_id;
  const link = (to: string, source: string) => redirectPath(to, { source, hotel: slug, hotelId: hotel.id, stay });
  const offersFailed = (error: unknown): null => {
    // The page is still worth showing without prices.
    log.error("hotel offers failed", error, { path: url.pathname });
    return null;
  };

  /** What the page shows of prices: the comparison, the shown price and the way to book. */
  const pricing = async (prices: HotelPrices | null) => {
    const shown = prices?.shown ?? null;
    // A partner sells the hotel, only not this stay or not on these conditions: the page says so and books nothing else.
    const affiliate = shown || (prices && missingText(stay, prices, conditions.mask !== 0)) ? null : affiliateHost(hotel.affiliate_url);
    return {
      prices: prices && {
        ...prices,
        offers: prices.offers.map((offer) => ({ ...offer, href: link(offer.landingUrl, "compare-table") })),
      },
      shown,
      offersFailed: prices === null,
      // The booking box's and the phone's booking bar's way to book: the offer the price comes from
      // (the cheapest meeting the conditions), else, when no partner sells the hotel, its own
      // affiliate link (named by its partner, or its host), else none.
      booking: shown
        ? {
            href: link(shown.landingUrl, "booking-sidebar"),
            barHref: link(shown.landingUrl, "booking-bar"),
            partner: shown.partnerName,
          }
        : hotel.affiliate_url && affiliate
          ? {
              href: link(hotel.affiliate_url, "booking-sidebar"),
              barHref: link(hotel.affiliate_url, "booking-bar"),
              partner: await affiliatePartnerName(affiliate),
            }
          : null,
    };
  };

  // With dates and a partner's API configured, the partners are asked live (decision 067): a
  // document request waits for them up to the budget; a client navigation (a `.data` request)
  // gets the stored prices at once and the live ones as deferred data.
  const asksLive = hasDates(stay) && liveConfigured();
  const deferred = asksLive && isDataRequest(request);
  let prices: HotelPrices | null;
  let live: Promise<Awaited<ReturnType<typeof pricing>>> | null = null;
  let everyPartnerAnswered = true;
  const displayRead = latestPriceDisplay(choices.currency);
  const historyRead = readPriceHistory(hotel.id, stay, today);
  const calendarRead = pageCalendar(url, { hotelId: hotel.id });
  const distancesRead = hotelDistances(hotel).catch((error: unknown) => {
    log.error("hotel distances failed", error, { hotelId: hotel.id });
    return [];
  });
  if (!asksLive || !hasDates(stay)) {
    prices = await loadHotelPrices(hotel.id, stay, conditions.mask).catch(offersFailed);
  } else {
    const asked = askLive(stay, [hotel.id], {
      kind: "availability",
      platform: platformOf(request.headers.get("User-Agent")),
      waitMs: deferred ? DEFERRED_WAIT_MS : undefined,
    });
    const stored = await storedHotelPrices(hotel.id, stay, conditions.mask).catch(offersFailed);
    const compose = (answers: PartnerLive[]) =>
      stored ? composeHotelPrices(hotel.id, stay, conditions.mask, stored, answers).catch(offersFailed) : Promise.resolve(null);
    if (deferred) {
      prices = await compose([]);
      const storedPricing = pricing(prices);
      live = asked
        .then(compose)
        .then(pricing)
        .catch(() => storedPricing);
    } else {
      const answers = await asked;
      everyPartnerAnswered = answers.every((answer) => answer.outcome === "answered");
      prices = await compose(answers);
    }
  }
  const [priced, display, priceHistory, calendar, distances] = await Promise.all([
    pricing(prices),
    displayRead,
    historyRead,
    calendarRead,
    distancesRead,
  ]);
  const related = nearby.filter((other) => other.id !== hotel.id).slice(0, RELATED_COUNT);
  const page = {
    hotel: { ...hotel, description: displayDescription(hotel) },
    related,
    canonical,
    paths: { country: paths.country, place: paths.place },
    countryCode: found.countryCode,
    stay,
    today,
    now: new Date().toISOString(),
    choices,
    display,
    // Conditions or a currency change only how prices read: such pages are not indexed either.
    priceChoicesChosen: url.searchParams.has(CONDITIONS_PARAM) || url.searchParams.has(CURRENCY_PARAM),
    notices: [...notes, ...conditions.notes, currencyFallbackNote(choices.currency, display)].filter((note) => note !== null),
    ...priced,
    /** The deal badge's and the chart's history, for a stay of the reference party (decision 073). */
    priceHistory,
    /** The month view of stay prices (`kalender`), or null. */
    calendar,
    /** "350 m till centrum", then the place's nearest landmarks (app/location). */
    distances,
    /** Client navigations only: the prices with the partners' live answers, when they are in. */
    live,
  };
  // A page waiting for live prices, or naming a partner that did not answer, is nobody's to keep:
  // the next visitor gets the answer the partner gave meanwhile (stored for LIVE_PRICE_TTL_S).
  return deferred || !everyPartnerAnswered ? data(page, { headers: { "Cache-Control": PRIVATE } }) : page;
}

/** The hotel's price history for the stay's length, with the stay's month; null without a comparable stay. */
async function readPriceHistory(hotelId: string, stay: Stay, today: string) {
  const comparable = comparableStay(stay);
  if (!comparable) return null;
  const history = await hotelPriceHistory(hotelId, comparable.nights, today).catch((error: unknown) => {
    log.error("price history failed", error, { hotelId });
    return null;
  });
  return history && { ...history, month: comparable.month };
}

/** A partner's name for an affiliate link's host, or the host when the partners table has none. */
async function affiliatePartnerName(host: string): Promise<string> {
  const partner = await partnersByHost()
    .then((partners) => partners.get(host))
    .catch(() => undefined);
  return partner?.active ? partner.name : host.replace(/^www\./, "");
}
