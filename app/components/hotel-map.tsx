import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { ClientOnly } from "remix-utils/client-only";
import { initialView, openStreetMapUrl, type MapMarker } from "#app/hotels/map-markers.ts";

const LeafletMap = lazy(() => import("#app/components/leaflet-map.client.tsx"));

const DEFAULT_TILES = {
  url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>-bidragsgivare',
};

interface HotelMapProps {
  markers: MapMarker[];
  city?: string | null;
  country?: string | null;
  /** Accessible name of the map region. */
  label?: string;
  className?: string;
  /** The hotel (by its page's address) whose card the visitor points at, to stand out on the map. */
  activeHref?: string | null;
}

/**
 * Without JavaScript (and while the map loads) the same place shows the hotels with their
 * addresses and a link to the area on OpenStreetMap: never an empty box.
 */
function MapFallback({ markers, city, country }: HotelMapProps) {
  const view = initialView(city, country);
  const [lat, lng] = markers[0] ? [markers[0].lat, markers[0].lng] : view.center;
  return (
    <div className="h-full overflow-y-auto bg-slate-50 p-4 text-sm">
      <p className="font-medium">
        <a href={openStreetMapUrl(lat, lng, view.zoom)} className="text-brand-700 underline" rel="noopener" target="_blank">
          Visa området på OpenStreetMap
        </a>
      </p>
      {markers.length ? (
        <ul className="mt-3 space-y-2">
          {markers.slice(0, 20).map((marker) => (
            <li key={marker.id}>
              <a href={marker.href} className="font-medium text-ink underline">
                {marker.name}
              </a>
              {marker.address ? <span className="block text-muted">{marker.address}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-muted">Inga hotell med kända koordinater att visa.</p>
      )}
    </div>
  );
}

/** True once the element is (nearly) on screen; a hidden map (closed toggle) never loads. */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

export function HotelMap(props: HotelMapProps) {
  const root = useRouteLoaderData("root") as { mapTiles?: { url: string; attribution: string } } | undefined;
  const view = initialView(props.city, props.country);
  const label = props.label ?? "Karta över hotellen";
  // Leaflet (about 45 kB gzip) is fetched only when the map scrolls into view.
  const [ref, near] = useNearViewport<HTMLElement>();
  return (
    <section
      ref={ref}
      aria-label={label}
      className={`overflow-hidden rounded-xl border border-slate-200 ${props.className ?? "h-[400px]"}`}
    >
      <ClientOnly fallback={<MapFallback {...props} />}>
        {() =>
          !near ? (
            <MapFallback {...props} />
          ) : (
            <Suspense fallback={<MapFallback {...props} />}>
              <LeafletMap
                markers={props.markers}
                center={view.center}
                zoom={view.zoom}
                tiles={root?.mapTiles ?? DEFAULT_TILES}
                label={label}
                activeHref={props.activeHref ?? null}
              />
            </Suspense>
          )
        }
      </ClientOnly>
    </section>
  );
}
