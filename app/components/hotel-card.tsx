import { useId } from "react";
import { Link } from "react-router";
import type { HotelSummary } from "#app/hotels/hotel-queries.server.ts";
import { CARD_LIMITS } from "#app/hotels/hotel-record.ts";
import { truncate } from "#app/utils/format.ts";
import { NO_PRICE_CHOICES, withPriceChoices, type PriceChoices } from "#app/hotels/search-params.ts";
import { hotelPath } from "#app/utils/paths.ts";
import { NO_STAY, withStay, type Stay } from "#app/utils/stay.ts";
import { cardPriceText } from "#app/prices/list-price-text.ts";
import { SEK_DISPLAY, type PriceDisplay } from "#app/utils/money.ts";
import { AmenityList, RatingBadge, StarRating } from "./hotel-bits.tsx";
import { CompareCheckbox } from "./compare.tsx";
import { DealBadge } from "./price-history-section.tsx";
import { isDeal } from "#app/prices/deal.ts";
import { ImageCarousel } from "./image-carousel.tsx";
import { buttonClassName } from "./ui/button.tsx";

interface HotelCardProps {
  hotel: HotelSummary;
  /** Large cards (on /hotels and country pages) carry an image carousel and a longer text. */
  variant?: "large" | "compact";
  amenityCount?: number;
  /** The first cards are above the fold: load their images at once. */
  eager?: boolean;
  /** The first card's picture is the list's largest paint: fetch it first. */
  highPriority?: boolean;
  /** The visitor's stay: prices for it, and links that keep it. */
  stay?: Stay;
  /** A "Jämför" box (the page has a CompareForm). */
  comparable?: boolean;
  /** The offer's conditions and the display currency the hotel page keeps. */
  choices?: PriceChoices;
  /** The currency amounts are shown in. */
  display?: PriceDisplay;
}

/**
 * The card's price, as the list decided it (HotelSummary.price): the stay's total with its nights
 * and per-night average, or without dates the lead price per night; "Inga lediga rum för dina
 * datum" when no partner can sell the stay.
 */
function CardPrice({ hotel, display }: { hotel: HotelSummary; display: PriceDisplay }) {
  const text = cardPriceText(hotel.price ?? null, hotel.soldOut ?? false, display);
  // An empty line when there is nothing to say, so that prices in a row of cards line up.
  const partners = (line: string | null) => (line ? <p>{line}</p> : <p aria-hidden="true">&nbsp;</p>);
  switch (text.kind) {
    case "stay":
      return (
        <div className="text-sm text-muted">
          {isDeal(hotel.price?.amountSek, hotel.usual) ? <DealBadge /> : null}
          <p className="text-lg font-bold whitespace-nowrap text-ink">{text.amount}</p>
          <p>{text.terms}</p>
          <p className="whitespace-nowrap">{text.perNight}</p>
          {partners(text.partners)}
        </div>
      );
    case "lead":
      return (
        <div className="text-sm text-muted">
          <p>
            från{" "}
            <span className="whitespace-nowrap">
              <span className="text-lg font-bold text-ink">{text.amount}</span> / natt
            </span>
          </p>
          {partners(text.partners)}
        </div>
      );
    case "sold-out":
      return <p className="text-sm font-medium text-ink">{text.text}</p>;
    case "none":
      return <span />;
  }
}

