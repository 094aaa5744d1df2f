import type { HotelSummary } from "#app/hotels/hotel-queries.server.ts";
import { toMapMarkers } from "#app/hotels/map-markers.ts";
import { NO_STAY, withStay, type Stay } from "#app/offers/stay.ts";
import { HotelMap } from "./hotel-map.tsx";

/**
 * The map beside a hotel list: behind a 'Visa karta' / 'Dölj karta' toggle on small screens
 * (a <details>, so it works without JavaScript), always shown — and sticky — on wide ones.
 */
export function MapToggle({
  hotels,
  city,
  country,
  label,
  placement = "side",
  stay = NO_STAY,
}: {
  hotels: HotelSummary[];
  city?: string | null;
  country?: string | null;
  label?: string;
  /** Beside the list (sticky, full height) or above it. */
  placement?: "side" | "top";
  /** The visitor's stay, kept by the popups' links. */
  stay?: Stay;
}) {
  const side = placement === "side";
  return (
    <details className={`map-toggle group ${side ? "lg:sticky lg:top-6" : ""}`}>
      <summary className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium lg:hidden">
        <span className="group-open:hidden">Visa karta</span>
        <span className="hidden group-open:inline">Dölj karta</span>
      </summary>
      <HotelMap
        markers={toMapMarkers(hotels).map((marker) => ({ ...marker, href: withStay(marker.href, stay) }))}
        city={city}
        country={country}
        label={label}
        className={`mt-3 h-[360px] lg:mt-0 ${side ? "lg:h-[calc(100dvh-3rem)]" : ""}`}
      />
    </details>
  );
}
