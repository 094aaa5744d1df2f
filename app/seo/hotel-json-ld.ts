import { streetAddress } from "#app/hotels/place-names.ts";
import { stayLabel, type Stay } from "#app/utils/stay.ts";
import type { PriceOffer } from "#app/prices/price-offer.ts";
import { TOTAL_INCLUDES } from "#app/prices/offer-display.ts";
import { formatSek, roundMoney } from "#app/utils/money.ts";
import { jsonLd } from "./meta-tags.ts";
import { truncate } from "#app/utils/format.ts";

/** What the hotel page's JSON-LD is made of: the hotel as the page shows it, and its shown price. */
export interface HotelJsonLdInput {
  hotel: {
    name: string;
    description: string;
    image_path: string;
    additional_image_paths: string[];
    address: string | null;
    location: string;
    country: string;
    location_name: string;
    country_name: string;
    latitude: number | null;
    longitude: number | null;
    star_rating: number;
    rating: number;
    review_count: number;
    amenities: ReadonlyArray<{ label: string }>;
  };
  /** ISO 3166-1 alpha-2, or null when the country is not a known one. */
  countryCode: string | null;
  shown: PriceOffer | null;
  stay: Stay;
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

/** The hotel page's schema.org `Hotel`, its address the canonical one. */
export function hotelJsonLd(siteUrl: string, canonical: string, data: HotelJsonLdInput) {
  const { hotel } = data;
  const street = streetAddress(hotel.address, hotel);
  return jsonLd({
    "@type": "Hotel",
    name: hotel.name,
    description: truncate(hotel.description, 150),
    url: new URL(canonical, siteUrl).toString(),
    image: [hotel.image_path, ...hotel.additional_image_paths].map((image) => new URL(image, siteUrl).toString()),
    address: {
      "@type": "PostalAddress",
      ...(street ? { streetAddress: street } : {}),
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
  });
}