export function HotelCard({
  hotel,
  variant = "compact",
  amenityCount = CARD_LIMITS.amenities,
  eager = false,
  highPriority = false,
  stay = NO_STAY,
  comparable = false,
  choices = NO_PRICE_CHOICES,
  display = SEK_DISPLAY,
}: HotelCardProps) {
  // A hotel stored without a usable place has no page: its card shows it without links.
  const path = hotelPath(hotel);
  const href = path && withPriceChoices(withStay(path, stay), choices);
  const large = variant === "large";
  const images = large
    ? [hotel.image_path, ...hotel.images.filter((image) => image !== hotel.image_path)].slice(0, CARD_LIMITS.images)
    : [hotel.image_path];
  // Short, unique and the same on server and client; a uuid here cost ~10 kB per 100 cards.
  const headingId = useId();

  return (
    <article
      aria-labelledby={headingId}
      // Full height of its grid cell, the price and button pinned to the bottom: a row of cards lines up.
      // On a phone every card puts a narrow picture beside the text and leaves out the description and
      // amenities: about 200 px a card, so a page of them is not a long scroll of pictures. From 640 px
      // a large card keeps its picture beside the text and a compact card puts it on top.
      className={`flex h-full flex-row overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm ${large ? "" : "sm:flex-col"}`}
    >
      <div className={`w-[120px] shrink-0 ${large ? "sm:w-[240px] md:w-[300px]" : "sm:w-auto"}`}>
        <ImageCarousel
          images={images}
          name={hotel.name}
          variant="card"
          fillHeight={large ? true : "phone"}
          eager={eager}
          highPriority={highPriority}
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3 sm:p-4">
        <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
          <div className="min-w-0">
            <h3 id={headingId} className="text-base leading-snug font-semibold sm:text-lg">
              {href ? (
                <Link to={href} className="hover:text-brand-700 hover:underline">
                  {hotel.name}
                </Link>
              ) : (
                hotel.name
              )}
            </h3>
            <p className="text-sm text-muted">
              {/* "Södermalm, Stockholm": with a district, the country goes without saying. */}
              {(hotel.district ? [hotel.district, hotel.location_name] : [hotel.location_name, hotel.country_name])
                .filter(Boolean)
                .join(", ")}
            </p>
            {hotel.distance ? <p className="text-sm text-muted">{hotel.distance}</p> : null}
          </div>
          <StarRating stars={hotel.star_rating} />
        </div>
        <RatingBadge rating={hotel.rating} reviews={hotel.review_count} />
        {hotel.description ? (
          <p className="hidden text-sm text-muted sm:block">
            {truncate(hotel.description, large ? CARD_LIMITS.description : CARD_LIMITS.compactDescription)}
          </p>
        ) : null}
        <div className="hidden sm:block">
          <AmenityList amenities={hotel.amenities} max={amenityCount} />
        </div>
        <div className="mt-auto space-y-2 pt-2">
          <CardPrice hotel={hotel} display={display} />
          <div className="flex flex-wrap items-center justify-between gap-2">
            {comparable && href ? <CompareCheckbox hotelId={hotel.id} hotelName={hotel.name} /> : <span />}
            {href ? (
              <Link to={href} className={buttonClassName({ className: "ml-auto shrink-0 whitespace-nowrap" })} aria-describedby={headingId}>
                Visa hotell
              </Link>
            ) : null}
          </div>
        </div>
      </div>
    </article>
  );
}

/**
 * The first cards of a list are in the first screen: their pictures load at once, and a large
 * list draws them at once. The large list's later cards are laid out only as they near the
 * screen (the offscreen-card class in app.css), except its last ones: they are drawn with the
 * page, so scrolling to the pager below them does not move it as they get their real heights
 * (a click aimed at "Nästa" landed beside it; decision 070).
 */
const EAGER_CARDS = 2;
/** At least a tall phone screen of cards (4 × 240 px) before the pager. */
const TAIL_CARDS = 4;

export function HotelList({
  hotels,
  variant,
  emptyText = "Inga hotell matchade dina val",
  amenityCount,
  stay,
  comparable,
  choices,
  display,
}: {
  hotels: HotelSummary[];
  variant?: "large" | "compact";
  emptyText?: string;
  amenityCount?: number;
  stay?: Stay;
  comparable?: boolean;
  choices?: PriceChoices;
  display?: PriceDisplay;
}) {
  if (!hotels.length) {
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-muted">{emptyText}</p>;
  }
  return (
    <ul className={variant === "large" ? "space-y-4" : "grid gap-4 sm:grid-cols-2 lg:grid-cols-4"}>
      {hotels.map((hotel, index) => (
        <li
          key={hotel.id}
          className={variant === "large" && index >= EAGER_CARDS && index < hotels.length - TAIL_CARDS ? "offscreen-card" : undefined}
        >
          <HotelCard
            hotel={hotel}
            variant={variant}
            eager={index < EAGER_CARDS}
            highPriority={index === 0}
            amenityCount={amenityCount}
            stay={stay}
            comparable={comparable}
            choices={choices}
            display={display}
          />
        </li>
      ))}
    </ul>
  );
}
