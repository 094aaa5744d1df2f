import { href, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/hotel";
import { loadHotelPage } from "./hotel.server.ts";
import { addressInSwedish } from "#app/hotels/place-names.ts";
import { districtSlug, inDistrict, neighbourhoodPath } from "#app/hotels/landing-pages.ts";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { HotelList } from "#app/components/hotel-card.tsx";
import { CompareCheckbox, CompareForm } from "#app/components/compare.tsx";
import { RatingBadge, StarRating } from "#app/components/hotel-bits.tsx";
import { HotelErrorPanel, type HotelErrorData } from "#app/components/hotel-error-panel.tsx";
import { HotelOverview } from "#app/components/hotel-overview.tsx";
import { BookingBar, BookingBox, missingText } from "#app/components/booking-box.tsx";
import { ImageCarousel } from "#app/components/image-carousel.tsx";
import { toMapMarkers } from "#app/hotels/map-markers.ts";
import { isChosenStay, withStay } from "#app/utils/stay.ts";
import { withPriceChoices } from "#app/prices/offer-display.ts";
import { ConditionsForm, CurrencySwitch, PriceComparison, shortPriceText } from "#app/components/price-comparison.tsx";
import { breadcrumbJsonLd, seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";
import { hotelJsonLd } from "#app/seo/hotel-json-ld.ts";
import { truncate } from "#app/utils/format.ts";
import { LivePricesStatus, WithLivePrices } from "#app/components/live-price-parts.tsx";
import { PriceHistorySection } from "#app/components/price-history-section.tsx";
import { CalendarLink, PriceCalendar } from "#app/components/price-calendar.tsx";
import { PriceAlertForm } from "#app/components/price-alert-form.tsx";
import { priceAlertAction } from "#app/alerts/alert-action.server.ts";

export async function loader(args: Route.LoaderArgs) {
  return loadHotelPage(args);
}

export const action = (args: Route.ActionArgs) => priceAlertAction(args);

// The loader's Cache-Control (a page waiting for or missing a partner's live prices is private).
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

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
      noindex: isChosenStay(data.stay) || data.priceChoicesChosen || data.calendar !== null,
    }),
    hotelJsonLd(siteUrl, canonical, data),
    breadcrumbJsonLd(siteUrl, [
      { label: "Hem", path: href("/") },
      { label: hotel.country_name, path: data.paths.country },
      { label: hotel.location_name, path: data.paths.place },
      { label: hotel.name, path: canonical },
    ]),
  ];
}

export default function HotelPage({ loaderData, actionData }: Route.ComponentProps) {
  const { hotel, related, stay, paths, display, choices, live } = loaderData;
  const stored = { prices: loaderData.prices, shown: loaderData.shown, booking: loaderData.booking, offersFailed: loaderData.offersFailed };
  const images = [hotel.image_path, ...hotel.additional_image_paths.filter((image) => image !== hotel.image_path)];
  const keep = (path: string) => withPriceChoices(withStay(path, stay), choices.conditions, choices.currency);
  const neighbourhoodTo = hotel.district && neighbourhoodPath(hotel.country, hotel.location, districtSlug(hotel.district));
  const neighbourhood = neighbourhoodTo ? { name: hotel.district!, to: neighbourhoodTo } : null;

  /** What the prices make of the page: why there is no price, and whether the hotel can be booked at all. */
  const reading = ({ prices, shown, booking, offersFailed }: typeof stored) => {
    // Partners sell the hotel, but none the stay or none on the conditions: the page says so, with no price.
    const missing = shown || !prices ? null : missingText(stay, prices, choices.conditions.length > 0);
    // Without a way to book, a partner or a price, and with prices read, the box says so and nothing else.
    return { missing, unbookable: !booking && !missing && !offersFailed };
  };

  return (
    <>
      <div className="container-page space-y-8 py-8">
        <Breadcrumbs
          crumbs={[
            { label: "Hem", to: href("/") },
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
          {loaderData.distances[0] ? <p className="text-muted">{loaderData.distances[0]}</p> : null}
          {neighbourhood ? (
            <p className="text-sm">
              <Link to={keep(neighbourhood.to)} className="text-brand-700 underline-offset-2 hover:underline">
                Fler hotell {inDistrict(neighbourhood.name)}, {hotel.location_name}
              </Link>
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-4">
            <RatingBadge rating={hotel.rating} reviews={hotel.review_count} />
            <CompareCheckbox hotelId={hotel.id} hotelName={hotel.name} />
          </div>
        </header>

        <div className="grid gap-8 lg:grid-cols-[1fr_340px]">
          <div className="min-w-0 space-y-8">
            <ImageCarousel images={images} name={hotel.name} />
            {loaderData.calendar ? (
              <PriceCalendar
                calendar={loaderData.calendar}
                path={loaderData.canonical}
                stay={stay}
                display={display}
                whose="hotel"
                resultAnchor="priser"
                today={loaderData.today}
              />
            ) : null}
            <section aria-labelledby="prices-heading" id="priser" className="scroll-mt-4 space-y-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
                <h2 id="prices-heading" className="text-xl font-semibold">
                  Jämför priser
                </h2>
                <CurrencySwitch path={loaderData.canonical} stay={stay} choices={choices} />
              </div>
              <LivePricesStatus live={live} />
              <WithLivePrices live={live} stored={stored}>
                {(priced) => {
                  const { prices, offersFailed } = priced;
                  const { unbookable } = reading(priced);
                  return (
                    <>
                      {unbookable ? null : <ConditionsForm action={loaderData.canonical} stay={stay} choices={choices} />}
                      <PriceComparison
                        offers={prices?.offers ?? []}
                        stay={stay}
                        display={display}
                        now={loaderData.now}
                        failed={offersFailed}
                        bookable={!unbookable}
                        path={loaderData.canonical}
                        choices={choices}
                        soldOut={prices?.soldOut ?? []}
                        unmet={prices?.unmet ?? []}
                        nearby={prices?.nearby ?? []}
                        roomsThatFit={prices?.roomsThatFit ?? null}
                        late={prices?.late ?? []}
                      />
                      {loaderData.priceHistory ? (
                        <PriceHistorySection
                          history={loaderData.priceHistory}
                          month={loaderData.priceHistory.month}
                          shownSek={priced.shown?.totalSek ?? null}
                          display={display}
                        />
                      ) : null}
                    </>
                  );
                }}
              </WithLivePrices>
            </section>
            <PriceAlertForm path={loaderData.canonical} stay={stay} lastResult={actionData?.result} />
            <HotelOverview hotel={hotel} markers={toMapMarkers([hotel])} distances={loaderData.distances} />
          </div>

          <WithLivePrices live={live} stored={stored}>
            {(priced) => (
              <BookingBox
                booking={priced.booking}
                shown={priced.shown}
                stay={stay}
                today={loaderData.today}
                display={display}
                choices={choices}
                action={loaderData.canonical}
                notices={loaderData.notices}
                dateHelp={<CalendarLink page={keep(loaderData.canonical)} stay={stay} className="text-sm" />}
                {...reading(priced)}
              />
            )}
          </WithLivePrices>
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
      <WithLivePrices live={live} stored={stored}>
        {({ booking, shown }) =>
          booking ? (
            <BookingBar
              href={booking.barHref}
              partner={booking.partner}
              hotelName={hotel.name}
              price={shown && shortPriceText(shown, display)}
            />
          ) : null
        }
      </WithLivePrices>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.data && typeof error.data === "object" && "kind" in error.data) {
    return <HotelErrorPanel error={error.data as HotelErrorData} />;
  }
  throw error;
}
