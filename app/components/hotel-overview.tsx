import type { ComponentProps } from "react";
import type { MapMarker } from "#app/hotels/map-markers.ts";
import { AmenityList } from "./hotel-bits.tsx";
import { HotelMap } from "./hotel-map.tsx";

/**
 * The hotel page's sections below the prices: its description, its amenities, where it is on a
 * map and links to a map and to reviews elsewhere (opened in a new tab).
 */
export function HotelOverview({
  hotel,
  markers,
  distances = [],
}: {
  hotel: {
    name: string;
    description: string;
    location: string | null;
    country: string | null;
    location_name: string;
    country_name: string;
    amenities: ComponentProps<typeof AmenityList>["amenities"];
  };
  markers: MapMarker[];
  /** "350 m till centrum", "1,2 km till Centralstationen": the centre first, then the nearest landmarks. */
  distances?: readonly string[];
}) {
  const mapsQuery = encodeURIComponent([hotel.name, hotel.location_name, hotel.country_name].filter(Boolean).join(", "));
  const reviewQuery = encodeURIComponent([hotel.name, hotel.location].filter(Boolean).join(" "));
  return (
    <>
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
        {distances.length ? (
          <ul className="mb-3 grid gap-1 text-sm sm:grid-cols-2" aria-label="Avstånd från hotellet">
            {distances.map((distance) => (
              <li key={distance}>{distance}</li>
            ))}
          </ul>
        ) : null}
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
    </>
  );
}
