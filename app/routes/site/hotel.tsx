import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import type { Route } from "./+types/hotel";
import { findHotel, latestPriceDisplay, loadHotelPrices, relatedHotels, type HotelPrices } from "#app/hotels/hotel-detail.server.ts";
import { findPlace } from "#app/hotels/places.server.ts";
import { getPlaceNames } from "#app/hotels/place-name-rows.server.ts";
import { addressInSwedish, streetAddress } from "#app/hotels/place-names.ts";
import { log } from "#app/utils/log.server.ts";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { HotelList } from "#app/components/hotel-card.tsx";
import { CompareCheckbox, CompareForm } from "#app/components/compare.tsx";
import { AmenityList, RatingBadge, StarRating } from "#app/components/hotel-bits.tsx";
import { HotelErrorPanel, type HotelErrorData } from "#app/components/hotel-error-panel.tsx";
import { HotelMap } from "#app/components/hotel-map.tsx";
import { ImageCarousel } from "#app/components/image-carousel.tsx";
import { toMapMarkers } from "#app/hotels/map-markers.ts";
import { affiliateHost, redirectPath } from "#app/outbound/redirect-params.ts";
import { partnersByHost } from "#app/offers/partners.server.ts";
import { hasDates, isChosenStay, readStay, stayLabel, todayInSweden, withStay, type Stay } from "#app/utils/stay.ts";
import type { PriceOffer } from "#app/prices/price-offer.ts";
import { CONDITIONS_PARAM, readConditions } from "#app/prices/conditions.ts";
import { currencyFallbackNote, TOTAL_INCLUDES, withPriceChoices } from "#app/prices/offer-display.ts";
import { CURRENCY_PARAM, formatSek, readDisplayCurrency, roundMoney } from "#app/utils/money.ts";
import {
  BookingSummary,
  ConditionsForm,
  CurrencySwitch,
  NO_MATCH,
  NO_MATCH_FOR_DATES,
  NO_ROOMS,
  PARTNER_PRICE_NOTE,
  PriceComparison,
  shortPriceText,
  StayForm,
} from "#app/components/price-comparison.tsx";
import { countryPath, hotelPath, isLocalPath, placePath } from "#app/utils/paths.ts";
import { breadcrumbJsonLd, jsonLd, seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";
import { truncate } from "#app/utils/format.ts";
import { displayDescription } from "#app/hotels/description-rule.ts";

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** Where 'Gå tillbaka' leads without JavaScript: the referring page on this site, else home. */
function backHref(request: Request): string {
  const referer = request.headers.get("Referer");
  if (!referer) return "/";
  try {
    const url = new URL(referer);
    const path = url.pathname + url.search;
    return url.origin === new URL(request.url).origin && isLocalPath(path) ? path : "/";
  } catch {
    return "/";
  }
}

const RELATED_COUNT = 3;

export async function loader({ request, url, params }: Route.LoaderArgs) {
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
      placeHref: (place && placePath(place.country, place.location)) ?? "/hotels",
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
  const [prices, display] = await Promise.all([
    loadHotelPrices(hotel.id, stay, conditions.mask).catch((error: unknown): HotelPrices | null => {
      // The page is still worth showing without prices.
      log.error("hotel offers failed", error, { path: url.pathname });
      return null;
    }),
    latestPriceDisplay(choices.currency),
  ]);
  const slug = hotel.slug ?? hotel.hotel_id;
  const related = nearby.filter((other) => other.id !== hotel.id).slice(0, RELATED_COUNT);
  const shown = prices?.shown ?? null;
  const link = (to: string, source: string) => redirectPath(to, { source, hotel: slug, hotelId: hotel.id, stay });
  // A partner sells the hotel, only not this stay or not on these conditions: the page says so and books nothing else.
  const affiliate = shown || (prices && missingText(stay, prices, conditions.mask !== 0)) ? null : affiliateHost(hotel.affiliate_url);
  return {
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
}

/** Why the page shows no price although partners sell the hotel, or null when it is not so. */
function missingText(stay: Stay, prices: Pick<HotelPrices, "soldOut" | "unmet" | "offers">, conditionsChosen: boolean): string | null {
  if (prices.offers.length) return null;
  if (hasDates(stay) && prices.unmet.length) return NO_MATCH_FOR_DATES;
  if (hasDates(stay) && prices.soldOut.length) return NO_ROOMS;
  return conditionsChosen ? NO_MATCH : null;
}

/** A partner's name for an affiliate link's host, or the host when the partners table has none. */
async function affiliatePartnerName(host: string): Promise<string> {
  const partner = await partnersByHost()
    .then((partners) => partners.get(host))
    .catch(() => undefined);
  return partner?.active ? partner.name : host.replace(/^www\./, "");
}

/**
 * The price in the hotel's JSON-LD, in SEK whatever currency the visitor reads: for a stay an
 * Offer of the shown total including taxes and fees, without dates the lead price per night as
 * "Från X kr". Never the hotel feed's own price_amount, which no partner sells at.
 */
function priceJsonLd({ shown, stay }: { shown: PriceOffer | null; stay: Stay }) {
  if (!shown || shown.totalSek === null) return {};
  if (shown.kind === "lead") return { priceRange: `Från ${formatSek(shown.totalSek)}` };
  return {
    makesOffer: {
      "@type": "Offer",
      price: roundMoney({ amount: shown.totalSek, currency: "SEK" }).amount,
      priceCurrency: "SEK",
      description: `${stayLabel(stay)}, ${TOTAL_INCLUDES}`,
      seller: { "@type": "Organization", name: shown.partnerName },
    },
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const { siteName, siteUrl } = siteFromMatches(matches);
  if (!data) return [{ title: `Hotellet hittades inte | ${siteName}` }, { name: "robots", content: "noindex" }];
  const { hotel, canonical } = data;
  const place = [hotel.location_name, hotel.country_name].filter(Boolean).join(", ");
  const description = truncate(hotel.description || `${hotel.name} i ${place}. Jämför betyg och pris och boka hos vår partner.`, 155);
  return [
    ...seoMeta({
      title: `${hotel.name}, ${place}`,
      description,
      siteName,
      siteUrl,
      path: canonical,
      image: { src: hotel.image_path, alt: place ? `${hotel.name}, ${place}` : hotel.name },
      // A chosen stay only changes prices: such pages are not indexed (the canonical has no stay).
      noindex: isChosenStay(data.stay) || data.priceChoicesChosen,
    }),
    jsonLd({
      "@type": "Hotel",
      name: hotel.name,
      description: truncate(hotel.description, 150),
      url: new URL(canonical, siteUrl).toString(),
      image: [hotel.image_path, ...hotel.additional_image_paths].map((image) => new URL(image, siteUrl).toString()),
      address: {
        "@type": "PostalAddress",
        ...(streetAddress(hotel.address, hotel) ? { streetAddress: streetAddress(hotel.address, hotel) } : {}),
        addressLocality: hotel.location_name,
        // ISO 3166-1 alpha-2, as schema.org prefers; the name when the country is not a known one.
        addressCountry: data.countryCode ?? hotel.country_name,
      },
      ...(hotel.latitude && hotel.longitude
        ? { geo: { "@type": "GeoCoordinates", latitude: hotel.latitude, longitude: hotel.longitude } }
        : {}),
      ...(hotel.star_rating ? { starRating: { "@type": "Rating", ratingValue: hotel.star_rating } } : {}),
      ...(hotel.rating
        ? {
            aggregateRating: {
              "@type": "AggregateRating",
              ratingValue: hotel.rating,
              bestRating: 10,
              worstRating: 1,
              reviewCount: Math.max(1, hotel.review_count),
            },
          }
        : {}),
      ...priceJsonLd(data),
      amenityFeature: hotel.amenities.map((amenity) => ({ "@type": "LocationFeatureSpecification", name: amenity.label, value: true })),
    }),
    breadcrumbJsonLd(siteUrl, [
      { label: "Hem", path: "/" },
      { label: hotel.country_name, path: data.paths.country },
      { label: hotel.location_name, path: data.paths.place },
      { label: hotel.name, path: canonical },
    ]),
  ];
}

export default function HotelPage({ loaderData }: Route.ComponentProps) {
  const { hotel, related, booking, prices, shown, stay, paths, display, choices } = loaderData;
  const images = [hotel.image_path, ...hotel.additional_image_paths.filter((image) => image !== hotel.image_path)];
  const markers = toMapMarkers([hotel]);
  const mapsQuery = encodeURIComponent([hotel.name, hotel.location_name, hotel.country_name].filter(Boolean).join(", "));
  const reviewQuery = encodeURIComponent([hotel.name, hotel.location].filter(Boolean).join(" "));
  const keep = (path: string) => withPriceChoices(withStay(path, stay), choices.conditions, choices.currency);

  // Partners sell the hotel, but none the stay or none on the conditions: the page says so, with no price.
  const missing = shown || !prices ? null : missingText(stay, prices, choices.conditions.length > 0);
  // Without a way to book, a partner or a price, and with prices read, the box says so and nothing else.
  const unbookable = !booking && !missing && !loaderData.offersFailed;

  return (
    <>
      <div className="container-page space-y-8 py-8">
        <Breadcrumbs
          crumbs={[
            { label: "Hem", to: "/" },
            { label: hotel.country_name, to: keep(paths.country) },
            { label: hotel.location_name, to: keep(paths.place) },
            { label: hotel.name },
          ]}
        />
        <header className="space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold">{hotel.name}</h1>
            <StarRating stars={hotel.star_rating} />
          </div>
          <p className="text-muted">
            {addressInSwedish(hotel.address, hotel) || [hotel.location_name, hotel.country_name].filter(Boolean).join(", ")}
          </p>
          <div className="flex flex-wrap items-center gap-4">
            <RatingBadge rating={hotel.rating} reviews={hotel.review_count} />
            <CompareCheckbox hotelId={hotel.id} hotelName={hotel.name} />
          </div>
        </header>

        <div className="grid gap-8 lg:grid-cols-[1fr_340px]">
          <div className="min-w-0 space-y-8">
            <ImageCarousel images={images} name={hotel.name} />
            <section aria-labelledby="prices-heading" id="priser" className="scroll-mt-4 space-y-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
                <h2 id="prices-heading" className="text-xl font-semibold">
                  Jämför priser
                </h2>
                <CurrencySwitch path={loaderData.canonical} stay={stay} choices={choices} />
              </div>
              {unbookable ? null : <ConditionsForm action={loaderData.canonical} stay={stay} choices={choices} />}
              <PriceComparison
                offers={prices?.offers ?? []}
                stay={stay}
                display={display}
                now={loaderData.now}
                failed={loaderData.offersFailed}
                bookable={!unbookable}
                path={loaderData.canonical}
                choices={choices}
                soldOut={prices?.soldOut ?? []}
                unmet={prices?.unmet ?? []}
                nearby={prices?.nearby ?? []}
                roomsThatFit={prices?.roomsThatFit ?? null}
              />
            </section>
            <section aria-labelledby="about-heading">
              <h2 id="about-heading" className="mb-3 text-xl font-semibold">
                Om hotellet
              </h2>
              {hotel.description ? (
                <p className="max-w-prose whitespace-pre-line leading-relaxed">{hotel.description}</p>
              ) : (
                <p className="text-muted">Ingen beskrivning finns ännu.</p>
              )}
            </section>
            <section aria-labelledby="amenities-heading">
              <h2 id="amenities-heading" className="mb-3 text-xl font-semibold">
                Bekvämligheter
              </h2>
              <AmenityList amenities={hotel.amenities} max={hotel.amenities.length} />
            </section>
            <section aria-labelledby="map-heading">
              <h2 id="map-heading" className="mb-3 text-xl font-semibold">
                Läge
              </h2>
              <HotelMap markers={markers} city={hotel.location} country={hotel.country} label={`Karta: ${hotel.name}`} />
            </section>
            <section aria-labelledby="resources-heading">
              <h2 id="resources-heading" className="mb-3 text-xl font-semibold">
                Reseresurser
              </h2>
              <ul className="space-y-2">
                <li>
                  <a
                    href={`https://www.google.com/maps/search/?api=1&query=${mapsQuery}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-brand-700 underline"
                  >
                    Visa {hotel.name} på karta (öppnas i ny flik)
                  </a>
                </li>
                <li>
                  <a
                    href={`https://www.tripadvisor.se/Search?q=${reviewQuery}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-brand-700 underline"
                  >
                    Läs omdömen om {hotel.name} (öppnas i ny flik)
                  </a>
                </li>
              </ul>
            </section>
          </div>

          <aside
            aria-labelledby="booking-heading"
            className="h-fit space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm lg:sticky lg:top-6"
          >
            <h2 id="booking-heading" className="text-xl font-semibold">
              {unbookable ? "Bokning" : "Boka ditt rum"}
            </h2>
            {loaderData.notices.map((notice) => (
              <p key={notice} role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {notice}
              </p>
            ))}
            {unbookable ? (
              <p className="rounded-md bg-slate-100 p-3 text-sm">Det här hotellet går inte att boka via oss just nu.</p>
            ) : (
              <>
                <StayForm stay={stay} today={loaderData.today} action={loaderData.canonical} choices={choices} />
                <BookingSummary shown={shown} stay={stay} display={display} partner={booking?.partner ?? null} missing={missing} />
              </>
            )}
            {booking ? (
              <>
                <a
                  href={booking.href}
                  rel="nofollow"
                  className="block rounded-md bg-brand-600 px-4 py-3 text-center font-semibold text-white hover:bg-brand-700"
                >
                  Boka nu<span className="sr-only"> hos {booking.partner}</span>
                </a>
                <p className="text-xs text-muted">
                  {shown ? `${PARTNER_PRICE_NOTE} ` : ""}Du bokar hos vår partner {booking.partner}. Vi kan få provision, utan extra kostnad
                  för dig.
                </p>
              </>
            ) : null}
          </aside>
        </div>

        <CompareForm stay={stay} />
        {related.length ? (
          <section aria-labelledby="related-heading">
            <h2 id="related-heading" className="mb-4 text-xl font-semibold">
              Fler hotell i {hotel.location_name}
            </h2>
            <HotelList hotels={related} stay={stay} comparable />
            <p className="mt-4">
              <Link to={withStay(paths.place, stay)} className="font-medium text-brand-700 underline">
                Se alla hotell i {hotel.location_name}
              </Link>
            </p>
          </section>
        ) : null}
      </div>
      {booking ? (
        <BookingBar
          href={booking.barHref}
          partner={booking.partner}
          hotelName={hotel.name}
          price={shown && shortPriceText(shown, display)}
        />
      ) : null}
    </>
  );
}

/**
 * The booking bar of a phone or a tablet (below 1024 px, where the booking box is not beside the
 * page but far down it): the price and the same way to book, kept at the bottom of the screen.
 * Sticky, as the page's last element, rather than fixed: it stays in view while the page
 * scrolls, and at the page's end it takes its own place, so it never covers the last content
 * or the footer. Plain markup: it works without JavaScript.
 */
function BookingBar({
  href,
  partner,
  hotelName,
  price,
}: {
  href: string;
  partner: string;
  hotelName: string;
  /** The shown offer's amount and what it is for ("för 3 nätter, inkl. …" or "/ natt"), or null without one. */
  price: { amount: string; detail: string; lead: boolean } | null;
}) {
  return (
    <section
      aria-label={`Boka ${hotelName}`}
      data-booking-bar
      className="sticky bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(15,23,42,0.12)] backdrop-blur lg:hidden"
    >
      <div className="container-page flex items-center justify-between gap-3 py-3">
        <p className="min-w-0 text-sm leading-snug">
          {price ? (
            <>
              {price.lead ? <span className="text-muted">från </span> : null}
              <span className="text-lg font-bold whitespace-nowrap">{price.amount}</span>
              <span className="text-muted"> {price.lead ? price.detail : ""}</span>
              {/* A stay's words wrap rather than lose "inkl. skatter och avgifter". */}
              <span className={price.lead ? "block truncate text-muted" : "block text-muted"}>
                {price.lead ? `hos ${partner}` : price.detail}
              </span>
            </>
          ) : (
            <span className="text-muted">Se pris och boka hos {partner}</span>
          )}
        </p>
        <a
          href={href}
          rel="nofollow"
          className="shrink-0 rounded-md bg-brand-600 px-5 py-3 text-center font-semibold whitespace-nowrap text-white hover:bg-brand-700"
        >
          Boka nu<span className="sr-only"> hos {partner}</span>
        </a>
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.data && typeof error.data === "object" && "kind" in error.data) {
    return <HotelErrorPanel error={error.data as HotelErrorData} />;
  }
  throw error;
}
